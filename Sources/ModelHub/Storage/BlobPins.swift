/// Keeps this process's uploads and blob deletions of the same hash apart when blobs are not in
/// the data folder (where the SQLite write lock does it).
///
/// An upload pins its hash from before the blob is put until after the version referring to it
/// has committed (or failed); a deletion claims the hash first, and gives up when it is pinned.
/// An upload arriving while the hash is claimed waits for that deletion to finish, then puts
/// the blob again. So no upload in this process can commit a reference to a blob this process
/// is deleting.
actor BlobPins {
  private var pins: [String: Int] = [:]
  private var deleting: Set<String> = []
  private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

  /// Pins `hash` for an upload, first waiting for a deletion of it in progress to finish.
  func pin(_ hash: String) async {
    while deleting.contains(hash) {
      await withCheckedContinuation { waiting[hash, default: []].append($0) }
    }
    pins[hash, default: 0] += 1
  }

  /// Releases one pin of `hash`; returns whether it was the last.
  @discardableResult
  func unpin(_ hash: String) -> Bool {
    let left = (pins[hash] ?? 1) - 1
    pins[hash] = left > 0 ? left : nil
    return left <= 0
  }

  /// Claims `hash` for deletion; false (nothing claimed) when an upload has pinned it.
  func claim(_ hash: String) -> Bool {
    guard pins[hash] == nil, !deleting.contains(hash) else { return false }
    deleting.insert(hash)
    return true
  }

  /// Ends the deletion of `hash`, waking the uploads waiting for it.
  func release(_ hash: String) {
    deleting.remove(hash)
    for continuation in waiting.removeValue(forKey: hash) ?? [] { continuation.resume() }
  }
}
