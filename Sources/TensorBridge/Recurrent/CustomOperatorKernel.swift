import CIntegerLSTM
import Foundation
import LiteRTRuntime
import TFLiteFormat

/// The kernel of a custom operator a fused recurrent operator is lowered to when no builtin
/// operators compute it (see TFLiteFormat's `RecurrentStateLowering.customOperatorNames`: the
/// integer LSTM, in its "8x8_16" and "8x8_8" forms, and the integer SVDF), registered with LiteRT
/// on the compiled model's options.
///
/// The work is C (`CIntegerLSTM`); the callbacks here are Swift `@convention(c)` closures that
/// lock LiteRT's buffers around it, as ``OutputCaptureKernel`` does, and find the operator's
/// ``Definition`` through `user_data`. Everything that differs between operators of one kind
/// travels in their parameter block, so one registration serves every such operator.
///
/// LiteRT ignores what `Run` returns, so a failure is also noted here, where the run that
/// follows finds it (``takeFailure()``).
final class CustomOperatorKernel: @unchecked Sendable {
  /// What one custom operator takes and computes.
  struct Definition: Sendable {
    /// The custom operator's name.
    let operatorName: String
    let inputCount: Int
    let outputCount: Int
    /// The outputs' layouts from the inputs' (`inputCount` and `outputCount` of them); false when
    /// the inputs do not fit.
    let outputLayouts: @Sendable (UnsafePointer<LiteRtLayout>, UnsafeMutablePointer<LiteRtLayout>) -> Bool
    /// Runs the C kernel on the locked buffers, the inputs then the outputs; returns its status
    /// (`TB_QLSTM_OK`, …).
    let run: @Sendable ([UnsafeMutableRawBufferPointer]) -> Int32
  }

  /// The kernels TensorBridge registers, by custom operator name.
  static let definitions: [String: Definition] = Dictionary(
    uniqueKeysWithValues: [Definition.integerLSTM, Definition.integerLSTM8x8_8, Definition.integerSVDF].map {
      ($0.operatorName, $0)
    })

  /// The runtime whose buffers the kernel reads and writes.
  let library: LiteRTLibrary
  let definition: Definition
  private let lock = NSLock()
  private var failure: String?

  init(library: LiteRTLibrary, definition: Definition) {
    self.library = library
    self.definition = definition
  }

  /// Registers the kernel on `options`; `self` must outlive the compiled model made with them.
  func register(on options: LiteRtOptions) throws(InterpreterError) {
    try library.requireSymbol(library.getTensorBufferPackedSize != nil, "LiteRtGetTensorBufferPackedSize")
    var kernel = LiteRtCustomOpKernel(
      Init: { _, _, _ in LiteRTStatus.ok.rawValue },
      GetOutputLayouts: { userData, inputCount, inputLayouts, outputCount, outputLayouts in
        guard let userData, let inputLayouts, let outputLayouts else { return LiteRTStatus.invalidArgument.rawValue }
        let definition = Unmanaged<CustomOperatorKernel>.fromOpaque(userData).takeUnretainedValue().definition
        guard inputCount == definition.inputCount, outputCount == definition.outputCount,
          definition.outputLayouts(inputLayouts, outputLayouts)
        else { return LiteRTStatus.invalidArgument.rawValue }
        return LiteRTStatus.ok.rawValue
      },
      Run: { userData, inputCount, inputs, outputCount, outputs in
        guard let userData else { return LiteRTStatus.invalidArgument.rawValue }
        let kernel = Unmanaged<CustomOperatorKernel>.fromOpaque(userData).takeUnretainedValue()
        return kernel.run(inputCount: inputCount, inputs: inputs, outputCount: outputCount, outputs: outputs).rawValue
      },
      Destroy: { _ in LiteRTStatus.ok.rawValue })
    try library.addCustomOperator(
      definition.operatorName, version: 1, kernel: &kernel, userData: Unmanaged.passUnretained(self).toOpaque(),
      on: options)
  }

  /// Why the kernel failed since the last call, if it did; clears it.
  func takeFailure() -> String? {
    lock.lock()
    defer { lock.unlock() }
    defer { failure = nil }
    return failure
  }

  private func fail(_ reason: String) -> LiteRTStatus {
    lock.lock()
    defer { lock.unlock() }
    if failure == nil { failure = reason }
    return .runtimeFailure
  }

  /// `kLiteRtTensorBufferLockModeRead` and `…Write`.
  private static let readMode: LiteRtTensorBufferLockMode = 0
  private static let writeMode: LiteRtTensorBufferLockMode = 1

  /// The body of `Run`: locks the inputs (to read) and outputs (to write) and runs the C kernel.
  private func run(
    inputCount: Int, inputs: UnsafePointer<LiteRtTensorBuffer?>?, outputCount: Int,
    outputs: UnsafePointer<LiteRtTensorBuffer?>?
  ) -> LiteRTStatus {
    let expected = (definition.inputCount, definition.outputCount)
    guard inputCount == expected.0, outputCount == expected.1, let inputs, let outputs else {
      return fail("it got \(inputCount) inputs and \(outputCount) outputs instead of \(expected.0) and \(expected.1)")
    }
    var buffers: [LiteRtTensorBuffer] = []
    for k in 0..<inputCount { if let buffer = inputs[k] { buffers.append(buffer) } }
    for k in 0..<outputCount { if let buffer = outputs[k] { buffers.append(buffer) } }
    guard buffers.count == inputCount + outputCount else { return fail("LiteRT gave it a missing buffer") }
    var memory: [UnsafeMutableRawBufferPointer] = []
    defer { for k in memory.indices { _ = library.unlockTensorBuffer(buffers[k]) } }
    for (k, buffer) in buffers.enumerated() {
      var size = 0
      var address: UnsafeMutableRawPointer?
      guard library.getTensorBufferPackedSize?(buffer, &size) == 0,
        library.lockTensorBuffer(buffer, &address, k < inputCount ? Self.readMode : Self.writeMode) == 0, let address
      else { return fail("LiteRT could not lock its buffer \(k)") }
      memory.append(UnsafeMutableRawBufferPointer(start: address, count: size))
    }
    switch Int(definition.run(memory)) {
    case Int(TB_QLSTM_OK): return .ok
    case Int(TB_QLSTM_BAD_PARAMETERS): return fail("its parameter block is not one TensorBridge wrote")
    case Int(TB_QLSTM_BAD_SIZES): return fail("its buffers do not have the sizes its parameters give")
    default: return fail("it ran out of memory")
    }
  }
}
