/// Reads the orientation tag (0x0112) from EXIF data: the TIFF structure inside a JPEG's APP1
/// `Exif\0\0` segment or a PNG's `eXIf` chunk. Anything malformed reads as "no orientation";
/// every offset is bounds-checked.
enum EXIFReader {
  /// The orientation in a JPEG's APP1 segments, or `nil` when there is none.
  static func jpegOrientation(_ bytes: UnsafeRawBufferPointer) -> ImageOrientation? {
    guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
    var position = 2
    while position + 4 <= bytes.count {
      guard bytes[position] == 0xFF else { return nil }
      let marker = bytes[position + 1]
      if marker == 0xFF {
        position += 1
        continue
      }  // fill byte
      if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 {
        position += 2
        continue
      }
      if marker == 0xDA || marker == 0xD9 { return nil }  // start of scan: no more metadata
      let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
      guard length >= 2, position + 2 + length <= bytes.count else { return nil }
      let start = position + 4
      let end = position + 2 + length
      if marker == 0xE1, end - start >= 6,
        bytes[start] == 0x45, bytes[start + 1] == 0x78, bytes[start + 2] == 0x69, bytes[start + 3] == 0x66,
        bytes[start + 4] == 0, bytes[start + 5] == 0
      {
        return tiffOrientation(UnsafeRawBufferPointer(rebasing: bytes[(start + 6)..<end]))
      }
      position = end
    }
    return nil
  }

  /// The orientation in a PNG's `eXIf` chunk (before the image data), or `nil`.
  static func pngOrientation(_ bytes: UnsafeRawBufferPointer) -> ImageOrientation? {
    var position = 8
    while position + 12 <= bytes.count {
      let length =
        Int(bytes[position]) << 24 | Int(bytes[position + 1]) << 16 | Int(bytes[position + 2]) << 8
        | Int(bytes[position + 3])
      let type = (bytes[position + 4], bytes[position + 5], bytes[position + 6], bytes[position + 7])
      let start = position + 8
      guard length >= 0, length <= bytes.count - start - 4 else { return nil }
      if type == (0x65, 0x58, 0x49, 0x66) {  // eXIf
        return tiffOrientation(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + length)]))
      }
      if type == (0x49, 0x44, 0x41, 0x54) || type == (0x49, 0x45, 0x4E, 0x44) { return nil }  // IDAT, IEND
      position = start + length + 4
    }
    return nil
  }

  /// The orientation tag of IFD0 in a TIFF structure.
  static func tiffOrientation(_ tiff: UnsafeRawBufferPointer) -> ImageOrientation? {
    guard tiff.count >= 8 else { return nil }
    let little: Bool
    switch (tiff[0], tiff[1]) {
    case (0x49, 0x49): little = true
    case (0x4D, 0x4D): little = false
    default: return nil
    }
    func u16(_ at: Int) -> Int? {
      guard at >= 0, at + 2 <= tiff.count else { return nil }
      return little ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
    }
    func u32(_ at: Int) -> Int? {
      guard let high = u16(little ? at + 2 : at), let low = u16(little ? at : at + 2) else { return nil }
      return high << 16 | low
    }
    guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
    for entry in 0..<count {
      let at = ifd + 2 + entry * 12
      guard let tag = u16(at) else { return nil }
      if tag == 0x0112 {
        guard let type = u16(at + 2), type == 3, let value = u16(at + 8) else { return nil }
        return ImageOrientation(rawValue: value)
      }
    }
    return nil
  }
}
