import Foundation
import GRDB
import ModelHubAPI

/// A row of `version`: one stored file of a model.
struct VersionRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "version"

  var model: String
  var version: Int
  var modelHash: String
  var sizeBytes: Int64
  var createTime: Date
  var published: Bool
  var validation: HubValidationReport

  /// The wire form.
  var wire: HubModelVersion {
    HubModelVersion(
      model: model, version: version, modelHash: modelHash, sizeBytes: sizeBytes,
      createTime: createTime, published: published, validation: validation)
  }
}
