/// The int32 parameter block of one of TensorBridge's integer kernels (``IntegerLSTMParameters``,
/// ``IntegerSVDFPlan``): a fixed header of `headerWords` words, then the arrays the header points
/// at, each at a word offset from the block's start, padded to whole words.
struct KernelParameterBlock {
  let headerWords: Int
  /// The arrays after the header.
  private var data: [UInt8] = []

  init(headerWords: Int) { self.headerWords = headerWords }

  /// The words of the whole block.
  var count: Int { headerWords + data.count / 4 }

  /// Appends raw little-endian bytes (int8 or int16 values); returns their word offset.
  mutating func append(bytes: some Collection<UInt8>) -> Int32 {
    let offset = Int32(headerWords + data.count / 4)
    data += bytes
    while data.count % 4 != 0 { data.append(0) }
    return offset
  }

  /// Appends int32 values; returns their word offset.
  mutating func append(int32s: [Int32]) -> Int32 {
    append(bytes: int32s.flatMap { littleEndianBytes(UInt32(bitPattern: $0)) })
  }

  /// The whole block: `header` (``headerWords`` words), then the arrays.
  func words(header: [Int32]) -> [Int32] {
    precondition(header.count == headerWords, "a parameter header of \(header.count) words")
    var block = header
    block.reserveCapacity(count)
    for start in stride(from: 0, to: data.count, by: 4) {
      let word =
        UInt32(data[start]) | UInt32(data[start + 1]) << 8 | UInt32(data[start + 2]) << 16 | UInt32(data[start + 3])
        << 24
      block.append(Int32(bitPattern: word))
    }
    return block
  }
}
