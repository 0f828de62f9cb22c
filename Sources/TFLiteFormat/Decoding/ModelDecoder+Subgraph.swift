// Decoding of one SubGraph table: its tensors, inputs, outputs and operators.
//
// The tensor and operator loops are written out on purpose. Folded into one generic
// `decodeTables`, they made deeplabv3_257's load + compile 1.8x slower (release, interleaved
// runs; page faults in LiteRT's allocations): BENCHMARKS.md, "After the duplicate folds (issue
// 15)".

extension ModelDecoder {
  mutating func decodeSubgraph(_ table: FBTable, _ path: String, buffers: [BufferInfo]) throws(TFLiteFormatError)
    -> Subgraph
  {
    var tensors: [TensorInfo] = []
    if let vector = try tableVector(
      table, slot: Slot.SubGraph.tensors, limit: TFLiteLimits.maxTensorsPerSubgraph, path + ".tensors")
    {
      tensors.reserveCapacity(vector.count)
      for index in 0..<vector.count {
        let tensorPath = "\(path).tensors[\(index)]"
        tensors.append(try decodeTensor(tableElement(vector, index, tensorPath), tensorPath, buffers: buffers))
      }
    }
    let inputs =
      try intList(table, slot: Slot.SubGraph.inputs, limit: TFLiteLimits.maxTensorReferences, path + ".inputs") ?? []
    let outputs =
      try intList(table, slot: Slot.SubGraph.outputs, limit: TFLiteLimits.maxTensorReferences, path + ".outputs") ?? []
    var operators: [OperatorInfo] = []
    if let vector = try tableVector(
      table, slot: Slot.SubGraph.operators, limit: TFLiteLimits.maxOperatorsPerSubgraph, path + ".operators")
    {
      operators.reserveCapacity(vector.count)
      for index in 0..<vector.count {
        let operatorPath = "\(path).operators[\(index)]"
        operators.append(try decodeOperator(tableElement(vector, index, operatorPath), operatorPath))
      }
    }
    let name = try string(table, slot: Slot.SubGraph.name, path + ".name")
    _ = try reader.scalar(
      table, slot: Slot.SubGraph.debugMetadataIndex, default: Int32(-1), path + ".debug_metadata_index")
    return Subgraph(name: name, tensors: tensors, inputs: inputs, outputs: outputs, operators: operators)
  }
}
