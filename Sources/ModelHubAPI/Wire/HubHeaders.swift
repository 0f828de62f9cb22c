/// Request headers the client API reads, as Firebase's model downloader sends them.
public enum HubHeaders {
  /// The app installation's stable identifier; rollouts assign variants per installation.
  public static let installationID = "X-Installation-Id"
  /// The client platform, such as `ios`, `android`, `macos` or `linux`.
  public static let platform = "X-Platform"
  /// The app's version, dotted numbers such as `2.4.1`.
  public static let appVersion = "X-App-Version"
}
