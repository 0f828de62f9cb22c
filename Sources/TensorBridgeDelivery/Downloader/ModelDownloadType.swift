/// Which model `getModel` returns and when, with the semantics of Firebase's `ModelDownloadType`.
public enum ModelDownloadType: String, Sendable, CaseIterable, Codable {
  /// The local model if one is present and intact; otherwise behave as ``latestModel``.
  case localModel
  /// The local model at once if present, while the latest one is fetched in the background for
  /// the next call; with no local model, behave as ``latestModel``.
  case localModelUpdateInBackground
  /// Ask the hub which version this installation should have, download it if it differs from the
  /// local one, and return only when it is on disk and verified.
  case latestModel
}
