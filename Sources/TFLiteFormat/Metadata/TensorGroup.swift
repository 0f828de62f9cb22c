/// A named group of tensors that belong together, such as the boxes, classes
/// and scores of a detector (the schema's `TensorGroup`).
public struct TensorGroup: Sendable, Equatable {
  /// The group's name.
  public let name: String?
  /// The names of the tensors in the group, matching ``TensorMetadata/name``.
  public let tensorNames: [String]

  /// Creates a tensor group.
  public init(name: String?, tensorNames: [String]) {
    self.name = name
    self.tensorNames = tensorNames
  }
}
