/// SplitMix64 (Steele, Lea and Flood, 2014): a small seeded generator, so that the random
/// inputs of robustness and vectorization tests are the same on every run and every machine.
/// The one generator the test targets share; `tensorbridge fuzz` has its own (`FuzzRandom`).
public struct SplitMix64: RandomNumberGenerator, Sendable {
  /// The generator's state (its seed before the first value).
  public var state: UInt64

  /// A generator seeded with `state`.
  public init(state: UInt64) { self.state = state }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A value in `0..<bound`; `bound` must be positive.
  public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
