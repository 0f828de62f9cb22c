/// Metadata of one subgraph: its inputs and outputs in graph order, processing
/// steps shared by several tensors, and tensor groups (the schema's
/// `SubGraphMetadata`).
public struct SubgraphMetadata: Sendable, Equatable {
  /// The subgraph's name.
  public let name: String?
  /// A human-readable description.
  public let description: String?
  /// Metadata of the subgraph's inputs, in the order of the graph's inputs.
  public let inputs: [TensorMetadata]
  /// Metadata of the subgraph's outputs, in the order of the graph's outputs.
  public let outputs: [TensorMetadata]
  /// Processing steps that apply to all inputs together (for example a tokenizer).
  public let inputProcessUnits: [ProcessUnit]
  /// Processing steps that apply to all outputs together.
  public let outputProcessUnits: [ProcessUnit]
  /// Files attached to the subgraph.
  public let associatedFiles: [AssociatedFileInfo]
  /// Named groups of input tensors.
  public let inputTensorGroups: [TensorGroup]
  /// Named groups of output tensors.
  public let outputTensorGroups: [TensorGroup]
  /// Opaque blocks for specific consumers.
  public let customMetadata: [CustomMetadata]

  /// Creates subgraph metadata.
  public init(
    name: String?, description: String?, inputs: [TensorMetadata], outputs: [TensorMetadata],
    inputProcessUnits: [ProcessUnit], outputProcessUnits: [ProcessUnit], associatedFiles: [AssociatedFileInfo],
    inputTensorGroups: [TensorGroup], outputTensorGroups: [TensorGroup], customMetadata: [CustomMetadata]
  ) {
    self.name = name
    self.description = description
    self.inputs = inputs
    self.outputs = outputs
    self.inputProcessUnits = inputProcessUnits
    self.outputProcessUnits = outputProcessUnits
    self.associatedFiles = associatedFiles
    self.inputTensorGroups = inputTensorGroups
    self.outputTensorGroups = outputTensorGroups
    self.customMetadata = customMetadata
  }
}
