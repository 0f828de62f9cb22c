import Foundation

/// A value to serialize into a test flatbuffer.
///
/// Tests describe tables as `[slot: FB]` dictionaries; ``FlatBufferBuilder``
/// lays them out with vtables, alignment and forward offsets like a real
/// flatbuffer, so the reader under test sees realistic files.
indirect enum FB {
  case int8(Int8)
  case uint8(UInt8)
  case int16(Int16)
  case uint16(UInt16)
  case int32(Int32)
  case uint32(UInt32)
  case int64(Int64)
  case uint64(UInt64)
  case float32(Float)
  case bool(Bool)
  /// A sub-table given as slot → value.
  case table([Int: FB])
  /// A UTF-8 string.
  case string(String)
  /// A string made of arbitrary bytes (still zero-terminated).
  case rawString([UInt8])
  case ints([Int32])
  case longs([Int64])
  case floats([Float])
  case bytes([UInt8])
  /// A vector of offset values (tables, strings, or ``ref(_:)``).
  case vector([FB])
  /// Records the position of the wrapped value under `name`.
  case labeled(String, FB)
  /// An offset to the value labeled `name`, which must be written later in the buffer.
  case ref(String)

  /// Whether the value is stored inline in a table, and its size.
  var inlineSize: Int? {
    switch self {
    case .int8, .uint8, .bool: 1
    case .int16, .uint16: 2
    case .int32, .uint32, .float32: 4
    case .int64, .uint64: 8
    default: nil
    }
  }
}

/// Serializes ``FB`` trees into flatbuffers, parents before children so that
/// every unsigned offset points forward, as the format requires.
struct FlatBufferBuilder {
  private(set) var bytes: [UInt8] = []
  /// Positions of labeled values (tables: their start; vectors and strings: their length prefix).
  private(set) var labels: [String: Int] = [:]
  private var pendingRefs: [(at: Int, label: String)] = []

  /// Builds a file: root offset, 4-byte identifier, then the root table.
  static func build(root: [Int: FB], identifier: String = "TFL3") -> (data: [UInt8], labels: [String: Int]) {
    var builder = FlatBufferBuilder()
    builder.bytes = [0, 0, 0, 0] + Array(identifier.utf8.prefix(4))
    while builder.bytes.count < 8 { builder.bytes.append(0) }
    let rootPosition = builder.writeTable(root)
    builder.patch(at: 0, UInt32(rootPosition))
    for (position, label) in builder.pendingRefs {
      guard let target = builder.labels[label] else { fatalError("unknown label \(label)") }
      builder.patch(at: position, UInt32(truncatingIfNeeded: target &- position))
    }
    return (builder.bytes, builder.labels)
  }

  private mutating func align(_ alignment: Int) {
    while bytes.count % alignment != 0 { bytes.append(0) }
  }

  private mutating func append<T: FixedWidthInteger>(_ value: T) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  private mutating func patch<T: FixedWidthInteger>(at position: Int, _ value: T) {
    withUnsafeBytes(of: value.littleEndian) { raw in
      for (index, byte) in raw.enumerated() { bytes[position + index] = byte }
    }
  }

  private mutating func appendInline(_ value: FB) {
    switch value {
    case .int8(let v): append(v)
    case .uint8(let v): append(v)
    case .bool(let v): append(UInt8(v ? 1 : 0))
    case .int16(let v): append(v)
    case .uint16(let v): append(v)
    case .int32(let v): append(v)
    case .uint32(let v): append(v)
    case .float32(let v): append(v.bitPattern)
    case .int64(let v): append(v)
    case .uint64(let v): append(v)
    default: fatalError("not inline")
    }
  }

  /// Writes a table (vtable first, then the table) and its children; returns the table position.
  mutating func writeTable(_ fields: [Int: FB]) -> Int {
    // Lay out inline fields relative to the table start (which is 8-aligned):
    // the soffset at 0, then fields largest-first to keep them aligned.
    let slots = fields.keys.sorted()
    var layout: [Int: Int] = [:]
    var cursor = 4
    let ordered = slots.sorted { left, right in
      let (leftSize, rightSize) = (size(of: fields[left]!), size(of: fields[right]!))
      return leftSize != rightSize ? leftSize > rightSize : left < right
    }
    for slot in ordered {
      let width = size(of: fields[slot]!)
      while cursor % width != 0 { cursor += 1 }
      layout[slot] = cursor
      cursor += width
    }
    let inlineSize = cursor
    let slotCount = (slots.last.map { $0 + 1 }) ?? 0

    align(2)
    let vtable = bytes.count
    append(UInt16(4 + 2 * slotCount))
    append(UInt16(inlineSize))
    for slot in 0..<slotCount { append(UInt16(layout[slot] ?? 0)) }

    align(8)
    let table = bytes.count
    append(Int32(table - vtable))
    bytes.append(contentsOf: [UInt8](repeating: 0, count: inlineSize - 4))
    var children: [(position: Int, value: FB)] = []
    for slot in slots {
      let value = fields[slot]!
      let position = table + layout[slot]!
      if value.inlineSize != nil {
        var scratch = FlatBufferBuilder()
        scratch.appendInline(value)
        for (index, byte) in scratch.bytes.enumerated() { bytes[position + index] = byte }
      } else {
        children.append((position, value))
      }
    }
    for (position, value) in children {
      writeOffsetTarget(value, from: position)
    }
    return table
  }

  private func size(of value: FB) -> Int {
    value.inlineSize ?? 4
  }

  /// Writes `value` (an offset-type value) and stores its relative offset at `position`.
  private mutating func writeOffsetTarget(_ value: FB, from position: Int) {
    if case .ref(let label) = value {
      pendingRefs.append((position, label))
      return
    }
    let target = writeObject(value)
    patch(at: position, UInt32(target - position))
  }

  /// Writes a table, vector or string; returns the position offsets should point at.
  private mutating func writeObject(_ value: FB) -> Int {
    switch value {
    case .labeled(let name, let inner):
      let position = writeObject(inner)
      labels[name] = position
      return position
    case .table(let fields):
      return writeTable(fields)
    case .string(let text):
      return writeString(Array(text.utf8))
    case .rawString(let raw):
      return writeString(raw)
    case .ints(let values):
      return writeScalarVector(count: values.count, elementSize: 4) { builder in values.forEach { builder.append($0) } }
    case .longs(let values):
      return writeScalarVector(count: values.count, elementSize: 8) { builder in values.forEach { builder.append($0) } }
    case .floats(let values):
      return writeScalarVector(count: values.count, elementSize: 4) { builder in
        values.forEach { builder.append($0.bitPattern) }
      }
    case .bytes(let values):
      return writeScalarVector(count: values.count, elementSize: 16) { builder in
        builder.bytes.append(contentsOf: values)
      }
    case .vector(let elements):
      align(4)
      let start = bytes.count
      append(UInt32(elements.count))
      bytes.append(contentsOf: [UInt8](repeating: 0, count: 4 * elements.count))
      for (index, element) in elements.enumerated() {
        writeOffsetTarget(element, from: start + 4 + 4 * index)
      }
      return start
    default:
      fatalError("not an offset value: \(value)")
    }
  }

  private mutating func writeString(_ raw: [UInt8]) -> Int {
    align(4)
    let start = bytes.count
    append(UInt32(raw.count))
    bytes.append(contentsOf: raw)
    bytes.append(0)
    return start
  }

  /// Writes a length-prefixed vector whose elements start at a multiple of `elementSize` (at most 16).
  private mutating func writeScalarVector(count: Int, elementSize: Int, _ body: (inout FlatBufferBuilder) -> Void)
    -> Int
  {
    let alignment = Swift.max(4, elementSize)
    while (bytes.count + 4) % alignment != 0 { bytes.append(0) }
    let start = bytes.count
    append(UInt32(count))
    body(&self)
    return start
  }
}
