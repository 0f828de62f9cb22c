import Foundation

/// Reads whole files the way a command-line user names them: regular files (memory-mapped when
/// asked and safe), and also the streams Foundation's `Data(contentsOf:)` refuses on Linux with
/// "Permission denied": `/dev/stdin`, a named pipe, a shell's `<(…)` process substitution.
package enum FileContents {
  /// The bytes of the file at `url`.
  ///
  /// - Parameter mappedIfSafe: Memory-map a regular file instead of copying it.
  /// - Throws: Foundation's file error; ``fileErrorReason(_:)`` turns it into a short reason.
  package static func read(_ url: URL, mappedIfSafe: Bool = false) throws -> Data {
    guard isStream(url) else { return try Data(contentsOf: url, options: mappedIfSafe ? .mappedIfSafe : []) }
    let handle = try FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    return try handle.readToEnd() ?? Data()
  }

  /// Whether `url` names a pipe, socket or character device rather than a file or folder.
  private static func isStream(_ url: URL) -> Bool {
    var status = stat()
    guard stat(url.path, &status) == 0 else { return false }
    let kind = status.st_mode & S_IFMT
    return kind == S_IFIFO || kind == S_IFCHR || kind == S_IFSOCK
  }
}
