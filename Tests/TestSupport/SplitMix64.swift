import TensorBridgeFuzz

/// SplitMix64 (Steele, Lea and Flood, 2014) as a `RandomNumberGenerator`: the seeded generator
/// the test targets share, so that the random inputs of robustness and vectorization tests are
/// the same on every run and every machine. It is `tensorbridge fuzz`'s own generator
/// (``FuzzRandom``), seeded with `state`.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var random: FuzzRandom

  /// A generator seeded with `state`.
  public init(state: UInt64) { random = FuzzRandom(seed: state) }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 { random.next() }

  /// A uniform value in `0..<bound` (0 when `bound` is not positive).
  public mutating func below(_ bound: Int) -> Int { random.below(bound) }
}
