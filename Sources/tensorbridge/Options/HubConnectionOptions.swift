import ArgumentParser
import Foundation

/// Where the hub is and which key to use.
struct HubConnectionOptions: ParsableArguments {
  @Option(name: .long, help: "The hub's URL (default: $TENSORBRIDGE_HUB_URL, else http://127.0.0.1:8080).")
  var hub: String?

  @Flag(name: .long, help: "Print the hub's JSON answer.")
  var json = false

  /// A client for the hub, with the key from `TENSORBRIDGE_HUB_KEY`.
  func client() throws -> HubHTTPClient { try Self.client(hub: hub) }

  /// Prints the hub's answer `raw` as it came with `--json`, else runs `summary` (which prints
  /// the text form).
  func report(_ raw: Data, else summary: () throws -> Void) rethrows {
    if json { print(String(decoding: raw, as: UTF8.self)) } else { try summary() }
  }

  /// A client for the hub at `hub` (else $TENSORBRIDGE_HUB_URL, else http://127.0.0.1:8080), with
  /// the key from `TENSORBRIDGE_HUB_KEY`.
  static func client(hub: String?) throws -> HubHTTPClient {
    let url = try Self.url(hub: hub)
    guard let key = ProcessInfo.processInfo.environment["TENSORBRIDGE_HUB_KEY"], !key.isEmpty else {
      throw CLIFailure(
        "set TENSORBRIDGE_HUB_KEY to an admin key (create one with `tensorbridge hub keys create --data DIR --scope admin`)"
      )
    }
    return HubHTTPClient(base: url, key: key)
  }

  /// The hub's URL: `hub`, else $TENSORBRIDGE_HUB_URL, else http://127.0.0.1:8080.
  /// - Throws: `ValidationError` when that is not an http(s) URL with a host.
  static func url(hub: String?) throws -> URL {
    let base = hub ?? ProcessInfo.processInfo.environment["TENSORBRIDGE_HUB_URL"] ?? "http://127.0.0.1:8080"
    guard let url = URL(string: base), url.scheme == "http" || url.scheme == "https", url.host != nil else {
      throw ValidationError("--hub must be an http(s) URL, not '\(base)'")
    }
    return url
  }
}
