// Field readers shared by the model decoder: lists and strings under the decode budget, table
// elements, and out-of-line byte ranges.

extension ModelDecoder {
  /// Reads an `[int]` field as `[Int]` (empty when absent), capping its length.
  mutating func intList(_ table: FBTable, slot: Int, limit: Int, _ path: @autoclosure () -> String)
    throws(TFLiteFormatError) -> [Int]?
  {
    guard let vector = try budget.vector(reader, table, slot: slot, limit: limit, path()) else { return nil }
    return reader.int32s(vector).map { Int($0) }
  }

  /// Reads a shape-like `[int]` field, rejecting more than ``TFLiteLimits/maxRank`` entries.
  mutating func shapeList(_ table: FBTable, slot: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError)
    -> [Int]?
  {
    guard let vector = try reader.vector(table, slot: slot, elementSize: 4, path()) else { return nil }
    guard vector.count <= TFLiteLimits.maxRank else {
      throw .rankTooLarge(path: path(), rank: vector.count, limit: TFLiteLimits.maxRank)
    }
    try budget.charge(vector.count)
    return reader.int32s(vector).map { Int($0) }
  }

  /// Reads a string field, charging its bytes.
  mutating func string(_ table: FBTable, slot: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError)
    -> String?
  {
    try budget.string(reader, table, slot: slot, path())
  }

  /// Locates a vector of tables, capping its length and charging one unit per entry.
  mutating func tableVector(_ table: FBTable, slot: Int, limit: Int, _ path: @autoclosure () -> String)
    throws(TFLiteFormatError) -> FBVector?
  {
    try budget.vector(reader, table, slot: slot, limit: limit, path())
  }

  /// Follows entry `index` of a vector of tables and checks the table.
  func tableElement(_ vector: FBVector, _ index: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError)
    -> FBTable
  {
    let position = try reader.element(of: vector, at: index, path())
    return try reader.table(at: position, path: path())
  }

  /// Converts an unsigned 64-bit file offset and size into a checked byte range of the file.
  func fileRange(offset: UInt64, size: UInt64, _ path: @autoclosure () -> String) throws(TFLiteFormatError) -> Range<
    Int
  > {
    let fileSize = UInt64(reader.size)
    guard offset <= fileSize, size <= fileSize &- offset else {
      throw .bufferOutOfBounds(path: path(), offset: offset, size: size, fileSize: reader.size)
    }
    // Both fit in Int: they are bounded by the file size.
    let start = Int(offset)
    return start..<(start &+ Int(size))
  }
}
