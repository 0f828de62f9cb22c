import Foundation
import TensorBridge
import TensorBridgeModels

extension Batch {
  /// Training data from a JSON file: `{"keys": [KEY, …], "items": [{KEY: VALUE, …}, …]}`,
  /// values numbers or nested arrays of numbers.
  ///
  /// - Throws: ``TrainingError/data(path:reason:)`` for unreadable JSON or a value that is not
  ///   numbers; ``TrainingError/missingKey(key:item:)`` and ``TrainingError/unknownKey(key:keys:)``.
  public init(contentsOf url: URL) throws(TrainingError) {
    let root: JSONValue
    do { root = try JSONValue.parse(try FileContents.read(url)) } catch {
      throw .data(path: url.path, reason: "not readable JSON (\(error.localizedDescription))")
    }
    guard case .object(let object) = root, case .array(let keyValues)? = object["keys"],
      case .array(let itemValues)? = object["items"]
    else {
      throw .data(
        path: url.path, reason: "needs an object with \"keys\" (an array of names) and \"items\" (an array of objects)")
    }
    var keys: [String] = []
    for key in keyValues {
      guard case .string(let name) = key else { throw .data(path: url.path, reason: "keys holds \(key), not a name") }
      keys.append(name)
    }
    var items: [[String: ModelValue]] = []
    for (index, item) in itemValues.enumerated() {
      guard case .object(let fields) = item else {
        throw .data(path: url.path, reason: "items[\(index)] is not an object")
      }
      var values: [String: ModelValue] = [:]
      for (key, field) in fields {
        guard let value = Self.value(field) else {
          throw .data(path: url.path, reason: "items[\(index)].\(key) is not a number or an array of numbers")
        }
        values[key] = value
      }
      items.append(values)
    }
    try self.init(keys: keys, items: items)
  }

  private static func value(_ json: JSONValue) -> ModelValue? {
    switch json {
    case .number(let number): return .number(number)
    case .bool(let flag): return .number(flag ? 1 : 0)
    case .array(let elements):
      var values: [ModelValue] = []
      for element in elements {
        guard let value = value(element) else { return nil }
        values.append(value)
      }
      return .array(values)
    default: return nil
    }
  }
}
