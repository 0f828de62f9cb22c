extension SVDFPlan {
  /// Writes one run of the SVDF (see ``SVDFPlan``) from the activation state at its start:
  ///
  /// ```
  /// memory  = RESHAPE(state, [batch, filters, memory])
  /// frame   = RESHAPE(FULLY_CONNECTED(x, weights_feature), [batch, filters, 1])
  /// shifted = CONCATENATION(SLICE(memory, [0, 0, 1], [batch, filters, memory − 1]), frame, axis 2)
  /// y       = act(SUM(RESHAPE(SUM(shifted ⊙ weights_time, axis 2), [batch, units, rank]), axis 2) + bias)
  /// state   = RESHAPE(shifted, [batch, memory × filters])
  /// ```
  ///
  /// (The kernel shifts the whole flat state left by one element, then overwrites each
  /// filter's last column: the same as shifting each filter's memory.) A hybrid SVDF's
  /// `FULLY_CONNECTED` keeps its int8 feature weights; its time weights are float constants.
  ///
  /// - Returns: the new activation state, to assign back to the variable.
  func emitSteps(into g: inout LoweringGraph) -> [Int32] {
    let cube = [batch, filters, memory]
    let frame = g.fullyConnected(
      Int32(input), Int32(weightsFeature), bias: -1, "feature", [batch, filters],
      asymmetricInputs: asymmetricQuantizeInputs)
    let column = g.reshape(frame, "feature/column", [batch, filters, 1])
    var shifted = column
    if memory > 1 {
      let old = g.reshape(Int32(state), "memory", cube)
      let kept = g.slice(old, begin: [0, 0, 1], size: [batch, filters, memory - 1], "memory/kept")
      shifted = g.tensor("memory/shifted", cube)
      g.concatenate([kept, column], axis: 2, into: shifted)
    }
    let timeWeights =
      dequantizedWeightsTime.map { g.constant("weights_time", [filters, memory], floats: $0) } ?? Int32(weightsTime)
    let weighted = g.binary(.mul, shifted, timeWeights, "memory/weighted", cube)
    var y = g.sum(weighted, axes: g.constant("time_axis", [1], int32s: [2]), "filters", [batch, filters])
    if rank > 1 {
      let grouped = g.reshape(y, "filters/grouped", [batch, units, rank])
      y = g.sum(grouped, axes: g.constant("rank_axis", [1], int32s: [2]), "units", [batch, units])
    }
    if let bias { y = g.binary(.add, y, Int32(bias), "biased", [batch, units]) }
    y = g.activation(activation, y, "activated", [batch, units])
    g.operation(.reshape, [y, g.constant("output/shape", [2], int32s: [Int32(batch), Int32(units)])], [Int32(output)])
    return [g.reshape(shifted, "state", [batch, memory * filters])]
  }
}
