/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014):
/// a small seedable generator whose sequence depends only on its seed, on every machine and
/// with every Swift release. The fuzzer derives its cases from it (TensorBridgeFuzz's
/// `FuzzRandom`), training shuffles batches with it (TensorBridgeTraining) and the tests draw
/// their random inputs from it, so that all of them are reproducible from a seed.
package struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator whose sequence depends only on `seed`.
  package init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform value in `0..<bound` (0 when `bound` is not positive), without modulo bias and
  /// without the standard library's `random(in:using:)`, whose mapping is not a documented
  /// contract.
  package mutating func below(_ bound: Int) -> Int {
    guard bound > 1 else { return 0 }
    let range = UInt64(bound)
    let limit = UInt64.max - UInt64.max % range
    while true {
      let value = next()
      if value < limit { return Int(value % range) }
    }
  }
}
