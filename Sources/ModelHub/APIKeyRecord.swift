import Foundation
import GRDB
import TensorBridgeDelivery

/// A row of `apiKey`. Only the SHA-256 of the secret is stored.
struct APIKeyRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
  static let databaseTableName = "apiKey"

  var id: String
  var keyHash: String
  var scope: HubKeyScope
  var createTime: Date
}
