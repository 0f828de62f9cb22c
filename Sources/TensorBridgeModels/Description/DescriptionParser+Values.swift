import Foundation
import TensorBridge

// Values of model.json: shapes, strings, booleans and lists of strings, each problem recorded
// with its key path.
extension DescriptionParser {
  mutating func optionalBool(_ object: [String: JSONValue], _ key: String, at path: String) -> Bool? {
    guard let value = object[key] else { return nil }
    guard case .bool(let flag) = value else {
      problems.append(BundleProblem("\(path).\(key)", "must be true or false, not \(value.typeName)"))
      return nil
    }
    return flag
  }

  mutating func parseShape(_ value: JSONValue?, path: String) -> [Int]? {
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
      guard case .number(let number) = item, number.rounded() == number, number == -1 || (number >= 1 && number <= 1e9)
      else {
        problems.append(BundleProblem("\(path)[\(index)]", "\(item) is not a positive whole number or -1"))
        return nil
      }
      shape.append(Int(number))
    }
    if shape.count > 8 {
      problems.append(BundleProblem(path, "has \(shape.count) dimensions; at most 8 are supported"))
    }
    return shape
  }

  mutating func stringArray(_ value: JSONValue, path: String) -> [String]? {
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

  mutating func requiredString(
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

  mutating func optionalString(_ object: [String: JSONValue], _ key: String, at path: String) -> String? {
    guard let value = object[key] else { return nil }
    guard case .string(let text) = value else {
      problems.append(BundleProblem(path.isEmpty ? key : "\(path).\(key)", "must be a string, not \(value.typeName)"))
      return nil
    }
    return text
  }
}
