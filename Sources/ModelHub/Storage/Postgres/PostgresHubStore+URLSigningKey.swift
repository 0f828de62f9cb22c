import Foundation
import ModelHubAPI
import PostgresNIO

extension PostgresHubStore {
  /// The download-URL key every node shares (see ``URLSigningKey``): `candidate` is stored by the
  /// first node, whichever nodes race to do so; all of them read the same row back.
  func downloadURLKey(candidate: Data, now: Date) async throws -> Data {
    try await transaction { connection in
      try await connection.query(
        """
        INSERT INTO urlSigningKey (id, secret, createTime) VALUES (1, \(candidate), \(now))
        ON CONFLICT (id) DO NOTHING
        """, logger: logger)
      for try await secret in try await connection.query(
        "SELECT secret FROM urlSigningKey WHERE id = 1", logger: logger
      ).decode(Data.self) {
        return secret
      }
      throw HubPostgresError.malformedRow(table: "urlSigningKey", column: "secret")
    }
  }
}
