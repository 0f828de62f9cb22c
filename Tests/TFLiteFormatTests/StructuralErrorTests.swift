import Foundation
import Testing

@testable import TFLiteFormat

/// Corruptions of the flatbuffer structure itself: header, offsets, vtables,
/// fields, vectors, strings, list sizes.
@Suite("Flatbuffer structure errors")
struct StructuralErrorTests {
  let bytes = TestModel.minimal().bytes

  @Test("Files shorter than the 8-byte header are too small", arguments: 0..<8)
  func tooSmall(size: Int) {
    expectRejected(Array(bytes.prefix(size)), .tooSmall(size: size, minimum: 8))
  }

  @Test("The file identifier must be TFL3")
  func fileIdentifier() {
    var corrupted = bytes
    corrupted.replaceSubrange(4..<8, with: Array("TFL2".utf8))
    expectRejected(corrupted, .badFileIdentifier(found: "TFL2"))
    corrupted.replaceSubrange(4..<8, with: [0, 0x01, 0xFF, UInt8(ascii: "\"")])
    expectRejected(corrupted, .badFileIdentifier(found: "\\x00\\x01\\xFF\\x22"))
    // A flatbuffer written without an identifier is rejected too, as LiteRT does.
    let unidentified = FlatBufferBuilder.build(root: TestModel.minimal().rootFields, identifier: "").data
    expectRejected(unidentified, .badFileIdentifier(found: "\\x00\\x00\\x00\\x00"))
  }

  @Test("A zero or oversized root offset is rejected")
  func rootOffset() {
    var corrupted = bytes
    write(UInt32(0), into: &corrupted, at: 0)
    expectRejected(corrupted, .invalidOffset(path: "model", offset: 0, value: 0))
    write(UInt32(0x8000_0000), into: &corrupted, at: 0)
    expectRejected(corrupted, .invalidOffset(path: "model", offset: 0, value: 0x8000_0000))
    write(UInt32(bytes.count), into: &corrupted, at: 0)
    expectRejected(corrupted, .truncated(path: "model", offset: bytes.count, needed: 1, available: 0))
    write(UInt32(bytes.count - 2), into: &corrupted, at: 0)
    expectRejected(corrupted, .truncated(path: "model", offset: bytes.count - 2, needed: 4, available: 2))
  }

  @Test("A vtable offset pointing outside the file is rejected")
  func vtableOutside() {
    var corrupted = bytes
    let root = Locate.root(bytes)
    write(Int32(root + 1), into: &corrupted, at: root)
    expectRejected(corrupted, .invalidOffset(path: "model", offset: root, value: root + 1))
    write(Int32(-(bytes.count)), into: &corrupted, at: root)
    expectRejected(corrupted, .truncated(path: "model", offset: root + bytes.count, needed: 2, available: 0))
  }

  @Test("Malformed vtable sizes are rejected")
  func vtableSizes() {
    let root = Locate.root(bytes)
    let vtable = Locate.vtable(bytes, table: root)
    let tableSize = Int(read(UInt16.self, bytes, at: vtable + 2))
    var corrupted = bytes
    write(UInt16(3), into: &corrupted, at: vtable)
    expectRejected(corrupted, .invalidVTable(path: "model", offset: root, vtableSize: 3, tableSize: tableSize))
    write(UInt16(7), into: &corrupted, at: vtable)
    expectRejected(corrupted, .invalidVTable(path: "model", offset: root, vtableSize: 7, tableSize: tableSize))
    corrupted = bytes
    write(UInt16(2), into: &corrupted, at: vtable + 2)
    expectRejected(
      corrupted,
      .invalidVTable(path: "model", offset: root, vtableSize: Int(read(UInt16.self, bytes, at: vtable)), tableSize: 2))
    corrupted = bytes
    write(UInt16(0xFFFE), into: &corrupted, at: vtable)
    expectRejected(
      corrupted, .truncated(path: "model", offset: vtable, needed: 0xFFFE, available: bytes.count - vtable))
    corrupted = bytes
    write(UInt16(0xFFFC), into: &corrupted, at: vtable + 2)
    expectRejected(corrupted, .truncated(path: "model", offset: root, needed: 0xFFFC, available: bytes.count - root))
  }

  @Test("A field beyond its table's inline size is rejected")
  func fieldOutsideTable() {
    let root = Locate.root(bytes)
    let vtable = Locate.vtable(bytes, table: root)
    let tableSize = Int(read(UInt16.self, bytes, at: vtable + 2))
    var corrupted = bytes
    // Slot 0 is `version` (4 bytes); move it to the table's last two bytes.
    write(UInt16(tableSize - 2), into: &corrupted, at: vtable + 4)
    expectRejected(
      corrupted, .fieldOutsideTable(path: "version", fieldOffset: tableSize - 2, fieldSize: 4, tableSize: tableSize))
  }

  @Test("Offsets inside tables and vectors must be non-zero and in bounds")
  func innerOffsets() {
    let root = Locate.root(bytes)
    let field = Locate.field(bytes, table: root, slot: S.Model.description)!
    var corrupted = bytes
    write(UInt32(0), into: &corrupted, at: field)
    expectRejected(corrupted, .invalidOffset(path: "description", offset: field, value: 0))
    write(UInt32(bytes.count), into: &corrupted, at: field)
    expectRejected(corrupted, .truncated(path: "description", offset: field + bytes.count, needed: 1, available: 0))

    let subgraphs = Locate.target(bytes, table: root, slot: S.Model.subgraphs)
    corrupted = bytes
    write(UInt32(0), into: &corrupted, at: subgraphs + 4)
    expectRejected(corrupted, .invalidOffset(path: "subgraphs[0]", offset: subgraphs + 4, value: 0))
  }

  @Test("Vector lengths reaching past the end of the file are rejected")
  func vectorLength() {
    let root = Locate.root(bytes)
    let subgraphs = Locate.target(bytes, table: root, slot: S.Model.subgraphs)
    let subgraph = Locate.element(bytes, vector: subgraphs, index: 0)
    let tensors = Locate.target(bytes, table: subgraph, slot: S.SubGraph.tensors)
    let tensor = Locate.element(bytes, vector: tensors, index: 1)
    let shape = Locate.target(bytes, table: tensor, slot: S.Tensor.shape)
    var corrupted = bytes
    write(UInt32.max, into: &corrupted, at: shape)
    expectRejected(
      corrupted,
      .truncated(
        path: "subgraphs[0].tensors[1].shape", offset: shape + 4, needed: Int(UInt32.max) * 4,
        available: bytes.count - shape - 4))

    corrupted = bytes
    write(UInt32(1_000_000), into: &corrupted, at: subgraphs)
    expectRejected(
      corrupted,
      .truncated(path: "subgraphs", offset: subgraphs + 4, needed: 4_000_000, available: bytes.count - subgraphs - 4))
  }

  @Test("Strings must be zero-terminated within the file")
  func unterminatedString() {
    let root = Locate.root(bytes)
    let description = Locate.target(bytes, table: root, slot: S.Model.description)
    let length = Int(read(UInt32.self, bytes, at: description))
    var corrupted = bytes
    corrupted[description + 4 + length] = UInt8(ascii: "x")
    expectRejected(corrupted, .unterminatedString(path: "description", offset: description))

    // A string ending exactly at the end of the file has no room for the terminator.
    var atEnd = bytes
    let field = Locate.field(bytes, table: root, slot: S.Model.description)!
    let trailing = atEnd.count
    atEnd += [3, 0, 0, 0, 0x61, 0x62, 0x63]
    write(UInt32(trailing - field), into: &atEnd, at: field)
    expectRejected(atEnd, .unterminatedString(path: "description", offset: trailing))
  }

  @Test("Exposed strings must be valid UTF-8")
  func invalidUTF8() {
    var fields = TestModel.minimal().rootFields
    fields[S.Model.description] = .rawString([0x66, 0xFF, 0xFE])
    expectRejected(FlatBufferBuilder.build(root: fields).data, .invalidUTF8(path: "description"))

    var model = TestModel.minimal()
    model.subgraphs[0].tensors[1].extra[S.Tensor.name] = .rawString([0xC3])
    expectRejected(model, .invalidUTF8(path: "subgraphs[0].tensors[1].name"))
  }

  @Test("Lists longer than the limits are rejected before decoding")
  func countLimits() {
    var model = TestModel.minimal()
    model.extra[S.Model.operatorCodes] = .ints([Int32](repeating: 0, count: TFLiteLimits.maxModelListEntries + 1))
    expectRejected(
      model,
      .countTooLarge(
        path: "operator_codes", count: TFLiteLimits.maxModelListEntries + 1, limit: TFLiteLimits.maxModelListEntries))

    model = TestModel.minimal()
    model.subgraphs[0].extra[S.SubGraph.tensors] = .ints(
      [Int32](repeating: 0, count: TFLiteLimits.maxTensorsPerSubgraph + 1))
    expectRejected(
      model,
      .countTooLarge(
        path: "subgraphs[0].tensors", count: TFLiteLimits.maxTensorsPerSubgraph + 1,
        limit: TFLiteLimits.maxTensorsPerSubgraph))
  }

  @Test("Many objects sharing one large list exhaust the decode budget")
  func decodeBudget() {
    // One tensor table with a 1 MB name, referenced 40 times: the file is
    // about 1 MB, but decoding would produce 40 MB of names.
    var model = TestModel.minimal()
    let bigName = String(repeating: "n", count: 1 << 20)
    let shared = FB.labeled("shared", .table(TestTensor(name: bigName, shape: [1]).fields))
    model.subgraphs[0].extra[S.SubGraph.tensors] = .vector([FB](repeating: .ref("shared"), count: 39) + [shared])
    let bytes = model.bytes
    expectRejected(bytes, .modelTooComplex(limit: TFLiteLimits.decodeBudget(forFileSize: bytes.count)))
  }

  @Test("Options tables are checked against their schema layout")
  func optionsLayout() {
    var model = TestModel.minimal()
    model.opcodes = [.builtin(22)]  // RESHAPE
    // ReshapeOptions.new_shape is an [int] vector.
    model.subgraphs[0].operators[0].optionsType = Op.reshapeOptions
    model.subgraphs[0].operators[0].options = [0: .labeled("newShape", .ints([1, 4]))]
    let (valid, labels) = FlatBufferBuilder.build(root: model.rootFields)
    #expect(throws: Never.self) { try parse(valid).get() }
    var corrupted = valid
    let newShape = labels["newShape"]!
    write(UInt32(1 << 30), into: &corrupted, at: newShape)
    expectRejected(
      corrupted,
      .truncated(
        path: "subgraphs[0].operators[0].builtin_options.new_shape", offset: newShape + 4, needed: 4 << 30,
        available: valid.count - newShape - 4))

    // A scalar field wider than declared in the table.
    model.subgraphs[0].operators[0].optionsType = Op.whileOptions
    model.subgraphs[0].operators[0].options = [1: .int16(0)]
    expectRejected(
      model,
      .fieldOutsideTable(
        path: "subgraphs[0].operators[0].builtin_options.body_subgraph_index", fieldOffset: 4, fieldSize: 4,
        tableSize: 6))

    // Union tags beyond the known tables are accepted unchecked, like LiteRT does.
    model.opcodes = [.builtin(5000)]
    model.subgraphs[0].operators[0].optionsType = 250
    model.subgraphs[0].operators[0].options = [0: .ints([1])]
    #expect(throws: Never.self) { try parse(model.bytes).get() }
  }

  @Test("Strings inside options tables must be terminated")
  func optionsString() {
    var model = TestModel.minimal()
    model.opcodes.append(.builtin(Op.stablehloComposite))
    model.subgraphs.append(TestSubgraph(name: "decomposition", tensors: [TestTensor()], inputs: [0], outputs: [0]))
    model.subgraphs[0].tensors.append(TestTensor(name: "composite"))
    model.subgraphs[0].operators.append(
      TestOperator(
        opcodeIndex: 1, inputs: [2], outputs: [3], options2Type: Op.compositeOptions,
        options2: [0: .labeled("name", .string("c")), 1: .int32(1)]))
    let (valid, labels) = FlatBufferBuilder.build(root: model.rootFields)
    #expect(throws: Never.self) { try parse(valid).get() }
    var corrupted = valid
    corrupted[labels["name"]! + 5] = 0x41
    expectRejected(
      corrupted, .unterminatedString(path: "subgraphs[0].operators[1].builtin_options_2.name", offset: labels["name"]!))
  }
}
