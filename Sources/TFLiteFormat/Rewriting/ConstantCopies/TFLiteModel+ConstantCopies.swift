import Foundation

extension TFLiteModel {
  /// The model file with each of `inputs` reading a constant of its own: for each, a new tensor
  /// (a copy of the one it reads — name, type, shape, quantization) whose new buffer holds a
  /// copy of the same bytes, and the operator rewritten to read it.
  ///
  /// The converter stores identical constants once: two weights initialized to the same values
  /// (two zero biases of one shape) are assigned from one buffer, or one tensor. Such a file
  /// cannot hold two different values for them until each has its own copy; nothing else
  /// changes (the model computes what it computed). As every rewrite here, the new file is the
  /// old one, unchanged, behind a new root table and the new objects.
  ///
  /// - Parameter inputs: Operator inputs that read constant tensors.
  /// - Returns: The rewritten file, checked by the verifier.
  /// - Throws: ``ConstantCopyError/notAConstantInput(_:reason:)`` for an input that is not a
  ///   constant in a buffer of the file, or a rewrite failure; the original model stays usable.
  public func givingOwnConstants(to inputs: [ConstantInput]) throws(ConstantCopyError) -> Data {
    for input in inputs { try checkConstant(input) }
    let result: Result<Data, ConstantCopyError> = data.withUnsafeBytes { raw in
      Result { () throws(ConstantCopyError) -> Data in
        let rewriter = ConstantCopyRewriter(model: self, copier: TableCopier(reader: FlatBufferReader(bytes: raw)))
        return try rewriter.rewrite(Set(inputs))
      }
    }
    let rewritten = try result.get()
    do { _ = try TFLiteModel(data: rewritten, recording: .rewrite) } catch {
      throw .rewrite(.rewrittenModelInvalid(error))
    }
    return rewritten
  }

  private func checkConstant(_ input: ConstantInput) throws(ConstantCopyError) {
    guard subgraphs.indices.contains(input.subgraph),
      subgraphs[input.subgraph].operators.indices.contains(input.operatorIndex)
    else { throw .notAConstantInput(input, reason: "there is no such operator") }
    let subgraph = subgraphs[input.subgraph]
    let op = subgraph.operators[input.operatorIndex]
    guard op.inputs.indices.contains(input.input), subgraph.tensors.indices.contains(op.inputs[input.input]) else {
      throw .notAConstantInput(input, reason: "the operator has no tensor there")
    }
    let tensor = subgraph.tensors[op.inputs[input.input]]
    guard tensor.hasConstantData, tensor.externalBufferIndex == 0, buffers.indices.contains(tensor.bufferIndex),
      buffers[tensor.bufferIndex].byteRange != nil
    else { throw .notAConstantInput(input, reason: "tensor '\(tensor.name)' has no constant data in a buffer") }
  }
}

/// Assembles the file: new `SubGraph` tables whose tensor lists end with the copies and whose
/// operator lists hold the rewritten operators, and the copies' buffers after the model's own.
struct ConstantCopyRewriter {
  private typealias Slot = ModelDecoder.Slot
  private typealias Reference = FlatBufferComposer.Reference

  let model: TFLiteModel
  /// Reads the model's file.
  let copier: TableCopier<ConstantCopyError>

  func rewrite(_ inputs: Set<ConstantInput>) throws(ConstantCopyError) -> Data {
    var rewrite = try ModelRewrite(model: model, copier: copier)
    let bySubgraph = Dictionary(grouping: inputs, by: \.subgraph)
    let subgraphs = try rewrite.editingSubgraphs(bySubgraph.keys) { rewrite, subgraph throws(ConstantCopyError) in
      let info = model.subgraphs[subgraph.index]
      let tensors = try rewrite.oldTensors(of: subgraph)
      let operators = try rewrite.oldOperators(of: subgraph)
      var operatorList = operators.map(Reference.old)
      var copies: [Reference] = []
      let byOperator = Dictionary(grouping: bySubgraph[subgraph.index] ?? [], by: \.operatorIndex)
      for (operatorIndex, inputsOfOperator) in byOperator.sorted(by: { $0.key < $1.key }) {
        let operatorPath = subgraph.path + ".operators[\(operatorIndex)]"
        let operatorTable = try copier.table(at: operators[operatorIndex], path: operatorPath)
        var operatorFields = try copier.fields(of: operatorTable, kinds: TableSchema.operator, path: operatorPath)
        if operatorFields[Slot.Operator.largeCustomOptionsOffset] != nil {
          // Its offset counts from the start of the file; a copy would not move with the old block.
          throw .notAConstantInput(
            inputsOfOperator[0], reason: "its operator keeps custom options after the flatbuffer")
        }
        var operands = info.operators[operatorIndex].inputs.map { Int32($0) }
        for input in inputsOfOperator.sorted(by: { $0.input < $1.input }) {
          let old = Int(operands[input.input])
          var tensorFields = try rewrite.oldTensorFields(old, of: subgraph, at: tensors[old])
          let bytes = bufferBytes(of: info.tensors[old])
          tensorFields[Slot.Tensor.buffer] = .uint32(UInt32(rewrite.additions.addBuffer(bytes)))
          copies.append(rewrite.additions.composer.reference(to: .table(tensorFields)))
          operands[input.input] = Int32(info.tensors.count + copies.count - 1)
        }
        operatorFields[Slot.Operator.inputs] = .reference(rewrite.additions.composer.reference(to: .int32s(operands)))
        operatorList[operatorIndex] = rewrite.additions.composer.reference(to: .table(operatorFields))
      }
      subgraph.fields[Slot.SubGraph.tensors] = rewrite.list(tensors.map(Reference.old) + copies)
      subgraph.fields[Slot.SubGraph.operators] = rewrite.list(operatorList)
    }
    rewrite.setLists(subgraphs: subgraphs)
    return try rewrite.serialize()
  }

  private func bufferBytes(of tensor: TensorInfo) -> [UInt8] {
    guard let range = model.buffers[tensor.bufferIndex].byteRange else { return [] }
    return model.data.withUnsafeBytes { [UInt8]($0[range]) }
  }
}

extension TableSchema {
  /// `Tensor`: shape, type, buffer, name, quantization, is_variable, sparsity, shape_signature,
  /// has_rank, variant_tensors, external_buffer.
  static let tensor: [SlotKind] = [
    .reference, .scalar(1), .scalar(4), .reference, .reference, .scalar(1), .reference, .reference, .scalar(1),
    .reference, .scalar(4),
  ]
  /// `Operator`: opcode_index, inputs, outputs, builtin_options (type, value), custom_options,
  /// custom_options_format, mutating_variable_inputs, intermediates,
  /// large_custom_options_offset and _size, builtin_options_2 (type, value), debug_metadata_index.
  static let `operator`: [SlotKind] = [
    .scalar(4), .reference, .reference, .scalar(1), .reference, .reference, .scalar(1), .reference, .reference,
    .scalar(8), .scalar(8), .scalar(1), .reference, .scalar(4),
  ]
}
