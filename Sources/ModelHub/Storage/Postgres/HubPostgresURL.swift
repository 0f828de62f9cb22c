import Foundation

/// Where a PostgreSQL metadata database is: `postgres://user[:password]@host[:port]/database`,
/// optionally with `?sslmode=disable|prefer|require` (default `prefer`).
public struct HubPostgresURL: Sendable, Equatable, CustomStringConvertible {
  /// The server's host name or address.
  public var host: String
  /// The server's port (default 5432).
  public var port: Int
  /// The role to connect as.
  public var user: String
  /// The role's password, if the server asks for one.
  public var password: String?
  /// The database's name.
  public var database: String
  /// `disable`, `prefer` or `require`.
  public var sslMode: String

  /// Parses a `postgres://` (or `postgresql://`) URL.
  /// - Throws: ``HubPostgresError/invalidURL(_:reason:)`` naming what is wrong.
  public init(_ text: String) throws(HubPostgresError) {
    guard let components = URLComponents(string: text), let scheme = components.scheme,
      ["postgres", "postgresql"].contains(scheme)
    else { throw .invalidURL(Self.redacted(text), reason: "expected postgres://user@host:port/database") }
    guard let host = components.host, !host.isEmpty else { throw .invalidURL(Self.redacted(text), reason: "no host") }
    guard let user = components.user, !user.isEmpty else { throw .invalidURL(Self.redacted(text), reason: "no user") }
    let database = String(components.path.drop(while: { $0 == "/" }))
    guard !database.isEmpty, !database.contains("/") else {
      throw .invalidURL(Self.redacted(text), reason: "no database name after the host")
    }
    let mode = components.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? "prefer"
    guard ["disable", "prefer", "require"].contains(mode) else {
      throw .invalidURL(Self.redacted(text), reason: "sslmode must be disable, prefer or require")
    }
    self.host = host
    port = components.port ?? 5432
    self.user = user.removingPercentEncoding ?? user
    password = components.password.map { $0.removingPercentEncoding ?? $0 }
    self.database = database.removingPercentEncoding ?? database
    sslMode = mode
  }

  /// The URL without its password (for logs and errors).
  public var description: String { "postgres://\(user)@\(host):\(port)/\(database)" }

  private static func redacted(_ text: String) -> String {
    guard var components = URLComponents(string: text), components.password != nil else { return text }
    components.password = "***"
    return components.string ?? text
  }
}

/// Failures specific to the PostgreSQL metadata store.
public enum HubPostgresError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A `--database` value that is not a usable `postgres://` URL.
  case invalidURL(String, reason: String)
  /// A row whose column could not be read as the hub wrote it.
  case malformedRow(table: String, column: String)

  /// A sentence naming the problem.
  public var description: String {
    switch self {
    case .invalidURL(let url, let reason): return "'\(url)' is not a PostgreSQL URL: \(reason)."
    case .malformedRow(let table, let column): return "A row of \(table) has a malformed \(column)."
    }
  }
}
