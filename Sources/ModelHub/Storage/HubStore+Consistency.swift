import Foundation
import GRDB
import ModelHubAPI

extension HubStore {
  /// What ``recover()`` found and fixed.
  public struct RecoveryReport: Sendable, Equatable {
    /// Temporary files of interrupted uploads, deleted.
    public var temporaryFilesRemoved: Int
    /// Blobs no version refers to, deleted.
    public var orphanBlobsRemoved: Int
    /// Versions whose blob is missing or has the wrong size (never expected).
    public var damagedVersions: [String]
  }

  /// Brings files and metadata back in line after a crash: removes temporary files and blobs
  /// no version refers to (in S3: the objects listed under the prefix), and lists versions whose
  /// blob is missing or has the wrong size. Run before serving.
  @discardableResult
  public func recover() async throws -> RecoveryReport {
    if local != nil { return try recoverLocal() }
    let removedTemporary = staging.clearTemporary()
    let stored = try await blobs.storedBlobs()
    let versions = try await database.read { db in try VersionRecord.fetchAll(db) }
    let referenced = Set(versions.map(\.modelHash))
    let orphans = try await removeUnreferencedRemote(stored.keys.filter { !referenced.contains($0) })
    let damaged = versions.filter { stored[$0.modelHash] != $0.sizeBytes }.map { "\($0.model)/\($0.version)" }
    return RecoveryReport(
      temporaryFilesRemoved: removedTemporary, orphanBlobsRemoved: orphans, damagedVersions: damaged)
  }

  /// ``recover()`` for blobs in the data folder, synchronously, under the SQLite write lock.
  func recoverLocal() throws -> RecoveryReport {
    let removedTemporary = staging.clearTemporary()
    guard let local else {
      return RecoveryReport(temporaryFilesRemoved: removedTemporary, orphanBlobsRemoved: 0, damagedVersions: [])
    }
    return try database.write { db in
      let referenced = Set(try String.fetchAll(db, sql: "SELECT DISTINCT modelHash FROM version"))
      var orphans = 0
      for hash in local.allHashes() where !referenced.contains(hash) {
        local.remove(hash)
        orphans += 1
      }
      let versions = try VersionRecord.fetchAll(db)
      let damaged = versions.filter { local.size(of: $0.modelHash) != $0.sizeBytes }.map { "\($0.model)/\($0.version)" }
      return RecoveryReport(
        temporaryFilesRemoved: removedTemporary, orphanBlobsRemoved: orphans, damagedVersions: damaged)
    }
  }

  /// Every stored blob (in the data folder or under the S3 prefix) and its size in bytes.
  public func storedBlobs() async throws -> [String: Int64] { try await blobs.storedBlobs() }

  /// Re-hashes every stored blob and lists problems (missing or mismatching blobs, orphan
  /// blobs, temporary files); empty when the store is consistent. For tests and `hub check`.
  public func verify() async throws -> [String] {
    try await problems(with: try await database.read { db in try VersionRecord.fetchAll(db) })
  }
}
