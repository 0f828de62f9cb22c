import Crypto
import Foundation
import SwiftASN1
import _CryptoExtras

/// Password-protected PEM private keys, as `cryptography` writes them with
/// `BestAvailableEncryption` and `model_signing sign --password` reads them: PKCS#8
/// `ENCRYPTED PRIVATE KEY` (PBES2: PBKDF2 with HMAC-SHA-1/224/256/384/512, AES-128/192/256-CBC),
/// and OpenSSL's traditional `Proc-Type: 4,ENCRYPTED` with `DEK-Info: AES-…-CBC` (the key from
/// MD5 `EVP_BytesToKey`, salted by the IV's first 8 bytes). Decrypted to the unencrypted PEM the
/// key readers take.
enum EncryptedPrivateKeyPEM {
  private typealias PRF = KDF.Insecure.PBKDF2.HashFunction

  /// Why a password-protected key does not open.
  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  private static let pbes2: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 5, 13]
  private static let pbkdf2: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 5, 12]
  private static let prfs: [ASN1ObjectIdentifier: PRF] = [
    [1, 2, 840, 113_549, 2, 7]: .insecureSHA1, [1, 2, 840, 113_549, 2, 8]: .insecureSHA224,
    [1, 2, 840, 113_549, 2, 9]: .sha256, [1, 2, 840, 113_549, 2, 10]: .sha384, [1, 2, 840, 113_549, 2, 11]: .sha512,
  ]
  private static let ciphers: [ASN1ObjectIdentifier: Int] = [
    [2, 16, 840, 1, 101, 3, 4, 1, 2]: 16, [2, 16, 840, 1, 101, 3, 4, 1, 22]: 24, [2, 16, 840, 1, 101, 3, 4, 1, 42]: 32,
  ]

  /// Whether `pem` holds a password-protected key.
  static func isEncrypted(_ pem: String) -> Bool {
    pem.contains("-----BEGIN ENCRYPTED PRIVATE KEY-----") || pem.contains("Proc-Type: 4,ENCRYPTED")
  }

  /// The unencrypted PEM of the key in `pem`.
  static func decrypted(_ pem: String, password: Data) throws -> String {
    if pem.contains("-----BEGIN ENCRYPTED PRIVATE KEY-----") {
      let document = try PEMDocument(pemString: pem)
      return PEMDocument(type: "PRIVATE KEY", derBytes: try pkcs8(document.derBytes, password: password)).pemString
    }
    return try traditional(pem, password: password)
  }

  /// PKCS#8 EncryptedPrivateKeyInfo (RFC 5958) with PBES2 (RFC 8018).
  private static func pkcs8(_ der: [UInt8], password: Data) throws -> [UInt8] {
    let root = try DER.parse(der)
    let (salt, iterations, prf, keyLength, iv, ciphertext) = try DER.sequence(root, identifier: .sequence) {
      nodes -> ([UInt8], Int, PRF, Int, [UInt8], [UInt8]) in
      let (salt, iterations, prf, keyLength, iv) = try DER.sequence(try next(&nodes), identifier: .sequence) {
        algorithm -> ([UInt8], Int, PRF, Int, [UInt8]) in
        guard try ASN1ObjectIdentifier(derEncoded: try next(&algorithm)) == pbes2 else {
          throw Failure("an encryption scheme other than PBES2")
        }
        return try DER.sequence(try next(&algorithm), identifier: .sequence) { parameters in
          let (salt, iterations, prf) = try DER.sequence(try next(&parameters), identifier: .sequence) { kdf in
            guard try ASN1ObjectIdentifier(derEncoded: try next(&kdf)) == pbkdf2 else {
              throw Failure("a key derivation other than PBKDF2")
            }
            return try DER.sequence(try next(&kdf), identifier: .sequence) { fields -> ([UInt8], Int, PRF) in
              let salt = Array(try ASN1OctetString(derEncoded: try next(&fields)).bytes)
              let iterations = try Int(derEncoded: try next(&fields))
              var prf = PRF.insecureSHA1
              while let field = fields.next() {
                guard field.identifier == .sequence else { continue }  // keyLength: fixed by the cipher
                prf = try DER.sequence(field, identifier: .sequence) { identifier in
                  let oid = try ASN1ObjectIdentifier(derEncoded: try next(&identifier))
                  _ = identifier.next()  // NULL parameters
                  guard let function = prfs[oid] else { throw Failure("the PBKDF2 function \(oid)") }
                  return function
                }
              }
              return (salt, iterations, prf)
            }
          }
          let (keyLength, iv) = try DER.sequence(try next(&parameters), identifier: .sequence) { cipher in
            let oid = try ASN1ObjectIdentifier(derEncoded: try next(&cipher))
            guard let length = ciphers[oid] else { throw Failure("the cipher \(oid) (AES-CBC only)") }
            return (length, Array(try ASN1OctetString(derEncoded: try next(&cipher)).bytes))
          }
          return (salt, iterations, prf, keyLength, iv)
        }
      }
      return (salt, iterations, prf, keyLength, iv, Array(try ASN1OctetString(derEncoded: try next(&nodes)).bytes))
    }
    guard iterations > 0, iterations <= 10_000_000 else { throw Failure("\(iterations) PBKDF2 iterations") }
    let key = try KDF.Insecure.PBKDF2.deriveKey(
      from: password, salt: salt, using: prf, outputByteCount: keyLength, unsafeUncheckedRounds: iterations)
    return Array(try decrypt(ciphertext, key: key, iv: iv))
  }

  /// OpenSSL's traditional encrypted PEM (`Proc-Type: 4,ENCRYPTED`, `DEK-Info: AES-256-CBC,<IV>`).
  private static func traditional(_ pem: String, password: Data) throws -> String {
    let lines = pem.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
    guard let begin = lines.firstIndex(where: { $0.hasPrefix("-----BEGIN ") }),
      let end = lines.firstIndex(where: { $0.hasPrefix("-----END ") }), begin < end,
      let info = lines.first(where: { $0.hasPrefix("DEK-Info:") })
    else { throw Failure("no PEM block with a DEK-Info header") }
    let parts = info.dropFirst("DEK-Info:".count).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    let lengths = ["AES-128-CBC": 16, "AES-192-CBC": 24, "AES-256-CBC": 32]
    guard parts.count == 2, let keyLength = lengths[parts[0].uppercased()], let iv = hexBytes(parts[1]), iv.count == 16
    else { throw Failure("the DEK-Info '\(info)' (AES-CBC only)") }
    let body = lines[(begin + 1)..<end].filter { !$0.contains(":") }.joined()
    guard let ciphertext = Data(base64Encoded: body) else { throw Failure("a PEM body that is not base64") }
    // EVP_BytesToKey(MD5, salt = IV[0..<8], count 1).
    var key = Data()
    var previous = Data()
    while key.count < keyLength {
      previous = Data(Insecure.MD5.hash(data: previous + password + iv[0..<8]))
      key += previous
    }
    let der = try decrypt(ciphertext, key: SymmetricKey(data: key.prefix(keyLength)), iv: iv)
    let type = String(lines[begin].dropFirst("-----BEGIN ".count).dropLast("-----".count))
    return PEMDocument(type: type, derBytes: Array(der)).pemString
  }

  private static func decrypt(_ ciphertext: some DataProtocol, key: SymmetricKey, iv: [UInt8]) throws -> Data {
    do {
      return try AES._CBC.decrypt(ciphertext, using: key, iv: AES._CBC.IV(ivBytes: iv))
    } catch {
      throw Failure("the password does not open it (\(error))")
    }
  }

  private static func next(_ nodes: inout ASN1NodeCollection.Iterator) throws -> ASN1Node {
    guard let node = nodes.next() else { throw Failure("a truncated EncryptedPrivateKeyInfo") }
    return node
  }

  private static func hexBytes(_ hex: String) -> [UInt8]? {
    let digits = Array(hex.utf8)
    guard digits.count % 2 == 0 else { return nil }
    var bytes: [UInt8] = []
    for index in stride(from: 0, to: digits.count, by: 2) {
      guard let byte = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else { return nil }
      bytes.append(byte)
    }
    return bytes
  }
}
