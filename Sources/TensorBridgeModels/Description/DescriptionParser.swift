import Foundation
import TensorBridge

/// Reads a ``ModelDescription`` from `model.json`'s parsed JSON, collecting every problem with
/// its key path instead of stopping at the first.
struct DescriptionParser {
  private(set) var problems: [BundleProblem] = []

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
    let model = parseModelSection(object["model"])
    let inputs = parseLayers(object["inputs"], path: "inputs", isInput: true)
    let outputs = parseLayers(object["outputs"], path: "outputs", isInput: false)
    let options = parseOptions(object["options"])
    let train = parseTrain(object["train"])
    guard problems.isEmpty, let model else { return nil }
    return ModelDescription(
      name: name ?? "", details: details, id: id, version: version, author: author, license: license,
      model: model, inputs: inputs, outputs: outputs, options: options, train: train)
  }

  // MARK: Sections

  private mutating func parseModelSection(_ value: JSONValue?) -> ModelDescription.ModelSection? {
    guard let value else {
      problems.append(BundleProblem("model", "is required (an object with at least \"file\" and \"quantized\")"))
      return nil
    }
    guard case .object(let object) = value else {
      problems.append(BundleProblem("model", "must be an object, not \(value.typeName)"))
      return nil
    }
    let file = requiredString(object, "file", at: "model")
    var backend = "tflite"
    if let value = optionalString(object, "backend", at: "model") {
      if ["tflite", "tensorflow"].contains(value) {
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
          problems.append(BundleProblem("model.modes[\(index)]", "\"\(mode)\" is not \"predict\", \"train\" or \"eval\""))
        }
        modes = list
      }
    }
    let type = optionalString(object, "type", at: "model")
    let className = optionalString(object, "class", at: "model")
    guard let file else { return nil }
    return ModelDescription.ModelSection(
      file: file, backend: backend, quantized: quantized, modes: modes, type: type, className: className)
  }

  private mutating func parseLayers(_ value: JSONValue?, path: String, isInput: Bool) -> [LayerDescription] {
    guard let value else {
      problems.append(BundleProblem(path, "is required (an array of layer descriptions)"))
      return []
    }
    guard case .array(let items) = value else {
      problems.append(BundleProblem(path, "must be an array, not \(value.typeName)"))
      return []
    }
    var layers: [LayerDescription] = []
    var names: [String: Int] = [:]
    for (index, item) in items.enumerated() {
      let itemPath = "\(path)[\(index)]"
      guard let layer = parseLayer(item, path: itemPath, isInput: isInput) else { continue }
      if let previous = names[layer.name] {
        problems.append(BundleProblem("\(itemPath).name", "\"\(layer.name)\" is already the name of \(path)[\(previous)]"))
      }
      names[layer.name] = index
      layers.append(layer)
    }
    return layers
  }

  private mutating func parseLayer(_ value: JSONValue, path: String, isInput: Bool) -> LayerDescription? {
    guard case .object(let object) = value else {
      problems.append(BundleProblem(path, "must be an object, not \(value.typeName)"))
      return nil
    }
    let name = requiredString(object, "name", at: path)
    var kind: LayerDescription.Kind?
    if let type = requiredString(object, "type", at: path) {
      kind = LayerDescription.Kind(rawValue: type)
      if kind == nil {
        problems.append(BundleProblem("\(path).type", "\"\(type)\" is not \"array\", \"image\" or \"text\""))
      }
    }
    var dataType: Tensor.DataType?
    if let dtype = optionalString(object, "dtype", at: path) {
      dataType = Tensor.DataType(name: dtype)
      if dataType == nil || dataType?.bitWidth == nil {
        problems.append(BundleProblem("\(path).dtype", "\"\(dtype)\" is not a numeric type such as \"uint8\", \"int8\", \"int32\", \"int64\", \"float16\" or \"float32\""))
        dataType = nil
      }
    }
    // Text layers take their sequence length from the tensor; a shape is optional.
    let shape = kind == .text && object["shape"] == nil ? [-1] : parseShape(object["shape"], path: "\(path).shape")
    let quantize = parseAffine(object["quantize"], path: "\(path).quantize", standard: AffineTransform.quantize)
    let dequantize = parseAffine(object["dequantize"], path: "\(path).dequantize", standard: AffineTransform.dequantize)
    let normalize = parsePixel(object["normalize"], path: "\(path).normalize", standard: PixelTransform.normalize)
    let denormalize = parsePixel(object["denormalize"], path: "\(path).denormalize", standard: PixelTransform.denormalize)
    var format: LayerDescription.PixelFormat?
    if let text = optionalString(object, "format", at: path) {
      format = LayerDescription.PixelFormat(rawValue: text)
      if format == nil { problems.append(BundleProblem("\(path).format", "\"\(text)\" is not \"RGB\" or \"BGR\"")) }
    }
    let labels = optionalString(object, "labels", at: path)

    // Which transforms go where, as the format defines them.
    if object["quantize"] != nil, !isInput { problems.append(BundleProblem("\(path).quantize", "applies to inputs only; outputs use \"dequantize\"")) }
    if object["dequantize"] != nil, isInput { problems.append(BundleProblem("\(path).dequantize", "applies to outputs only; inputs use \"quantize\"")) }
    if object["normalize"] != nil, !isInput { problems.append(BundleProblem("\(path).normalize", "applies to image inputs only; image outputs use \"denormalize\"")) }
    if object["denormalize"] != nil, isInput { problems.append(BundleProblem("\(path).denormalize", "applies to image outputs only; image inputs use \"normalize\"")) }
    if kind == .image {
      if object["quantize"] != nil { problems.append(BundleProblem("\(path).quantize", "image layers use \"normalize\", not \"quantize\"")) }
      if object["dequantize"] != nil { problems.append(BundleProblem("\(path).dequantize", "image layers use \"denormalize\", not \"dequantize\"")) }
      if format == nil, object["format"] == nil { problems.append(BundleProblem("\(path).format", "is required for image layers (\"RGB\" or \"BGR\")")) }
      if let shape, !(shape.count == 3 || (shape.count == 4 && (shape[0] == 1 || shape[0] == -1))) || (shape.last.map { $0 != 1 && $0 != 3 } ?? false) {
        problems.append(BundleProblem("\(path).shape", "\(JSONValue.array(shape.map { .number(Double($0)) })) is not an image shape [height, width, channels] with 1 or 3 channels"))
      }
    } else if kind == .array {
      if object["normalize"] != nil { problems.append(BundleProblem("\(path).normalize", "array layers use \"quantize\", not \"normalize\"")) }
      if object["denormalize"] != nil { problems.append(BundleProblem("\(path).denormalize", "array layers use \"dequantize\", not \"denormalize\"")) }
    }
    if labels != nil, isInput { problems.append(BundleProblem("\(path).labels", "applies to outputs only")) }
    let text = kind == .text ? parseText(object, path: path, isInput: isInput) : nil
    if kind != .text {
      for key in Self.textKeys where object[key] != nil {
        problems.append(BundleProblem("\(path).\(key)", "applies to \"text\" layers only"))
      }
    }

    guard let name, let kind, let shape else { return nil }
    return LayerDescription(
      name: name, kind: kind, dataType: dataType, shape: shape, quantize: quantize, dequantize: dequantize,
      normalize: normalize, denormalize: denormalize, pixelFormat: format, labelsFile: labels, text: text)
  }

  // MARK: Text layers

  /// The keys only text layers have.
  static let textKeys = ["role", "tokenizer", "vocabulary", "delimiter", "lowercase", "start_token", "special_tokens", "max_word_length", "rules"]

  private mutating func parseText(_ object: [String: JSONValue], path: String, isInput: Bool) -> TextLayer? {
    guard isInput else {
      problems.append(BundleProblem("\(path).type", "\"text\" applies to inputs only"))
      return nil
    }
    for key in ["quantize", "normalize", "format"] where object[key] != nil {
      problems.append(BundleProblem("\(path).\(key)", "does not apply to \"text\" layers"))
    }
    var text = TextLayer()
    if let role = optionalString(object, "role", at: path) {
      if let value = TextLayer.Role(rawValue: role) { text.role = value } else {
        problems.append(BundleProblem("\(path).role", "\"\(role)\" is not \"ids\", \"mask\" or \"segment_ids\""))
      }
    }
    if let name = optionalString(object, "tokenizer", at: path) {
      text.tokenizer = TextLayer.Tokenizer(rawValue: name)
      if text.tokenizer == nil {
        problems.append(BundleProblem("\(path).tokenizer", "\"\(name)\" is not \"word\", \"regex\", \"wordpiece\" or \"sentencepiece\""))
      }
    }
    if let name = optionalString(object, "rules", at: path) {
      text.rules = TextLayer.Rules(rawValue: name)
      if text.rules == nil {
        problems.append(BundleProblem("\(path).rules", "\"\(name)\" is not \"tensorbridge\" or \"task_library\""))
      }
    }
    text.vocabularyFile = optionalString(object, "vocabulary", at: path)
    text.delimiter = optionalString(object, "delimiter", at: path)
    text.lowercase = optionalBool(object, "lowercase", at: path)
    text.startToken = optionalBool(object, "start_token", at: path)
    if let value = object["max_word_length"] {
      if case .number(let number) = value, number.rounded() == number, number >= 1, number <= 1e6 {
        text.maxWordLength = Int(number)
      } else {
        problems.append(BundleProblem("\(path).max_word_length", "\(value) is not a positive whole number"))
      }
    }
    if let value = object["special_tokens"] {
      if case .object(let tokens) = value {
        for key in tokens.keys.sorted() {
          guard TextLayer.specialTokenRoles.contains(key) else {
            problems.append(BundleProblem("\(path).special_tokens.\(key)",
              "is not one of \(TextLayer.specialTokenRoles.map { "\"\($0)\"" }.joined(separator: ", "))"))
            continue
          }
          if let name = optionalString(tokens, key, at: "\(path).special_tokens"), !name.isEmpty {
            text.specialTokens[key] = name
          } else if case .string? = tokens[key] {
            problems.append(BundleProblem("\(path).special_tokens.\(key)", "must not be empty"))
          }
        }
      } else {
        problems.append(BundleProblem("\(path).special_tokens", "must be an object, not \(value.typeName)"))
      }
    }
    if text.role == .ids {
      if text.tokenizer == nil, object["tokenizer"] == nil {
        problems.append(BundleProblem("\(path).tokenizer", "is required for text ids layers (\"word\", \"regex\", \"wordpiece\" or \"sentencepiece\")"))
      }
      if text.vocabularyFile == nil, object["vocabulary"] == nil {
        problems.append(BundleProblem("\(path).vocabulary", "is required for text ids layers (a file in assets/)"))
      }
    } else {
      for key in Self.textKeys where key != "role" && object[key] != nil {
        problems.append(BundleProblem("\(path).\(key)", "applies to the text layer with \"role\": \"ids\", not to \"\(text.role.rawValue)\""))
      }
    }
    if text.delimiter != nil, text.tokenizer != .regex {
      problems.append(BundleProblem("\(path).delimiter", "applies to \"tokenizer\": \"regex\" only"))
    }
    if let delimiter = text.delimiter {
      do { _ = try NSRegularExpression(pattern: delimiter) } catch {
        problems.append(BundleProblem("\(path).delimiter", "\"\(delimiter)\" is not a valid regular expression"))
      }
    }
    return text
  }

  private mutating func optionalBool(_ object: [String: JSONValue], _ key: String, at path: String) -> Bool? {
    guard let value = object[key] else { return nil }
    guard case .bool(let flag) = value else {
      problems.append(BundleProblem("\(path).\(key)", "must be true or false, not \(value.typeName)"))
      return nil
    }
    return flag
  }

  private mutating func parseOptions(_ value: JSONValue?) -> ModelDescription.Options {
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

  private mutating func parseTrain(_ value: JSONValue?) -> ModelDescription.TrainSection? {
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

  // MARK: Values

  private mutating func parseShape(_ value: JSONValue?, path: String) -> [Int]? {
    guard let value else {
      problems.append(BundleProblem(path, "is required (an array of dimensions, -1 for a batch dimension)"))
      return nil
    }
    guard case .array(let items) = value, !items.isEmpty else {
      problems.append(BundleProblem(path, "must be a non-empty array of dimensions, not \(value)"))
      return nil
    }
    var shape: [Int] = []
    for (index, item) in items.enumerated() {
      guard case .number(let number) = item, number.rounded() == number, number == -1 || (number >= 1 && number <= 1e9) else {
        problems.append(BundleProblem("\(path)[\(index)]", "\(item) is not a positive whole number or -1"))
        return nil
      }
      shape.append(Int(number))
    }
    if shape.count > 8 { problems.append(BundleProblem(path, "has \(shape.count) dimensions; at most 8 are supported")) }
    return shape
  }

  private mutating func parseAffine(
    _ value: JSONValue?, path: String, standard: (StandardRange) -> AffineTransform
  ) -> AffineTransform? {
    guard let value else { return nil }
    let object: [String: JSONValue]
    switch transformObject(value, path: path) {
    case .invalid: return nil
    case .standard(let range): return standard(range)
    case .custom(let members): object = members
    }
    let scales = requiredNumbers(object, "scale", at: path)
    let biases = requiredNumbers(object, "bias", at: path)
    if let scales, scales.contains(0) { problems.append(BundleProblem("\(path).scale", "must not be 0")) }
    if let scales, let biases, scales.count > 1, biases.count > 1, scales.count != biases.count {
      problems.append(BundleProblem(path, "has \(scales.count) scales but \(biases.count) biases"))
      return nil
    }
    guard let scales, let biases, !scales.contains(0) else { return nil }
    if scales.count == 1, biases.count == 1 { return AffineTransform(scale: scales[0], bias: biases[0]) }
    return AffineTransform(channelScales: scales, channelBiases: biases)
  }

  /// What a transform object (`quantize`, `dequantize`, `normalize`, `denormalize`) holds.
  private enum TransformObject {
    case invalid
    case standard(StandardRange)
    case custom([String: JSONValue])
  }

  /// Reads the common part of every transform: an object with a valid `standard` range, or
  /// the members to read `scale` and `bias` from. Problems are recorded as `invalid`.
  private mutating func transformObject(_ value: JSONValue, path: String) -> TransformObject {
    guard case .object(let object) = value else {
      problems.append(BundleProblem(path, "must be an object with \"standard\" or \"scale\" and \"bias\", not \(value.typeName)"))
      return .invalid
    }
    guard object["standard"] != nil else { return .custom(object) }
    guard let text = optionalString(object, "standard", at: path) else { return .invalid }
    guard let range = StandardRange(rawValue: text.replacingOccurrences(of: " ", with: "")) else {
      problems.append(BundleProblem("\(path).standard", "\"\(text)\" is not \"[0,1]\" or \"[-1,1]\""))
      return .invalid
    }
    return .standard(range)
  }

  /// A number, or (TensorBridge extension) a non-empty array of numbers, one per channel.
  private mutating func requiredNumbers(_ object: [String: JSONValue], _ key: String, at path: String) -> [Double]? {
    switch object[key] {
    case .number(let value)?: return [value]
    case .array(let items)? where !items.isEmpty:
      var numbers: [Double] = []
      for (index, item) in items.enumerated() {
        guard case .number(let value) = item else {
          problems.append(BundleProblem("\(path).\(key)[\(index)]", "must be a number, not \(item.typeName)"))
          return nil
        }
        numbers.append(value)
      }
      return numbers
    case nil:
      problems.append(BundleProblem("\(path).\(key)", "is required (a number) or \"standard\""))
      return nil
    case let other?:
      problems.append(BundleProblem("\(path).\(key)", "must be a number, not \(other.typeName)"))
      return nil
    }
  }

  private mutating func parsePixel(
    _ value: JSONValue?, path: String, standard: (StandardRange) -> PixelTransform
  ) -> PixelTransform? {
    guard let value else { return nil }
    let object: [String: JSONValue]
    switch transformObject(value, path: path) {
    case .invalid: return nil
    case .standard(let range): return standard(range)
    case .custom(let members): object = members
    }
    // One scale (Tensor/IO) or, a TensorBridge extension, one per channel [r, g, b].
    var scales = requiredNumbers(object, "scale", at: path)
    if let count = scales?.count, count != 1, count != 3 {
      problems.append(BundleProblem("\(path).scale", "must be a number or 3 numbers (r, g, b), not \(count)"))
      scales = nil
    }
    var bias: [Double]? = [0, 0, 0]
    switch object["bias"] {
    case nil: break
    case .number(let number)?: bias = [number, number, number]
    case .object(let channels)?:
      bias = ["r", "g", "b"].map { key -> Double? in
        guard let channel = channels[key] else {
          problems.append(BundleProblem("\(path).bias.\(key)", "is required (a number)"))
          return nil
        }
        guard case .number(let number) = channel else {
          problems.append(BundleProblem("\(path).bias.\(key)", "must be a number, not \(channel.typeName)"))
          return nil
        }
        return number
      }.compactMap { $0 }
      if bias?.count != 3 { bias = nil }
    case let other?:
      problems.append(BundleProblem("\(path).bias", "must be an object {\"r\", \"g\", \"b\"} or a number, not \(other.typeName)"))
      bias = nil
    }
    if let scales, scales.contains(0) { problems.append(BundleProblem("\(path).scale", "must not be 0")) }
    guard let scales, let bias, !scales.contains(0) else { return nil }
    return scales.count == 1 ? PixelTransform(scale: scales[0], bias: bias) : PixelTransform(channelScales: scales, bias: bias)
  }

  private mutating func stringArray(_ value: JSONValue, path: String) -> [String]? {
    guard case .array(let items) = value else {
      problems.append(BundleProblem(path, "must be an array of strings, not \(value.typeName)"))
      return nil
    }
    var result: [String] = []
    for (index, item) in items.enumerated() {
      guard case .string(let text) = item else {
        problems.append(BundleProblem("\(path)[\(index)]", "must be a string, not \(item.typeName)"))
        return nil
      }
      result.append(text)
    }
    return result
  }

  private mutating func requiredString(
    _ object: [String: JSONValue], _ key: String, at path: String, acceptNumber: Bool = false
  ) -> String? {
    let keyPath = path.isEmpty ? key : "\(path).\(key)"
    switch object[key] {
    case .string(let value)?: return value
    case .number(let value)? where acceptNumber: return JSONValue.number(value).description
    case nil:
      problems.append(BundleProblem(keyPath, "is required (a string)"))
      return nil
    case let other?:
      problems.append(BundleProblem(keyPath, "must be a string, not \(other.typeName)"))
      return nil
    }
  }

  private mutating func optionalString(_ object: [String: JSONValue], _ key: String, at path: String) -> String? {
    guard let value = object[key] else { return nil }
    guard case .string(let text) = value else {
      problems.append(BundleProblem(path.isEmpty ? key : "\(path).\(key)", "must be a string, not \(value.typeName)"))
      return nil
    }
    return text
  }
}
