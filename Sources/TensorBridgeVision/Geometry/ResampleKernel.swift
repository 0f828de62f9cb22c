/// The taps of a one-dimensional resampling: for each output position, the first input index,
/// the number of inputs and their fixed-point weights (22 fractional bits, as Pillow's
/// `precompute_coeffs` and `normalize_coeffs_8bpc`).
struct ResampleKernel {
  static let precisionBits = 22
  /// Output length.
  let outputSize: Int
  /// First input index per output position.
  let starts: [Int]
  /// Number of inputs per output position.
  let counts: [Int]
  /// Weights, `taps` per output position.
  let weights: [Int32]
  /// Stride of `weights`.
  let taps: Int

  /// Maps input positions `start…end` (continuous) of an axis of `inputSize` pixels onto
  /// `outputSize` outputs.
  ///
  /// As Pillow's `precompute_coeffs`, the region's ends are single precision and its length is
  /// a single-precision difference, and each tap's distance is multiplied by the reciprocal of
  /// the filter scale, so the weights round the same way.
  init(inputSize: Int, start: Double, end: Double, outputSize: Int, filter: ResizeFilter) {
    let start = Double(Float(start))
    let scale = Double(Float(end) - Float(start)) / Double(outputSize)
    let filterScale = filter.widensOnDownscale ? max(scale, 1) : 1
    let cornerAligned = !filter.widensOnDownscale && scale < 1 && outputSize > 1
    let inverseFilterScale = 1 / filterScale
    let support = filter.support * filterScale
    let taps = Int(support.rounded(.up)) * 2 + 1
    var starts = [Int](repeating: 0, count: outputSize)
    var counts = [Int](repeating: 0, count: outputSize)
    var weights = [Int32](repeating: 0, count: outputSize * taps)
    var raw = [Double](repeating: 0, count: taps)
    let one = Double(1 << Self.precisionBits)
    for position in 0..<outputSize {
      // libyuv (the two-tap filter's model) aligns corners when enlarging: output pixel i samples
      // input position i·(n−1)/(m−1), the first and last pixels land on the first and last inputs.
      let center =
        cornerAligned
        ? start + Double(position) * (Double(Float(end) - Float(start)) - 1) / Double(outputSize - 1) + 0.5
        : start + (Double(position) + 0.5) * scale
      // C's (int) truncation, as Pillow.
      var low = Int((center - support + 0.5).rounded(.towardZero))
      if low < 0 { low = 0 }
      var high = Int((center + support + 0.5).rounded(.towardZero))
      if high > inputSize { high = inputSize }
      let count = max(0, min(high - low, taps))
      var total = 0.0
      for tap in 0..<count {
        let w = filter.weight((Double(tap + low) - center + 0.5) * inverseFilterScale)
        raw[tap] = w
        total += w
      }
      for tap in 0..<count {
        let w = total != 0 ? raw[tap] / total : 0
        weights[position * taps + tap] = Int32(
          w < 0 ? (-0.5 + w * one).rounded(.towardZero) : (0.5 + w * one).rounded(.towardZero))
      }
      starts[position] = low
      counts[position] = count
    }
    self.outputSize = outputSize
    self.starts = starts
    self.counts = counts
    self.weights = weights
    self.taps = taps
  }

  /// Whether the kernel copies its input unchanged (same size, whole range).
  static func isIdentity(inputSize: Int, start: Double, end: Double, outputSize: Int) -> Bool {
    inputSize == outputSize && start == 0 && end == Double(inputSize)
  }
}
