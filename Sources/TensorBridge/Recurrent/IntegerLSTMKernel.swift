import CIntegerLSTM
import LiteRTRuntime
import TFLiteFormat

extension CustomOperatorKernel.Definition {
  /// The custom operator a fully quantized `UNIDIRECTIONAL_SEQUENCE_LSTM` (or builtin `LSTM`,
  /// whose input is one step `[batch, n_input]`) is lowered to
  /// (`RecurrentStateLowering.integerLSTMOperatorName`, see TFLiteFormat's `IntegerLSTMPlan`).
  ///
  /// Inputs: the int8 sequence, the int32 parameter block, the int8 output state and the int16
  /// cell state; outputs: the int8 sequence and the two new states. The kernel is
  /// `tb_integer_lstm_run` (TensorFlow Lite's integer LSTM arithmetic).
  static let integerLSTM = Self(
    operatorName: RecurrentStateLowering.integerLSTMOperatorName, inputCount: 4, outputCount: 3,
    outputLayouts: { inputs, outputs in
      // The sequence keeps the input's layout with n_output (the output state's last
      // dimension) as its last dimension; the states keep theirs.
      let sequence = inputs[0].shape.dimensions
      guard let width = inputs[2].shape.dimensions.last, !sequence.isEmpty else { return false }
      outputs[0] = LiteRtLayout(shape: Tensor.Shape(Array(sequence.dropLast()) + [width]))
      outputs[1] = inputs[2]
      outputs[2] = inputs[3]
      return true
    },
    run: { memory in
      // The states are updated in place in the output buffers.
      memory[5].copyMemory(from: UnsafeRawBufferPointer(memory[2]))
      memory[6].copyMemory(from: UnsafeRawBufferPointer(memory[3]))
      return tb_integer_lstm_run(
        memory[1].baseAddress?.assumingMemoryBound(to: Int32.self), memory[1].count / 4,
        memory[0].baseAddress?.assumingMemoryBound(to: Int8.self), memory[0].count,
        memory[5].baseAddress?.assumingMemoryBound(to: Int8.self), memory[5].count,
        memory[6].baseAddress?.assumingMemoryBound(to: Int16.self), memory[6].count / 2,
        memory[4].baseAddress?.assumingMemoryBound(to: Int8.self), memory[4].count)
    })
}
