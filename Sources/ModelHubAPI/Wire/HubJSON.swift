import Foundation

/// The JSON encoding every ModelHub request and response uses: camelCase keys, RFC 3339 times
/// (`2026-05-01T12:00:00Z`), sorted keys so that bodies are stable.
public enum HubJSON {
  /// An encoder for hub wire types.
  public static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// A decoder for hub wire types.
  public static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }
}
