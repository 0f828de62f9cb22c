import Crypto
import Foundation

/// What a signature covers: a model's files (resources) and their digests (SHA-256, or BLAKE3),
/// in the order and with the names the `model-signing` package gives them (``ModelSigningFormat``).
public struct ModelSigningManifest: Sendable, Equatable {
  /// How each file is hashed (`hash_type` in the signature; the package's `hashing_algorithm`).
  public enum DigestAlgorithm: String, Sendable, Equatable, CaseIterable {
    /// SHA-256, the package's default and the CLI's only choice.
    case sha256
    /// BLAKE3 (32 bytes), which the package's library offers (`hashing_algorithm="blake3"`).
    case blake3
  }

  /// One signed file.
  public struct Resource: Sendable, Equatable {
    /// The file's path relative to the model folder, `/`-separated; `"."` for a one-file model.
    public var name: String
    /// The file's 32-byte digest (by the serialization's ``DigestAlgorithm``).
    public var digest: [UInt8]

    /// Creates a resource.
    /// - Parameters:
    ///   - name: The relative path (`"."` for a one-file model).
    ///   - digest: The 32-byte digest of the file's bytes.
    public init(name: String, digest: [UInt8]) {
      self.name = name
      self.digest = digest
    }

    /// Creates a resource from a hex digest; nil unless `digestHex` is 64 hex digits.
    /// - Parameters:
    ///   - name: The relative path (`"."` for a one-file model).
    ///   - digestHex: The digest as hex.
    public init?(name: String, digestHex: String) {
      guard let digest = HexDigest.sha256(digestHex) else { return nil }
      self.init(name: name, digest: digest)
    }

    /// The digest as lowercase hex.
    public var digestHex: String { HexDigest.string(digest) }
  }

  /// The serialization parameters recorded in the signature (method `files`).
  public struct Serialization: Sendable, Equatable {
    /// How each file is hashed.
    public var digestAlgorithm: DigestAlgorithm
    /// Whether symbolic links are followed (refused otherwise).
    public var allowSymlinks: Bool
    /// Paths relative to the model folder left out of the manifest, with everything under them.
    public var ignorePaths: [String]

    /// Creates serialization parameters.
    /// - Parameters:
    ///   - allowSymlinks: Whether symbolic links to files are hashed as their targets.
    ///   - ignorePaths: Relative paths to leave out (default: the git files, as the CLI does).
    ///   - digestAlgorithm: How each file is hashed (default SHA-256, as the CLI).
    public init(
      allowSymlinks: Bool = false, ignorePaths: [String] = ModelSigningFormat.defaultIgnoredPaths,
      digestAlgorithm: DigestAlgorithm = .sha256
    ) {
      self.digestAlgorithm = digestAlgorithm
      self.allowSymlinks = allowSymlinks
      self.ignorePaths = ignorePaths
    }

    /// Whether `relativePath` is one of ``ignorePaths`` or lies under one.
    /// - Parameter relativePath: A `/`-separated path relative to the model folder.
    public func ignores(_ relativePath: String) -> Bool {
      ignorePaths.contains { raw in
        var ignored = raw
        while ignored.hasPrefix("./") { ignored.removeFirst(2) }
        while ignored.count > 1, ignored.hasSuffix("/") { ignored.removeLast() }
        return relativePath == ignored || relativePath.hasPrefix(ignored + "/")
      }
    }
  }

  /// The subject's name (informative in the package; the hub puts model and version there).
  public var modelName: String
  /// How the files were serialized.
  public var serialization: Serialization
  /// The signed files, in canonical order (path components compared as UTF-8 bytes).
  public private(set) var resources: [Resource]

  /// Creates a manifest; `resources` are put in canonical order.
  /// - Parameters:
  ///   - modelName: The subject name.
  ///   - resources: The files and their digests.
  ///   - serialization: The serialization parameters.
  public init(modelName: String, resources: [Resource], serialization: Serialization = Serialization()) {
    self.modelName = modelName
    self.serialization = serialization
    self.resources = resources.sorted { ManifestPathOrder.precedes($0.name, $1.name) }
  }

  /// Creates a manifest in the order the resources are given (for a manifest read from a
  /// signature, whose root digest depends on its order).
  init(modelName: String, orderedResources: [Resource], serialization: Serialization) {
    self.modelName = modelName
    self.serialization = serialization
    self.resources = orderedResources
  }

  /// The manifest of a one-file model whose SHA-256 is known (the hub knows every file's).
  /// - Parameters:
  ///   - modelName: The subject name.
  ///   - sha256: The file's 32-byte SHA-256.
  /// - Returns: A manifest with the single resource `"."`.
  public static func singleFile(modelName: String, sha256: [UInt8]) -> ModelSigningManifest {
    singleFile(modelName: modelName, digest: sha256)
  }

  /// The manifest of a one-file model whose digest (by `algorithm`) is known.
  static func singleFile(modelName: String, digest: [UInt8], algorithm: DigestAlgorithm = .sha256)
    -> ModelSigningManifest
  {
    ModelSigningManifest(
      modelName: modelName, resources: [Resource(name: ModelSigningFormat.singleFileResourceName, digest: digest)],
      serialization: Serialization(digestAlgorithm: algorithm))
  }

  /// The subject's digest: SHA-256 over the resources' digests in their order.
  public var rootDigest: [UInt8] {
    var hasher = SHA256()
    for resource in resources { hasher.update(data: resource.digest) }
    return Array(hasher.finalize())
  }

  /// Checks that `local` (computed from the files at hand) has exactly these files with these
  /// digests.
  /// - Parameter local: The manifest of the model being verified.
  /// - Throws: ``ModelSignatureError/digestMismatch(file:expected:actual:)``,
  ///   ``ModelSignatureError/missingFile(_:)`` or ``ModelSignatureError/unsignedFile(_:)``,
  ///   for the first file in canonical order that differs.
  public func check(matches local: ModelSigningManifest) throws(ModelSignatureError) {
    let signed = Dictionary(resources.map { ($0.name, $0.digest) }, uniquingKeysWith: { first, _ in first })
    let actual = Dictionary(local.resources.map { ($0.name, $0.digest) }, uniquingKeysWith: { first, _ in first })
    let names = Set(signed.keys).union(actual.keys).sorted { ManifestPathOrder.precedes($0, $1) }
    for name in names {
      switch (signed[name], actual[name]) {
      case (let expected?, let found?) where expected != found:
        throw .digestMismatch(file: name, expected: HexDigest.string(expected), actual: HexDigest.string(found))
      case (_?, nil): throw .missingFile(name)
      case (nil, _?): throw .unsignedFile(name)
      default: continue
      }
    }
  }
}
