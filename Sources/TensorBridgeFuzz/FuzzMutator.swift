/// Byte-level mutations of `.tflite` files, chosen by a ``FuzzRandom`` so that one seed always
/// yields the same mutated bytes.
///
/// A `.tflite` file is a flatbuffer: its offsets, vector lengths, tensor and operator-code
/// indices and shape dimensions are little-endian 32-bit integers at 4-aligned positions, and in
/// small models the tables fill most of the file. So besides random bit flips the mutator writes
/// "interesting" 32-bit values (0, -1, powers of two, `INT32_MAX`, the file size...) at aligned
/// positions, nudges existing words up or down (a moved offset lands on a neighbouring field),
/// copies words around (one table's offset pointing at another), and biases positions to the
/// first fifth of the file, where the root table, vtables and subgraph tables live.
public enum FuzzMutator {
  /// The result of mutating one model: the new bytes and one phrase per mutation applied.
  public struct Result: Sendable {
    /// The mutated model.
    public var bytes: [UInt8]
    /// One phrase per mutation, in the order applied.
    public var steps: [String]
    /// All steps as one line, e.g. `int32 @0x24 = 0x7fffffff (was 0x00000084); truncate to 612`.
    public var description: String { steps.joined(separator: "; ") }
  }

  /// Applies one to four stacked mutations (most often one) to `bytes`.
  ///
  /// - Parameters:
  ///   - bytes: the original model.
  ///   - donor: another model whose bytes may be spliced in.
  ///   - donorName: the donor's file name, for the description.
  ///   - random: the case's generator.
  /// - Returns: The mutated bytes and what was done to them.
  public static func mutate(
    _ bytes: [UInt8], donor: [UInt8], donorName: String, random: inout FuzzRandom
  ) -> Result {
    var result = Result(bytes: bytes, steps: [])
    let roll = random.below(16)
    let count = roll < 9 ? 1 : roll < 13 ? 2 : roll < 15 ? 3 : 4
    for _ in 0..<count {
      let step = mutateOnce(&result.bytes, donor: donor, donorName: donorName, random: &random)
      result.steps.append(step)
    }
    return result
  }

  /// 32-bit values that tend to break readers: boundaries, signs, powers of two.
  static let interestingInt32: [Int32] = [
    0, 1, -1, 2, 3, 4, 7, 8, 9, 16, 32, 64, 100, 127, 128, 255, 256, 512, 1000, 1024, 4096,
    32767, 32768, 65535, 65536, 0x0100_0000, 0x7FFF_FFFE, Int32.max, Int32.min, -2, -128, -129,
    -32768, -65536,
  ]

  /// Byte values that tend to break readers.
  static let interestingBytes: [UInt8] = [0x00, 0x01, 0x7F, 0x80, 0xFF, 0xFE, 0x08, 0x10, 0x40]

  /// Applies one randomly chosen mutation in place and describes it.
  static func mutateOnce(
    _ bytes: inout [UInt8], donor: [UInt8], donorName: String, random: inout FuzzRandom
  ) -> String {
    guard bytes.count >= 8 else {
      let offset = random.below(max(bytes.count, 1))
      if bytes.indices.contains(offset) { bytes[offset] ^= 0xFF }
      return "invert byte @\(hex(offset))"
    }
    switch random.below(100) {
    case 0..<18: return flipBits(&bytes, random: &random)
    case 18..<28: return setByte(&bytes, random: &random)
    case 28..<50: return setInt32(&bytes, random: &random)
    case 50..<64: return addInt32(&bytes, random: &random)
    case 64..<70: return copyWord(&bytes, random: &random)
    case 70..<76: return truncate(&bytes, random: &random)
    case 76..<84: return deleteRange(&bytes, random: &random)
    case 84..<91: return duplicateRange(&bytes, random: &random)
    default: return splice(&bytes, donor: donor, donorName: donorName, random: &random)
    }
  }

  // MARK: Positions

  /// A position in `0..<count - width + 1`, aligned to `alignment`, biased to the file's first
  /// fifth (where the flatbuffer's root and tables are) 40% of the time.
  static func position(in count: Int, width: Int, alignment: Int, random: inout FuzzRandom) -> Int {
    let last = count - width
    guard last > 0 else { return 0 }
    let end = random.chance(2, in: 5) ? max(last / 5, min(last, 64)) : last
    let slots = end / alignment + 1
    return min(random.below(slots) * alignment, last)
  }

  // MARK: Mutations

  static func flipBits(_ bytes: inout [UInt8], random: inout FuzzRandom) -> String {
    let flips = random.chance(2, in: 3) ? 1 : random.int(in: 2...8)
    var parts: [String] = []
    for _ in 0..<flips {
      let offset = position(in: bytes.count, width: 1, alignment: 1, random: &random)
      let bit = random.below(8)
      bytes[offset] ^= UInt8(1) << UInt8(bit)
      parts.append("\(hex(offset)).\(bit)")
    }
    return "flip bit\(flips == 1 ? "" : "s") " + parts.joined(separator: ",")
  }

  static func setByte(_ bytes: inout [UInt8], random: inout FuzzRandom) -> String {
    let offset = position(in: bytes.count, width: 1, alignment: random.chance(1, in: 2) ? 4 : 1, random: &random)
    let value = random.element(of: interestingBytes) ?? 0
    let old = bytes[offset]
    bytes[offset] = value
    return "byte @\(hex(offset)) = \(hex(value)) (was \(hex(old)))"
  }

  static func setInt32(_ bytes: inout [UInt8], random: inout FuzzRandom) -> String {
    let offset = position(in: bytes.count, width: 4, alignment: 4, random: &random)
    let value: Int32
    switch random.below(10) {
    case 0: value = Int32(truncatingIfNeeded: bytes.count + random.int(in: -8...8))
    case 1: value = Int32(truncatingIfNeeded: random.int(in: 0...64))
    case 2: value = Int32(truncatingIfNeeded: random.next())
    default: value = random.element(of: interestingInt32) ?? 0
    }
    let old = readInt32(bytes, at: offset)
    writeInt32(&bytes, at: offset, value)
    return "int32 @\(hex(offset)) = \(value) (was \(old))"
  }

  static func addInt32(_ bytes: inout [UInt8], random: inout FuzzRandom) -> String {
    let offset = position(in: bytes.count, width: 4, alignment: 4, random: &random)
    var delta = Int32(random.int(in: 1...(random.chance(3, in: 4) ? 8 : 64)))
    if random.chance(1, in: 2) { delta = -delta }
    let old = readInt32(bytes, at: offset)
    let new = old &+ delta
    writeInt32(&bytes, at: offset, new)
    return "int32 @\(hex(offset)) \(delta < 0 ? "-" : "+")= \(delta.magnitude) (\(old) -> \(new))"
  }

  static func copyWord(_ bytes: inout [UInt8], random: inout FuzzRandom) -> String {
    let from = position(in: bytes.count, width: 4, alignment: 4, random: &random)
    let to = position(in: bytes.count, width: 4, alignment: 4, random: &random)
    let old = readInt32(bytes, at: to)
    let value = readInt32(bytes, at: from)
    writeInt32(&bytes, at: to, value)
    return "copy int32 @\(hex(from)) to @\(hex(to)) (\(old) -> \(value))"
  }

  static func truncate(_ bytes: inout [UInt8], random: inout FuzzRandom) -> String {
    let original = bytes.count
    let length = random.chance(1, in: 2) ? random.below(original) : original - random.int(in: 1...min(16, original))
    bytes.removeSubrange(max(length, 0)...)
    return "truncate \(original) -> \(bytes.count) bytes"
  }

  /// A range length: mostly short (1–16 bytes), sometimes up to a quarter of the file.
  static func rangeLength(in count: Int, random: inout FuzzRandom) -> Int {
    let cap = random.chance(3, in: 4) ? 16 : max(count / 4, 1)
    return random.int(in: 1...max(1, min(cap, count - 1)))
  }

  static func deleteRange(_ bytes: inout [UInt8], random: inout FuzzRandom) -> String {
    let length = rangeLength(in: bytes.count, random: &random)
    let start = position(in: bytes.count, width: length, alignment: random.chance(1, in: 2) ? 4 : 1, random: &random)
    let end = min(start + length, bytes.count)
    bytes.removeSubrange(start..<end)
    return "delete \(hex(start))..<\(hex(end))"
  }

  static func duplicateRange(_ bytes: inout [UInt8], random: inout FuzzRandom) -> String {
    let length = rangeLength(in: bytes.count, random: &random)
    let start = position(in: bytes.count, width: length, alignment: random.chance(1, in: 2) ? 4 : 1, random: &random)
    let end = min(start + length, bytes.count)
    let chunk = Array(bytes[start..<end])
    let target = random.below(bytes.count + 1)
    bytes.insert(contentsOf: chunk, at: target)
    return "duplicate \(hex(start))..<\(hex(end)) at \(hex(target))"
  }

  static func splice(
    _ bytes: inout [UInt8], donor: [UInt8], donorName: String, random: inout FuzzRandom
  ) -> String {
    guard donor.count >= 4 else { return flipBits(&bytes, random: &random) }
    let length = random.int(in: 4...max(4, min(random.chance(1, in: 2) ? 64 : 512, donor.count, bytes.count)))
    let source = position(in: donor.count, width: length, alignment: 4, random: &random)
    let chunk = Array(donor[source..<min(source + length, donor.count)])
    let target = position(in: bytes.count, width: chunk.count, alignment: 4, random: &random)
    if random.chance(1, in: 3) {
      bytes.insert(contentsOf: chunk, at: target)
      return "insert \(donorName)[\(hex(source))..<\(hex(source + chunk.count))] at \(hex(target))"
    }
    let end = min(target + chunk.count, bytes.count)
    bytes.replaceSubrange(target..<end, with: chunk.prefix(end - target))
    return "overwrite \(hex(target))..<\(hex(end)) with \(donorName)[\(hex(source))..<\(hex(source + (end - target)))]"
  }

  // MARK: Helpers

  static func readInt32(_ bytes: [UInt8], at offset: Int) -> Int32 {
    guard offset >= 0, offset + 4 <= bytes.count else { return 0 }
    var value: UInt32 = 0
    for i in 0..<4 { value |= UInt32(bytes[offset + i]) << UInt32(8 * i) }
    return Int32(bitPattern: value)
  }

  static func writeInt32(_ bytes: inout [UInt8], at offset: Int, _ value: Int32) {
    guard offset >= 0, offset + 4 <= bytes.count else { return }
    let bits = UInt32(bitPattern: value)
    for i in 0..<4 { bytes[offset + i] = UInt8(truncatingIfNeeded: bits >> UInt32(8 * i)) }
  }

  static func hex<T: BinaryInteger>(_ value: T) -> String { "0x" + String(value, radix: 16) }
}
