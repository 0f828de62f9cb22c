import Foundation
import TensorBridge
import TensorBridgeModels
import TensorBridgeVision

/// `tensorbridge run` on a bundle: values in by layer name, named, transformed and labelled
/// values out.
struct BundleRunner {
  let model: Model

  /// Reads each `NAME_OR_INDEX=FILE` as a layer value (.json numbers, .npy, or raw .bin bytes).
  func run(inputs specs: [String]) throws(CLIFailure) -> ModelOutputs {
    let layers = model.description.inputs.map(\.name)
    var values: [String: any ModelInput] = [:]
    for spec in specs {
      let (key, path) = RunCommand.split(spec)
      let name: String
      if layers.contains(key) {
        name = key
      } else if let index = Int(key), layers.indices.contains(index) {
        name = layers[index]
      } else {
        throw CLIFailure("the bundle has no input layer '\(key)'; layers: \(layers.joined(separator: ", "))")
      }
      guard values[name] == nil else { throw CLIFailure("input '\(key)' is given twice") }
      if ImageOutputSaver.isImageFile(path) {
        do { values[name] = try PixelBuffer(contentsOf: URL(fileURLWithPath: path)) } catch {
          throw CLIFailure("\(path): \(error)")
        }
        continue
      }
      values[name] = try value(from: path)
    }
    do { return try model.run(on: values) } catch { throw CLIFailure(error) }
  }

  private func value(from path: String) throws(CLIFailure) -> ModelValue {
    let file = try CLIFailure.read("input file", at: path)
    switch try InputFileFormat(path: path, contents: file) {
    case .json:
      let numbers = try InputLoader.numbers(file: file, path: path)
      return numbers.shape.isEmpty ? .number(numbers.values.first ?? 0) : .numbers(numbers.values)
    case .npy:
      let array: NPYArray
      do { array = try NPYFile.read(file) } catch { throw CLIFailure("\(path): \(error)") }
      let tensor = Tensor(name: path, dataType: array.dataType, shape: Tensor.Shape(array.shape), data: array.data)
      guard let values = tensor.floatValues() else {
        throw CLIFailure("\(path): unsupported .npy type \(array.dataType)")
      }
      return .numbers(values.map(Double.init))
    case .raw:
      return .data(file)
    }
  }

  /// `{"outputs": {"<layer>": {"shape", "values", "labels"?, "top"?}}}`.
  static func json(_ outputs: ModelOutputs, top: Int) throws(CLIFailure) -> String {
    struct Entry: Encodable {
      var dtype: String
      var shape: [Int]
      var values: [Float]
      var scalar: Float?
      var labels: [String: Float]?
      var top: [Top]?
    }
    struct Top: Encodable {
      var index: Int
      var label: String?
      var score: Float
    }
    var entries: [String: Entry] = [:]
    for layer in outputs.layers {
      entries[layer.name] = Entry(
        dtype: layer.dataType.name, shape: layer.shape, values: layer.values, scalar: layer.scalar,
        labels: layer.labelled,
        top: layer.labels == nil ? nil : layer.top(top).map { Top(index: $0.index, label: $0.label, score: $0.score) })
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    do { return String(decoding: try encoder.encode(["outputs": entries]), as: UTF8.self) } catch {
      throw CLIFailure("cannot encode outputs as JSON: \(error)")
    }
  }

  static func summary(_ outputs: ModelOutputs, top: Int) -> String {
    outputs.layers.map { layer in
      if layer.labels != nil {
        let best = layer.top(top).map { "\($0.label ?? "#\($0.index)") \(String(format: "%.4f", $0.score))" }
        return "\(layer.name): " + best.joined(separator: ", ")
      }
      if let scalar = layer.scalar { return "\(layer.name): \(scalar)" }
      let shown = layer.values.prefix(10).map { String(format: "%.6g", $0) }.joined(separator: ", ")
      return "\(layer.name) \(Tensor.Shape(layer.shape)): [\(shown)\(layer.values.count > 10 ? ", …" : "")]"
    }.joined(separator: "\n")
  }
}
