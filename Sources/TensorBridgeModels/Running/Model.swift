import Foundation
import TFLiteFormat
import TensorBridge

/// A model with its description: native values in, named and labelled values out.
///
/// ```swift
/// let model = try Model(contentsOf: URL(fileURLWithPath: "two-vectors.tiobundle"))
/// let outputs = try model.run(on: ["foo-features": [1, 2, 3, 4],
///                                  "bar-features": [1, 2, 3, 4, 5, 6, 7, 8]])
/// let features: [Float] = [1, 2, 3, 4]             // any numeric array, an image or text too
/// let single = try singleInputModel.run(on: features)
/// let baz = outputs["baz-outputs"]?.values      // 3 floats
/// ```
///
/// Layers are matched to the model's tensors by position, as Tensor/IO does for TF Lite.
/// Not thread-safe (it owns an `Interpreter`); use one per task or thread.
public final class Model {
  /// The description in use.
  public let description: ModelDescription
  /// The interpreter running the model.
  public let interpreter: Interpreter
  /// The tensor each layer uses.
  let binding: LayerBinding

  /// Loads a bundle folder, or a plain `.tflite` described by its tensors and metadata.
  public convenience init(contentsOf url: URL, options: Interpreter.Options = Interpreter.Options()) throws(ModelError)
  {
    let bundle: ModelBundle
    do { bundle = try ModelBundle.open(url) } catch { throw .bundle(error) }
    try self.init(bundle: bundle, options: options)
  }

  /// Loads the model of a bundle and checks the description against it. The model is read and
  /// verified only if the bundle has not done so already (``ModelBundle/verifiedModel``); it is
  /// compiled once, with `options`.
  ///
  /// - Throws: ``ModelError/placeholder(bundle:file:)`` for a placeholder bundle whose model
  ///   file has not arrived; ``ModelError/interpreter(_:)`` when the model does not load;
  ///   ``ModelError/bundle(_:)`` when the description does not fit the model.
  public init(bundle: ModelBundle, options: Interpreter.Options = Interpreter.Options()) throws(ModelError) {
    if bundle.isAwaitingModelFile {
      throw .placeholder(bundle: bundle.folder.lastPathComponent, file: bundle.description.model.file)
    }
    do {
      let model: TFLiteModel
      if let verified = bundle.verifiedModel {
        model = verified
      } else {
        model = try TFLiteModel(modelPath: bundle.modelFile.path)
      }
      interpreter = try Interpreter(model: model, options: options)
    } catch {
      throw .interpreter(error)
    }
    description = bundle.description
    binding = LayerBinding(description, interpreter: interpreter)
    let problems = DescriptionCheck.problems(description, interpreter: interpreter, binding: binding)
    if !problems.isEmpty { throw .bundle(.modelMismatch(problems)) }
  }

  /// Runs on one input: the value of a single-input model's layer, or a value that fills every
  /// layer by itself (``ModelInput/fillsEveryInputLayer``, encoded text). For a multi-input
  /// model, an array of numbers with one element per layer gives each layer its element
  /// (Tensor/IO's positional form): `[ModelValue(foo), ModelValue(bar)]`.
  ///
  /// - Parameter input: Numbers (`[Float]`, `[Int32]`, `[[Double]]`, ``ModelValue``, …), an
  ///   image (TensorBridgeVision) or text (TensorBridgeText).
  /// - Returns: The output layers, transformed and labelled as described.
  /// - Throws: ``ModelError`` naming the layer and the problem.
  public func run(on input: some ModelInput) throws(ModelError) -> ModelOutputs {
    let inputs = try everyBoundInput()
    if inputs.count == 1 || input.fillsEveryInputLayer {
      if inputs.count == 1, let only = inputs.first { try sizeInputsAwaitingSizes([(only, input)]) }
      try input.write(into: self, inputs: inputs)
      return try invoke()
    }
    let elements: [ModelValue]?
    switch (input as? any ModelValueConvertible)?.modelValue {
    case .array(let values): elements = values
    case .numbers(let values): elements = values.map(ModelValue.number)
    case .some: elements = []  // one value
    case nil: elements = nil
    }
    guard let elements, elements.count == inputs.count else {
      throw .inputCount(
        expected: inputs.count, actual: max(elements?.count ?? 1, 1), layers: description.inputs.map(\.name))
    }
    try sizeInputsAwaitingSizes(zip(inputs, elements).map { ($0, $1) })
    for (element, bound) in zip(elements, inputs) { try write(element, to: bound.tensorIndex, layer: bound.layer) }
    return try invoke()
  }

  /// Runs on values keyed by input layer name; every input layer needs one. Values of every
  /// kind mix: `["ids": tokenIDs, "image": photo]`.
  ///
  /// - Throws: ``ModelError/unknownLayer(name:available:)`` for a key that names no input
  ///   layer, ``ModelError/missingInput(layer:)`` for a layer without a value, and the
  ///   values' own errors.
  public func run(on inputs: [String: any ModelInput]) throws(ModelError) -> ModelOutputs {
    let names = description.inputs.map(\.name)
    for key in inputs.keys.sorted() where !names.contains(key) {
      throw .unknownLayer(name: key, available: names)
    }
    let bound = try everyBoundInput()
    var values: [(input: BoundInput, value: any ModelInput)] = []
    for input in bound {
      guard let value = inputs[input.layer.name] else { throw .missingInput(layer: input.layer.name) }
      values.append((input, value))
    }
    try sizeInputsAwaitingSizes(values)
    for (input, value) in values { try value.write(into: self, inputs: [input]) }
    return try invoke()
  }

  /// Every input layer with its tensor, in layer order.
  private func everyBoundInput() throws(ModelError) -> [BoundInput] {
    var result: [BoundInput] = []
    for (position, layer) in description.inputs.enumerated() {
      guard let index = binding.inputs[position] else { throw .missingInput(layer: layer.name) }
      result.append(BoundInput(position: position, layer: layer, tensorIndex: index))
    }
    return result
  }

  private func invoke() throws(ModelError) -> ModelOutputs {
    do { try interpreter.invoke() } catch { throw .interpreter(error) }
    return try currentOutputs()
  }

  /// Writes numbers or bytes into input `index`, which `layer` describes: converted to the
  /// tensor's element type, quantized as described, a dynamic batch resized to fit.
  func write(_ value: ModelValue, to index: Int, layer: LayerDescription) throws(ModelError) {
    switch (layer.kind, value) {
    case (.array, _), (.scalar, _), (.string, .data): break
    case (.string, _):
      throw .unsupportedValue(
        layer: layer.name, reason: "string layers take raw bytes (Data) of the layer's dtype, not numbers")
    case (.text, _):
      throw .unsupportedValue(layer: layer.name, reason: "text layers take strings (TensorBridgeText), not numbers")
    case (.image, _):
      throw .unsupportedValue(layer: layer.name, reason: "image layers take images (TensorBridgeVision), not numbers")
    }
    var tensor: Tensor
    do { tensor = try interpreter.input(at: index) } catch { throw .interpreter(error) }
    if case .data(let data) = value {
      if let floats = Self.floatsToQuantize(data, tensor: tensor, layer: layer) {
        return try encode(floats, into: tensor, at: index, layer: layer)
      }
      guard data.count == tensor.data.count else {
        throw .byteCount(layer: layer.name, expected: tensor.data.count, actual: data.count)
      }
      do { try interpreter.copy(data, toInputAt: index) } catch { throw .interpreter(error) }
      return
    }
    let (values, valueShape) = try value.flattened(layer: layer.name)
    if let shape = try resizeIfNeeded(tensor, index: index, layer: layer.name, count: values.count, shape: valueShape) {
      tensor = shape
    }
    let expected = tensor.shape.elementCount ?? 0
    guard values.count == expected else {
      throw .elementCount(layer: layer.name, expected: expected, actual: values.count, shape: tensor.shape.dimensions)
    }
    if let valueShape, !valueShape.isEmpty,
      !DescriptionCheck.shapesMatch(declared: valueShape, model: tensor.shape.dimensions, isImage: false)
    {
      throw .shapeMismatch(layer: layer.name, expected: tensor.shape.dimensions, actual: valueShape)
    }
    if case .integers(let integers) = value {
      try encode(integers: integers, into: tensor, at: index, layer: layer)
    } else {
      try encode(values, into: tensor, at: index, layer: layer)
    }
  }

  /// Writes `values` into input `index` (described by `tensor`), converted to its element type
  /// and quantized as `layer` says, straight into the tensor's memory.
  func encode(_ values: [Double], into tensor: Tensor, at index: Int, layer: LayerDescription) throws(ModelError) {
    try writeInput(at: index, layer: layer) { bytes in
      try ValueCoding.encode(
        values, into: bytes, type: tensor.dataType, quantize: layer.quantize,
        quantization: tensor.quantizationParameters, layer: layer.name)
    }
  }

  /// Writes exact integers into input `index` (see ``ModelValue/integers(_:)``).
  private func encode(integers: [Int64], into tensor: Tensor, at index: Int, layer: LayerDescription)
    throws(ModelError)
  {
    try writeInput(at: index, layer: layer) { bytes in
      try ValueCoding.encode(
        integers: integers, into: bytes, type: tensor.dataType, quantize: layer.quantize,
        quantization: tensor.quantizationParameters, layer: layer.name)
    }
  }

  /// Runs `write` on input `index`'s memory; its errors as ``ModelError``s.
  private func writeInput(
    at index: Int, layer: LayerDescription, _ write: (UnsafeMutableRawBufferPointer) throws -> Void
  ) throws(ModelError) {
    do { try interpreter.withUnsafeMutableInputBytes(at: index, write) } catch let error as ModelError {
      throw error
    } catch let error as InterpreterError {
      throw .interpreter(error)
    } catch {
      throw .unsupportedValue(layer: layer.name, reason: String(describing: error))
    }
  }

  /// Raw bytes that are float32 values for a layer with a `quantize` transform over an integer
  /// tensor — four bytes an element where the tensor has one or two — as Tensor/IO reads `NSData`
  /// given to a layer with a quantizer; nil for anything else (bytes then go in as they are).
  private static func floatsToQuantize(_ data: Data, tensor: Tensor, layer: LayerDescription) -> [Double]? {
    let count = tensor.shape.elementCount ?? 0
    let size = MemoryLayout<Float>.size
    guard layer.quantize != nil, tensor.dataType.isInteger, count > 0, data.count == count * size,
      data.count != tensor.data.count
    else { return nil }
    return data.withUnsafeBytes { raw in
      (0..<count).map { Double(raw.loadUnaligned(fromByteOffset: $0 * size, as: Float.self)) }
    }
  }

  /// Resizes a dynamic leading (batch) dimension to fit the value; returns the new tensor.
  private func resizeIfNeeded(
    _ tensor: Tensor, index: Int, layer: String, count: Int, shape: [Int]?
  ) throws(ModelError) -> Tensor? {
    let declared = tensor.shapeSignature.dimensions
    guard tensor.shapeSignature.isDynamic, let current = tensor.shape.elementCount, current != count else { return nil }
    var target = declared
    if let shape, shape.count == declared.count {
      target = shape
    } else {
      // Only a leading dynamic dimension can be inferred from a flat count.
      let rest = declared.dropFirst().reduce(1) { $0 * max($1, 1) }
      guard declared.first == -1, !declared.dropFirst().contains(-1), rest > 0, count % rest == 0 else { return nil }
      target[0] = count / rest
    }
    do {
      try interpreter.resizeInput(at: index, to: Tensor.Shape(target))
      return try interpreter.input(at: index)
    } catch { throw .interpreter(error) }
  }
}
