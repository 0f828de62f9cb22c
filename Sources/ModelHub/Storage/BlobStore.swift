import Foundation
import ModelHubAPI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Model files stored by content: `blobs/<first two hex digits>/<sha256>`.
///
/// A blob appears only by renaming a complete, fsynced temporary file, so a reader never sees a
/// partial blob, even after a crash; the folder is fsynced after the rename so the name is
/// durable too.
struct BlobStore: Sendable {
  let paths: HubPaths

  /// Creates the folders if needed.
  func prepare() throws {
    for folder in [paths.root, paths.blobs, paths.temporary] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
  }

  /// Starts a new temporary file in `tmp/`.
  func makeWriter() throws(HubError) -> BlobWriter {
    let url = paths.temporary.appendingPathComponent("upload-\(UUID().uuidString)")
    return try BlobWriter(url: url)
  }

  /// Moves a finished temporary file into place as the blob `hash` (a no-op if that blob exists:
  /// same hash, same bytes) and makes the rename durable.
  func install(_ temporary: URL, hash: String) throws(HubError) {
    let target = paths.blob(hash)
    let folder = target.deletingLastPathComponent()
    do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
      throw .internalError("cannot create \(folder.lastPathComponent): \(error)")
    }
    if FileManager.default.fileExists(atPath: target.path) {
      try? FileManager.default.removeItem(at: temporary)
      return
    }
    guard rename(temporary.path, target.path) == 0 else {
      throw .internalError("cannot store blob: \(String(cString: strerror(errno)))")
    }
    Self.syncDirectory(folder)
    Self.syncDirectory(paths.blobs)
  }

  /// The size of blob `hash`, or nil if it is not stored.
  func size(of hash: String) -> Int64? { storedSize(hash) }

  /// The size of blob `hash`, or nil if it is not stored (one name for the synchronous and the
  /// ``BlobStorage`` paths).
  func storedSize(_ hash: String) -> Int64? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: paths.blob(hash).path),
      let size = attributes[.size] as? NSNumber
    else { return nil }
    return size.int64Value
  }

  /// Removes blob `hash` if present.
  func remove(_ hash: String) {
    try? FileManager.default.removeItem(at: paths.blob(hash))
  }

  /// The hashes of every stored blob (ignoring anything that is not named like one).
  func allHashes() -> [String] {
    let fm = FileManager.default
    guard let prefixes = try? fm.contentsOfDirectory(atPath: paths.blobs.path) else { return [] }
    return prefixes.flatMap { prefix -> [String] in
      let names = (try? fm.contentsOfDirectory(atPath: paths.blobs.appendingPathComponent(prefix).path)) ?? []
      return names.filter { HubHash.isValid($0) && $0.hasPrefix(prefix) }
    }
  }

  /// Deletes every temporary file (leftovers of uploads interrupted by a crash). Returns how many.
  @discardableResult
  func clearTemporary() -> Int {
    let fm = FileManager.default
    let names = (try? fm.contentsOfDirectory(atPath: paths.temporary.path)) ?? []
    for name in names { try? fm.removeItem(at: paths.temporary.appendingPathComponent(name)) }
    return names.count
  }

  /// fsyncs a directory so that renames inside it survive a crash.
  static func syncDirectory(_ url: URL) {
    let fd = open(url.path, O_RDONLY)
    guard fd >= 0 else { return }
    _ = fsync(fd)
    _ = close(fd)
  }
}
