import Foundation
import GRDB
import ModelHubAPI

/// Blobs outside the data folder (S3): they cannot be installed inside a SQLite transaction, so
/// the order is explicit. An upload puts its blob — a single PutObject, or a multipart upload
/// completed — before the transaction that first refers to it starts; a deletion removes a blob
/// only after the transaction that dropped its last reference has committed. ``BlobPins`` keeps
/// this process's uploads and deletions of the same hash apart; after committing, an upload
/// checks its blob is still there and puts it again if another hub sharing the bucket removed it
/// as unreferenced in between.
extension HubStore {
  /// ``addVersion(model:temporary:hash:size:validation:publish:signer:now:)`` for non-local blobs.
  func addVersionRemote(
    model name: String, temporary: URL, hash: String, size: Int64, validation: HubValidationReport,
    publish: Bool, signer: HubReleaseSigner?, now: Date
  ) async throws -> HubModelVersion {
    await pins.pin(hash)
    do {
      try await blobs.put(hash, from: temporary)
      let version = try await database.write { db in
        let record = try Self.insertVersion(
          db, model: name, hash: hash, size: size, validation: validation, publish: publish, signer: signer, now: now)
        return try Self.wireVersion(db, record)
      }
      if try await blobs.blobSize(hash) != size { try await blobs.put(hash, from: temporary) }
      await pins.unpin(hash)
      try? FileManager.default.removeItem(at: temporary)
      return version
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      if await pins.unpin(hash) { _ = try? await removeUnreferencedRemote([hash]) }
      throw error
    }
  }

  /// Deletes the blobs among `hashes` that no committed version refers to and no upload in this
  /// process has pinned; returns how many were deleted.
  @discardableResult
  func removeUnreferencedRemote(_ hashes: [String]) async throws -> Int {
    var removed = 0
    for hash in hashes {
      guard await pins.claim(hash) else { continue }
      do {
        let referenced = try await database.read { db in try Self.isReferenced(db, hash) }
        if !referenced {
          try await blobs.delete(hash)
          removed += 1
        }
      } catch {
        await pins.release(hash)
        throw error
      }
      await pins.release(hash)
    }
    return removed
  }
}
