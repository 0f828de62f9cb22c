import Crypto
import Foundation
import ModelHubAPI

extension ModelStore {
  /// Decrypts the installed model into memory and checks its size and SHA-256 against the
  /// manifest.
  /// - Throws: ``ModelDownloaderError/encryptedModelDamaged(path:reason:)`` when a record does not
  ///   authenticate (changed bytes, another key) or the plaintext is not the recorded model.
  func decrypt(_ manifest: ModelManifest) throws(ModelDownloaderError) -> Data {
    guard let encryption else {
      throw .storeFailure(path: directory.path, operation: "decrypt a model in", reason: "the store is not encrypted")
    }
    let url = file(manifest.name, hash: manifest.hash)
    var plaintext = Data(capacity: Int(clamping: manifest.size))
    var digest = SHA256()
    let scan: SealedRecords.Scan
    do {
      scan = try SealedRecords.scan(url, key: encryption.key) { piece in
        guard Int64(plaintext.count + piece.count) <= manifest.size else { throw SealedRecordsOverflow() }
        digest.update(data: piece)
        plaintext.append(piece)
      }
    } catch is SealedRecordsOverflow {
      throw .encryptedModelDamaged(path: url.path, reason: "it holds more than the recorded \(manifest.size) bytes")
    } catch {
      throw .storeFailure(path: url.path, operation: "read", reason: Self.reason(error))
    }
    if let damage = scan.damage { throw .encryptedModelDamaged(path: url.path, reason: damage) }
    let hash = HubHash.hex(digest.finalize())
    guard scan.plaintextSize == manifest.size, hash == manifest.hash else {
      throw .encryptedModelDamaged(
        path: url.path, reason: "its plaintext (\(scan.plaintextSize) bytes, SHA-256 \(hash)) is not the recorded model"
      )
    }
    return plaintext
  }
}

private struct SealedRecordsOverflow: Error {}
