import Crypto
import Foundation

extension ModelSigningManifest {
  /// Computes the manifest of a model on disk, as `model_signing` serializes it: a regular file
  /// gives one resource `"."`; a folder gives one resource per regular file under it, except
  /// ignored paths.
  ///
  /// Symbolic links are refused unless `serialization.allowSymlinks`; then a link to a file is
  /// hashed as its target (links to folders are always refused).
  /// - Parameters:
  ///   - url: The model file or folder.
  ///   - modelName: The subject name (default: the last path component, as the package does).
  ///   - serialization: The serialization parameters (default: the CLI's, git files ignored).
  /// - Returns: The manifest.
  /// - Throws: ``ModelSignatureError/symlinkInModel(_:)``, ``ModelSignatureError/notAFileOrFolder(_:)``
  ///   or ``ModelSignatureError/io(path:reason:)``.
  public static func computed(
    forModelAt url: URL, modelName: String? = nil,
    serialization: Serialization = Serialization()
  ) throws(ModelSignatureError) -> ModelSigningManifest {
    let name = modelName ?? url.standardizedFileURL.lastPathComponent
    let root = url.path
    switch try ModelFileKind.of(root, allowSymlinks: serialization.allowSymlinks) {
    case .file:
      return ModelSigningManifest(
        modelName: name,
        resources: [
          Resource(
            name: ModelSigningFormat.singleFileResourceName,
            digest: try FileDigest.digest(ofFileAt: root, serialization.digestAlgorithm))
        ],
        serialization: serialization)
    case .folder:
      var resources: [Resource] = []
      try collect(root: root, relative: "", serialization: serialization, into: &resources)
      return ModelSigningManifest(modelName: name, resources: resources, serialization: serialization)
    }
  }

  private static func collect(
    root: String, relative: String, serialization: Serialization,
    into resources: inout [Resource]
  ) throws(ModelSignatureError) {
    let folder = relative.isEmpty ? root : root + "/" + relative
    let entries: [String]
    do {
      entries = try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      throw .io(path: folder, reason: String(describing: error))
    }
    for entry in entries.sorted() {
      let path = relative.isEmpty ? entry : relative + "/" + entry
      if serialization.ignores(path) { continue }
      switch try ModelFileKind.of(root + "/" + path, allowSymlinks: serialization.allowSymlinks) {
      case .file:
        resources.append(
          Resource(
            name: path, digest: try FileDigest.digest(ofFileAt: root + "/" + path, serialization.digestAlgorithm)))
      case .folder: try collect(root: root, relative: path, serialization: serialization, into: &resources)
      }
    }
  }
}

/// A model path's kind, links checked.
enum ModelFileKind {
  case file, folder

  static func of(_ path: String, allowSymlinks: Bool) throws(ModelSignatureError) -> ModelFileKind {
    let attributes: [FileAttributeKey: Any]
    do {
      attributes = try FileManager.default.attributesOfItem(atPath: path)
    } catch {
      throw .notAFileOrFolder(path)
    }
    switch attributes[.type] as? FileAttributeType {
    case .typeRegular?: return .file
    case .typeDirectory?: return .folder
    case .typeSymbolicLink?:
      guard allowSymlinks else { throw .symlinkInModel(path) }
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw .notAFileOrFolder(path) }
      if isFolder.boolValue { throw .symlinkInModel(path) }
      return .file
    default: throw .notAFileOrFolder(path)
    }
  }
}

/// A file's or some bytes' digest by a manifest's algorithm (files read in 1 MiB chunks).
struct FileDigest {
  private var sha256 = SHA256()
  private var blake3 = BLAKE3()
  private let algorithm: ModelSigningManifest.DigestAlgorithm

  init(_ algorithm: ModelSigningManifest.DigestAlgorithm) { self.algorithm = algorithm }

  mutating func update(_ data: Data) {
    switch algorithm {
    case .sha256: sha256.update(data: data)
    case .blake3: data.withUnsafeBytes { blake3.update($0) }
    }
  }

  func finalize() -> [UInt8] { algorithm == .sha256 ? Array(sha256.finalize()) : blake3.finalize() }

  /// The digest of `data`.
  static func digest(of data: Data, _ algorithm: ModelSigningManifest.DigestAlgorithm) -> [UInt8] {
    var hasher = FileDigest(algorithm)
    hasher.update(data)
    return hasher.finalize()
  }

  /// The digest of the file at `path`.
  static func digest(ofFileAt path: String, _ algorithm: ModelSigningManifest.DigestAlgorithm)
    throws(ModelSignatureError) -> [UInt8]
  {
    do {
      let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
      defer { try? handle.close() }
      var hasher = FileDigest(algorithm)
      while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { hasher.update(chunk) }
      return hasher.finalize()
    } catch {
      throw .io(path: path, reason: String(describing: error))
    }
  }
}
