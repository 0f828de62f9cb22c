/// The OpenSSF model-signing format for the key-based method, as the PyPI `model-signing`
/// package (v1.1, `model_signing sign key` / `verify key`) writes and reads it. The certificate
/// method (`sign certificate`) differs only in the verification material: instead of the key's
/// hint, `x509CertificateChain.certificates[].rawBytes` (base64 DER, the signing certificate
/// first; see ``ModelCertificateVerifier``).
///
/// A signature file is a **Sigstore bundle** (JSON, camelCase protobuf field names):
///
/// ```json
/// {"mediaType": "application/vnd.dev.sigstore.bundle.v0.3+json",
///  "verificationMaterial": {"publicKey": {"hint": "<hex SHA-256 of the public key's PEM>"},
///                           "tlogEntries": []},
///  "dsseEnvelope": {"payload": "<base64 of the statement JSON>",
///                   "payloadType": "application/vnd.in-toto+json",
///                   "signatures": [{"sig": "<base64 of a DER ECDSA signature>", "keyid": ""}]}}
/// ```
///
/// - The **key** is an elliptic-curve key: the package accepts P-256, P-384 and P-521 and hashes
///   with SHA-256, -384 and -512 respectively (``ModelSigningCurve``); so do we, signing and
///   verifying. The `hint` is the hex SHA-256 of the public key as `cryptography` writes it: PEM,
///   SubjectPublicKeyInfo, base64 in 64-character lines, a final newline. A verifier given
///   another key refuses a bundle whose hint differs ("Key mismatch").
/// - The **signature** is over DSSE's pre-authentication encoding (PAE) of the payload:
///   `"DSSEv1" SP len(type) SP type SP len(payload) SP payload`, lengths in ASCII decimal bytes.
/// - The **payload** is an in-toto Statement v1 (any JSON formatting; the bytes are what is
///   signed):
///
/// ```json
/// {"_type": "https://in-toto.io/Statement/v1",
///  "subject": [{"name": "<model name>", "digest": {"sha256": "<root digest>"}}],
///  "predicateType": "https://model_signing/signature/v1.0",
///  "predicate": {"serialization": {"method": "files", "hash_type": "sha256", "allow_symlinks": false,
///                                  "ignore_paths": [".git", ".gitattributes", ".github", ".gitignore"]},
///                "resources": [{"name": "model.tflite", "algorithm": "sha256", "digest": "<hex>"}, …]}}
/// ```
///
/// - **Resources** (the manifest): one per regular file under the model folder, named by its
///   path relative to the folder with `/` separators, sorted by path components (Python's
///   `PurePosixPath` order: `a/b` before `a-b/c`). Ignored: each `ignore_paths` entry, relative
///   to the model folder, and everything under it; the CLI ignores the git files above and the
///   signature file when it lies inside the model. A **single-file model** has one resource
///   named `"."`. Symbolic links are refused unless `allow_symlinks`. Folders are not listed.
/// - Each resource's **digest** is SHA-256 of the file (`hash_type` and `algorithm` `sha256`), or
///   BLAKE3 when the signer's library was told `hashing_algorithm="blake3"` (`blake3`).
/// - The **root digest** (the subject's) is SHA-256 over the resources' raw 32-byte digests,
///   concatenated in the order the predicate lists them. A verifier recomputes it.
/// - The subject **name** is informative for the package (the model folder's or file's last
///   component); the hub gives it a meaning of its own (model and version).
/// - A verifier compares the signed manifest with one computed from the local model: the same
///   names and the same digests, no extra file and no missing one.
public enum ModelSigningFormat {
  /// The bundle's `mediaType`.
  public static let bundleMediaType = "application/vnd.dev.sigstore.bundle.v0.3+json"
  /// The DSSE `payloadType`.
  public static let payloadType = "application/vnd.in-toto+json"
  /// The in-toto statement's `_type`.
  public static let statementType = "https://in-toto.io/Statement/v1"
  /// The statement's `predicateType`.
  public static let predicateType = "https://model_signing/signature/v1.0"
  /// The only serialization method supported here: one resource per file.
  public static let filesMethod = "files"
  /// The default digest algorithm (and the root digest's); `blake3` is the other one read and
  /// written here (``ModelSigningManifest/DigestAlgorithm``).
  public static let sha256 = "sha256"
  /// The name of the single resource of a one-file model.
  public static let singleFileResourceName = "."
  /// The paths the package's CLI ignores by default (git files), relative to the model folder.
  public static let defaultIgnoredPaths = [".git", ".gitattributes", ".github", ".gitignore"]
}
