import Foundation
import ModelHubAPI

/// What every console page shows around its content: who is signed in, whether they may
/// change anything, the CSRF token for changes, and which tab is open.
struct ConsoleFrame: Sendable {
  var title: String
  var signedIn: Bool
  /// The id (never the secret) of the key this session was opened with.
  var keyID: String
  var csrfToken: String
  /// Whether the key is a client key: the console shows, but offers no change.
  var readOnly: Bool
  /// Whether the page offers changes (stored, not computed: templates read stored properties).
  var canEdit: Bool
  var onModels: Bool
  var onKeys: Bool

  /// A frame for a signed-in page.
  init(title: String, session: ConsoleSessions.Session, scope: HubKeyScope, tab: Tab) {
    self.title = title
    signedIn = true
    keyID = session.keyID
    csrfToken = session.csrfToken
    readOnly = scope != .admin
    canEdit = scope == .admin
    onModels = tab == .models
    onKeys = tab == .keys
  }

  /// A frame for the sign-in page.
  init(title: String) {
    self.title = title
    signedIn = false
    keyID = ""
    csrfToken = ""
    readOnly = true
    canEdit = false
    onModels = false
    onKeys = false
  }

  /// The console's tabs.
  enum Tab { case models, keys, none }
}

/// Formatting shared by the pages.
enum ConsoleFormat {
  /// `2026-11-25 03:42 UTC`.
  static func time(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
    return formatter.string(from: date)
  }

  /// `1.2 MiB`, `840 B` (binary units, as `--max-upload-mb` counts).
  static func bytes(_ count: Int64) -> String {
    let units = ["B", "KiB", "MiB", "GiB", "TiB"]
    var value = Double(count)
    var unit = 0
    while value >= 1024 && unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    return unit == 0 ? "\(count) B" : String(format: "%.1f %@", value, units[unit])
  }

  /// `[1, 224, 224, 3]` with `?` for a dynamic dimension.
  static func shape(_ shape: [Int]) -> String {
    "[" + shape.map { $0 < 0 ? "?" : String($0) }.joined(separator: ", ") + "]"
  }
}
