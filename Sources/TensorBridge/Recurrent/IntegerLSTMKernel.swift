import CIntegerLSTM
import Foundation
import LiteRTRuntime
import TFLiteFormat

/// The kernel of the custom operator a fully quantized `UNIDIRECTIONAL_SEQUENCE_LSTM` (or builtin
/// `LSTM`, whose input is one step `[batch, n_input]`) is lowered to
/// (`RecurrentStateLowering.integerLSTMOperatorName`, see TFLiteFormat's `IntegerLSTMPlan`),
/// registered with LiteRT on the compiled model's options.
///
/// Inputs: the int8 sequence, the int32 parameter block, the int8 output state and the int16
/// cell state; outputs: the int8 sequence and the two new states. The work is C
/// (`tb_integer_lstm_run` in `CIntegerLSTM`, TensorFlow Lite's integer LSTM arithmetic); the
/// callbacks here are Swift `@convention(c)` closures that lock LiteRT's buffers around it, as
/// ``OutputCaptureKernel`` does. Everything that differs between operators travels in the
/// parameter block, so one registration (one `user_data`) serves every such operator.
///
/// LiteRT ignores what `Run` returns, so a failure is also noted here, where the run that
/// follows finds it (``takeFailure()``).
final class IntegerLSTMKernel: @unchecked Sendable {
  /// The runtime whose buffers the kernel reads and writes.
  let library: LiteRTLibrary
  private let lock = NSLock()
  private var failure: String?

  init(library: LiteRTLibrary) { self.library = library }

  /// Registers the kernel on `options`; `self` must outlive the compiled model made with them.
  func register(on options: LiteRtOptions) throws(InterpreterError) {
    guard let add = library.addCustomOpKernelOption else {
      throw .runtimeUnavailable(.missingSymbol(name: "LiteRtAddCustomOpKernelOption", path: library.path))
    }
    guard library.getTensorBufferPackedSize != nil else {
      throw .runtimeUnavailable(.missingSymbol(name: "LiteRtGetTensorBufferPackedSize", path: library.path))
    }
    var kernel = LiteRtCustomOpKernel(
      Init: { _, _, _ in LiteRTStatus.ok.rawValue },
      GetOutputLayouts: { _, inputCount, inputLayouts, outputCount, outputLayouts in
        // The sequence keeps the input's layout with n_output (the output state's last
        // dimension) as its last dimension; the states keep theirs.
        guard inputCount == 4, outputCount == 3, let inputLayouts, let outputLayouts else {
          return LiteRTStatus.invalidArgument.rawValue
        }
        var sequence = inputLayouts[0]
        var state = inputLayouts[2]
        let rank = Int(tb_layout_rank(&sequence))
        let stateRank = Int(tb_layout_rank(&state))
        guard rank >= 1, stateRank >= 1 else { return LiteRTStatus.invalidArgument.rawValue }
        let width = withUnsafeBytes(of: state.dimensions) {
          $0.load(fromByteOffset: (stateRank - 1) * 4, as: Int32.self)
        }
        withUnsafeMutableBytes(of: &sequence.dimensions) {
          $0.storeBytes(of: width, toByteOffset: (rank - 1) * 4, as: Int32.self)
        }
        outputLayouts[0] = sequence
        outputLayouts[1] = inputLayouts[2]
        outputLayouts[2] = inputLayouts[3]
        return LiteRTStatus.ok.rawValue
      },
      Run: { userData, inputCount, inputs, outputCount, outputs in
        guard let userData else { return LiteRTStatus.invalidArgument.rawValue }
        let kernel = Unmanaged<IntegerLSTMKernel>.fromOpaque(userData).takeUnretainedValue()
        return kernel.run(inputCount: inputCount, inputs: inputs, outputCount: outputCount, outputs: outputs).rawValue
      },
      Destroy: { _ in LiteRTStatus.ok.rawValue })
    let name = RecurrentStateLowering.integerLSTMOperatorName
    let status = LiteRTStatus(rawValue: add(options, name, 1, &kernel, Unmanaged.passUnretained(self).toOpaque()))
    guard status.isOK else {
      throw .liteRTCallFailed(function: "LiteRtAddCustomOpKernelOption(\(name))", status: status)
    }
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

  /// The body of `Run`: locks the 4 inputs and 3 outputs and runs the C kernel.
  private func run(
    inputCount: Int, inputs: UnsafePointer<LiteRtTensorBuffer?>?, outputCount: Int,
    outputs: UnsafePointer<LiteRtTensorBuffer?>?
  ) -> LiteRTStatus {
    guard inputCount == 4, outputCount == 3, let inputs, let outputs else {
      return fail("it got \(inputCount) inputs and \(outputCount) outputs instead of 4 and 3")
    }
    var buffers: [LiteRtTensorBuffer] = []
    for k in 0..<4 { if let buffer = inputs[k] { buffers.append(buffer) } }
    for k in 0..<3 { if let buffer = outputs[k] { buffers.append(buffer) } }
    guard buffers.count == 7 else { return fail("LiteRT gave it a missing buffer") }
    var memory: [UnsafeMutableRawBufferPointer] = []
    defer { for k in memory.indices { _ = library.unlockTensorBuffer(buffers[k]) } }
    for (k, buffer) in buffers.enumerated() {
      var size = 0
      var address: UnsafeMutableRawPointer?
      guard library.getTensorBufferPackedSize?(buffer, &size) == 0,
        library.lockTensorBuffer(buffer, &address, k < 4 ? Self.readMode : Self.writeMode) == 0, let address
      else { return fail("LiteRT could not lock its buffer \(k)") }
      memory.append(UnsafeMutableRawBufferPointer(start: address, count: size))
    }
    // The states are updated in place in the output buffers.
    memory[5].copyMemory(from: UnsafeRawBufferPointer(memory[2]))
    memory[6].copyMemory(from: UnsafeRawBufferPointer(memory[3]))
    let status = tb_integer_lstm_run(
      memory[1].baseAddress?.assumingMemoryBound(to: Int32.self), memory[1].count / 4,
      memory[0].baseAddress?.assumingMemoryBound(to: Int8.self), memory[0].count,
      memory[5].baseAddress?.assumingMemoryBound(to: Int8.self), memory[5].count,
      memory[6].baseAddress?.assumingMemoryBound(to: Int16.self), memory[6].count / 2,
      memory[4].baseAddress?.assumingMemoryBound(to: Int8.self), memory[4].count)
    switch Int(status) {
    case Int(TB_QLSTM_OK): return .ok
    case Int(TB_QLSTM_BAD_PARAMETERS): return fail("its parameter block is not one TensorBridge wrote")
    case Int(TB_QLSTM_BAD_SIZES): return fail("its buffers do not have the sizes its parameters give")
    default: return fail("it ran out of memory")
    }
  }
}
