import Foundation

/// The character classes the tokenizers use, defined once so that every tokenizer (and the
/// Python reference in `scripts/fixtures/text_tokenizers.py`) agrees:
///
/// - **CJK character**: a code point in BERT's CJK ranges (CJK Unified Ideographs and their
///   extensions A–E, compatibility ideographs and supplement). Hiragana, Katakana and Hangul are
///   letters, not CJK characters, here.
/// - **word character**: general category letter (L*), mark (M*) or number (N*), and not CJK.
/// - **punctuation** (WordPiece): ASCII 33–47, 58–64, 91–96, 123–126, or general category P*.
/// - **whitespace** (WordPiece): space, tab, newline, carriage return, or category Zs.
/// - **control** (WordPiece): category Cc or Cf, except tab, newline and carriage return.
/// - **lowercase**: each code point's full Unicode lowercase mapping, one code point at a time
///   (no context rules: a final Σ becomes σ).
///
/// Categories come from the Swift standard library's Unicode tables; the committed Python
/// references were made with Unicode 14 data, so code points assigned later may differ.
enum TextUnicode {
  static func isCJK(_ value: UInt32) -> Bool {
    (0x4E00...0x9FFF).contains(value) || (0x3400...0x4DBF).contains(value) || (0x20000...0x2A6DF).contains(value)
      || (0x2A700...0x2B73F).contains(value) || (0x2B740...0x2B81F).contains(value)
      || (0x2B820...0x2CEAF).contains(value)
      || (0xF900...0xFAFF).contains(value) || (0x2F800...0x2FA1F).contains(value)
  }

  /// Letter, mark or number, not CJK.
  static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 { return asciiClass[Int(scalar.value)] & alphanumeric != 0 }
    if isCJK(scalar.value) { return false }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
      .nonspacingMark, .spacingMark, .enclosingMark,
      .decimalNumber, .letterNumber, .otherNumber:
      return true
    default:
      return false
    }
  }

  static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 { return asciiClass[Int(scalar.value)] & punctuation != 0 }
    switch scalar.properties.generalCategory {
    case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
      .initialPunctuation, .finalPunctuation, .otherPunctuation:
      return true
    default:
      return false
    }
  }

  static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 { return asciiClass[Int(scalar.value)] & whitespace != 0 }
    return scalar.properties.generalCategory == .spaceSeparator
  }

  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 { return asciiClass[Int(scalar.value)] & control != 0 }
    let category = scalar.properties.generalCategory
    return category == .control || category == .format
  }

  static func isNonspacingMark(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0x80 && scalar.properties.generalCategory == .nonspacingMark
  }

  /// Appends the lowercase form of `scalar` as UTF-8.
  @inline(__always)
  static func appendLowercase(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
    if scalar.value < 0x80 {
      let byte = UInt8(scalar.value)
      bytes.append(byte >= 65 && byte <= 90 ? byte + 32 : byte)
    } else if scalar.properties.changesWhenLowercased {
      bytes.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
    } else {
      appendUTF8(scalar, to: &bytes)
    }
  }

  @inline(__always)
  /// The length of the UTF-8 sequence a lead byte starts (1 for a continuation byte, as
  /// SentencePiece's `OneCharLen` counts).
  static func utf8Length(lead: UInt8) -> Int {
    switch lead >> 4 {
    case 12, 13: return 2
    case 14: return 3
    case 15: return 4
    default: return 1
    }
  }

  static func appendUTF8(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
    let value = scalar.value
    switch value {
    case ..<0x80: bytes.append(UInt8(value))
    case ..<0x800:
      bytes.append(UInt8(0xC0 | (value >> 6)))
      bytes.append(UInt8(0x80 | (value & 0x3F)))
    case ..<0x10000:
      bytes.append(UInt8(0xE0 | (value >> 12)))
      bytes.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
      bytes.append(UInt8(0x80 | (value & 0x3F)))
    default:
      bytes.append(UInt8(0xF0 | (value >> 18)))
      bytes.append(UInt8(0x80 | ((value >> 12) & 0x3F)))
      bytes.append(UInt8(0x80 | ((value >> 6) & 0x3F)))
      bytes.append(UInt8(0x80 | (value & 0x3F)))
    }
  }

  /// Decodes the scalar starting at `index` of valid UTF-8 and its length in bytes.
  @inline(__always)
  static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
    let lead = UInt32(bytes[index])
    if lead < 0x80 { return (Unicode.Scalar(UInt8(lead)), 1) }
    let end = bytes.count
    func next(_ offset: Int) -> UInt32 { index + offset < end ? UInt32(bytes[index + offset]) & 0x3F : 0 }
    let value: UInt32
    let length: Int
    if lead < 0xE0 {
      (value, length) = (((lead & 0x1F) << 6) | next(1), 2)
    } else if lead < 0xF0 {
      (value, length) = (((lead & 0x0F) << 12) | (next(1) << 6) | next(2), 3)
    } else {
      (value, length) = (((lead & 0x07) << 18) | (next(1) << 12) | (next(2) << 6) | next(3), 4)
    }
    return (Unicode.Scalar(value) ?? "\u{FFFD}", min(length, end - index))
  }

  // ASCII classes.
  static let alphanumeric: UInt8 = 1, punctuation: UInt8 = 2, whitespace: UInt8 = 4, control: UInt8 = 8

  static let asciiClass: [UInt8] = (0..<128).map { (value: Int) -> UInt8 in
    switch value {
    case 48...57, 65...90, 97...122: return alphanumeric
    case 9, 10, 13: return whitespace
    case 32: return whitespace
    case 33...47, 58...64, 91...96, 123...126: return punctuation
    default: return control  // 0–8, 11, 12, 14–31, 127
    }
  }
}
