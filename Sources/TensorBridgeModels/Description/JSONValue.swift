import Foundation

/// A parsed JSON value. `model.json` is read into this first (JSON5 tolerant, as real Tensor/IO
/// bundles have trailing commas), then interpreted field by field so that every problem can be
/// reported with its key path.
public indirect enum JSONValue: Sendable, Equatable, Codable, CustomStringConvertible {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .number(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }

  /// Parses JSON (JSON5 extensions such as trailing commas and comments allowed).
  public static func parse(_ data: Data) throws -> JSONValue {
    let decoder = JSONDecoder()
    decoder.allowsJSON5 = true
    return try decoder.decode(JSONValue.self, from: data)
  }

  /// The JSON type name used in error messages.
  public var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }

  /// The value as compact JSON text, for messages.
  public var description: String {
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .number(let value): return value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    case .string(let value): return "\"\(value)\""
    case .array(let values): return "[" + values.map(\.description).joined(separator: ",") + "]"
    case .object(let members):
      return "{"
        + members.keys.sorted().map { "\"\($0)\":\(members[$0]?.description ?? "null")" }.joined(separator: ",") + "}"
    }
  }
}
