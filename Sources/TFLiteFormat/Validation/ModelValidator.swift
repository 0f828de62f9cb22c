/// Semantic checks on a decoded model, run after ``ModelDecoder`` has checked
/// the flatbuffer structure. In order:
///
/// - schema version 3; at least one subgraph; `CUSTOM` codes name their op;
/// - metadata buffer indices, external buffer groups (the deprecated
///   `metadata_buffer` list is not checked: LiteRT never reads it);
/// - per subgraph: inputs/outputs in range; per tensor: dimensions >= 0
///   (`shape_signature` >= -1), byte size without overflow and at most
///   ``TFLiteLimits/maxTensorBytes``, buffer index, no constant data on
///   variables, sparsity tree consistent with the shape, constant data size
///   (exact inline, at least out of line, well-formed string tables),
///   quantization (lengths, dimension, scale count, blockwise/multi-axis
///   references, zero points within the integer type, positive normal scales);
/// - per operator: opcode index, tensor indices (-1 only where the operator
///   allows an omitted tensor), options table of the operator's own type,
///   operator parameters (`SPLIT` counts, minimum operand counts), subgraph
///   references, `DEQUANTIZE` element counts; data flow (inputs exist when
///   read, outputs written once and never constants, variables or inputs);
/// - signatures: unique keys, subgraph index, tensors that are the
///   subgraph's inputs/outputs under unique names;
/// - no cycles among subgraphs calling each other.
///
/// These are the conditions under which LiteRT (or its default XNNPACK
/// delegate) was seen to crash instead of reporting an error, plus cheap
/// ones it reports itself, so callers get one precise error before the
/// runtime ever sees the model.
enum ModelValidator {
  /// Validates `model`, whose bytes are `bytes`. Throws the first problem found.
  static func validate(_ model: DecodedModel, bytes: UnsafeRawBufferPointer) throws(TFLiteFormatError) {
    guard model.version == TFLiteLimits.schemaVersion else {
      throw .unsupportedSchemaVersion(found: model.version, supported: TFLiteLimits.schemaVersion)
    }
    guard !model.subgraphs.isEmpty else { throw .noSubgraphs }

    for (index, code) in model.operatorCodes.enumerated() {
      let customCode = BuiltinOperator.custom.rawValue
      if code.builtinCode == customCode || Int32(code.deprecatedBuiltinCode) == customCode, code.customCode == nil {
        throw .customCodeMissing(path: "operator_codes[\(index)]")
      }
    }

    // `metadata_buffer` is deprecated and never read by LiteRT (the quantizer writes
    // out-of-range indices into it): it is decoded but not checked.
    for (index, entry) in model.metadata.enumerated() {
      try checkIndex(entry.bufferIndex, count: model.buffers.count, "metadata[\(index)].buffer")
    }
    for (index, group) in model.externalBufferGroups.enumerated() {
      try checkIndex(group, count: model.externalBufferGroupCount, "external_buffers[\(index)].group")
    }

    for (index, subgraph) in model.subgraphs.enumerated() {
      try validateSubgraph(subgraph, index: index, model: model, bytes: bytes)
    }

    var keys = Set<String>()
    for (index, signature) in model.signatures.enumerated() {
      let path = "signature_defs[\(index)]"
      guard keys.insert(signature.key).inserted else {
        throw .duplicateName(path: path + ".signature_key", name: signature.key)
      }
      try checkIndex(signature.subgraphIndex, count: model.subgraphs.count, path + ".subgraph_index")
      let subgraph = model.subgraphs[signature.subgraphIndex]
      try checkSignatureTensors(signature.inputs, of: subgraph, role: "input", "\(path).inputs")
      try checkSignatureTensors(signature.outputs, of: subgraph, role: "output", "\(path).outputs")
    }

    try checkSubgraphCalls(model.subgraphs)
  }

  // MARK: - Indices

  /// Throws unless `0 <= index < count`.
  static func checkIndex(_ index: Int, count: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError) {
    guard index >= 0, index < count else {
      throw .indexOutOfRange(path: path(), index: index, count: count)
    }
  }

  /// Throws unless `index` is -1 (an omitted optional tensor) or in `0..<count`.
  static func checkOptionalIndex(_ index: Int, count: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError)
  {
    guard index == -1 || (index >= 0 && index < count) else {
      throw .indexOutOfRange(path: path(), index: index, count: count)
    }
  }
}
