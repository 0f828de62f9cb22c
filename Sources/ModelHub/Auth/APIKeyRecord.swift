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

extension APIKeyRecord {
  /// A new key of `scope`, created `now`: the row to store, and the answer, which carries the
  /// secret this once.
  static func create(scope: HubKeyScope, now: Date) -> (record: APIKeyRecord, answer: HubCreatedKey) {
    let secret = APIKeys.generate(scope: scope)
    let hash = APIKeys.hash(secret)
    let record = APIKeyRecord(id: id(keyHash: hash), keyHash: hash, scope: scope, createTime: now)
    return (record, HubCreatedKey(id: record.id, key: secret, scope: scope))
  }

  /// The public id of the key whose secret hashes to `keyHash`: the hash's first 12 digits.
  static func id(keyHash: String) -> String { String(keyHash.prefix(12)) }
}
