import CIntegerLSTM
import LiteRTRuntime
import TFLiteFormat

extension CustomOperatorKernel.Definition {
  /// The custom operator a builtin `LSTM` in the older integer "8x8_8" form (12 intermediates)
  /// is lowered to (`RecurrentStateLowering.integerLSTM8x8_8OperatorName`, see TFLiteFormat's
  /// `IntegerLSTM8x8_8Plan`).
  ///
  /// Inputs: the int8 step `[batch, n_input]`, the int32 parameter block, the int8 output state
  /// and the int16 cell state; outputs: the int8 output `[batch, n_output]` and the two new
  /// states. The kernel is `tb_integer_lstm_8x8_8_run` (TensorFlow Lite's `EvalInteger8x8_8`
  /// arithmetic).
  static let integerLSTM8x8_8 = Self(
    operatorName: RecurrentStateLowering.integerLSTM8x8_8OperatorName, inputCount: 4, outputCount: 3,
    outputLayouts: { inputs, outputs in
      // The output is the input's batch by n_output (the output state's last dimension); the
      // states keep their layouts.
      let step = inputs[0].shape.dimensions
      guard let width = inputs[2].shape.dimensions.last, step.count == 2 else { return false }
      outputs[0] = LiteRtLayout(shape: Tensor.Shape([step[0], width]))
      outputs[1] = inputs[2]
      outputs[2] = inputs[3]
      return true
    },
    run: { memory in
      // The states are updated in place in the output buffers.
      memory[5].copyMemory(from: UnsafeRawBufferPointer(memory[2]))
      memory[6].copyMemory(from: UnsafeRawBufferPointer(memory[3]))
      return tb_integer_lstm_8x8_8_run(
        memory[1].baseAddress?.assumingMemoryBound(to: Int32.self), memory[1].count / 4,
        memory[0].baseAddress?.assumingMemoryBound(to: Int8.self), memory[0].count,
        memory[5].baseAddress?.assumingMemoryBound(to: Int8.self), memory[5].count,
        memory[6].baseAddress?.assumingMemoryBound(to: Int16.self), memory[6].count / 2,
        memory[4].baseAddress?.assumingMemoryBound(to: Int8.self), memory[4].count)
    })
}
