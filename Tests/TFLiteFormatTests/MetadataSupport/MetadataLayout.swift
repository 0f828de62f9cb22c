import Foundation

/// Finds fields of ``SyntheticMetadata`` by walking its flatbuffer, so tests
/// can corrupt one precise byte.
enum MetadataLayout {
  enum Field { case content, processUnit }

  private static func u32(_ b: [UInt8], _ at: Int) -> Int {
    Int(b[at]) | Int(b[at + 1]) << 8 | Int(b[at + 2]) << 16 | Int(b[at + 3]) << 24
  }
  private static func u16(_ b: [UInt8], _ at: Int) -> Int { Int(b[at]) | Int(b[at + 1]) << 8 }
  /// Position of field `slot` of the table at `table`, or nil if absent.
  private static func field(_ b: [UInt8], table: Int, slot: Int) -> Int? {
    let vtable = table - Int(Int32(bitPattern: UInt32(u32(b, table))))
    let entry = 4 + 2 * slot
    guard entry < u16(b, vtable) else { return nil }
    let relative = u16(b, vtable + entry)
    return relative == 0 ? nil : table + relative
  }
  /// Follows the offset field `slot` of `table`.
  private static func follow(_ b: [UInt8], table: Int, slot: Int) -> Int? {
    guard let at = field(b, table: table, slot: slot) else { return nil }
    return at + u32(b, at)
  }
  /// Element `index` of the vector of tables at `vector`.
  private static func element(_ b: [UInt8], vector: Int, _ index: Int) -> Int {
    let at = vector + 4 + 4 * index
    return at + u32(b, at)
  }

  /// The table of input tensor `tensor` of subgraph 0.
  private static func inputTensor(_ b: [UInt8], _ tensor: Int) -> Int? {
    let root = u32(b, 0)
    guard let subgraphs = follow(b, table: root, slot: 3) else { return nil }
    let subgraph = element(b, vector: subgraphs, 0)
    guard let inputs = follow(b, table: subgraph, slot: 2) else { return nil }
    return element(b, vector: inputs, tensor)
  }

  /// Position of the union type tag of input `tensor`'s content or first process unit.
  static func unionTagPosition(_ b: [UInt8], tensor: Int, field which: Field) -> Int? {
    guard let tensorTable = inputTensor(b, tensor) else { return nil }
    switch which {
    case .content:
      guard let content = follow(b, table: tensorTable, slot: 3) else { return nil }
      return field(b, table: content, slot: 0)
    case .processUnit:
      guard let units = follow(b, table: tensorTable, slot: 4) else { return nil }
      return field(b, table: element(b, vector: units, 0), slot: 0)
    }
  }

  /// Position of the options offset of input `tensor`'s first process unit.
  static func processUnitOptionsOffsetPosition(_ b: [UInt8], tensor: Int) -> Int? {
    guard let tensorTable = inputTensor(b, tensor), let units = follow(b, table: tensorTable, slot: 4) else {
      return nil
    }
    return field(b, table: element(b, vector: units, 0), slot: 1)
  }
}
