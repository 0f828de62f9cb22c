/// The scale a builtin hybrid `LSTM`'s sparse path puts on its recurrent products.
extension LoweringGraph {
  /// `max|x| / max|h|` per row (`[batch, 1]`), and 0 where `h`'s row is all zeros.
  ///
  /// `lstm_eval.cc`'s `CalculateLstmGateHybrid` multiplies sparse recurrent weights (through
  /// their ledger) by the output state quantized with its own scale, `max|h| / 127` per row, but
  /// scales the integer products by the input's scale, `max|x| / 127`, instead. A hybrid
  /// `FULLY_CONNECTED` over `h` computes them at `h`'s scale; times this ratio they are at the
  /// input's, as in Python. (A row of `h` that is all zeros gives products of 0 either way; the
  /// floor below keeps the ratio finite there. When the whole input is zeros Python skips
  /// quantizing it and reads the scale an earlier invoke left, which this does not reproduce.)
  /// `x` is `[batch, inputWidth]`, `h` `[batch, stateWidth]`.
  mutating func inputToStateScale(
    input x: Int32, inputWidth: Int, outputState h: Int32, stateWidth: Int, batch: Int, _ name: String
  ) -> Int32 {
    let rowShape = [batch, 1]
    let axes = constant(name + "/axes", [1], int32s: [1])
    let inputAbs = unary(.abs, x, name + "/input_abs", [batch, inputWidth])
    let inputRange = reduceMax(inputAbs, axes: axes, name + "/input_max", rowShape)
    let stateAbs = unary(.abs, h, name + "/state_abs", [batch, stateWidth])
    let stateRange = reduceMax(stateAbs, axes: axes, name + "/state_max", rowShape)
    let floor = constant(name + "/floor", [], floats: [Float.leastNormalMagnitude])
    let divisor = binary(.maximum, stateRange, floor, name + "/state_max_floored", rowShape)
    return binary(.div, inputRange, divisor, name, rowShape)
  }
}
