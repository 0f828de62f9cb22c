import ArgumentParser
import Foundation
import ModelHub

/// `--data DIR [--database postgres://…]` or `--hub URL`: where `hub keys create` and `hub keys
/// revoke` work — directly in the hub's store, the data folder's or PostgreSQL (works while the hub
/// runs), or through a running hub's API with the admin key in $TENSORBRIDGE_HUB_KEY, as the
/// console does.
struct HubKeyTarget: ParsableArguments {
  @Option(name: .long, help: "The hub's data folder.")
  var data: String?

  @Option(
    name: .long,
    help: "The hub's PostgreSQL database, postgres://user[:password]@host[:port]/database (default: SQLite in --data).")
  var database: String?

  @Option(
    name: .long, help: "A running hub's URL, to work through its API instead (admin key in $TENSORBRIDGE_HUB_KEY).")
  var hub: String?

  /// Checks that exactly one of `--data` and `--hub` is given, and `--database` only with
  /// `--data`. Not `validate()`: the commands call it among their own checks, in their order.
  func check() throws {
    guard (data == nil) != (hub == nil) else { throw ValidationError("give either --data DIR or --hub URL") }
    guard database == nil || data != nil else { throw ValidationError("--database goes with --data, not --hub") }
    try HubStoreOptions.validate(database: database)
  }

  /// Does `action` in the store (`inStore`) or through the hub's API (`throughAPI`).
  ///
  /// - Throws: ``CLIFailure`` `cannot <action> in <store>: <why>` when the store refuses, else
  ///   what opening the store or the API call throws.
  func perform<Result>(
    _ action: String, inStore: (HubAdminStore) async throws -> Result,
    throughAPI: (HubHTTPClient) async throws -> Result
  ) async throws -> Result {
    guard let data else { return try await throughAPI(try HubConnectionOptions.client(hub: hub)) }
    return try await HubStoreOptions.perform(action, data: data, database: database, inStore)
  }
}
