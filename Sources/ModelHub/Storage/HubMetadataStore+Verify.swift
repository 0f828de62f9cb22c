import Foundation
import ModelHubAPI

extension HubMetadataStore {
  /// Re-hashes the blob of every version in `versions` and lists problems (missing or
  /// mismatching blobs, blobs none of them refers to, temporary files): what `verify()` reports,
  /// whichever database the versions were read from.
  func problems(with versions: [VersionRecord]) async throws -> [String] {
    var problems: [String] = []
    let referenced = Set(versions.map(\.modelHash))
    for version in versions {
      guard let body = try? await blobs.read(version.modelHash, range: nil), let data = try? await body.collect()
      else {
        problems.append("\(version.model)/\(version.version): blob missing")
        continue
      }
      if Int64(data.count) != version.sizeBytes || APIKeys.sha256Hex(data) != version.modelHash {
        problems.append("\(version.model)/\(version.version): blob does not match its hash")
      }
    }
    for hash in try await blobs.storedBlobs().keys.sorted() where !referenced.contains(hash) {
      problems.append("orphan blob \(hash)")
    }
    let temporary = (try? FileManager.default.contentsOfDirectory(atPath: paths.temporary.path)) ?? []
    if !temporary.isEmpty { problems.append("\(temporary.count) temporary files") }
    return problems
  }
}
