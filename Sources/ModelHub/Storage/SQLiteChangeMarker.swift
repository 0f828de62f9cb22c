import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Detects commits to a WAL-mode SQLite database by any process without opening a connection:
/// the wal-index header at the start of `<db>-shm` (shared memory, mapped by every connection)
/// holds a change counter, the last valid frame and the WAL salts, and SQLite rewrites it on
/// every commit and every WAL reset. The database file's size, modification time and inode are
/// added for writes that reach the main file directly. One `open`, `pread`, `close` and `stat`.
enum SQLiteChangeMarker {
  /// The first 48 bytes of the wal-index header: version, change counter, page size, mxFrame,
  /// page count, frame checksums and salts.
  private static let headerBytes = 48

  /// The current marker of the database at `database`.
  static func read(database: URL) -> HubChangeMarker {
    var bytes = [UInt8](repeating: 0, count: headerBytes)
    let descriptor = open(database.path + "-shm", O_RDONLY)
    if descriptor >= 0 {
      let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, headerBytes, 0) }
      close(descriptor)
      if count != headerBytes { bytes = [UInt8](repeating: 0xFF, count: headerBytes) }
    }
    var info = stat()
    if stat(database.path, &info) == 0 {
      #if canImport(Darwin)
        let modified = info.st_mtimespec
      #else
        let modified = info.st_mtim
      #endif
      for value in [
        UInt64(truncatingIfNeeded: info.st_size), UInt64(truncatingIfNeeded: modified.tv_sec),
        UInt64(truncatingIfNeeded: modified.tv_nsec), UInt64(truncatingIfNeeded: info.st_ino),
      ] {
        withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
      }
    }
    return HubChangeMarker(bytes: bytes)
  }
}
