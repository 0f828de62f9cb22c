import Foundation
import NIOConcurrencyHelpers
import NIOCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Detects commits to a WAL-mode SQLite database by any process without opening a connection:
/// the wal-index header at the start of `<db>-shm` (shared memory, mapped by every connection)
/// holds a change counter, the last valid frame and the WAL salts, and SQLite rewrites it on
/// every commit and every WAL reset. The database file's size, modification time and inode are
/// added for a file replaced or restored under the hub (in WAL mode no commit reaches the main file
/// without moving the header first: checkpoints copy committed pages, and leaving WAL mode needs
/// every other connection closed, and the hub always has one open).
///
/// A `pread` per read: the `-shm` file is opened once and kept open (SQLite neither truncates nor
/// removes it while any connection has the database open); it is opened again if a read fails,
/// and a read that cannot be made gives a marker no commit gives. The database file is `stat`ed at
/// most every ``fileCheckInterval`` (the path lookup cost more than the rest of a version check's
/// decision): a replaced file is noticed within that, a commit on the next read.
final class SQLiteChangeMarker: Sendable {
  /// The first 48 bytes of the wal-index header: version, change counter, page size, mxFrame,
  /// page count, frame checksums and salts.
  private static let headerBytes = 48

  private let databasePath: String
  private let sharedMemoryPath: String
  /// The open `-shm` file, or -1 before it could be opened.
  private let descriptor = NIOLockedValueBox<Int32>(-1)
  /// How long a `stat` of the database file is used for.
  static let fileCheckInterval = TimeAmount.milliseconds(100)
  /// The last `stat` of the database file (size, modification time, inode; nil when it failed)
  /// and when it was made.
  private let fileCheck = NIOLockedValueBox<(at: NIODeadline, values: [UInt64]?)?>(nil)

  /// The marker of the database at `database` (its paths are worked out here, once).
  init(database: URL) {
    databasePath = database.path
    sharedMemoryPath = database.path + "-shm"
  }

  deinit {
    let open = descriptor.withLockedValue { $0 }
    if open >= 0 { close(open) }
  }

  /// The first bytes of the `-shm` file into `bytes`; false when it cannot be read.
  private func readHeader(into bytes: inout [UInt8]) -> Bool {
    for attempt in 0..<2 {
      var current = descriptor.withLockedValue { $0 }
      if current < 0 || attempt > 0 {
        let reopened = open(sharedMemoryPath, O_RDONLY | O_CLOEXEC)
        guard reopened >= 0 else { return false }
        let previous = descriptor.withLockedValue { value in
          defer { value = reopened }
          return value
        }
        // Another thread may be reading the old descriptor: at worst its `pread` fails or reads
        // other bytes, and that request reloads the serving state (harmless, and rare).
        if previous >= 0 { close(previous) }
        current = reopened
      }
      let count = bytes.withUnsafeMutableBytes { pread(current, $0.baseAddress, Self.headerBytes, 0) }
      if count == Self.headerBytes { return true }
    }
    return false
  }

  /// The current marker.
  func read() -> HubChangeMarker {
    var bytes = [UInt8](repeating: 0, count: Self.headerBytes + 32)
    if !readHeader(into: &bytes) {
      // No `-shm` (no connection has opened the database in WAL mode yet) or no header: a
      // marker no commit gives, so that the next successful read counts as a change.
      bytes.replaceSubrange(0..<Self.headerBytes, with: repeatElement(0xFF, count: Self.headerBytes))
    }
    guard let values = fileValues() else {
      bytes.removeLast(32)
      return HubChangeMarker(bytes: bytes)
    }
    bytes.withUnsafeMutableBytes { buffer in
      for (index, value) in values.enumerated() {
        buffer.storeBytes(of: value, toByteOffset: Self.headerBytes + index * 8, as: UInt64.self)
      }
    }
    return HubChangeMarker(bytes: bytes)
  }

  /// The database file's size, modification time and inode, from a `stat` at most
  /// ``fileCheckInterval`` old; nil when the file cannot be `stat`ed.
  private func fileValues() -> [UInt64]? {
    let now = NIODeadline.now()
    if let recent = fileCheck.withLockedValue({ $0 }), now - recent.at < Self.fileCheckInterval {
      return recent.values
    }
    var info = stat()
    var values: [UInt64]?
    if stat(databasePath, &info) == 0 {
      #if canImport(Darwin)
        let modified = info.st_mtimespec
      #else
        let modified = info.st_mtim
      #endif
      values = [
        UInt64(truncatingIfNeeded: info.st_size), UInt64(truncatingIfNeeded: modified.tv_sec),
        UInt64(truncatingIfNeeded: modified.tv_nsec), UInt64(truncatingIfNeeded: info.st_ino),
      ]
    }
    fileCheck.withLockedValue { $0 = (now, values) }
    return values
  }
}
