import Foundation
import GRDB
import ModelHubAPI

/// A row of `apiKey`. Only the SHA-256 of the secret is stored. A revoked key keeps its row
/// (so that `hub keys list` shows when it was revoked) and is refused from then on.
struct APIKeyRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "apiKey"

  var id: String
  var keyHash: String
  var scope: HubKeyScope
  var createTime: Date
  var revokeTime: Date?

  /// The listed form (no secret, no hash).
  var info: HubAPIKeyInfo { HubAPIKeyInfo(id: id, scope: scope, createTime: createTime, revokeTime: revokeTime) }
}
