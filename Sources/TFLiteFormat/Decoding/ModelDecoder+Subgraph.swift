// Decoding of one SubGraph table: its tensors, inputs, outputs and operators.

extension ModelDecoder {
  mutating func decodeSubgraph(_ table: FBTable, _ path: String, buffers: [BufferInfo]) throws(TFLiteFormatError)
    -> Subgraph
  {
    let tensors =
      try decodeTables(
        table, slot: Slot.SubGraph.tensors, limit: TFLiteLimits.maxTensorsPerSubgraph, path + ".tensors"
      ) { decoder, tensor, tensorPath throws(TFLiteFormatError) in
        try decoder.decodeTensor(tensor, tensorPath, buffers: buffers)
      } ?? []
    let inputs =
      try intList(table, slot: Slot.SubGraph.inputs, limit: TFLiteLimits.maxTensorReferences, path + ".inputs") ?? []
    let outputs =
      try intList(table, slot: Slot.SubGraph.outputs, limit: TFLiteLimits.maxTensorReferences, path + ".outputs") ?? []
    let operators =
      try decodeTables(
        table, slot: Slot.SubGraph.operators, limit: TFLiteLimits.maxOperatorsPerSubgraph, path + ".operators"
      ) { decoder, op, operatorPath throws(TFLiteFormatError) in try decoder.decodeOperator(op, operatorPath) } ?? []
    let name = try string(table, slot: Slot.SubGraph.name, path + ".name")
    _ = try reader.scalar(
      table, slot: Slot.SubGraph.debugMetadataIndex, default: Int32(-1), path + ".debug_metadata_index")
    return Subgraph(name: name, tensors: tensors, inputs: inputs, outputs: outputs, operators: operators)
  }
}
