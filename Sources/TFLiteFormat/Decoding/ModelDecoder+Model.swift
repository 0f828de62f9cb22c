// Decoding of the root Model table and its top-level lists: operator codes, buffers, metadata,
// signatures.

extension ModelDecoder {
  mutating func decodeModel() throws(TFLiteFormatError) -> DecodedModel {
    let root = try reader.rootTable()
    var model = DecodedModel()
    model.version = try reader.scalar(root, slot: Slot.Model.version, default: UInt32(0), "version")
    model.description = try string(root, slot: Slot.Model.description, "description")

    model.operatorCodes =
      try decodeTables(
        root, slot: Slot.Model.operatorCodes, limit: TFLiteLimits.maxModelListEntries, "operator_codes"
      ) { decoder, code, path throws(TFLiteFormatError) in try decoder.decodeOperatorCode(code, path) } ?? []

    model.buffers =
      try decodeTables(root, slot: Slot.Model.buffers, limit: TFLiteLimits.maxBuffers, "buffers") {
        decoder, buffer, path throws(TFLiteFormatError) in try decoder.decodeBuffer(buffer, path)
      } ?? []

    if let list = try intList(
      root, slot: Slot.Model.metadataBuffer, limit: TFLiteLimits.maxModelListEntries, "metadata_buffer")
    {
      model.metadataBuffer = list
    }

    model.metadata =
      try decodeTables(root, slot: Slot.Model.metadata, limit: TFLiteLimits.maxModelListEntries, "metadata") {
        decoder, table, path throws(TFLiteFormatError) in
        guard let name = try decoder.string(table, slot: Slot.Metadata.name, path + ".name") else {
          throw .missingField(path: path + ".name")
        }
        let buffer = try decoder.reader.scalar(table, slot: Slot.Metadata.buffer, default: UInt32(0), path + ".buffer")
        return MetadataEntry(name: name, bufferIndex: Int(buffer))
      } ?? []

    let buffers = model.buffers
    model.subgraphs =
      try decodeTables(root, slot: Slot.Model.subgraphs, limit: TFLiteLimits.maxSubgraphs, "subgraphs") {
        decoder, subgraph, path throws(TFLiteFormatError) in
        try decoder.decodeSubgraph(subgraph, path, buffers: buffers)
      } ?? []

    model.signatures =
      try decodeTables(
        root, slot: Slot.Model.signatureDefs, limit: TFLiteLimits.maxModelListEntries, "signature_defs"
      ) { decoder, signature, path throws(TFLiteFormatError) in try decoder.decodeSignature(signature, path) } ?? []

    let groups = try decodeTables(
      root, slot: Slot.Model.externalBufferGroups, limit: TFLiteLimits.maxBuffers, "external_buffer_groups"
    ) { decoder, table, path throws(TFLiteFormatError) in
      if let target = try decoder.reader.indirect(table, slot: Slot.ExternalBufferGroup.name, path + ".name") {
        _ = try decoder.reader.stringBytes(at: target, path + ".name")
      }
    }
    model.externalBufferGroupCount = groups?.count ?? 0

    model.externalBufferGroups =
      try decodeTables(
        root, slot: Slot.Model.externalBuffers, limit: TFLiteLimits.maxBuffers, "external_buffers"
      ) { decoder, table, path throws(TFLiteFormatError) in
        let reader = decoder.reader
        _ = try reader.scalar(table, slot: Slot.ExternalBuffer.id, default: UInt32(0), path + ".id")
        let group = try reader.scalar(table, slot: Slot.ExternalBuffer.group, default: UInt32(0), path + ".group")
        _ = try reader.scalar(table, slot: Slot.ExternalBuffer.offset, default: UInt64(0), path + ".offset")
        _ = try reader.scalar(table, slot: Slot.ExternalBuffer.length, default: UInt64(0), path + ".length")
        if let target = try reader.indirect(table, slot: Slot.ExternalBuffer.packing, path + ".packing") {
          _ = try reader.stringBytes(at: target, path + ".packing")
        }
        return Int(group)
      } ?? []
    return model
  }

  mutating func decodeOperatorCode(_ table: FBTable, _ path: @autoclosure () -> String) throws(TFLiteFormatError)
    -> OperatorCode
  {
    let deprecated = try reader.scalar(
      table, slot: Slot.OperatorCode.deprecatedBuiltinCode, default: Int8(0), path() + ".deprecated_builtin_code")
    let customCode = try string(table, slot: Slot.OperatorCode.customCode, path() + ".custom_code")
    let version = try reader.scalar(table, slot: Slot.OperatorCode.version, default: Int32(1), path() + ".version")
    let builtin = try reader.scalar(
      table, slot: Slot.OperatorCode.builtinCode, default: Int32(0), path() + ".builtin_code")
    return OperatorCode(
      builtinCode: Swift.max(Int32(deprecated), builtin),
      deprecatedBuiltinCode: deprecated,
      customCode: customCode,
      version: version
    )
  }

  mutating func decodeBuffer(_ table: FBTable, _ path: @autoclosure () -> String) throws(TFLiteFormatError)
    -> BufferInfo
  {
    let data = try reader.vector(table, slot: Slot.Buffer.data, elementSize: 1, path() + ".data")
    let offset = try reader.scalar(table, slot: Slot.Buffer.offset, default: UInt64(0), path() + ".offset")
    let size = try reader.scalar(table, slot: Slot.Buffer.size, default: UInt64(0), path() + ".size")
    // Like LiteRT: an inline `data` list wins; otherwise `offset` > 1 places
    // `size` bytes relative to the start of the file.
    if let data {
      let range = data.count > 0 ? data.start..<(data.start &+ data.count) : nil
      return BufferInfo(byteRange: range, isOutOfLine: false, declaresData: true)
    }
    if offset > 1 {
      let range = try fileRange(offset: offset, size: size, path())
      return BufferInfo(byteRange: range.isEmpty ? nil : range, isOutOfLine: true, declaresData: true)
    }
    return BufferInfo(byteRange: nil, isOutOfLine: false, declaresData: false)
  }

  mutating func decodeSignature(_ table: FBTable, _ path: @autoclosure () -> String) throws(TFLiteFormatError)
    -> SignatureDef
  {
    guard let key = try string(table, slot: Slot.SignatureDef.signatureKey, path() + ".signature_key") else {
      throw .missingField(path: path() + ".signature_key")
    }
    if let target = try reader.indirect(table, slot: Slot.SignatureDef.deprecatedTag, path() + ".deprecated_tag") {
      _ = try reader.stringBytes(at: target, path() + ".deprecated_tag")
    }
    let subgraph = try reader.scalar(
      table, slot: Slot.SignatureDef.subgraphIndex, default: UInt32(0), path() + ".subgraph_index")
    let inputs = try decodeTensorMaps(table, slot: Slot.SignatureDef.inputs, path() + ".inputs")
    let outputs = try decodeTensorMaps(table, slot: Slot.SignatureDef.outputs, path() + ".outputs")
    return SignatureDef(key: key, subgraphIndex: Int(subgraph), inputs: inputs, outputs: outputs)
  }

  mutating func decodeTensorMaps(_ table: FBTable, slot: Int, _ path: @autoclosure () -> String)
    throws(TFLiteFormatError) -> [SignatureTensor]
  {
    try decodeTables(table, slot: slot, limit: TFLiteLimits.maxTensorReferences, path()) {
      decoder, entry, entryPath throws(TFLiteFormatError) in
      guard let name = try decoder.string(entry, slot: Slot.TensorMap.name, entryPath + ".name") else {
        throw .missingField(path: entryPath + ".name")
      }
      let tensor = try decoder.reader.scalar(
        entry, slot: Slot.TensorMap.tensorIndex, default: UInt32(0), entryPath + ".tensor_index")
      return SignatureTensor(name: name, tensorIndex: Int(tensor))
    } ?? []
  }
}
