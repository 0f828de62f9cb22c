import Foundation
import TestSupport
import XCTest

@testable import ModelSigning

/// ModelSigning's BLAKE3 against the `blake3` package (the official implementation) on the
/// official test vectors' inputs (`scripts/signing/make_blake3_vectors.py`), whole and fed in
/// uneven pieces (across block, chunk and subtree edges); and signatures over BLAKE3 digests
/// both ways against `model_signing` (its library signs with `hashing_algorithm="blake3"`, its
/// CLI verifies whatever `hash_type` a signature names).
final class BLAKE3Tests: XCTestCase {
  private struct Vectors: Decodable {
    struct Case: Decodable {
      var length: Int
      var hash: String
    }
    var cases: [Case]
  }

  func testOfficialVectors() throws {
    let url = TestPaths.repository.appendingPathComponent("Tests/Fixtures/signing/blake3_vectors.json")
    let vectors = try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: url))
    XCTAssertEqual(vectors.cases.count, 36)
    for item in vectors.cases {
      let input = (0..<item.length).map { UInt8($0 % 251) }
      var whole = BLAKE3()
      whole.update(input)
      XCTAssertEqual(HexDigest.string(whole.finalize()), item.hash, "length \(item.length)")
      for step in [1, 63, 64, 65, 1000, 1024, 4097] where step < item.length && (step > 1 || item.length < 10000) {
        var pieces = BLAKE3()
        var start = 0
        while start < input.count {
          pieces.update(Array(input[start..<min(start + step, input.count)]))
          start += step
        }
        XCTAssertEqual(HexDigest.string(pieces.finalize()), item.hash, "length \(item.length) in pieces of \(step)")
      }
    }
  }

  func testLibrarySignsWithBLAKE3AndSwiftVerifies() throws {
    let scratch = try SigningScratch(self)
    for model in [try scratch.singleFileModel(), try scratch.folderModel()] {
      let signature = scratch.folder.appendingPathComponent("\(model.lastPathComponent).sig")
      let signed = try ProcessRun.run(
        try ModelSigningCLI.python(),
        [
          "-c",
          """
          import sys, model_signing
          config = model_signing.signing.Config().use_elliptic_key_signer(private_key=sys.argv[1])
          config.set_hashing_config(model_signing.hashing.Config().use_file_serialization(hashing_algorithm="blake3"))
          config.sign(sys.argv[2], sys.argv[3])
          """, scratch.privateKeyFile.path, model.path, signature.path,
        ])
      XCTAssertEqual(signed.status, 0, signed.stderr)
      let bundle = try SigstoreBundle(jsonData: Data(contentsOf: signature))
      let verified = try scratch.verifier.verify(bundle, modelAt: model)
      XCTAssertEqual(verified.manifest.serialization.digestAlgorithm, .blake3)
      if model.lastPathComponent.hasSuffix(".tflite") {
        XCTAssertEqual(try scratch.verifier.verify(bundle, singleFileData: Data(contentsOf: model)).key, verified.key)
        XCTAssertThrowsError(try scratch.verifier.verify(bundle, singleFileSHA256: [UInt8](repeating: 0, count: 32))) {
          guard
            case .unsupportedSerialization(field: "predicate.serialization.hash_type", _)? = $0 as? ModelSignatureError
          else { return XCTFail("\($0)") }
        }
        var changed = try Data(contentsOf: model)
        changed[0] ^= 1
        XCTAssertThrowsError(try scratch.verifier.verify(bundle, singleFileData: changed))
      }
    }
  }

  /// The CLI hashes with SHA-256 whatever the signature says; the library's verifier reads the
  /// signature's `hash_type` (`_guess_hashing_config`), so it checks what Swift signs.
  func testSwiftSignsWithBLAKE3AndTheLibraryVerifies() throws {
    let scratch = try SigningScratch(self)
    let model = try scratch.folderModel()
    let bundle = try ModelSigner(privateKey: scratch.privateKey).sign(
      modelAt: model, serialization: ModelSigningManifest.Serialization(digestAlgorithm: .blake3))
    let signature = try scratch.write(bundle)
    let verify = {
      try ProcessRun.run(
        try ModelSigningCLI.python(),
        [
          "-c",
          """
          import sys, model_signing
          model_signing.verifying.Config().use_elliptic_key_verifier(public_key=sys.argv[1]).verify(sys.argv[2], sys.argv[3])
          """, scratch.publicKeyFile.path, model.path, signature.path,
        ])
    }
    let result = try verify()
    XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    try Data("changed".utf8).write(to: model.appendingPathComponent("empty.txt"))
    let changed = try verify()
    XCTAssertNotEqual(changed.status, 0)
    XCTAssertTrue(changed.stderr.contains("empty.txt"), changed.stderr)
    XCTAssertThrowsError(try scratch.verifier.verify(bundle, modelAt: model))
  }
}
