import Foundation
import ModelHubAPI
import PostgresNIO

/// Bringing files and metadata back in line after a crash, and checking that they are.
extension PostgresHubStore {
  /// Removes this node's temporary files and the blobs no version refers to (in S3: the objects
  /// listed under the prefix; each under the blob's advisory lock, so a blob another node is
  /// committing right now is left alone), and lists
  /// versions whose blob is missing or has the wrong size. Run before serving.
  func recover() async throws -> HubStore.RecoveryReport {
    let removedTemporary = staging.clearTemporary()
    var orphans = 0
    for hash in try await blobs.storedBlobs().keys.sorted() {
      let removed = try await transaction { connection -> Bool in
        try await lockBlob(connection, hash)
        guard try await !isReferenced(connection, hash) else { return false }
        try await blobs.delete(hash)
        return true
      }
      if removed { orphans += 1 }
    }
    var damaged: [String] = []
    for version in try await allVersions() {
      let size = try await blobs.blobSize(version.modelHash)
      if size != version.sizeBytes { damaged.append("\(version.model)/\(version.version)") }
    }
    return HubStore.RecoveryReport(
      temporaryFilesRemoved: removedTemporary, orphanBlobsRemoved: orphans, damagedVersions: damaged)
  }

  /// Re-hashes every stored blob and lists problems (missing or mismatching blobs, orphan blobs,
  /// temporary files); empty when the store is consistent.
  func verify() async throws -> [String] {
    try await problems(with: try await allVersions())
  }

  private func allVersions() async throws -> [VersionRecord] {
    try await read { connection in
      try await versions(connection, "SELECT \(unescaped: Self.versionColumns) FROM version")
    }
  }
}
