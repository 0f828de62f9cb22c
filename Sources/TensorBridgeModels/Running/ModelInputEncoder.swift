import Foundation
import TensorBridge

/// A value that writes itself into an input layer's tensor: the seam through which modules
/// above this one (TensorBridgeVision's `PixelBuffer` for `"type": "image"` layers) feed
/// ``Model`` without this module knowing about them.
///
/// ```swift
/// import TensorBridgeVision
/// let outputs = try model.run(encoding: ["image": try PixelBuffer(contentsOf: photoURL)])
/// ```
public protocol ModelInputEncoder {
  /// Writes the value into input tensor `index` of `interpreter`, which `layer` describes.
  func encode(into interpreter: Interpreter, inputAt index: Int, layer: LayerDescription) throws(ModelError)
}

extension Model {
  /// The interpreter's input index bound to the input layer `name`, or `nil`.
  public func inputTensorIndex(forLayer name: String) -> Int? {
    guard let position = description.inputs.firstIndex(where: { $0.name == name }) else { return nil }
    return binding.inputs[position]
  }

  /// The interpreter's output index bound to the output layer `name`, or `nil`.
  public func outputTensorIndex(forLayer name: String) -> Int? {
    guard let position = description.outputs.firstIndex(where: { $0.name == name }) else { return nil }
    return binding.outputs[position]
  }

  /// Runs with some input layers filled by encoders (images, …) and the others by values.
  /// Every input layer needs exactly one of the two; keys must name input layers.
  public func run(encoding encoders: [String: any ModelInputEncoder], values: [String: ModelValue] = [:]) throws(ModelError) -> ModelOutputs {
    let names = description.inputs.map(\.name)
    for key in (Array(encoders.keys) + Array(values.keys)).sorted() where !names.contains(key) {
      throw .unknownLayer(name: key, available: names)
    }
    for (position, layer) in description.inputs.enumerated() {
      guard let index = binding.inputs[position] else { throw .missingInput(layer: layer.name) }
      if let encoder = encoders[layer.name] {
        try encoder.encode(into: interpreter, inputAt: index, layer: layer)
      } else if let value = values[layer.name] {
        try writeExactly(value, to: index, layer: layer)
      } else {
        throw .missingInput(layer: layer.name)
      }
    }
    do { try interpreter.invoke() } catch { throw .interpreter(error) }
    return try currentOutputs()
  }

  /// The output layers as the last invoke left them, transformed as described.
  public func currentOutputs() throws(ModelError) -> ModelOutputs {
    var layers: [ModelOutput] = []
    for (position, layer) in description.outputs.enumerated() {
      guard let index = binding.outputs[position] else { continue }
      let tensor: Tensor
      do { tensor = try interpreter.output(at: index) } catch { throw .interpreter(error) }
      layers.append(ModelOutput(
        name: layer.name, dataType: tensor.dataType, shape: tensor.shape.dimensions,
        values: ValueCoding.decode(tensor, dequantize: layer.dequantize), labels: layer.labels))
    }
    return ModelOutputs(layers: layers)
  }

  /// Writes numbers or bytes into a tensor of fixed shape (no dynamic resizing here).
  private func writeExactly(_ value: ModelValue, to index: Int, layer: LayerDescription) throws(ModelError) {
    guard layer.kind == .array else {
      throw .unsupportedValue(layer: layer.name, reason: "\(layer.kind.rawValue) layers need an encoder for their kind of value")
    }
    let tensor: Tensor
    do { tensor = try interpreter.input(at: index) } catch { throw .interpreter(error) }
    if case .data(let data) = value {
      guard data.count == tensor.data.count else {
        throw .byteCount(layer: layer.name, expected: tensor.data.count, actual: data.count)
      }
      do { try interpreter.copy(data, toInputAt: index) } catch { throw .interpreter(error) }
      return
    }
    let (numbers, _) = try value.flattened(layer: layer.name)
    let expected = tensor.shape.elementCount ?? 0
    guard numbers.count == expected else {
      throw .elementCount(layer: layer.name, expected: expected, actual: numbers.count, shape: tensor.shape.dimensions)
    }
    try encode(numbers, into: tensor, at: index, layer: layer)
  }
}
