import Foundation

/// The layout of a hub's data folder.
struct HubPaths: Sendable {
  let root: URL
  var database: URL { root.appendingPathComponent("hub.sqlite") }
  var blobs: URL { root.appendingPathComponent("blobs", isDirectory: true) }
  var temporary: URL { root.appendingPathComponent("tmp", isDirectory: true) }
  var signingKey: URL { root.appendingPathComponent("signing.key") }

  /// The file of the blob whose SHA-256 is `hash` (already checked to be 64 lowercase hex digits).
  func blob(_ hash: String) -> URL {
    blobs.appendingPathComponent(String(hash.prefix(2)), isDirectory: true).appendingPathComponent(hash)
  }
}
