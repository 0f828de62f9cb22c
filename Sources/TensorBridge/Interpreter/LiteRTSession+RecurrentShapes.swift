import TFLiteFormat

/// What the lowered fused recurrent operators make of a resize that changes dimensions the
/// file fixes (see ``LiteRTSession/loweredResize(of:signatureIndex:declared:to:)``).
enum LoweredResize: Equatable {
  /// Every changed dimension is a sequence length the lowered model loops over.
  case takes
  /// Every changed dimension is a sequence length, but the lowering unrolled the file's
  /// length: the model must be lowered again with loops (``LiteRTSession/loopsOverFixedSteps``).
  case needsLoopedLowering
  /// The operators take no other size there; why, in a sentence.
  case refused(String)
}

extension LiteRTSession {
  /// The fixed dimension (see ``recurrentFixedDimensions``) that resizing the input `name` of
  /// signature `signatureIndex` to `shape` would change, if any.
  func fixedDimension(changedBy shape: [Int], input name: String, signatureIndex: Int) -> RecurrentFixedDimension? {
    guard !recurrentFixedDimensions.isEmpty, let subgraph = inputSubgraph(ofSignature: signatureIndex) else {
      return nil
    }
    return recurrentFixedDimensions.first {
      $0.subgraphIndex == subgraph.index && subgraph.inputs.contains($0.tensorIndex) && $0.tensorName == name
        && $0.axis < shape.count && shape[$0.axis] != $0.size
    }
  }

  /// Whether the lowered recurrent operators take the input `name` of signature
  /// `signatureIndex`, declared `declared` in the file, at `shape`, which changes dimensions
  /// the file fixes. Python's interpreter takes another sequence length there (its kernels read
  /// it at every preparation), so a change of the sequence axes only is taken, and so is any
  /// change of an input no lowered operator reads from; any other is refused, naming the
  /// operators. Only for a session with lowered recurrent operators.
  func loweredResize(of name: String, signatureIndex: Int, declared: [Int], to shape: [Int]) -> LoweredResize {
    let location =
      (loweredRecurrentOperators.first?.location ?? "") + (loweredRecurrentOperators.count > 1 ? ", …" : "")
    let refusal = LoweredResize.refused(
      "the model fixes its shape \(Tensor.Shape(declared)), and TensorBridge runs its fused recurrent operators (\(location)) lowered at the file's sizes"
    )
    guard let subgraph = inputSubgraph(ofSignature: signatureIndex) else { return refusal }
    // An input no lowered operator reads from (through any operators) takes what its own take.
    let reaching = inputsReachingLoweredOperators[subgraph.index] ?? []
    let tensors = format.subgraphs[subgraph.index].tensors
    guard
      subgraph.inputs.contains(where: {
        reaching.contains($0) && tensors.indices.contains($0) && tensors[$0].name == name
      })
    else { return .takes }
    guard declared.count == shape.count else { return refusal }
    let steps = recurrentStepAxes.filter {
      $0.subgraphIndex == subgraph.index && subgraph.inputs.contains($0.tensorIndex) && $0.tensorName == name
    }
    let changed = declared.indices.filter { declared[$0] >= 0 && shape[$0] != declared[$0] }
    let stepAxes = Set(steps.map(\.axis))
    guard !changed.isEmpty, changed.allSatisfy(stepAxes.contains) else {
      guard let axis = stepAxes.min() else { return refusal }
      return .refused(
        "the model fixes its shape \(Tensor.Shape(declared)), and of those dimensions TensorBridge's lowering of its fused recurrent operators (\(location)) takes another size only in the sequence length (dimension \(axis)), as TensorFlow Lite's kernels do"
      )
    }
    if changed.allSatisfy({ axis in steps.allSatisfy { $0.axis != axis || $0.takesAnyLength } }) { return .takes }
    return loopsOverFixedSteps ? refusal : .needsLoopedLowering
  }

  /// The subgraph signature `signatureIndex` runs (the main one for a model without signature
  /// definitions, whose one signature LiteRT makes up) and its input tensors.
  private func inputSubgraph(ofSignature signatureIndex: Int) -> (index: Int, inputs: Set<Int>)? {
    let key = signatures[signatureIndex].key
    let subgraph = format.signatures.first { $0.key == key }?.subgraphIndex ?? 0
    guard subgraph < format.subgraphs.count else { return nil }
    return (subgraph, Set(format.subgraphs[subgraph].inputs))
  }
}
