import Foundation

/// Writes new flatbuffer objects in front of an existing flatbuffer, leaving the old bytes intact.
///
/// Flatbuffer references (`uoffset`) only point forward, and objects keep their internal relative
/// offsets when moved as one block. So a file can be changed without re-serializing it: new
/// objects go first, in the order parents before children (every reference between them points
/// forward), the old file follows at a 64-byte aligned position (its own alignment is kept), and a
/// new object can point at any old object by an ordinary forward offset.
///
/// ```
/// [root offset]["TFL3"][new objects, breadth first][padding][old file, unchanged]
/// ```
///
/// Objects are added as values (``Object``), then ``serialize(root:identifier:old:absolutePatches:)``
/// lays them out. Each new object may be referenced at most once (a tree), which is what keeps
/// every reference pointing forward.
struct FlatBufferComposer {
  /// The identity of an added object.
  struct ObjectID: Hashable {
    fileprivate let index: Int
  }

  /// Where a reference points.
  enum Reference {
    /// An object added to this composer.
    case new(ObjectID)
    /// An object of the old file, at this byte position of the old file.
    case old(Int)
  }

  /// One field of a table.
  enum Field {
    /// Little-endian scalar bytes (1, 2, 4 or 8 of them; aligned to their size).
    case scalar([UInt8])
    /// A `uoffset` to a table, vector or string.
    case reference(Reference)

    static func int8(_ value: Int8) -> Field { .scalar([UInt8(bitPattern: value)]) }
    static func uint8(_ value: UInt8) -> Field { .scalar([value]) }
    static func bool(_ value: Bool) -> Field { .scalar([value ? 1 : 0]) }
    static func int32(_ value: Int32) -> Field { .scalar(littleEndianBytes(value)) }
    static func uint32(_ value: UInt32) -> Field { .scalar(littleEndianBytes(value)) }
  }

  /// A new object.
  enum Object {
    /// A table: field values by slot (absent slots take their schema default).
    case table([Int: Field])
    /// A vector of references to tables or strings.
    case references([Reference])
    /// A vector of scalars: raw little-endian bytes, element size, and the alignment of the
    /// first element (at least the element size, e.g. 16 for tensor data).
    case scalars(bytes: [UInt8], elementSize: Int, alignment: Int)
    /// A NUL-terminated UTF-8 string.
    case string(String)

    /// A vector of 32-bit signed integers.
    static func int32s(_ values: [Int32]) -> Object {
      .scalars(bytes: values.flatMap(littleEndianBytes), elementSize: 4, alignment: 4)
    }
  }

  /// An absolute file offset stored as a little-endian `uint64` inside the old file (such as a
  /// `Buffer.offset`): moved by the position of the old block when serialized.
  struct AbsolutePatch {
    /// Position of the 8-byte field in the old file.
    let position: Int
    /// The offset it holds (already checked to lie in the old file).
    let value: UInt64
  }

  /// Why composition failed. Only a bug or a file beyond flatbuffer limits gets here.
  enum Failure: Error {
    case sharedObject
    case offsetOverflow
  }

  private var objects: [Object] = []

  /// Adds an object and returns its identity.
  mutating func add(_ object: Object) -> ObjectID {
    objects.append(object)
    return ObjectID(index: objects.count - 1)
  }

  /// Adds an object and returns a reference to it.
  mutating func reference(to object: Object) -> Reference { .new(add(object)) }

  /// A reference to a copy of `reference` that may be referenced again: the object itself when
  /// it is in the old file (old objects may be shared), else a new copy of it whose new
  /// children are copied the same way (each new object has one parent).
  mutating func copy(_ reference: Reference) -> Reference {
    guard case .new(let id) = reference else { return reference }
    switch objects[id.index] {
    case .table(let fields):
      var copied: [Int: Field] = [:]
      for (slot, field) in fields {
        if case .reference(let child) = field { copied[slot] = .reference(copy(child)) } else { copied[slot] = field }
      }
      return .new(add(.table(copied)))
    case .references(let children):
      var copied: [Reference] = []
      for child in children { copied.append(copy(child)) }
      return .new(add(.references(copied)))
    case let object:
      return .new(add(object))
    }
  }

  /// The alignment of the old block within the new file.
  static let oldBlockAlignment = 64

  /// Lays out every object reachable from `root`, then appends `old`.
  ///
  /// - Parameters:
  ///   - root: the new root table.
  ///   - identifier: the four-byte file identifier written at bytes 4..<8.
  ///   - old: the old file.
  ///   - absolutePatches: absolute offsets inside `old` to move with it.
  /// - Returns: the new file.
  func serialize(
    root: ObjectID, identifier: [UInt8], old: UnsafeRawBufferPointer, absolutePatches: [AbsolutePatch]
  ) throws(Failure) -> Data {
    var out = [UInt8](repeating: 0, count: 8)
    for (index, byte) in identifier.prefix(4).enumerated() { out[4 + index] = byte }

    // Pending uoffset fields: where they are and what they point to.
    var fixups: [(location: Int, target: Reference)] = [(0, .new(root))]
    var positions = [Int?](repeating: nil, count: objects.count)
    var queued = [Bool](repeating: false, count: objects.count)
    var queue: [Int] = [root.index]
    queued[root.index] = true
    var head = 0

    func enqueue(_ reference: Reference) throws(Failure) {
      guard case .new(let id) = reference else { return }
      guard !queued[id.index] else { throw .sharedObject }
      queued[id.index] = true
      queue.append(id.index)
    }

    while head < queue.count {
      let index = queue[head]
      head += 1
      switch objects[index] {
      case .table(let fields):
        positions[index] = Self.writeTable(fields, into: &out, fixups: &fixups)
        for slot in fields.keys.sorted() {
          if case .reference(let target) = fields[slot] { try enqueue(target) }
        }
      case .references(let targets):
        let start = Self.writeVectorHeader(count: targets.count, alignment: 4, into: &out)
        positions[index] = start
        for (element, target) in targets.enumerated() {
          out.append(contentsOf: [0, 0, 0, 0])
          fixups.append((start + 4 + 4 * element, target))
        }
        for target in targets { try enqueue(target) }
      case .scalars(let bytes, let elementSize, let alignment):
        let count = elementSize > 0 ? bytes.count / elementSize : 0
        positions[index] = Self.writeVectorHeader(count: count, alignment: max(alignment, elementSize, 4), into: &out)
        out.append(contentsOf: bytes)
      case .string(let text):
        let utf8 = Array(text.utf8)
        positions[index] = Self.writeVectorHeader(count: utf8.count, alignment: 4, into: &out)
        out.append(contentsOf: utf8)
        out.append(0)
      }
    }

    // The old block starts at a multiple of 64 so that it keeps its own alignment.
    let shift = (out.count + Self.oldBlockAlignment - 1) / Self.oldBlockAlignment * Self.oldBlockAlignment
    out.append(contentsOf: repeatElement(0, count: shift - out.count))

    for (location, target) in fixups {
      let destination: Int
      switch target {
      case .new(let id):
        guard let position = positions[id.index] else { throw .sharedObject }
        destination = position
      case .old(let position):
        destination = shift + position
      }
      let distance = destination - location
      guard distance > 0, distance <= Int(Int32.max) else { throw .offsetOverflow }
      Self.store(UInt32(distance), at: location, in: &out)
    }
    // One allocation for the whole file: the new section, then the old bytes, then the
    // absolute offsets inside them moved.
    var file = Data(count: shift + old.count)
    var overflow = false
    file.withUnsafeMutableBytes { destination in
      out.withUnsafeBytes { destination.copyMemory(from: $0) }
      if let base = old.baseAddress, old.count > 0 {
        UnsafeMutableRawBufferPointer(rebasing: destination[shift...]).copyMemory(
          from: UnsafeRawBufferPointer(start: base, count: old.count))
      }
      for patch in absolutePatches {
        let (moved, overflowed) = patch.value.addingReportingOverflow(UInt64(shift))
        overflow = overflow || overflowed
        destination.storeBytes(of: moved.littleEndian, toByteOffset: shift + patch.position, as: UInt64.self)
      }
    }
    guard !overflow else { throw .offsetOverflow }
    return file
  }

  // MARK: - Layout

  /// Writes a vtable, then the table it describes; returns the table's position.
  private static func writeTable(
    _ fields: [Int: Field], into out: inout [UInt8], fixups: inout [(location: Int, target: Reference)]
  ) -> Int {
    // Inline layout: the vtable offset, then the fields, largest first, each aligned to its size.
    let ordered = fields.sorted { lhs, rhs in
      let (l, r) = (width(of: lhs.value), width(of: rhs.value))
      return l != r ? l > r : lhs.key < rhs.key
    }
    let slotCount = (fields.keys.max() ?? -1) + 1
    var fieldOffsets = [Int](repeating: 0, count: slotCount)
    var size = 4
    var maxAlignment = 4
    for (slot, field) in ordered {
      let width = width(of: field)
      size = (size + width - 1) / width * width
      fieldOffsets[slot] = size
      size += width
      maxAlignment = max(maxAlignment, width)
    }
    size = (size + 3) / 4 * 4

    // vtable: [vtable size, table size, field offsets by slot], 2-byte aligned.
    pad(&out, toMultipleOf: 2)
    let vtable = out.count
    append(UInt16(4 + 2 * slotCount), to: &out)
    append(UInt16(size), to: &out)
    for slot in 0..<slotCount { append(UInt16(fieldOffsets[slot]), to: &out) }

    pad(&out, toMultipleOf: maxAlignment)
    let table = out.count
    out.append(contentsOf: repeatElement(0, count: size))
    store(Int32(table - vtable), at: table, in: &out)
    for (slot, field) in ordered {
      let position = table + fieldOffsets[slot]
      switch field {
      case .scalar(let bytes):
        for (offset, byte) in bytes.enumerated() { out[position + offset] = byte }
      case .reference(let target):
        fixups.append((position, target))
      }
    }
    return table
  }

  /// Writes a vector's length so that its first element lands on `alignment`; returns the
  /// position of the length.
  private static func writeVectorHeader(count: Int, alignment: Int, into out: inout [UInt8]) -> Int {
    pad(&out, toMultipleOf: 4)
    while (out.count + 4) % alignment != 0 { out.append(contentsOf: [0, 0, 0, 0]) }
    let start = out.count
    append(UInt32(truncatingIfNeeded: count), to: &out)
    return start
  }

  private static func width(of field: Field) -> Int {
    switch field {
    case .scalar(let bytes): max(bytes.count, 1)
    case .reference: 4
    }
  }

  private static func pad(_ out: inout [UInt8], toMultipleOf alignment: Int) {
    while out.count % alignment != 0 { out.append(0) }
  }

  // Byte by byte rather than through `littleEndianBytes`: these run for every field and
  // reference, and an array per call made the lowering of a 32-step LSTM spend most of its
  // time in malloc.
  private static func append<T: FixedWidthInteger>(_ value: T, to out: inout [UInt8]) {
    for shift in stride(from: 0, to: T.bitWidth, by: 8) { out.append(UInt8(truncatingIfNeeded: value >> shift)) }
  }

  private static func store<T: FixedWidthInteger>(_ value: T, at position: Int, in out: inout [UInt8]) {
    for (index, shift) in stride(from: 0, to: T.bitWidth, by: 8).enumerated() {
      out[position + index] = UInt8(truncatingIfNeeded: value >> shift)
    }
  }
}

/// The little-endian bytes of an integer.
func littleEndianBytes<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
  (0..<(T.bitWidth / 8)).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
}
