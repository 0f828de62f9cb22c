import Foundation

/// A database whose schema is not the one this binary was built for. `hub serve` refuses it;
/// `tensorbridge hub migrate` brings an older one up to date.
public enum HubSchemaError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The database lacks migrations this binary expects.
  case outdated(database: String, missing: [String])
  /// The database has migrations this binary does not know: a newer binary migrated it.
  case newerThanBinary(database: String, unknown: [String])

  /// A sentence naming the database, the migrations and what to do.
  public var description: String {
    switch self {
    case .outdated(let database, let missing):
      return "The schema of \(database) is older than this binary (missing migrations "
        + "\(missing.joined(separator: ", "))): run `tensorbridge hub migrate` on it first."
    case .newerThanBinary(let database, let unknown):
      return "The schema of \(database) is newer than this binary (unknown migrations "
        + "\(unknown.joined(separator: ", "))): run a newer tensorbridge."
    }
  }

  /// Throws unless `applied` is exactly ``HubMigration/all``.
  static func check(applied: Set<String>, database: String) throws(HubSchemaError) {
    let unknown = applied.subtracting(HubMigration.identifiers)
    guard unknown.isEmpty else { throw .newerThanBinary(database: database, unknown: unknown.sorted()) }
    let missing = HubMigration.identifiers.filter { !applied.contains($0) }
    guard missing.isEmpty else { throw .outdated(database: database, missing: missing) }
  }
}
