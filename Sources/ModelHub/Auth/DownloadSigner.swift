import Crypto
import Foundation
import ModelHubAPI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Signs and checks download URLs: `/v1/files/<sha256>?expires=<unix seconds>&signature=<hex>`
/// where the signature is HMAC-SHA256 over `<sha256>\n<expires>` with the hub's secret key.
struct DownloadSigner: Sendable {
  /// The secret's bytes (`SymmetricKey` itself is not `Sendable`).
  private let secret: [UInt8]
  private var key: SymmetricKey { SymmetricKey(data: secret) }

  init(key: SymmetricKey) { secret = key.withUnsafeBytes { Array($0) } }

  /// The key's 32 bytes, to store it where every node reads it (the metadata database).
  var keyBytes: Data { Data(secret) }

  /// Loads the key in `url`, creating a random one (mode 0600) the first time.
  static func load(from url: URL) throws -> DownloadSigner {
    if let data = try? Data(contentsOf: url), data.count == 32 {
      return DownloadSigner(key: SymmetricKey(data: data))
    }
    let key = SymmetricKey(size: .bits256)
    let data = key.withUnsafeBytes { Data($0) }
    let temporary = url.appendingPathExtension("tmp")
    guard FileManager.default.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600])
    else {
      throw HubError.internalError("cannot write \(url.path)")
    }
    guard rename(temporary.path, url.path) == 0 else { throw HubError.internalError("cannot write \(url.path)") }
    BlobStore.syncDirectory(url.deletingLastPathComponent())
    return DownloadSigner(key: key)
  }

  /// The path and query of a URL for blob `hash` valid until `expires`.
  func path(hash: String, expires: Date) -> String {
    let seconds = Int64(expires.timeIntervalSince1970.rounded(.down))
    return "/v1/files/\(hash)?expires=\(seconds)&signature=\(signature(hash: hash, expires: seconds))"
  }

  /// Checks a URL's `expires` and `signature` for blob `hash`.
  func check(hash: String, expires: String?, signature: String?, now: Date = Date()) throws(HubError) {
    guard let expires, let seconds = Int64(expires), let signature,
      let mac = Self.bytes(hex: signature), mac.count == 32
    else { throw .downloadURLInvalid }
    let message = Data("\(hash)\n\(seconds)".utf8)
    guard HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: message, using: key) else {
      throw .downloadURLInvalid
    }
    guard Double(seconds) > now.timeIntervalSince1970 else { throw .downloadURLExpired }
  }

  private func signature(hash: String, expires: Int64) -> String {
    HubHash.hex(HMAC<SHA256>.authenticationCode(for: Data("\(hash)\n\(expires)".utf8), using: key))
  }

  private static func bytes(hex: String) -> [UInt8]? {
    let utf8 = Array(hex.utf8)
    guard utf8.count % 2 == 0, utf8.count <= 128 else { return nil }
    func nibble(_ c: UInt8) -> UInt8? {
      switch c {
      case 48...57: c - 48
      case 97...102: c - 87
      case 65...70: c - 55
      default: nil
      }
    }
    var out: [UInt8] = []
    var index = 0
    while index < utf8.count {
      guard let high = nibble(utf8[index]), let low = nibble(utf8[index + 1]) else { return nil }
      out.append(high << 4 | low)
      index += 2
    }
    return out
  }
}
