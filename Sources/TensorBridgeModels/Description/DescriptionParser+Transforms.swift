import Foundation
import TensorBridge

// Transforms (`quantize`, `dequantize`, `normalize`, `denormalize`): a `standard` range, or
// `scale` and `bias`.
extension DescriptionParser {
  mutating func parseAffine(
    _ value: JSONValue?, path: String, standard: (StandardRange) -> AffineTransform
  ) -> AffineTransform? {
    parseTransform(value, path: path, standard: standard) { $0.affineMembers($1, path: path) }
  }

  mutating func parsePixel(
    _ value: JSONValue?, path: String, standard: (StandardRange) -> PixelTransform
  ) -> PixelTransform? {
    parseTransform(value, path: path, standard: standard) { $0.pixelMembers($1, path: path) }
  }

  /// Reads what every transform shares: nil when absent, the `standard` transform when it names
  /// a valid range, else what `custom` reads from the members (`scale` and `bias`). Problems
  /// are recorded, and read as nil.
  mutating func parseTransform<T>(
    _ value: JSONValue?, path: String, standard: (StandardRange) -> T,
    custom: (inout DescriptionParser, [String: JSONValue]) -> T?
  ) -> T? {
    guard let value else { return nil }
    guard case .object(let object) = value else {
      problems.append(
        BundleProblem(path, "must be an object with \"standard\" or \"scale\" and \"bias\", not \(value.typeName)"))
      return nil
    }
    guard object["standard"] != nil else { return custom(&self, object) }
    guard let text = optionalString(object, "standard", at: path) else { return nil }
    guard let range = StandardRange(rawValue: text.replacingOccurrences(of: " ", with: "")) else {
      problems.append(BundleProblem("\(path).standard", "\"\(text)\" is not \"[0,1]\" or \"[-1,1]\""))
      return nil
    }
    return standard(range)
  }

  /// An affine transform's `scale` and `bias`: numbers, or one per channel.
  mutating func affineMembers(_ object: [String: JSONValue], path: String) -> AffineTransform? {
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

  /// A number, or (TensorBridge extension) a non-empty array of numbers, one per channel.
  mutating func requiredNumbers(_ object: [String: JSONValue], _ key: String, at path: String) -> [Double]? {
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

  /// A pixel transform's `scale` (one or per channel) and `bias` (one or `{r, g, b}`).
  mutating func pixelMembers(_ object: [String: JSONValue], path: String) -> PixelTransform? {
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
      problems.append(
        BundleProblem("\(path).bias", "must be an object {\"r\", \"g\", \"b\"} or a number, not \(other.typeName)"))
      bias = nil
    }
    if let scales, scales.contains(0) { problems.append(BundleProblem("\(path).scale", "must not be 0")) }
    guard let scales, let bias, !scales.contains(0) else { return nil }
    return scales.count == 1
      ? PixelTransform(scale: scales[0], bias: bias) : PixelTransform(channelScales: scales, bias: bias)
  }
}
