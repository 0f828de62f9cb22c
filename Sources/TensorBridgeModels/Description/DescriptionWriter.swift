import Foundation

extension ModelDescription {
  /// The description as `model.json` text in Tensor/IO's format and key order, which
  /// ``ModelBundle`` reads back to an equal description.
  public func jsonText() -> String {
    var lines: [String] = ["{"]
    var fields: [String] = []
    fields.append("  \"name\": \(quote(name))")
    fields.append("  \"details\": \(quote(details ?? ""))")
    fields.append("  \"id\": \(quote(id ?? ""))")
    fields.append("  \"version\": \(quote(version ?? "1"))")
    fields.append("  \"author\": \(quote(author ?? ""))")
    fields.append("  \"license\": \(quote(license ?? ""))")
    var modelFields = [
      "\"file\": \(quote(model.file))", "\"backend\": \(quote(model.backend))",
      "\"quantized\": \(model.quantized)",
      "\"modes\": [\(model.modes.map(quote).joined(separator: ", "))]",
    ]
    if let type = model.type { modelFields.append("\"type\": \(quote(type))") }
    if let className = model.className { modelFields.append("\"class\": \(quote(className))") }
    fields.append("  \"model\": {\n    " + modelFields.joined(separator: ",\n    ") + "\n  }")
    fields.append("  \"inputs\": " + layers(inputs))
    fields.append("  \"outputs\": " + layers(outputs))
    var optionFields: [String] = []
    if let position = options.devicePosition { optionFields.append("\"device_position\": \(quote(position))") }
    if let format = options.outputFormat { optionFields.append("\"output_format\": \(quote(format))") }
    for key in options.other.keys.sorted() {
      optionFields.append("\(quote(key)): \(options.other[key]?.description ?? "null")")
    }
    if !optionFields.isEmpty {
      fields.append("  \"options\": {\n    " + optionFields.joined(separator: ",\n    ") + "\n  }")
    }
    if let train { fields.append("  \"train\": { \"ops\": [\(train.ops.map(quote).joined(separator: ", "))] }") }
    lines.append(fields.joined(separator: ",\n"))
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  private func layers(_ layers: [LayerDescription]) -> String {
    guard !layers.isEmpty else { return "[]" }
    let items = layers.map { layer -> String in
      var fields = ["\"name\": \(quote(layer.name))", "\"type\": \(quote(layer.kind.rawValue))"]
      if let dataType = layer.dataType { fields.append("\"dtype\": \(quote(dataType.name))") }
      fields.append("\"shape\": [\(layer.shape.map(String.init).joined(separator: ", "))]")
      if let format = layer.pixelFormat { fields.append("\"format\": \(quote(format.rawValue))") }
      if let transform = layer.quantize { fields.append("\"quantize\": \(affine(transform))") }
      if let transform = layer.dequantize { fields.append("\"dequantize\": \(affine(transform))") }
      if let transform = layer.normalize { fields.append("\"normalize\": \(pixel(transform))") }
      if let transform = layer.denormalize { fields.append("\"denormalize\": \(pixel(transform))") }
      if let labels = layer.labelsFile { fields.append("\"labels\": \(quote(labels))") }
      if let text = layer.text { fields += textFields(text) }
      return "    {\n      " + fields.joined(separator: ",\n      ") + "\n    }"
    }
    return "[\n" + items.joined(separator: ",\n") + "\n  ]"
  }

  private func textFields(_ text: TextLayer) -> [String] {
    var fields: [String] = []
    if text.role != .ids { fields.append("\"role\": \(quote(text.role.rawValue))") }
    if let tokenizer = text.tokenizer { fields.append("\"tokenizer\": \(quote(tokenizer.rawValue))") }
    if let file = text.vocabularyFile { fields.append("\"vocabulary\": \(quote(file))") }
    if let delimiter = text.delimiter { fields.append("\"delimiter\": \(quote(delimiter))") }
    if let lowercase = text.lowercase { fields.append("\"lowercase\": \(lowercase)") }
    if let start = text.startToken { fields.append("\"start_token\": \(start)") }
    if !text.specialTokens.isEmpty {
      let tokens = text.specialTokens.keys.sorted().map { "\(quote($0)): \(quote(text.specialTokens[$0] ?? ""))" }
      fields.append("\"special_tokens\": { \(tokens.joined(separator: ", ")) }")
    }
    if let length = text.maxWordLength { fields.append("\"max_word_length\": \(length)") }
    if let rules = text.rules { fields.append("\"rules\": \(quote(rules.rawValue))") }
    return fields
  }

  private func affine(_ transform: AffineTransform) -> String {
    if let standard = transform.standard { return "{ \"standard\": \(quote(standard.rawValue)) }" }
    let scale =
      transform.channelScales.map { "[" + $0.map(number).joined(separator: ", ") + "]" } ?? number(transform.scale)
    let bias =
      transform.channelBiases.map { "[" + $0.map(number).joined(separator: ", ") + "]" } ?? number(transform.bias)
    return "{ \"scale\": \(scale), \"bias\": \(bias) }"
  }

  private func pixel(_ transform: PixelTransform) -> String {
    if let standard = transform.standard { return "{ \"standard\": \(quote(standard.rawValue)) }" }
    let bias = zip(["r", "g", "b"], transform.bias).map { "\"\($0)\": \(number($1))" }.joined(separator: ", ")
    let scale =
      transform.channelScales.map { "[" + $0.map(number).joined(separator: ", ") + "]" } ?? number(transform.scale)
    return "{ \"scale\": \(scale), \"bias\": { \(bias) } }"
  }

  private func number(_ value: Double) -> String { JSONValue.number(value).description }

  private func quote(_ text: String) -> String { JSONValue.string(text).jsonEscaped }
}

extension JSONValue {
  /// A JSON string literal with escapes.
  var jsonEscaped: String {
    guard case .string(let text) = self else { return description }
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
