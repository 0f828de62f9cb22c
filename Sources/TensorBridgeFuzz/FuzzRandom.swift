import TensorBridge

/// The fuzzer's pseudo-random values, from SplitMix64.
///
/// The fuzzer must produce the same mutations for the same seed on every machine and with every
/// Swift release, so it never uses `SystemRandomNumberGenerator` nor the standard library's
/// `random(in:using:)` (whose mapping from generator output to a range is not a documented
/// contract). Every value is derived here with plain integer arithmetic.
public struct FuzzRandom: Sendable {
  private var generator: SplitMix64

  /// A generator whose sequence depends only on `seed`.
  public init(seed: UInt64) { generator = SplitMix64(seed: seed) }

  /// The generator for one fuzz case: independent of every other case, so a worker can
  /// regenerate case `index` without replaying the cases before it.
  public init(seed: UInt64, caseIndex: Int) {
    var mixer = FuzzRandom(seed: seed ^ 0x5EED_F022_7E5B_0001)
    let base = mixer.next()
    var caseMixer = FuzzRandom(seed: base &+ UInt64(truncatingIfNeeded: caseIndex) &* 0x9E37_79B9_7F4A_7C15)
    generator = SplitMix64(seed: caseMixer.next())
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 { generator.next() }

  /// A uniform value in `0..<bound` (0 when `bound` is not positive), without modulo bias.
  public mutating func below(_ bound: Int) -> Int { generator.below(bound) }

  /// A uniform value in `range` (its lower bound when the range is empty).
  public mutating func int(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + below(range.upperBound - range.lowerBound + 1)
  }

  /// True with probability `numerator / denominator`.
  public mutating func chance(_ numerator: Int, in denominator: Int) -> Bool {
    below(denominator) < numerator
  }

  /// A uniformly chosen element, or `nil` for an empty collection.
  public mutating func element<C: RandomAccessCollection>(of collection: C) -> C.Element? {
    guard !collection.isEmpty else { return nil }
    return collection[collection.index(collection.startIndex, offsetBy: below(collection.count))]
  }
}
