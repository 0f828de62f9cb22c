import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive `flock` on `<data>/hub.lock`, held for as long as this object lives, so that
/// only one hub serves (and recovers) a data folder at a time. The holder writes its pid into
/// the file so that a second hub can say who holds it. The kernel drops the lock when the
/// process dies, however it dies, so a stale file never blocks a restart.
final class DataFolderLock: Sendable {
  /// The lock file's descriptor (closing it releases the lock).
  private let descriptor: Int32

  /// Takes the lock on `folder` (created if missing) without waiting.
  /// - Throws: ``DataFolderLockError``: `.inUse` when another hub holds it, `.failed` when the
  ///   lock file cannot be opened or locked.
  init(folder: URL) throws(DataFolderLockError) {
    let path = folder.appendingPathComponent("hub.lock").path
    do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
      throw .failed(folder: folder.path, reason: "\(error)")
    }
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw .failed(folder: folder.path, reason: String(cString: strerror(errno))) }
    guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
      let code = errno
      let holder = Self.readPid(fd)
      close(fd)
      if code == EWOULDBLOCK { throw .inUse(folder: folder.path, pid: holder) }
      throw .failed(folder: folder.path, reason: String(cString: strerror(code)))
    }
    let pid = Array("\(getpid())\n".utf8)
    _ = ftruncate(fd, 0)
    _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    descriptor = fd
  }

  deinit { close(descriptor) }

  private static func readPid(_ fd: Int32) -> Int32? {
    var buffer = [UInt8](repeating: 0, count: 32)
    let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
    guard count > 0 else { return nil }
    return Int32(String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
  }
}

/// Why a hub could not take its data folder.
public enum DataFolderLockError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Another hub process holds the folder (its pid, when it could be read).
  case inUse(folder: String, pid: Int32?)
  /// The lock file could not be created or locked.
  case failed(folder: String, reason: String)

  /// A sentence saying what went wrong.
  public var description: String {
    switch self {
    case .inUse(let folder, let pid):
      "The data folder \(folder) is in use by another hub (\(pid.map { "pid \($0)" } ?? "pid unknown")); stop it or choose another --data."
    case .failed(let folder, let reason):
      "Cannot lock the data folder \(folder): \(reason)."
    }
  }
}
