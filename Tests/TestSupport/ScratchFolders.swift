import Foundation

/// The scratch folders a test process made, removed when it exits: a full `swift test` makes
/// hundreds (model stores, hub data, S3 buckets), some of them 200 MB.
final class ScratchFolders: @unchecked Sendable {
  /// The process's one list, whose removal is registered with `atexit` on first use.
  static let shared: ScratchFolders = {
    let folders = ScratchFolders()
    atexit { ScratchFolders.shared.removeAll() }
    return folders
  }()

  private let lock = NSLock()
  private var folders: [URL] = []

  func add(_ folder: URL) {
    lock.withLock { folders.append(folder) }
  }

  /// Removes every folder still there, unless `TB_KEEP_TEST_FILES=1`.
  func removeAll() {
    guard ProcessInfo.processInfo.environment["TB_KEEP_TEST_FILES"] != "1" else { return }
    let all = lock.withLock {
      defer { folders = [] }
      return folders
    }
    for folder in all { try? FileManager.default.removeItem(at: folder) }
  }
}
