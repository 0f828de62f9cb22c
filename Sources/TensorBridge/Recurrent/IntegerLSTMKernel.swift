import CIntegerLSTM
import LiteRTRuntime
import TFLiteFormat

extension CustomOperatorKernel.Definition {
  /// A C step of an integer LSTM kernel: the parameter block, the int8 input, the int8 output
  /// state and int16 cell state (updated in place), the int8 output, each with its element
  /// count; returns a `TB_QLSTM_*` status.
  typealias IntegerLSTMStep =
    @convention(c) (
      UnsafePointer<Int32>?, Int, UnsafePointer<Int8>?, Int, UnsafeMutablePointer<Int8>?, Int,
      UnsafeMutablePointer<Int16>?, Int, UnsafeMutablePointer<Int8>?, Int
    ) -> Int32

  /// The custom operator a fully quantized `UNIDIRECTIONAL_SEQUENCE_LSTM` (or builtin `LSTM`,
  /// whose input is one step `[batch, n_input]`) is lowered to
  /// (`RecurrentStateLowering.integerLSTMOperatorName`, see TFLiteFormat's `IntegerLSTMPlan`).
  /// The kernel is `tb_integer_lstm_run` (TensorFlow Lite's integer LSTM arithmetic).
  static let integerLSTM = integerLSTM(named: RecurrentStateLowering.integerLSTMOperatorName, step: tb_integer_lstm_run)

  /// The custom operator a builtin `LSTM` in the older integer "8x8_8" form (12 intermediates)
  /// is lowered to (`RecurrentStateLowering.integerLSTM8x8_8OperatorName`, see TFLiteFormat's
  /// `IntegerLSTM8x8_8Plan`). The kernel is `tb_integer_lstm_8x8_8_run` (TensorFlow Lite's
  /// `EvalInteger8x8_8` arithmetic).
  static let integerLSTM8x8_8 = integerLSTM(
    named: RecurrentStateLowering.integerLSTM8x8_8OperatorName, step: tb_integer_lstm_8x8_8_run)

  /// An integer LSTM operator named `name` running `step`. Inputs: the int8 sequence (or one
  /// step), the int32 parameter block, the int8 output state and the int16 cell state; outputs:
  /// the int8 output — the input's layout with n_output (the output state's last dimension) as
  /// its last dimension — and the two new states, in the states' layouts.
  private static func integerLSTM(named name: String, step: IntegerLSTMStep) -> Self {
    Self(
      operatorName: name, inputCount: 4, outputCount: 3,
      outputLayouts: { inputs, outputs in
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
        return step(
          memory[1].baseAddress?.assumingMemoryBound(to: Int32.self), memory[1].count / 4,
          memory[0].baseAddress?.assumingMemoryBound(to: Int8.self), memory[0].count,
          memory[5].baseAddress?.assumingMemoryBound(to: Int8.self), memory[5].count,
          memory[6].baseAddress?.assumingMemoryBound(to: Int16.self), memory[6].count / 2,
          memory[4].baseAddress?.assumingMemoryBound(to: Int8.self), memory[4].count)
      })
  }
}
