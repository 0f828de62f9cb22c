import ArgumentParser
import Foundation
import ModelHub

extension HubCommand {
  /// `tensorbridge hub migrate --data DIR [--database postgres://…]`: brings the store's schema up
  /// to this binary's, which `hub serve` requires.
  struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "migrate",
      abstract: "Apply the schema migrations the hub's database has not had yet (SQLite in --data, or --database).",
      discussion: """
        `hub serve` refuses a database whose schema is older or newer than the binary. Run this once \
        per upgrade, before starting the new hubs; concurrent runs are serialized (PostgreSQL: an \
        advisory lock) and a migration is applied once.
        """)

    @OptionGroup var store: HubStoreOptions

    func run() async throws {
      let applied: [String]
      do {
        applied = try await HubAdminStore.migrate(
          database: try store.postgres(), directory: URL(fileURLWithPath: store.data))
      } catch let error as HubSchemaError {
        throw CLIFailure(error.description)
      } catch {
        throw CLIFailure("cannot migrate \(store.described): \(error)")
      }
      if applied.isEmpty {
        print("\(store.described): schema up to date")
      } else {
        for id in applied { print("applied \(id)") }
        print("\(store.described): \(applied.count) migration\(applied.count == 1 ? "" : "s") applied")
      }
    }
  }
}
