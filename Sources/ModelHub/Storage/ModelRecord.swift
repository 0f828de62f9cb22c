import Foundation
import GRDB
import ModelHubAPI

/// A row of `model`.
struct ModelRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "model"

  var name: String
  var displayName: String
  var tags: [String]
  var createTime: Date
  var updateTime: Date
  /// Incremented on every change; the etag is derived from it.
  var revision: Int
  var rollout: HubRollout?

  /// The opaque etag clients see.
  var etag: String { "\(revision)-\(Int(updateTime.timeIntervalSince1970 * 1000))" }

  /// Marks a change now.
  mutating func touch(_ now: Date) {
    revision += 1
    updateTime = max(now, updateTime)
  }

  /// The wire form, given the version numbers.
  func wire(latestVersion: Int?, latestPublishedVersion: Int?) -> HubModel {
    HubModel(
      name: name, displayName: displayName, tags: tags, createTime: createTime, updateTime: updateTime,
      etag: etag, latestVersion: latestVersion, latestPublishedVersion: latestPublishedVersion)
  }
}
