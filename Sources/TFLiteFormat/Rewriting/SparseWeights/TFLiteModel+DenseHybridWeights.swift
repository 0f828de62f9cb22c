import Foundation

/// A model whose sparse int8 weights of hybrid `FULLY_CONNECTED` operators were stored dense
/// (see ``TFLiteModel/densifyingHybridWeights()``).
public struct DenseHybridWeights: Sendable {
  /// The rewritten model file.
  public let data: Data
  /// The rewritten model, verified.
  public let model: TFLiteModel
  /// The names of the weight tensors now stored dense, in subgraph and tensor order.
  public let tensors: [String]
}

extension TFLiteModel {
  /// The model with the sparse int8 weights of its hybrid `FULLY_CONNECTED` operators (float32
  /// input, int8 weights: what the converter's `[DEFAULT, EXPERIMENTAL_SPARSITY]` writes) stored
  /// dense, or nil when it has none.
  ///
  /// TensorFlow Lite's builtin `FULLY_CONNECTED` reads such weights sparse (its "ledger" path);
  /// XNNPACK (LiteRT's CPU default) takes the operator anyway and reads the buffer as a dense
  /// matrix, past its end; and an int8 `DENSIFY` feeding one makes XNNPACK fail to prepare.
  /// The rewrite gives each such weight tensor its dense values (a new buffer, no `sparsity`,
  /// everything else as it was) and makes the output of such a `DENSIFY` a constant holding
  /// them, dropping the `DENSIFY`; the model computes what the builtin kernels compute from the
  /// original. Float weights (which XNNPACK densifies itself) and weights of other operators
  /// stay as they are.
  ///
  /// - Throws: ``DenseHybridWeightsError``; the original model stays usable.
  public func densifyingHybridWeights() throws(DenseHybridWeightsError) -> DenseHybridWeights? {
    let targets = hybridWeightTargets()
    guard !targets.isEmpty else { return nil }
    let result: Result<Data, DenseHybridWeightsError> = data.withUnsafeBytes { raw in
      Result { () throws(DenseHybridWeightsError) -> Data in
        let rewriter = DenseHybridWeightsRewriter(
          model: self, copier: TableCopier(reader: FlatBufferReader(bytes: raw)))
        return try rewriter.rewrite(targets)
      }
    }
    let rewritten = try result.get()
    let model: TFLiteModel
    do throws(TFLiteFormatError) { model = try TFLiteModel(data: rewritten, recording: .rewrite) } catch {
      throw .rewrite(.rewrittenModelInvalid(error))
    }
    return DenseHybridWeights(
      data: rewritten, model: model,
      tensors: targets.map { subgraphs[$0.subgraph].tensors[$0.tensor].name })
  }

  /// Each sparse int8 constant a hybrid `FULLY_CONNECTED` reads as its weights, directly or
  /// through a `DENSIFY` (then `densify` is that operator's index).
  func hybridWeightTargets() -> [DenseHybridWeightsRewriter.Target] {
    var targets: [DenseHybridWeightsRewriter.Target] = []
    for (subgraphIndex, subgraph) in subgraphs.enumerated() where subgraph.tensors.contains(where: \.hasSparsity) {
      let tensors = subgraph.tensors
      func isSparseInt8Constant(_ index: Int) -> Bool {
        tensors.indices.contains(index) && tensors[index].type == .int8 && tensors[index].hasSparsity
          && tensors[index].hasConstantData && tensors[index].externalBufferIndex == 0
      }
      // The DENSIFY operator writing each tensor, when its input is sparse int8 constant.
      var densified: [Int: (op: Int, input: Int)] = [:]
      let boundary = Set(subgraph.inputs + subgraph.outputs)
      for (index, op) in subgraph.operators.enumerated() where code(of: op) == .densify {
        guard op.inputs.count == 1, op.outputs.count == 1, isSparseInt8Constant(op.inputs[0]),
          tensors.indices.contains(op.outputs[0]), !boundary.contains(op.outputs[0]),
          tensors[op.outputs[0]].type == .int8, tensors[op.outputs[0]].shape == tensors[op.inputs[0]].shape
        else { continue }
        densified[op.outputs[0]] = (index, op.inputs[0])
      }
      var seen: Set<Int> = []
      for op in subgraph.operators where code(of: op) == .fullyConnected && op.inputs.count >= 2 {
        let input = op.inputs[0]
        let weights = op.inputs[1]
        guard tensors.indices.contains(input), tensors[input].type == .float32, !seen.contains(weights) else {
          continue
        }
        if isSparseInt8Constant(weights) {
          seen.insert(weights)
          targets.append(.init(subgraph: subgraphIndex, tensor: weights, source: weights, densify: nil))
        } else if let producer = densified[weights] {
          seen.insert(weights)
          targets.append(.init(subgraph: subgraphIndex, tensor: weights, source: producer.input, densify: producer.op))
        }
      }
    }
    return targets
  }

  private func code(of op: OperatorInfo) -> BuiltinOperator? {
    guard let code = operatorCode(of: op), !code.isCustom else { return nil }
    return code.builtinOperator
  }
}

/// Assembles the file: each target tensor's table copied with a new buffer of dense values and
/// without `sparsity`, and the `DENSIFY` operators that wrote targets left out.
struct DenseHybridWeightsRewriter {
  private typealias Slot = ModelDecoder.Slot
  private typealias Reference = FlatBufferComposer.Reference

  /// A weight tensor to store dense: `tensor` gets the dense values of the sparse `source`
  /// (itself, or the input of the `DENSIFY` operator `densify` that writes it).
  struct Target: Hashable {
    let subgraph: Int
    let tensor: Int
    let source: Int
    let densify: Int?
  }

  let model: TFLiteModel
  /// Reads the model's file.
  let copier: TableCopier<DenseHybridWeightsError>

  func rewrite(_ targets: [Target]) throws(DenseHybridWeightsError) -> Data {
    var rewrite = try ModelRewrite(model: model, copier: copier)
    let bySubgraph = Dictionary(grouping: targets, by: \.subgraph)
    let subgraphs = try rewrite.editingSubgraphs(bySubgraph.keys) { rewrite, subgraph throws(DenseHybridWeightsError) in
      let inSubgraph = bySubgraph[subgraph.index] ?? []
      let tensorPositions = try rewrite.oldTensors(of: subgraph)
      var tensors = tensorPositions.map(Reference.old)
      let info = model.subgraphs[subgraph.index]
      for target in inSubgraph {
        let source = info.tensors[target.source]
        guard let sparsity = source.sparsity,
          let stored = model.constantData(subgraph: subgraph.index, tensor: target.source),
          let dense = sparsity.denseBytes(of: [UInt8](stored), shape: source.shape, elementSize: 1)
        else { throw .weightsDoNotDensify(subgraph: subgraph.index, tensor: source.name) }
        var tensorFields = try rewrite.oldTensorFields(target.tensor, of: subgraph, at: tensorPositions[target.tensor])
        tensorFields[Slot.Tensor.sparsity] = nil
        tensorFields[Slot.Tensor.buffer] = .uint32(UInt32(rewrite.additions.addBuffer(dense)))
        tensors[target.tensor] = rewrite.additions.composer.reference(to: .table(tensorFields))
      }
      let dropped = Set(inSubgraph.compactMap(\.densify))
      if !dropped.isEmpty {
        let operators = try rewrite.oldOperators(of: subgraph)
        let kept = operators.enumerated().filter { !dropped.contains($0.offset) }.map { Reference.old($0.element) }
        subgraph.fields[Slot.SubGraph.operators] = rewrite.list(kept)
      }
      subgraph.fields[Slot.SubGraph.tensors] = rewrite.list(tensors)
    }
    rewrite.setLists(subgraphs: subgraphs)
    return try rewrite.serialize()
  }
}
