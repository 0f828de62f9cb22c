import Foundation
import TensorBridge

/// Reads a `--input` file (`.npy`, `.json` or raw `.bin`) for a tensor.
enum InputLoader {
  /// The loaded values: packed bytes in the tensor's element type, and the shape the file
  /// states (nil for raw bytes and flat JSON).
  struct Loaded {
    var data: Data
    var shape: [Int]?
    /// For a string tensor: the strings (then `data` is their packed layout).
    var strings: [Data]?
  }

  static func load(path: String, for tensor: Tensor) throws(CLIFailure) -> Loaded {
    let file = try CLIFailure.read("input file", at: path)
    if tensor.dataType == .string { return try loadStrings(file: file, path: path, for: tensor) }
    switch try InputFileFormat(path: path, contents: file) {
    case .npy:
      let array: NPYArray
      do { array = try NPYFile.read(file) } catch { throw CLIFailure("\(path): \(error)") }
      guard array.dataType == tensor.dataType else {
        throw CLIFailure("\(path) holds \(array.dataType) values but input '\(tensor.name)' takes \(tensor.dataType)")
      }
      return Loaded(data: array.data, shape: array.shape)
    case .json:
      let numbers = try numbers(file: file, path: path)
      do {
        return Loaded(data: try tensor.dataType.encode(numbers.values, tensor: tensor.name), shape: numbers.shape)
      } catch { throw CLIFailure("\(path): \(error)") }
    case .raw:
      return Loaded(data: file, shape: nil)
    }
  }

  /// Strings for a string tensor: a NumPy `S<n>`/`U<n>` `.npy`, or JSON (a string or nested
  /// arrays of strings).
  private static func loadStrings(file: Data, path: String, for tensor: Tensor) throws(CLIFailure) -> Loaded {
    let strings: [Data]
    let shape: [Int]
    switch try InputFileFormat(path: path, contents: file) {
    case .npy:
      let found: (strings: [Data], shape: [Int])?
      do { found = try NPYFile.readStrings(file) } catch { throw CLIFailure("\(path): \(error)") }
      guard let found else {
        throw CLIFailure(
          "\(path) holds numbers but input '\(tensor.name)' takes strings (save a NumPy bytes or unicode array)")
      }
      (strings, shape) = found
    case .json:
      let tree: JSONTree<String>
      do { tree = try JSONDecoder().decode(JSONTree<String>.self, from: file) } catch {
        throw CLIFailure("\(path) is not a JSON string or nested array of strings: \(describe(error))")
      }
      var values: [String] = []
      shape = try tree.flatten(path: "$", into: &values, file: path)
      strings = values.map { Data($0.utf8) }
    case .raw:
      throw CLIFailure(
        "\(path): input '\(tensor.name)' takes strings; give a .npy string array or a .json array of strings")
    }
    let data: Data
    do { data = try StringTensorEncoding.encode(strings, tensor: tensor.name) } catch { throw CLIFailure(error) }
    return Loaded(data: data, shape: shape, strings: strings)
  }

  /// A JSON value of type `Leaf` (a string, a number), or nested arrays of them.
  private indirect enum JSONTree<Leaf: Decodable>: Decodable {
    case leaf(Leaf)
    case array([JSONTree])

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let leaf = try? container.decode(Leaf.self) {
        self = .leaf(leaf)
      } else {
        self = .array(try container.decode([JSONTree].self))
      }
    }

    /// Flattens nested arrays row-major and returns the shape; a ragged array is an error naming
    /// its JSON path.
    func flatten(path: String, into values: inout [Leaf], file: String) throws(CLIFailure) -> [Int] {
      switch self {
      case .leaf(let value):
        values.append(value)
        return []
      case .array(let elements):
        var inner: [Int]?
        for (index, element) in elements.enumerated() {
          let shape = try element.flatten(path: "\(path)[\(index)]", into: &values, file: file)
          if let inner, inner != shape {
            throw CLIFailure("\(file) at \(path)[\(index)]: ragged array (shape \(shape) after \(inner))")
          }
          inner = shape
        }
        return [elements.count] + (inner ?? [])
      }
    }
  }

  /// The numbers in the JSON `file` read from `path` (a number or nested arrays), row-major, with
  /// their shape.
  static func numbers(file: Data, path: String) throws(CLIFailure) -> (values: [Double], shape: [Int]) {
    let tree: JSONTree<JSONNumber>
    do { tree = try JSONDecoder().decode(JSONTree<JSONNumber>.self, from: file) } catch {
      throw CLIFailure("\(path) is not a JSON number or nested array of numbers: \(describe(error))")
    }
    var values: [JSONNumber] = []
    let shape = try tree.flatten(path: "$", into: &values, file: path)
    return (values.map(\.value), shape)
  }

  /// A JSON number, or a boolean as 1 or 0.
  private struct JSONNumber: Decodable {
    var value: Double

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let flag = try? container.decode(Bool.self) {
        value = flag ? 1 : 0
      } else {
        value = try container.decode(Double.self)
      }
    }
  }

  private static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.typeMismatch(_, let context), DecodingError.dataCorrupted(let context),
      DecodingError.valueNotFound(_, let context):
      let path =
        "$" + context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
      return "at \(path): \(context.debugDescription)"
    default:
      return String(describing: error)
    }
  }
}
