/// SplitMix64: the fuzzer's own pseudo-random generator.
///
/// The fuzzer must produce the same mutations for the same seed on every machine and with every
/// Swift release, so it never uses `SystemRandomNumberGenerator` nor the standard library's
/// `random(in:using:)` (whose mapping from generator output to a range is not a documented
/// contract). Every value is derived here with plain integer arithmetic.
public struct FuzzRandom: Sendable {
  private var state: UInt64

  /// A generator whose sequence depends only on `seed`.
  public init(seed: UInt64) { state = seed }

  /// The generator for one fuzz case: independent of every other case, so a worker can
  /// regenerate case `index` without replaying the cases before it.
  public init(seed: UInt64, caseIndex: Int) {
    var mixer = FuzzRandom(seed: seed ^ 0x5EED_F022_7E5B_0001)
    let base = mixer.next()
    var caseMixer = FuzzRandom(seed: base &+ UInt64(truncatingIfNeeded: caseIndex) &* 0x9E37_79B9_7F4A_7C15)
    state = caseMixer.next()
  }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform value in `0..<bound` (0 when `bound` is not positive), without modulo bias.
  public mutating func below(_ bound: Int) -> Int {
    guard bound > 1 else { return 0 }
    let range = UInt64(bound)
    let limit = UInt64.max - UInt64.max % range
    while true {
      let value = next()
      if value < limit { return Int(value % range) }
    }
  }

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
