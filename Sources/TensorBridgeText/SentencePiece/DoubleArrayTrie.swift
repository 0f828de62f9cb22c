/// A read-only Darts-clone double-array trie, the format of SentencePiece's
/// `precompiled_charsmap` (little-endian 32-bit units). Only common-prefix search is needed.
/// Unit layout (darts.h): bit 8 = has a leaf, bits 0–7 and 31 = label, value = bits 0–30 of a
/// leaf unit, offset = `(unit >> 10) << ((unit & (1 << 9)) >> 6)`.
struct DoubleArrayTrie: Sendable, Equatable {
  private let units: [UInt32]

  /// The trie in `bytes` (a multiple of 4 bytes).
  init(bytes: ArraySlice<UInt8>) {
    var units: [UInt32] = []
    units.reserveCapacity(bytes.count / 4)
    var index = bytes.startIndex
    while index + 4 <= bytes.endIndex {
      units.append(
        UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]) << 16
          | UInt32(bytes[index + 3]) << 24)
      index += 4
    }
    self.units = units
  }

  private static func offset(_ unit: UInt32) -> Int { Int((unit >> 10) << ((unit & (1 << 9)) >> 6)) }

  /// The longest key that is a prefix of `key[start...]`: its length in bytes and its value,
  /// or `nil` when no key is. Out-of-range positions (a corrupt trie) end the search.
  func longestPrefix(of key: UnsafeBufferPointer<UInt8>, from start: Int) -> (length: Int, value: Int)? {
    guard !units.isEmpty else { return nil }
    var best: (Int, Int)?
    var position = Self.offset(units[0])
    var index = start
    while index < key.count {
      let label = key[index]
      position ^= Int(label)
      guard position >= 0, position < units.count else { return best }
      let unit = units[position]
      guard unit & ((1 << 31) | 0xFF) == UInt32(label) else { return best }
      position ^= Self.offset(unit)
      index += 1
      if (unit >> 8) & 1 == 1 {
        guard position < units.count else { return best }
        best = (index - start, Int(units[position] & ((1 << 31) - 1)))
      }
    }
    return best
  }
}
