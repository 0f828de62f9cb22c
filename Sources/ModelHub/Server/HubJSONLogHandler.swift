import Foundation
import Logging

/// A log handler writing one JSON object per line to standard error:
/// `{"time":…,"level":…,"label":…,"message":…,"model":…}` (metadata keys at the top level).
public struct HubJSONLogHandler: LogHandler {
  /// The logger's label.
  public let label: String
  /// The minimum level written.
  public var logLevel: Logger.Level = .info
  /// Metadata added to every line.
  public var metadata: Logger.Metadata = [:]

  /// Creates a handler.
  public init(label: String) { self.label = label }

  /// Reads or writes one metadata value.
  public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  /// Writes one line.
  public func log(event: LogEvent) {
    var fields: [String: String] = [:]
    for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 }) { fields[key] = "\(value)" }
    fields["time"] = Date().formatted(.iso8601)
    fields["level"] = event.level.rawValue
    fields["label"] = label
    fields["message"] = "\(event.message)"
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard var line = try? encoder.encode(fields) else { return }
    line.append(0x0a)
    FileHandle.standardError.write(line)
  }
}
