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

  /// The whole block of an LSTM kernel's parameters: a header with `magic` in word 0, the block's
  /// word count in word 1, `dimensions` from word 2 on, each of `fields` at its word (the rest 0)
  /// and `gates` one after another from word `gatesAt`; then the arrays.
  func words(magic: Int32, dimensions: [Int], fields: [Int: Int32], gates: [[Int32]], gatesAt: Int) -> [Int32] {
    var header = [Int32](repeating: 0, count: headerWords)
    header[0] = magic
    header[1] = Int32(count)
    for (k, dimension) in dimensions.enumerated() { header[2 + k] = Int32(dimension) }
    for (word, value) in fields { header[word] = value }
    var position = gatesAt
    for gate in gates {
      header.replaceSubrange(position..<position + gate.count, with: gate)
      position += gate.count
    }
    return words(header: header)
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

/// A parameter block's builder: the arrays of its ``KernelParameterBlock`` and the header fields
/// it writes in front of them.
protocol KernelParameters {
  var block: KernelParameterBlock { get set }
}

extension KernelParameters {
  /// Appends raw little-endian bytes (int8 or int16 values); returns their word offset.
  mutating func append(bytes: some Collection<UInt8>) -> Int32 { block.append(bytes: bytes) }

  /// Appends int32 values; returns their word offset.
  mutating func append(int32s: [Int32]) -> Int32 { block.append(int32s: int32s) }
}
