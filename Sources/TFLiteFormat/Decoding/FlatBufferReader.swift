/// A table located and checked by ``FlatBufferReader/table(at:path:)``.
///
/// Its inline bytes `position..<position+inlineSize` and its vtable
/// `vtable..<vtable+vtableSize` are known to lie within the buffer.
struct FBTable: Sendable, Hashable {
  /// Offset of the table's first byte (its signed vtable offset).
  let position: Int
  /// Offset of the table's vtable.
  let vtable: Int
  /// Size of the vtable in bytes, including its two 16-bit header fields.
  let vtableSize: Int
  /// Size of the table's inline data in bytes, including the vtable offset.
  let inlineSize: Int
}

/// A vector located by ``FlatBufferReader/vector(_:slot:elementSize:path:)``:
/// `count` elements of the requested size starting at `start`, all within the buffer.
struct FBVector {
  /// Offset of the first element.
  let start: Int
  /// Number of elements.
  let count: Int
  /// Size of one element in bytes.
  let elementSize: Int

  /// Offset of element `index`; `index` must be below `count`.
  func offset(of index: Int) -> Int {
    // In range by construction: start + count * elementSize fits the buffer.
    start &+ index &* elementSize
  }
}

/// Bounds-checked little-endian reads of a flatbuffer.
///
/// Every accessor checks that the bytes it touches lie inside `bytes` before
/// loading them and reports a ``TFLiteFormatError`` otherwise, so no input can
/// make it read out of bounds or trap. The `path` arguments are evaluated only
/// when an error is reported.
struct FlatBufferReader {
  /// The whole file. Valid only while the caller's `withUnsafeBytes` lasts.
  let bytes: UnsafeRawBufferPointer

  /// Size of the file in bytes.
  var size: Int { bytes.count }

  /// Throws ``TFLiteFormatError/truncated(path:offset:needed:available:)``
  /// unless `offset..<offset+length` lies within the buffer.
  func checkRange(_ offset: Int, _ length: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError) {
    guard offset >= 0, length >= 0, offset <= size, length <= size &- offset else {
      let available = (offset >= 0 && offset <= size) ? size &- offset : 0
      throw .truncated(path: path(), offset: offset, needed: length, available: available)
    }
  }

  /// Loads a fixed-width integer at `offset` after checking bounds.
  func load<T: FixedWidthInteger & BitwiseCopyable>(_: T.Type, at offset: Int, _ path: @autoclosure () -> String)
    throws(TFLiteFormatError) -> T
  {
    try checkRange(offset, MemoryLayout<T>.size, path())
    return T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
  }

  /// Loads a fixed-width integer at an offset already known to be in bounds.
  func loadChecked<T: FixedWidthInteger & BitwiseCopyable>(_: T.Type, at offset: Int) -> T {
    T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
  }

  /// Follows the unsigned 32-bit offset stored at `location` and returns its target.
  func followOffset(at location: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError) -> Int {
    let raw = try load(UInt32.self, at: location, path())
    guard raw != 0, raw <= UInt32(Int32.max) else {
      throw .invalidOffset(path: path(), offset: location, value: Int(raw))
    }
    let (target, overflow) = location.addingReportingOverflow(Int(raw))
    guard !overflow, target < size else {
      throw .truncated(path: path(), offset: overflow ? Int.max : target, needed: 1, available: 0)
    }
    return target
  }

  /// Reads the root table, whose offset is stored in the first four bytes.
  func rootTable() throws(TFLiteFormatError) -> FBTable {
    let position = try followOffset(at: 0, "model")
    return try table(at: position, path: "model")
  }

  /// Checks the table starting at `position` and its vtable.
  func table(at position: Int, path: @autoclosure () -> String) throws(TFLiteFormatError) -> FBTable {
    let soffset = try load(Int32.self, at: position, path())
    let (vtable, overflow) = position.subtractingReportingOverflow(Int(soffset))
    guard !overflow, vtable >= 0 else {
      throw .invalidOffset(path: path(), offset: position, value: Int(soffset))
    }
    let vtableSize = Int(try load(UInt16.self, at: vtable, path()))
    let inlineSize = Int(try load(UInt16.self, at: vtable &+ 2, path()))
    guard vtableSize >= 4, vtableSize % 2 == 0, inlineSize >= 4 else {
      throw .invalidVTable(path: path(), offset: position, vtableSize: vtableSize, tableSize: inlineSize)
    }
    try checkRange(vtable, vtableSize, path())
    try checkRange(position, inlineSize, path())
    return FBTable(position: position, vtable: vtable, vtableSize: vtableSize, inlineSize: inlineSize)
  }

  /// The offset of field `slot` relative to the table, or nil if the field is absent.
  func fieldOffset(_ table: FBTable, slot: Int) -> Int? {
    let entry = 4 &+ 2 &* slot
    guard slot >= 0, entry &+ 2 <= table.vtableSize else { return nil }
    // The vtable lies within the buffer (checked in `table(at:path:)`).
    let relative = Int(loadChecked(UInt16.self, at: table.vtable &+ entry))
    return relative == 0 ? nil : relative
  }

  /// The absolute position of field `slot` holding `width` bytes, or nil if absent.
  func fieldPosition(_ table: FBTable, slot: Int, width: Int, _ path: @autoclosure () -> String)
    throws(TFLiteFormatError) -> Int?
  {
    guard let relative = fieldOffset(table, slot: slot) else { return nil }
    guard relative &+ width <= table.inlineSize else {
      throw .fieldOutsideTable(path: path(), fieldOffset: relative, fieldSize: width, tableSize: table.inlineSize)
    }
    // Inside the table's inline bytes, which lie within the buffer.
    return table.position &+ relative
  }

  /// Reads a scalar field, or `defaultValue` when it is absent.
  func scalar<T: FixedWidthInteger & BitwiseCopyable>(
    _ table: FBTable, slot: Int, default defaultValue: T, _ path: @autoclosure () -> String
  ) throws(TFLiteFormatError) -> T {
    guard let position = try fieldPosition(table, slot: slot, width: MemoryLayout<T>.size, path()) else {
      return defaultValue
    }
    return loadChecked(T.self, at: position)
  }

  /// Reads a boolean field, or `defaultValue` when it is absent.
  func bool(_ table: FBTable, slot: Int, default defaultValue: Bool = false, _ path: @autoclosure () -> String)
    throws(TFLiteFormatError) -> Bool
  {
    try scalar(table, slot: slot, default: defaultValue ? UInt8(1) : 0, path()) != 0
  }

  /// Follows an offset field (sub-table, vector or string) and returns its target, or nil if absent.
  func indirect(_ table: FBTable, slot: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError) -> Int? {
    guard let position = try fieldPosition(table, slot: slot, width: 4, path()) else { return nil }
    return try followOffset(at: position, path())
  }

  /// Reads a sub-table field, or nil if absent.
  func subtable(_ table: FBTable, slot: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError) -> FBTable? {
    guard let target = try indirect(table, slot: slot, path()) else { return nil }
    return try self.table(at: target, path: path())
  }

  /// Checks the vector whose length prefix is at `position`.
  func vector(at position: Int, elementSize: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError)
    -> FBVector
  {
    let count = Int(try load(UInt32.self, at: position, path()))
    let start = position &+ 4
    let (byteCount, overflow) = count.multipliedReportingOverflow(by: elementSize)
    guard !overflow else {
      throw .truncated(path: path(), offset: start, needed: Int.max, available: max(0, size &- start))
    }
    try checkRange(start, byteCount, path())
    return FBVector(start: start, count: count, elementSize: elementSize)
  }

  /// Reads a vector field with elements of `elementSize` bytes, or nil if absent.
  func vector(_ table: FBTable, slot: Int, elementSize: Int, _ path: @autoclosure () -> String)
    throws(TFLiteFormatError) -> FBVector?
  {
    guard let target = try indirect(table, slot: slot, path()) else { return nil }
    return try vector(at: target, elementSize: elementSize, path())
  }

  /// Checks the string whose length prefix is at `position`; returns its byte range.
  func stringBytes(at position: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError) -> Range<Int> {
    let vector = try vector(at: position, elementSize: 1, path())
    let end = vector.start &+ vector.count
    guard end < size else {
      throw .unterminatedString(path: path(), offset: position)
    }
    guard loadChecked(UInt8.self, at: end) == 0 else {
      throw .unterminatedString(path: path(), offset: position)
    }
    return vector.start..<end
  }

  /// Decodes the string whose length prefix is at `position` as UTF-8.
  func string(at position: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError) -> String {
    let range = try stringBytes(at: position, path())
    let slice = UnsafeRawBufferPointer(rebasing: bytes[range])
    guard let text = String(validating: slice, as: UTF8.self) else {
      throw .invalidUTF8(path: path())
    }
    return text
  }

  /// Reads a string field, or nil if absent.
  func string(_ table: FBTable, slot: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError) -> String? {
    guard let target = try indirect(table, slot: slot, path()) else { return nil }
    return try string(at: target, path())
  }

  /// Follows element `index` of a vector of offsets (tables or strings).
  func element(of vector: FBVector, at index: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError) -> Int {
    try followOffset(at: vector.offset(of: index), path())
  }

  /// The elements of a vector of 32-bit signed integers.
  func int32s(_ vector: FBVector) -> [Int32] {
    elements(of: vector) { loadChecked(Int32.self, at: $0) }
  }

  /// The elements of a vector of 64-bit signed integers.
  func int64s(_ vector: FBVector) -> [Int64] {
    elements(of: vector) { loadChecked(Int64.self, at: $0) }
  }

  /// The elements of a vector of 32-bit floats.
  func floats(_ vector: FBVector) -> [Float] {
    elements(of: vector) { Float(bitPattern: loadChecked(UInt32.self, at: $0)) }
  }

  /// The elements of a vector of fixed-size scalars. On little-endian hosts (the file's byte
  /// order) this is one bulk copy of the vector's bytes, which ``vector(at:elementSize:_:)``
  /// has already checked lie within the buffer; otherwise each element is loaded with `load`.
  private func elements<T: BitwiseCopyable>(of vector: FBVector, load: (Int) -> T) -> [T] {
    guard vector.count > 0 else { return [] }
    #if _endian(little)
      if vector.elementSize == MemoryLayout<T>.size {
        let byteCount = vector.count &* vector.elementSize
        let source = UnsafeRawBufferPointer(rebasing: bytes[vector.start..<(vector.start &+ byteCount)])
        return [T](unsafeUninitializedCapacity: vector.count) { buffer, initialized in
          UnsafeMutableRawBufferPointer(buffer).copyMemory(from: source)
          initialized = vector.count
        }
      }
    #endif
    return (0..<vector.count).map { load(vector.offset(of: $0)) }
  }
}
