/// What a model input or output tensor means and how to prepare or interpret
/// its values (the schema's `TensorMetadata`).
public struct TensorMetadata: Sendable, Equatable {
  /// The tensor's name in the metadata (not necessarily the graph's tensor name).
  public let name: String?
  /// A human-readable description.
  public let description: String?
  /// Names of the tensor's dimensions, possibly empty.
  public let dimensionNames: [String]
  /// What the tensor holds, if stated.
  public let content: TensorContent?
  /// Processing steps specific to this tensor, such as normalization.
  public let processUnits: [ProcessUnit]
  /// Reference statistics of the tensor's values, if stated.
  public let stats: TensorStats?
  /// Files attached to this tensor, such as its label list.
  public let associatedFiles: [AssociatedFileInfo]

  /// Creates tensor metadata.
  public init(
    name: String?, description: String?, dimensionNames: [String], content: TensorContent?,
    processUnits: [ProcessUnit], stats: TensorStats?, associatedFiles: [AssociatedFileInfo]
  ) {
    self.name = name
    self.description = description
    self.dimensionNames = dimensionNames
    self.content = content
    self.processUnits = processUnits
    self.stats = stats
    self.associatedFiles = associatedFiles
  }
}
