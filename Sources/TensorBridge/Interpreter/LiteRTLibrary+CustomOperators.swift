import LiteRTRuntime

// What registering TensorBridge's own custom operator kernels with LiteRT needs (the capture
// operators, the integer LSTM and SVDF): optional runtime symbols and one registration call.
extension LiteRTLibrary {
  /// Throws ``InterpreterError/runtimeUnavailable(_:)`` naming symbol `name` when `present`
  /// is false (an optional LiteRT symbol the loaded runtime does not export).
  func requireSymbol(_ present: Bool, _ name: String) throws(InterpreterError) {
    guard present else { throw .runtimeUnavailable(.missingSymbol(name: name, path: path)) }
  }

  /// Registers `kernel` as custom operator `name` (`version`) on `options`, with `userData`
  /// handed back to its callbacks; `userData` must outlive the compiled model made with them.
  func addCustomOperator(
    _ name: String, version: Int32, kernel: inout LiteRtCustomOpKernel, userData: UnsafeMutableRawPointer,
    on options: LiteRtOptions
  ) throws(InterpreterError) {
    guard let add = addCustomOpKernelOption else {
      throw .runtimeUnavailable(.missingSymbol(name: "LiteRtAddCustomOpKernelOption", path: path))
    }
    let status = LiteRTStatus(rawValue: add(options, name, version, &kernel, userData))
    guard status.isOK else {
      throw .liteRTCallFailed(function: "LiteRtAddCustomOpKernelOption(\(name))", status: status)
    }
  }
}
