// Subgraph checks: index ranges, each operator's tensors and references, data flow, and cycles
// among subgraphs calling each other.

extension ModelValidator {
  static func validateSubgraph(_ subgraph: Subgraph, index: Int, model: DecodedModel, bytes: UnsafeRawBufferPointer)
    throws(TFLiteFormatError)
  {
    let path = "subgraphs[\(index)]"
    let tensorCount = subgraph.tensors.count
    for (position, tensor) in subgraph.inputs.enumerated() {
      try checkIndex(tensor, count: tensorCount, "\(path).inputs[\(position)]")
    }
    for (position, tensor) in subgraph.outputs.enumerated() {
      try checkIndex(tensor, count: tensorCount, "\(path).outputs[\(position)]")
    }
    for (tensorIndex, tensor) in subgraph.tensors.enumerated() {
      try validateTensor(
        tensor, tensorCount: tensorCount, model: model, bytes: bytes, "\(path).tensors[\(tensorIndex)]")
    }
    for (operatorIndex, op) in subgraph.operators.enumerated() {
      let operatorPath = "\(path).operators[\(operatorIndex)]"
      try checkIndex(op.opcodeIndex, count: model.operatorCodes.count, operatorPath + ".opcode_index")
      let code = model.operatorCodes[op.opcodeIndex]
      for (position, tensor) in op.inputs.enumerated() {
        try checkOptionalIndex(tensor, count: tensorCount, "\(operatorPath).inputs[\(position)]")
        if tensor == -1, !OmittedTensorRules.allowsOmittedInput(code: code.builtinCode, position: position) {
          throw .requiredTensorOmitted(path: "\(operatorPath).inputs[\(position)]", operator: code.name)
        }
      }
      for (position, tensor) in op.outputs.enumerated() {
        try checkOptionalIndex(tensor, count: tensorCount, "\(operatorPath).outputs[\(position)]")
        if tensor == -1, !OmittedTensorRules.allowsOmittedOutput(code: code.builtinCode) {
          throw .requiredTensorOmitted(path: "\(operatorPath).outputs[\(position)]", operator: code.name)
        }
      }
      for (position, tensor) in op.intermediates.enumerated() {
        try checkOptionalIndex(tensor, count: tensorCount, "\(operatorPath).intermediates[\(position)]")
      }
      try checkOptionsType(op, code: code, operatorPath)
      try OperatorParameterRules.check(op, code: code, reader: FlatBufferReader(bytes: bytes), operatorPath)
      for reference in op.subgraphReferences {
        try checkIndex(reference.subgraphIndex, count: model.subgraphs.count, "\(operatorPath).\(reference.field)")
      }
      if code.builtinCode == BuiltinOperator.dequantize.rawValue {
        try checkDequantize(op, tensors: subgraph.tensors, operatorPath)
      }
    }
    try checkDataFlow(subgraph, buffers: model.buffers, path)
  }

  /// Every operator input must exist when the operator runs (a constant, a
  /// variable, a subgraph input, or an earlier operator's output), and every
  /// output must be written by exactly one operator and be none of those.
  /// LiteRT crashes on, for example, a resource tensor that no `VAR_HANDLE`
  /// produced, or on a write into read-only constant data.
  static func checkDataFlow(_ subgraph: Subgraph, buffers: [BufferInfo], _ path: String) throws(TFLiteFormatError) {
    enum Origin {
      case computed, constant, variable, subgraphInput
      case produced(Int)
    }
    var origins: [Origin] = subgraph.tensors.map { tensor in
      if tensor.isVariable { return .variable }
      if tensor.externalBufferIndex != 0 { return .constant }  // data lives in an external file
      if tensor.bufferIndex != 0, tensor.bufferIndex < buffers.count, buffers[tensor.bufferIndex].declaresData {
        return .constant
      }
      return .computed
    }
    for (position, input) in subgraph.inputs.enumerated() {
      switch origins[input] {
      case .computed: origins[input] = .subgraphInput
      case .constant: throw .constantSubgraphInput(path: "\(path).inputs[\(position)]", tensor: input)
      default: break
      }
    }
    for (operatorIndex, op) in subgraph.operators.enumerated() {
      let operatorPath = "\(path).operators[\(operatorIndex)]"
      for (position, tensor) in op.inputs.enumerated() where tensor >= 0 {
        // Empty tensors carry no data, so where they come from does not matter.
        if case .computed = origins[tensor], subgraph.tensors[tensor].elementCount != 0 {
          throw .tensorNotProduced(path: "\(operatorPath).inputs[\(position)]", tensor: tensor)
        }
      }
      for (position, tensor) in op.outputs.enumerated() where tensor >= 0 {
        let outputPath = "\(operatorPath).outputs[\(position)]"
        switch origins[tensor] {
        case .computed:
          origins[tensor] = .produced(operatorIndex)
        case .constant:
          throw .invalidOperatorOutput(path: outputPath, tensor: tensor, reason: "is constant")
        case .variable:
          throw .invalidOperatorOutput(path: outputPath, tensor: tensor, reason: "is a variable")
        case .subgraphInput:
          throw .invalidOperatorOutput(path: outputPath, tensor: tensor, reason: "is an input of the subgraph")
        case .produced(let producer):
          throw .invalidOperatorOutput(
            path: outputPath, tensor: tensor, reason: "is already written by operators[\(producer)]")
        }
      }
    }
  }

  // MARK: - Subgraph call graph

  /// Control-flow operators run other subgraphs; a subgraph that reaches
  /// itself again would make LiteRT recurse until the stack overflows.
  static func checkSubgraphCalls(_ subgraphs: [Subgraph]) throws(TFLiteFormatError) {
    // Edges: callee index plus the path of the reference, per subgraph.
    var edges: [[(callee: Int, path: String)]] = Array(repeating: [], count: subgraphs.count)
    var hasEdges = false
    for (index, subgraph) in subgraphs.enumerated() {
      for (operatorIndex, op) in subgraph.operators.enumerated() {
        for reference in op.subgraphReferences {
          edges[index].append(
            (reference.subgraphIndex, "subgraphs[\(index)].operators[\(operatorIndex)].\(reference.field)"))
          hasEdges = true
        }
      }
    }
    guard hasEdges else { return }

    // Iterative depth-first search: 0 unvisited, 1 on the current path, 2 done.
    var state = Array(repeating: 0, count: subgraphs.count)
    for start in 0..<subgraphs.count where state[start] == 0 {
      var stack: [(node: Int, nextEdge: Int)] = [(start, 0)]
      state[start] = 1
      while let top = stack.last {
        let node = top.node
        if top.nextEdge < edges[node].count {
          let edge = edges[node][top.nextEdge]
          stack[stack.count &- 1].nextEdge = top.nextEdge &+ 1
          switch state[edge.callee] {
          case 0:
            state[edge.callee] = 1
            stack.append((edge.callee, 0))
          case 1:
            let nodes = stack.map(\.node)
            let loopStart = nodes.firstIndex(of: edge.callee) ?? 0
            throw .subgraphCycle(path: edge.path, cycle: Array(nodes[loopStart...]) + [edge.callee])
          default:
            break
          }
        } else {
          state[node] = 2
          stack.removeLast()
        }
      }
    }
  }
}
