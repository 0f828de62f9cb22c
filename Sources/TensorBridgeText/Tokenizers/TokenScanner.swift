/// The loop every byte-stream tokenizer runs over a string's UTF-8: each character in turn,
/// ASCII bytes on a fast path, and the bytes of the token being built, handed on when it ends.
struct TokenScanner {
  /// The string's UTF-8 bytes (valid only inside the tokenizer's `withUTF8`).
  let bytes: UnsafeBufferPointer<UInt8>
  /// The token being built.
  var token: [UInt8] = []

  private init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    token.reserveCapacity(64)
  }

  /// Runs `work` with a scanner over the UTF-8 of `text`.
  static func scanning(_ text: String, _ work: (inout TokenScanner) -> Void) {
    var text = text
    text.withUTF8 { bytes in
      var scanner = TokenScanner(bytes)
      work(&scanner)
    }
  }

  /// Calls `ascii` with each ASCII byte and its index, and `other` with each other scalar, its
  /// index and its length in bytes, in order.
  @inline(__always)
  mutating func scan(
    ascii: (inout TokenScanner, UInt8, Int) -> Void, other: (inout TokenScanner, Unicode.Scalar, Int, Int) -> Void
  ) {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte < 0x80 {
        ascii(&self, byte, index)
        index += 1
      } else {
        let (scalar, length) = TextUnicode.decode(bytes, at: index)
        other(&self, scalar, index, length)
        index += length
      }
    }
  }

  /// Hands the token to `body`, when there is one, and starts the next.
  mutating func flush(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    guard !token.isEmpty else { return }
    token.withUnsafeBufferPointer(body)
    token.removeAll(keepingCapacity: true)
  }
}
