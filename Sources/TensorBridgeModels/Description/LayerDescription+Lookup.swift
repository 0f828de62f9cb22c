/// A model's layers by position and by name, as Tensor/IO's `ModelIO` offers them: the arrays
/// keep `model.json`'s order (a layer's index is its position), and these look a layer up by the
/// name it is given there.
///
/// ```swift
/// let image = bundle.description.inputs[named: "image"]
/// let position = bundle.description.outputs.index(named: "scores")
/// ```
extension Array where Element == LayerDescription {
  /// The layer named `name`, or nil when none is (names are matched exactly).
  public subscript(named name: String) -> LayerDescription? { first { $0.name == name } }

  /// The position of the layer named `name`, or nil when none is.
  public func index(named name: String) -> Int? { firstIndex { $0.name == name } }

  /// The layers' names, in order.
  public var names: [String] { map(\.name) }
}
