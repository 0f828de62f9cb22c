// Decoding of the root Model table and its top-level lists: operator codes, buffers, metadata,
// signatures.

extension ModelDecoder {
  mutating func decodeModel() throws(TFLiteFormatError) -> DecodedModel {
    let root = try reader.rootTable()
    var model = DecodedModel()
    model.version = try reader.scalar(root, slot: Slot.Model.version, default: UInt32(0), "version")
    model.description = try string(root, slot: Slot.Model.description, "description")

    if let codes = try tableVector(
      root, slot: Slot.Model.operatorCodes, limit: TFLiteLimits.maxModelListEntries, "operator_codes")
    {
      model.operatorCodes.reserveCapacity(codes.count)
      for index in 0..<codes.count {
        model.operatorCodes.append(
          try decodeOperatorCode(tableElement(codes, index, "operator_codes[\(index)]"), "operator_codes[\(index)]"))
      }
    }

    if let buffers = try tableVector(root, slot: Slot.Model.buffers, limit: TFLiteLimits.maxBuffers, "buffers") {
      model.buffers.reserveCapacity(buffers.count)
      for index in 0..<buffers.count {
        model.buffers.append(try decodeBuffer(tableElement(buffers, index, "buffers[\(index)]"), "buffers[\(index)]"))
      }
    }

    if let list = try intList(
      root, slot: Slot.Model.metadataBuffer, limit: TFLiteLimits.maxModelListEntries, "metadata_buffer")
    {
      model.metadataBuffer = list
    }

    if let entries = try tableVector(
      root, slot: Slot.Model.metadata, limit: TFLiteLimits.maxModelListEntries, "metadata")
    {
      for index in 0..<entries.count {
        let path = "metadata[\(index)]"
        let table = try tableElement(entries, index, path)
        guard let name = try string(table, slot: Slot.Metadata.name, path + ".name") else {
          throw .missingField(path: path + ".name")
        }
        let buffer = try reader.scalar(table, slot: Slot.Metadata.buffer, default: UInt32(0), path + ".buffer")
        model.metadata.append(MetadataEntry(name: name, bufferIndex: Int(buffer)))
      }
    }

    if let subgraphs = try tableVector(root, slot: Slot.Model.subgraphs, limit: TFLiteLimits.maxSubgraphs, "subgraphs")
    {
      model.subgraphs.reserveCapacity(subgraphs.count)
      for index in 0..<subgraphs.count {
        let path = "subgraphs[\(index)]"
        model.subgraphs.append(try decodeSubgraph(tableElement(subgraphs, index, path), path, buffers: model.buffers))
      }
    }

    if let signatures = try tableVector(
      root, slot: Slot.Model.signatureDefs, limit: TFLiteLimits.maxModelListEntries, "signature_defs")
    {
      for index in 0..<signatures.count {
        let path = "signature_defs[\(index)]"
        model.signatures.append(try decodeSignature(tableElement(signatures, index, path), path))
      }
    }

    if let groups = try tableVector(
      root, slot: Slot.Model.externalBufferGroups, limit: TFLiteLimits.maxBuffers, "external_buffer_groups")
    {
      model.externalBufferGroupCount = groups.count
      for index in 0..<groups.count {
        let path = "external_buffer_groups[\(index)]"
        let table = try tableElement(groups, index, path)
        if let target = try reader.indirect(table, slot: Slot.ExternalBufferGroup.name, path + ".name") {
          _ = try reader.stringBytes(at: target, path + ".name")
        }
      }
    }

    if let externals = try tableVector(
      root, slot: Slot.Model.externalBuffers, limit: TFLiteLimits.maxBuffers, "external_buffers")
    {
      for index in 0..<externals.count {
        let path = "external_buffers[\(index)]"
        let table = try tableElement(externals, index, path)
        _ = try reader.scalar(table, slot: Slot.ExternalBuffer.id, default: UInt32(0), path + ".id")
        let group = try reader.scalar(table, slot: Slot.ExternalBuffer.group, default: UInt32(0), path + ".group")
        _ = try reader.scalar(table, slot: Slot.ExternalBuffer.offset, default: UInt64(0), path + ".offset")
        _ = try reader.scalar(table, slot: Slot.ExternalBuffer.length, default: UInt64(0), path + ".length")
        if let target = try reader.indirect(table, slot: Slot.ExternalBuffer.packing, path + ".packing") {
          _ = try reader.stringBytes(at: target, path + ".packing")
        }
        model.externalBufferGroups.append(Int(group))
      }
    }
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
    guard let maps = try tableVector(table, slot: slot, limit: TFLiteLimits.maxTensorReferences, path()) else {
      return []
    }
    var result: [SignatureTensor] = []
    result.reserveCapacity(maps.count)
    for index in 0..<maps.count {
      let entry = try tableElement(maps, index, path() + "[\(index)]")
      guard let name = try string(entry, slot: Slot.TensorMap.name, path() + "[\(index)].name") else {
        throw .missingField(path: path() + "[\(index)].name")
      }
      let tensor = try reader.scalar(
        entry, slot: Slot.TensorMap.tensorIndex, default: UInt32(0), path() + "[\(index)].tensor_index")
      result.append(SignatureTensor(name: name, tensorIndex: Int(tensor)))
    }
    return result
  }
}
