import Foundation
import TensorBridge

/// Reads a `--input` file (`.npy`, `.json` or raw `.bin`) for a tensor.
enum InputLoader {
  /// The loaded values: packed bytes in the tensor's element type, and the shape the file
  /// states (nil for raw bytes and flat JSON).
  struct Loaded {
    var data: Data
    var shape: [Int]?
  }

  static func load(path: String, for tensor: Tensor) throws(CLIFailure) -> Loaded {
    let file = try CLIFailure.read("input file", at: path)
    switch URL(fileURLWithPath: path).pathExtension.lowercased() {
    case "npy":
      let array: NPYArray
      do { array = try NPYFile.read(file) } catch { throw CLIFailure("\(path): \(error)") }
      guard array.dataType == tensor.dataType else {
        throw CLIFailure("\(path) holds \(array.dataType) values but input '\(tensor.name)' takes \(tensor.dataType)")
      }
      return Loaded(data: array.data, shape: array.shape)
    case "json":
      let numbers = try numbers(file: file, path: path)
      do {
        return Loaded(data: try tensor.dataType.encode(numbers.values, tensor: tensor.name), shape: numbers.shape)
      } catch { throw CLIFailure("\(path): \(error)") }
    case "bin", "raw":
      return Loaded(data: file, shape: nil)
    default:
      throw CLIFailure("\(path): unknown input format (use .npy, .json with numbers, or raw .bin)")
    }
  }

  /// The numbers in a JSON file (a number or nested arrays), row-major, with their shape.
  static func numbers(path: String) throws(CLIFailure) -> (values: [Double], shape: [Int]) {
    try numbers(file: try CLIFailure.read("input file", at: path), path: path)
  }

  private static func numbers(file: Data, path: String) throws(CLIFailure) -> (values: [Double], shape: [Int]) {
    let tree: NumberTree
    do { tree = try JSONDecoder().decode(NumberTree.self, from: file) } catch {
      throw CLIFailure("\(path) is not a JSON number or nested array of numbers: \(describe(error))")
    }
    var values: [Double] = []
    let shape = try flatten(tree, path: "$", into: &values, file: path)
    return (values, shape)
  }

  /// A JSON number, boolean, or array of them.
  private indirect enum NumberTree: Decodable {
    case number(Double)
    case array([NumberTree])

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let flag = try? container.decode(Bool.self) {
        self = .number(flag ? 1 : 0)
      } else if let number = try? container.decode(Double.self) {
        self = .number(number)
      } else {
        self = .array(try container.decode([NumberTree].self))
      }
    }
  }

  private static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.typeMismatch(_, let context), DecodingError.dataCorrupted(let context),
         DecodingError.valueNotFound(_, let context):
      let path = "$" + context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
      return "at \(path): \(context.debugDescription)"
    default:
      return String(describing: error)
    }
  }

  /// Flattens nested arrays row-major and returns the shape; a ragged array is an error naming
  /// its JSON path.
  private static func flatten(_ tree: NumberTree, path: String, into values: inout [Double], file: String) throws(CLIFailure) -> [Int] {
    switch tree {
    case .number(let value):
      values.append(value)
      return []
    case .array(let elements):
      var innerShape: [Int]?
      for (index, element) in elements.enumerated() {
        let shape = try flatten(element, path: "\(path)[\(index)]", into: &values, file: file)
        if let innerShape, innerShape != shape {
          throw CLIFailure("\(file) at \(path)[\(index)]: ragged array (shape \(shape) after \(innerShape))")
        }
        innerShape = shape
      }
      return [elements.count] + (innerShape ?? [])
    }
  }
}
