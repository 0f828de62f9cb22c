import Foundation

/// A one-line "[3/120] photo.jpg" progress display on standard error, for commands that
/// work through many files.
struct ProgressLine {
  let total: Int
  let enabled: Bool

  func update(_ position: Int, _ name: String) {
    guard enabled else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K[\(position + 1)/\(total)] \(name)".utf8))
  }

  func clear() {
    guard enabled else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
  }

  func finish() {
    guard enabled else { return }
    FileHandle.standardError.write(Data("\r\u{1B}[K[\(total)/\(total)] done\n".utf8))
  }
}
