import Foundation
import Testing

@testable import TFLiteFormat

/// Each model-level and signature check, with the exact error it reports.
@Suite("Model validation errors: model level and signatures")
struct ModelValidationErrorTests {
  // MARK: Model level

  @Test("Only schema version 3 is accepted")
  func schemaVersion() {
    var model = TestModel.minimal()
    model.version = 2
    expectRejected(model, .unsupportedSchemaVersion(found: 2, supported: 3))
  }

  @Test("A model needs at least one subgraph")
  func noSubgraphs() {
    var model = TestModel.minimal()
    model.subgraphs = []
    model.signatures = []
    expectRejected(model, .noSubgraphs)
    model.extra[S.Model.subgraphs] = .ints([])
    expectRejected(model, .noSubgraphs)
    var fields = model.rootFields
    fields[S.Model.subgraphs] = nil
    expectRejected(FlatBufferBuilder.build(root: fields).data, .noSubgraphs)
  }

  @Test("CUSTOM operator codes need a custom_code")
  func customCodeMissing() {
    var model = TestModel.minimal()
    model.opcodes.append(TestOpcode(deprecatedBuiltinCode: 32, builtinCode: nil))
    expectRejected(model, .customCodeMissing(path: "operator_codes[1]"))
    model.opcodes[1] = TestOpcode(deprecatedBuiltinCode: nil, builtinCode: 32)
    expectRejected(model, .customCodeMissing(path: "operator_codes[1]"))
    // The legacy field alone says CUSTOM even if the extended one says otherwise.
    model.opcodes[1] = TestOpcode(deprecatedBuiltinCode: 32, builtinCode: 150)
    expectRejected(model, .customCodeMissing(path: "operator_codes[1]"))
  }

  @Test("Metadata must name an existing buffer")
  func metadataBuffer() {
    var model = TestModel.minimal()
    model.metadata.append(("extra", 3))
    expectRejected(model, .indexOutOfRange(path: "metadata[1].buffer", index: 3, count: 3))
  }

  /// Relaxed rule: LiteRT never reads the deprecated `metadata_buffer` list, and
  /// ai-edge-quantizer writes indices equal to the buffer count into it (issue 13).
  @Test("The deprecated metadata_buffer list is not checked (LiteRT ignores it)")
  func metadataBufferIgnored() throws {
    var model = TestModel.minimal()
    model.extra[S.Model.metadataBuffer] = .ints([2, 3, -1, 87])
    let decoded = try expectValid(model)
    #expect(decoded.subgraphs.count == 1)
  }

  @Test("Metadata entries need a name")
  func metadataName() {
    var model = TestModel.minimal()
    model.extra[S.Model.metadata] = .vector([.table([S.Metadata.buffer: .uint32(1)])])
    expectRejected(model, .missingField(path: "metadata[0].name"))
  }

  @Test("Buffers stored out of line must lie within the file")
  func bufferOutOfBounds() {
    var model = TestModel.minimal()
    model.buffers.append(TestBuffer(data: nil, offset: 1000, size: 16))
    let size = model.bytes.count
    model.buffers[3].offset = UInt64(size - 8)
    expectRejected(model, .bufferOutOfBounds(path: "buffers[3]", offset: UInt64(size - 8), size: 16, fileSize: size))
    model.buffers[3] = TestBuffer(data: nil, offset: UInt64.max - 4, size: 16)
    expectRejected(model, .bufferOutOfBounds(path: "buffers[3]", offset: UInt64.max - 4, size: 16, fileSize: size))
    model.buffers[3] = TestBuffer(data: nil, offset: 16, size: UInt64.max)
    expectRejected(model, .bufferOutOfBounds(path: "buffers[3]", offset: 16, size: UInt64.max, fileSize: size))
  }

  @Test("Large custom options must lie within the file")
  func largeCustomOptions() {
    var model = TestModel.minimal()
    model.subgraphs[0].operators[0].extra[S.Operator.largeCustomOptionsOffset] = .uint64(1 << 33)
    model.subgraphs[0].operators[0].extra[S.Operator.largeCustomOptionsSize] = .uint64(8)
    let size = model.bytes.count
    expectRejected(
      model,
      .bufferOutOfBounds(
        path: "subgraphs[0].operators[0].large_custom_options_offset", offset: 1 << 33, size: 8, fileSize: size))
  }

  @Test("External buffers must name an existing group")
  func externalBufferGroup() {
    var model = TestModel.minimal()
    model.extra[S.Model.externalBufferGroups] = .vector([.table([0: .string("weights.bin")])])
    model.extra[S.Model.externalBuffers] = .vector([
      .table([0: .uint32(1), 1: .uint32(0)]), .table([0: .uint32(2), 1: .uint32(1)]),
    ])
    expectRejected(model, .indexOutOfRange(path: "external_buffers[1].group", index: 1, count: 1))
  }
  // MARK: Signatures

  @Test("Signatures must reference an existing subgraph and its tensors")
  func signatures() {
    var model = TestModel.minimal()
    model.signatures[0].subgraphIndex = 1
    expectRejected(model, .indexOutOfRange(path: "signature_defs[0].subgraph_index", index: 1, count: 1))
    model = TestModel.minimal()
    model.signatures[0].outputs = [("y", 2), ("z", 3)]
    expectRejected(model, .indexOutOfRange(path: "signature_defs[0].outputs[1].tensor_index", index: 3, count: 3))
    // Tensor indices are checked against the signature's own subgraph.
    model = TestModel.minimal()
    model.subgraphs.append(TestSubgraph(name: "second", tensors: [TestTensor()], inputs: [0], outputs: [0]))
    model.signatures.append(TestSignature(key: "second", subgraphIndex: 1, inputs: [("a", 0), ("b", 2)]))
    expectRejected(model, .indexOutOfRange(path: "signature_defs[1].inputs[1].tensor_index", index: 2, count: 1))
  }

  @Test("Signature tensors must be the subgraph's inputs and outputs, under unique names")
  func signatureTensors() {
    var model = TestModel.minimal()
    model.signatures[0].inputs = [("x", 1)]
    expectRejected(
      model, .signatureTensorMismatch(path: "signature_defs[0].inputs[0].tensor_index", tensor: 1, role: "input"))
    model = TestModel.minimal()
    model.signatures[0].outputs = [("y", 0)]
    expectRejected(
      model, .signatureTensorMismatch(path: "signature_defs[0].outputs[0].tensor_index", tensor: 0, role: "output"))
    model = TestModel.minimal()
    model.subgraphs[0].inputs = [0, 1]
    model.subgraphs[0].tensors[1].buffer = 0
    model.signatures[0].inputs = [("x", 0), ("x", 1)]
    expectRejected(model, .duplicateName(path: "signature_defs[0].inputs[1].name", name: "x"))
    // Two names for one tensor (LiteRT aborts on this; found by the fuzzer).
    model = TestModel.minimal()
    model.signatures[0].inputs = [("x", 0), ("x2", 0)]
    expectRejected(model, .duplicateSignatureTensor(path: "signature_defs[0].inputs[1].tensor_index", tensor: 0))
    model = TestModel.minimal()
    model.signatures.append(model.signatures[0])
    expectRejected(model, .duplicateName(path: "signature_defs[1].signature_key", name: "serving_default"))
  }

  @Test("Signatures need a key and named tensors")
  func signatureFields() {
    var model = TestModel.minimal()
    model.signatures[0].key = nil
    expectRejected(model, .missingField(path: "signature_defs[0].signature_key"))
    model = TestModel.minimal()
    var fields = model.signatures[0].fields
    fields[S.SignatureDef.inputs] = .vector([.table([S.TensorMap.tensorIndex: .uint32(0)])])
    model.extra[S.Model.signatureDefs] = .vector([.table(fields)])
    expectRejected(model, .missingField(path: "signature_defs[0].inputs[0].name"))
  }
}
