import Foundation
import TensorBridge

// The `inputs` and `outputs` sections: one layer each, with unique names.
extension DescriptionParser {
  mutating func parseLayers(_ value: JSONValue?, path: String, isInput: Bool) -> [LayerDescription] {
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
        problems.append(
          BundleProblem("\(itemPath).name", "\"\(layer.name)\" is already the name of \(path)[\(previous)]"))
      }
      names[layer.name] = index
      layers.append(layer)
    }
    return layers
  }

  mutating func parseLayer(_ value: JSONValue, path: String, isInput: Bool) -> LayerDescription? {
    guard case .object(let object) = value else {
      problems.append(BundleProblem(path, "must be an object, not \(value.typeName)"))
      return nil
    }
    let name = requiredString(object, "name", at: path)
    var kind: LayerDescription.Kind?
    if let type = requiredString(object, "type", at: path) {
      kind = LayerDescription.Kind(rawValue: type)
      if kind == nil {
        problems.append(
          BundleProblem("\(path).type", "\"\(type)\" is not \"array\", \"scalar\", \"image\", \"text\" or \"string\""))
      }
    }
    var dataType: Tensor.DataType?
    if let dtype = optionalString(object, "dtype", at: path) {
      dataType = Tensor.DataType(name: dtype)
      if dataType == nil || dataType?.bitWidth == nil {
        problems.append(
          BundleProblem(
            "\(path).dtype",
            "\"\(dtype)\" is not a numeric type such as \"uint8\", \"int8\", \"int32\", \"int64\", \"float16\" or \"float32\""
          ))
        dataType = nil
      }
    }
    // Text layers take their sequence length from the tensor; a shape is optional.
    let shape = kind == .text && object["shape"] == nil ? [-1] : parseShape(object["shape"], path: "\(path).shape")
    let quantize = parseAffine(object["quantize"], path: "\(path).quantize", standard: AffineTransform.quantize)
    let dequantize = parseAffine(object["dequantize"], path: "\(path).dequantize", standard: AffineTransform.dequantize)
    let normalize = parsePixel(object["normalize"], path: "\(path).normalize", standard: PixelTransform.normalize)
    let denormalize = parsePixel(
      object["denormalize"], path: "\(path).denormalize", standard: PixelTransform.denormalize)
    var format: LayerDescription.PixelFormat?
    if let text = optionalString(object, "format", at: path) {
      format = LayerDescription.PixelFormat(rawValue: text)
      if format == nil { problems.append(BundleProblem("\(path).format", "\"\(text)\" is not \"RGB\" or \"BGR\"")) }
    }
    let labels = optionalString(object, "labels", at: path)

    // Which transforms go where, as the format defines them.
    if object["quantize"] != nil, !isInput {
      problems.append(BundleProblem("\(path).quantize", "applies to inputs only; outputs use \"dequantize\""))
    }
    if object["dequantize"] != nil, isInput {
      problems.append(BundleProblem("\(path).dequantize", "applies to outputs only; inputs use \"quantize\""))
    }
    if object["normalize"] != nil, !isInput {
      problems.append(
        BundleProblem("\(path).normalize", "applies to image inputs only; image outputs use \"denormalize\""))
    }
    if object["denormalize"] != nil, isInput {
      problems.append(
        BundleProblem("\(path).denormalize", "applies to image outputs only; image inputs use \"normalize\""))
    }
    if kind == .image {
      if object["quantize"] != nil {
        problems.append(BundleProblem("\(path).quantize", "image layers use \"normalize\", not \"quantize\""))
      }
      if object["dequantize"] != nil {
        problems.append(BundleProblem("\(path).dequantize", "image layers use \"denormalize\", not \"dequantize\""))
      }
      if format == nil, object["format"] == nil {
        problems.append(BundleProblem("\(path).format", "is required for image layers (\"RGB\" or \"BGR\")"))
      }
      if let shape,
        !(shape.count == 3 || (shape.count == 4 && (shape[0] == 1 || shape[0] == -1)))
          || (shape.last.map { $0 != 1 && $0 != 3 } ?? false)
      {
        problems.append(
          BundleProblem(
            "\(path).shape",
            "\(JSONValue.array(shape.map { .number(Double($0)) })) is not an image shape [height, width, channels] with 1 or 3 channels"
          ))
      }
    } else if kind == .array || kind == .scalar {
      if object["normalize"] != nil {
        problems.append(BundleProblem("\(path).normalize", "array layers use \"quantize\", not \"normalize\""))
      }
      if object["denormalize"] != nil {
        problems.append(BundleProblem("\(path).denormalize", "array layers use \"dequantize\", not \"denormalize\""))
      }
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
}
