/// A dimension of a lowered recurrent operator's input that its shape signature leaves dynamic
/// (`-1`) but that the operator's state or weights fix: the batch (the state's first
/// dimension) or the input size (the weights' columns).
///
/// TensorFlow Lite's kernels check those against the input at every `allocate_tensors()`, so
/// Python's interpreter runs such a model at the size the file gives and fails to prepare it
/// after a resize to another (`hidden_state->dims->data[0] != batch_size`). The lowering
/// takes the dimension at that size; ``TFLiteModel/loweringRecurrentState(loopingOverFixedSteps:)`` lists it in
/// ``RecurrentStateLowering/fixedDimensions`` so that a resize of a model input can be refused
/// up front, naming the operator, instead of failing inside the runtime.
public struct RecurrentFixedDimension: Sendable, Hashable {
  /// The subgraph of the operator and the tensor.
  public let subgraphIndex: Int
  /// The input tensor's index in that subgraph.
  public let tensorIndex: Int
  /// The input tensor's name.
  public let tensorName: String
  /// The fixed dimension.
  public let axis: Int
  /// Its size (the tensor's shape there).
  public let size: Int
  /// The operator that fixes it, as `subgraphs[0].operators[3] UNIDIRECTIONAL_SEQUENCE_LSTM`.
  public let operatorLocation: String

  /// Why a resize of the tensor must keep the dimension, in a sentence.
  public var reason: String {
    "dimension \(axis) of '\(tensorName)' is fixed at \(size) by the state and weights of \(operatorLocation); TensorFlow Lite's kernel takes no other size there (Python's allocate_tensors() fails on it too)"
  }
}

extension RecurrentPlan {
  /// The dimensions of this plan's data inputs in `subgraph` whose signature is dynamic but
  /// that the lowering takes at their current size (see ``RecurrentFixedDimension``).
  func fixedDimensions(in subgraph: Subgraph, subgraphIndex: Int, location: String) -> [RecurrentFixedDimension] {
    dataInputs.flatMap { input -> [RecurrentFixedDimension] in
      let tensor = subgraph.tensors[input.tensor]
      guard let signature = tensor.shapeSignature, signature.count == tensor.shape.count else { return [] }
      return signature.indices.compactMap { axis in
        guard signature[axis] < 0, axis != input.dynamicAxis else { return nil }
        return RecurrentFixedDimension(
          subgraphIndex: subgraphIndex, tensorIndex: input.tensor, tensorName: tensor.name, axis: axis,
          size: tensor.shape[axis], operatorLocation: location)
      }
    }
  }
}
