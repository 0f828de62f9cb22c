import CIntegerLSTM
import LiteRTRuntime
import TFLiteFormat

extension CustomOperatorKernel.Definition {
  /// The custom operator a fully quantized `SVDF` is lowered to
  /// (`RecurrentStateLowering.integerSVDFOperatorName`, see TFLiteFormat's `IntegerSVDFPlan`).
  ///
  /// Inputs: the int8 input `[batch, n_input]`, the int32 parameter block and the int16
  /// activation state as `[batch, units, rank × memory]`; outputs: the int8 output
  /// `[batch, units]` and the new state. The kernel is `tb_integer_svdf_run` (TensorFlow Lite's
  /// integer SVDF arithmetic).
  static let integerSVDF = Self(
    operatorName: RecurrentStateLowering.integerSVDFOperatorName, inputCount: 3, outputCount: 2,
    outputLayouts: { inputs, outputs in
      // The output is the input's batch by the state's units; the state keeps its layout.
      let state = inputs[2].shape.dimensions
      guard state.count == 3, inputs[0].shape.dimensions.first == state[0] else { return false }
      outputs[0] = LiteRtLayout(shape: Tensor.Shape([state[0], state[1]]))
      outputs[1] = inputs[2]
      return true
    },
    run: { memory in
      // The state is updated in place in the output buffer.
      memory[4].copyMemory(from: UnsafeRawBufferPointer(memory[2]))
      return tb_integer_svdf_run(
        memory[1].baseAddress?.assumingMemoryBound(to: Int32.self), memory[1].count / 4,
        memory[0].baseAddress?.assumingMemoryBound(to: Int8.self), memory[0].count,
        memory[4].baseAddress?.assumingMemoryBound(to: Int16.self), memory[4].count / 2,
        memory[3].baseAddress?.assumingMemoryBound(to: Int8.self), memory[3].count)
    })
}
