/// Copies the fields of tables of the old file into new tables, field by field: scalars by value,
/// references as forward offsets to the same old objects.
///
/// A table is copied only when every field it has is known (its kind listed in
/// ``TableSchema``); a newer schema's field of unknown kind could be an offset that would dangle, so such
/// a table stops the rewrite instead.
struct TableCopier<Failure: FlatBufferRewriteError> {
  let reader: FlatBufferReader

  /// The fields of `table` as new-table fields, references pointing into the old file.
  func fields(of table: FBTable, kinds: [TableSchema.SlotKind], path: String) throws(Failure) -> [Int:
    FlatBufferComposer.Field]
  {
    var fields: [Int: FlatBufferComposer.Field] = [:]
    let slotCount = (table.vtableSize - 4) / 2
    for slot in 0..<slotCount where reader.fieldOffset(table, slot: slot) != nil {
      guard slot < kinds.count else { throw Failure.rewrite(.unknownField(path: path, slot: slot)) }
      do {
        switch kinds[slot] {
        case .scalar(let width):
          guard let position = try reader.fieldPosition(table, slot: slot, width: width, path) else { continue }
          fields[slot] = .scalar(Array(reader.bytes[position..<(position + width)]))
        case .reference:
          guard let target = try reader.indirect(table, slot: slot, path) else { continue }
          fields[slot] = .reference(.old(target))
        }
      } catch {
        throw Failure.rewrite(.unreadableModel(error))
      }
    }
    return fields
  }

  /// Positions of the tables (or strings) a vector field of `table` refers to; empty if absent.
  func elements(of table: FBTable, slot: Int, path: String) throws(Failure) -> [Int] {
    do {
      guard let vector = try reader.vector(table, slot: slot, elementSize: 4, path) else { return [] }
      var positions: [Int] = []
      positions.reserveCapacity(vector.count)
      for index in 0..<vector.count {
        positions.append(try reader.element(of: vector, at: index, path + "[\(index)]"))
      }
      return positions
    } catch {
      throw Failure.rewrite(.unreadableModel(error))
    }
  }

  /// The table at `position`.
  func table(at position: Int, path: String) throws(Failure) -> FBTable {
    do { return try reader.table(at: position, path: path) } catch { throw Failure.rewrite(.unreadableModel(error)) }
  }
}

/// Field kinds of the tables a rewrite copies, by slot (see ``ModelDecoder``'s slots).
enum TableSchema {
  /// What a table field holds.
  enum SlotKind {
    /// A scalar of this many bytes.
    case scalar(Int)
    /// An offset to a table, vector or string.
    case reference
  }

  /// `Model`: version, then nine offsets.
  static let model: [SlotKind] = [.scalar(4)] + Array(repeating: .reference, count: 9)
  /// `SubGraph`: tensors, inputs, outputs, operators, name, then `debug_metadata_index`.
  static let subgraph: [SlotKind] = Array(repeating: .reference, count: 5) + [.scalar(4)]
  /// `SignatureDef`: inputs, outputs, signature_key, deprecated_tag, then `subgraph_index`.
  static let signatureDef: [SlotKind] = Array(repeating: .reference, count: 4) + [.scalar(4)]
}
