/// How many more list entries and string bytes a decoder may produce from one file
/// (``TFLiteLimits/decodeBudget(forFileSize:)``), so that a small file cannot make decoding
/// allocate without bound. ``ModelDecoder`` and ``MetadataDecoder`` each hold one and read
/// their lists and strings through it.
struct DecodeBudget {
  /// The budget the file started with (named in the error).
  let limit: Int
  private var remaining: Int

  /// The budget for a file of `fileSize` bytes.
  init(fileSize: Int) {
    limit = TFLiteLimits.decodeBudget(forFileSize: fileSize)
    remaining = limit
  }

  /// Accounts for `amount` decoded entries or bytes.
  mutating func charge(_ amount: Int) throws(TFLiteFormatError) {
    guard amount <= remaining else { throw .modelTooComplex(limit: limit) }
    remaining &-= amount
  }

  /// Locates a vector of 4-byte entries (offsets or numbers), rejecting more than `limit`
  /// entries and charging one unit per entry.
  mutating func vector(
    _ reader: FlatBufferReader, _ table: FBTable, slot: Int, limit: Int, _ path: @autoclosure () -> String
  ) throws(TFLiteFormatError) -> FBVector? {
    guard let vector = try reader.vector(table, slot: slot, elementSize: 4, path()) else { return nil }
    guard vector.count <= limit else { throw .countTooLarge(path: path(), count: vector.count, limit: limit) }
    try charge(vector.count)
    return vector
  }

  /// Reads a string field, charging its bytes.
  mutating func string(
    _ reader: FlatBufferReader, _ table: FBTable, slot: Int, _ path: @autoclosure () -> String
  ) throws(TFLiteFormatError) -> String? {
    guard let text = try reader.string(table, slot: slot, path()) else { return nil }
    try charge(text.utf8.count)
    return text
  }
}
