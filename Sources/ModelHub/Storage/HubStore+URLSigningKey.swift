import Foundation

extension HubStore {
  /// The download-URL key stored in the database (see ``URLSigningKey``).
  func downloadURLKey(candidate: Data, now: Date) async throws -> Data {
    try await URLSigningKey.sqlite(database, candidate: candidate, now: now)
  }
}
