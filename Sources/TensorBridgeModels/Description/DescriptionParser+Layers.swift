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
    // Tensor/IO reads `dtype` case-insensitively and treats a name it does not know (or "")
    // as unspecified (TIODataTypeForString); so does this, for any non-numeric name.
    var dataType: Tensor.DataType?
    if let dtype = optionalString(object, "dtype", at: path), let type = Tensor.DataType(name: dtype),
      type.bitWidth != nil
    {
      dataType = type
    }
    // Text layers take their sequence length from the tensor; a shape is optional.
    let shape = kind == .text && object["shape"] == nil ? [-1] : parseShape(object["shape"], path: "\(path).shape")
    // Each transform is read where Tensor/IO reads it (TIOModelJSONParsing.mm): quantize on
    // non-image inputs, dequantize on non-image outputs, normalize on image inputs, denormalize
    // on image outputs. Elsewhere Tensor/IO ignores the key without reading it, and so does this.
    let isImage = kind == .image
    let quantize =
      isInput && !isImage
      ? parseAffine(object["quantize"], path: "\(path).quantize", standard: AffineTransform.quantize) : nil
    let dequantize =
      !isInput && !isImage
      ? parseAffine(object["dequantize"], path: "\(path).dequantize", standard: AffineTransform.dequantize) : nil
    let normalize =
      isInput && isImage
      ? parsePixel(object["normalize"], path: "\(path).normalize", standard: PixelTransform.normalize) : nil
    let denormalize =
      !isInput && isImage
      ? parsePixel(object["denormalize"], path: "\(path).denormalize", standard: PixelTransform.denormalize) : nil
    var format: LayerDescription.PixelFormat?
    if let text = optionalString(object, "format", at: path) {
      format = LayerDescription.PixelFormat(rawValue: text)
      if format == nil { problems.append(BundleProblem("\(path).format", "\"\(text)\" is not \"RGB\" or \"BGR\"")) }
    }
    let labels = optionalString(object, "labels", at: path)

    if kind == .image {
      if format == nil, object["format"] == nil {
        problems.append(BundleProblem("\(path).format", "is required for image layers (\"RGB\" or \"BGR\")"))
      }
      if let shape, !(LayerDescription.imageVolume(shape).map { [1, 3].contains($0.channels) } ?? false) {
        problems.append(
          BundleProblem(
            "\(path).shape",
            "\(JSONValue.array(shape.map { .number(Double($0)) })) is not an image shape [height, width, channels] (a batch dimension first, or -1 last, allowed) with 1 or 3 channels"
          ))
      }
    }
    // Labels on an input are accepted, as Tensor/IO accepts them; only outputs' are loaded.
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
