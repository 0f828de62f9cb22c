import Foundation
import TensorBridge

/// Reads a ``ModelDescription`` from `model.json`'s parsed JSON, collecting every problem with
/// its key path instead of stopping at the first.
struct DescriptionParser {
  var problems: [BundleProblem] = []

  mutating func parse(_ root: JSONValue) -> ModelDescription? {
    guard case .object(let object) = root else {
      problems.append(BundleProblem("", "model.json must hold an object, not \(root.typeName)"))
      return nil
    }
    let name = requiredString(object, "name", at: "")
    let details = requiredString(object, "details", at: "")
    let id = requiredString(object, "id", at: "")
    let version = requiredString(object, "version", at: "", acceptNumber: true)
    let author = requiredString(object, "author", at: "")
    let license = requiredString(object, "license", at: "")
    var placeholder = false
    switch object["placeholder"] {
    case .bool(let value)?: placeholder = value
    case nil: break
    case let other?: problems.append(BundleProblem("placeholder", "must be true or false, not \(other)"))
    }
    let model = parseModelSection(object["model"], placeholder: placeholder)
    let inputs = parseLayers(object["inputs"], path: "inputs", isInput: true)
    let outputs = parseLayers(object["outputs"], path: "outputs", isInput: false)
    let options = parseOptions(object["options"])
    let train = parseTrain(object["train"])
    guard problems.isEmpty, let model else { return nil }
    return ModelDescription(
      name: name ?? "", details: details, id: id, version: version, author: author, license: license,
      model: model, inputs: inputs, outputs: outputs, options: options, train: train, placeholder: placeholder)
  }

  // MARK: Sections

  mutating func parseModelSection(_ value: JSONValue?, placeholder: Bool = false) -> ModelDescription.ModelSection? {
    guard let value else {
      problems.append(BundleProblem("model", "is required (an object with at least \"file\" and \"quantized\")"))
      return nil
    }
    guard case .object(let object) = value else {
      problems.append(BundleProblem("model", "must be an object, not \(value.typeName)"))
      return nil
    }
    // A placeholder may name no file yet (Tensor/IO's placeholder.tiobundle has `"file": null`).
    let file: String?
    switch object["file"] {
    case nil where placeholder, .null? where placeholder: file = ""
    default: file = requiredString(object, "file", at: "model")
    }
    var backend = "tflite"
    if let value = optionalString(object, "backend", at: "model") {
      if ModelBackend(rawValue: value) != nil {
        backend = value
      } else {
        problems.append(BundleProblem("model.backend", "\"\(value)\" is not \"tflite\" or \"tensorflow\""))
      }
    }
    var quantized = false
    switch object["quantized"] {
    case .bool(let value)?: quantized = value
    case nil: problems.append(BundleProblem("model.quantized", "is required (true or false)"))
    case let other?: problems.append(BundleProblem("model.quantized", "must be true or false, not \(other)"))
    }
    var modes = ["predict"]
    if let value = object["modes"] {
      if let list = stringArray(value, path: "model.modes") {
        for (index, mode) in list.enumerated() where !["predict", "train", "eval"].contains(mode) {
          problems.append(
            BundleProblem("model.modes[\(index)]", "\"\(mode)\" is not \"predict\", \"train\" or \"eval\""))
        }
        // An empty list predicts, as no list does (tensorio-android's ModesTest).
        modes = list.isEmpty ? ["predict"] : list
      }
    }
    let type = optionalString(object, "type", at: "model")
    let className = optionalString(object, "class", at: "model")
    guard let file else { return nil }
    return ModelDescription.ModelSection(
      file: file, backend: backend, quantized: quantized, modes: modes, type: type, className: className)
  }

  mutating func parseOptions(_ value: JSONValue?) -> ModelDescription.Options {
    guard let value else { return ModelDescription.Options() }
    guard case .object(var object) = value else {
      problems.append(BundleProblem("options", "must be an object, not \(value.typeName)"))
      return ModelDescription.Options()
    }
    let position = optionalString(object, "device_position", at: "options")
    if let position, !["front", "back"].contains(position) {
      problems.append(BundleProblem("options.device_position", "\"\(position)\" is not \"front\" or \"back\""))
    }
    let format = optionalString(object, "output_format", at: "options")
    object["device_position"] = nil
    object["output_format"] = nil
    return ModelDescription.Options(devicePosition: position, outputFormat: format, other: object)
  }

  mutating func parseTrain(_ value: JSONValue?) -> ModelDescription.TrainSection? {
    guard let value else { return nil }
    guard case .object(let object) = value else {
      problems.append(BundleProblem("train", "must be an object, not \(value.typeName)"))
      return nil
    }
    guard let ops = object["ops"] else {
      problems.append(BundleProblem("train.ops", "is required (an array of operation names)"))
      return nil
    }
    return stringArray(ops, path: "train.ops").map(ModelDescription.TrainSection.init(ops:))
  }
}
