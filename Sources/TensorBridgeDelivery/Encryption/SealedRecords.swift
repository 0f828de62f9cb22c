import Crypto
import Foundation

/// The encrypted file format of the store: a sequence of records, each sealed on its own with
/// AES-256-GCM as the bytes arrive from the network.
///
/// A record is a 4-byte big-endian plaintext length `n`, a 12-byte random nonce, `n` bytes of
/// ciphertext and the 16-byte tag; its index (8 bytes big-endian) is the authenticated data, so
/// records cannot be reordered or moved. A truncated file or one with records dropped from the
/// end is caught by the size and SHA-256 recorded in the manifest.
enum SealedRecords {
  /// The largest plaintext a record may hold (a bigger length field is damage, not data).
  static let maxRecord = 16 << 20
  static let overhead = 4 + 12 + 16

  /// Seals one piece of plaintext as record number `index`.
  static func seal(_ plaintext: Data, index: UInt64, key: SymmetricKey) throws -> Data {
    let box = try AES.GCM.seal(plaintext, using: key, authenticating: aad(index))
    var record = Data(capacity: plaintext.count + overhead)
    withUnsafeBytes(of: UInt32(plaintext.count).bigEndian) { record.append(contentsOf: $0) }
    box.nonce.withUnsafeBytes { record.append(contentsOf: $0) }
    record.append(box.ciphertext)
    record.append(box.tag)
    return record
  }

  /// What reading a file's records found.
  struct Scan {
    /// Bytes of the file made of whole, authentic records.
    var validLength: Int64 = 0
    /// Plaintext bytes in those records.
    var plaintextSize: Int64 = 0
    /// How many records those are.
    var records: UInt64 = 0
    /// Why reading stopped before the end of the file, or nil when every record was authentic.
    var damage: String?
  }

  /// Opens the records of `url` in order, handing each plaintext to `body`; stops at the first
  /// incomplete or inauthentic record and says why in ``Scan/damage``.
  static func scan(_ url: URL, key: SymmetricKey, _ body: (Data) throws -> Void) throws -> Scan {
    let handle = try FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    var scan = Scan()
    while true {
      guard let header = try handle.read(upToCount: 4), !header.isEmpty else { return scan }
      guard header.count == 4 else {
        scan.damage = "the file ends inside a record header"
        return scan
      }
      let length = header.reduce(0) { $0 << 8 | Int($1) }
      guard length <= maxRecord else {
        scan.damage = "record \(scan.records) claims \(length) bytes"
        return scan
      }
      let record = try handle.read(upToCount: 12 + length + 16) ?? Data()
      guard record.count == 12 + length + 16 else {
        scan.damage = "the file ends inside record \(scan.records)"
        return scan
      }
      let plaintext: Data
      do {
        let box = try AES.GCM.SealedBox(
          nonce: AES.GCM.Nonce(data: record.prefix(12)),
          ciphertext: record.dropFirst(12).prefix(length), tag: record.suffix(16))
        plaintext = try AES.GCM.open(box, using: key, authenticating: aad(scan.records))
      } catch {
        scan.damage = "record \(scan.records) does not authenticate (changed bytes or another key)"
        return scan
      }
      try body(plaintext)
      scan.records += 1
      scan.validLength += Int64(4 + record.count)
      scan.plaintextSize += Int64(plaintext.count)
    }
  }

  private static func aad(_ index: UInt64) -> Data {
    withUnsafeBytes(of: index.bigEndian) { Data($0) }
  }
}
