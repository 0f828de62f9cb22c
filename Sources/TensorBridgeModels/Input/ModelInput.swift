import TensorBridge

/// A value that writes itself into a model's input layers: numbers (``ModelValue``, numeric
/// scalars, arrays of them, nested arrays, `Data`), images (TensorBridgeVision's `PixelBuffer`
/// and `ImageInput`) and text (TensorBridgeText's `String` and `EncodedText`). Every kind goes
/// through the same `Model.run(on:)`, by value or by layer name.
///
/// ```swift
/// let scores: [Float] = [0.1, 0.2, 0.3, 0.4]
/// let outputs = try model.run(on: scores)                        // one input layer
/// let both = try model.run(on: ["ids": tokenIDs, "image": photo])  // by layer name
/// ```
///
/// A conforming type from another module reports its own typed error wrapped in
/// ``ModelError/input(layer:_:)``, so callers can still match it.
public protocol ModelInput {
  /// Writes the value into `inputs` (the layers it was given, each with its tensor index) of
  /// `model`'s interpreter. For most values `inputs` holds one layer.
  ///
  /// - Throws: ``ModelError`` naming the layer; a conforming type's own error goes in
  ///   ``ModelError/input(layer:_:)``.
  func write(into model: Model, inputs: [Model.BoundInput]) throws(ModelError)

  /// Whether one value fills every input layer of a model by itself (encoded text fills a BERT
  /// model's ids, mask and segment ids). The default is `false`: a multi-input model then
  /// needs one value per layer.
  var fillsEveryInputLayer: Bool { get }
}

extension ModelInput {
  public var fillsEveryInputLayer: Bool { false }
}

/// A value made of numbers or bytes: it becomes a ``ModelValue`` and is written as
/// `Model.run(on:)` describes for numbers (transformed, quantized, a dynamic batch
/// resized to fit).
public protocol ModelValueConvertible: ModelInput {
  /// The value as a ``ModelValue``.
  var modelValue: ModelValue { get }
  /// An array of such values as a ``ModelValue`` (numbers give a flat ``ModelValue/numbers(_:)``).
  static func modelValue(ofArray elements: [Self]) -> ModelValue
}

extension ModelValueConvertible {
  public static func modelValue(ofArray elements: [Self]) -> ModelValue { .array(elements.map(\.modelValue)) }

  /// Writes the numbers (or bytes) into each layer.
  public func write(into model: Model, inputs: [Model.BoundInput]) throws(ModelError) {
    let value = modelValue
    for input in inputs { try model.write(value, to: input.tensorIndex, layer: input.layer) }
  }
}

extension ModelValue: ModelValueConvertible {
  public var modelValue: ModelValue { self }
}

extension Array: ModelInput where Element: ModelValueConvertible {}

extension Array: ModelValueConvertible where Element: ModelValueConvertible {
  public var modelValue: ModelValue { Element.modelValue(ofArray: self) }
}
