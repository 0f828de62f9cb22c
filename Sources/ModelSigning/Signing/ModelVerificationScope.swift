import Foundation

/// Which files of a model a verification looks at beyond what the signature records, as
/// `model_signing verify` lets its caller say: paths to leave out (the signature file when it
/// lies in the model folder, the git files by default, `--ignore-paths`) and whether files the
/// signature does not cover are ignored (`--ignore_unsigned_files`).
public struct ModelVerificationScope: Sendable, Equatable {
  /// Paths relative to the model folder left out, with everything under them, in addition to
  /// the signature's `ignore_paths`.
  public var ignoredPaths: [String]
  /// Whether only the files the signature lists are read: a file it does not cover is then no
  /// error (one it covers must still be there and match).
  public var ignoresUnsignedFiles: Bool

  /// Creates a scope.
  /// - Parameters:
  ///   - ignoredPaths: Relative paths to leave out (default none beyond the signature's).
  ///   - ignoresUnsignedFiles: Whether files the signature does not cover are ignored.
  public init(ignoredPaths: [String] = [], ignoresUnsignedFiles: Bool = false) {
    self.ignoredPaths = ignoredPaths
    self.ignoresUnsignedFiles = ignoresUnsignedFiles
  }

  /// What `model_signing verify` leaves out: the signature file when it lies in the model
  /// folder, the git files unless `ignoringGitPaths` is false (its `--no-ignore-git-paths`), and
  /// each of `ignoring` that lies in the model (its `--ignore-paths`).
  /// - Parameters:
  ///   - signature: The signature file.
  ///   - model: The model file or folder.
  ///   - ignoringGitPaths: Whether the git files are left out (default yes, as the CLI).
  ///   - ignoring: More files or folders to leave out.
  public static func cli(signature: URL, model: URL, ignoringGitPaths: Bool = true, ignoring: [URL] = [])
    -> ModelVerificationScope
  {
    ModelVerificationScope(
      ignoredPaths: (ignoringGitPaths ? ModelSigningFormat.defaultIgnoredPaths : [])
        + ([signature] + ignoring).compactMap { relativePath(of: $0, inside: model) })
  }

  /// `file`'s path relative to the folder `model`, when it lies inside it (links resolved, as
  /// the package resolves them).
  public static func relativePath(of file: URL, inside model: URL) -> String? {
    let folder = model.standardizedFileURL.resolvingSymlinksInPath().path
    let path = file.standardizedFileURL.deletingLastPathComponent().resolvingSymlinksInPath()
      .appendingPathComponent(file.lastPathComponent).path
    guard path.hasPrefix(folder + "/") else { return nil }
    return String(path.dropFirst(folder.count + 1))
  }
}

extension ModelSignatureVerifier.Verified {
  /// Itself, once the model file or folder at `url` matches the manifest, looking at the files
  /// `scope` says.
  /// - Throws: ``ModelSignatureError`` naming the first file whose digest differs, that is
  ///   missing or that is not signed.
  func checked(againstModelAt url: URL, scope: ModelVerificationScope = ModelVerificationScope())
    throws(ModelSignatureError) -> Self
  {
    var serialization = manifest.serialization
    serialization.ignorePaths += scope.ignoredPaths
    let local =
      scope.ignoresUnsignedFiles
      ? try ModelSigningManifest.computed(forFilesOf: manifest, at: url, serialization: serialization)
      : try ModelSigningManifest.computed(forModelAt: url, serialization: serialization)
    try manifest.check(matches: local)
    return self
  }
}

extension ModelSigningManifest {
  /// The manifest of the files `signed` lists, as found under `url` (a file missing, ignored or
  /// named outside the folder is left out, so that the comparison names it missing).
  static func computed(forFilesOf signed: ModelSigningManifest, at url: URL, serialization: Serialization)
    throws(ModelSignatureError) -> ModelSigningManifest
  {
    guard try ModelFileKind.of(url.path, allowSymlinks: serialization.allowSymlinks) == .folder else {
      return try computed(forModelAt: url, serialization: serialization)
    }
    var resources: [Resource] = []
    for resource in signed.resources where !serialization.ignores(resource.name) {
      let components = resource.name.split(separator: "/", omittingEmptySubsequences: false)
      guard !resource.name.hasPrefix("/"), !components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." })
      else { continue }
      let path = url.path + "/" + resource.name
      guard FileManager.default.fileExists(atPath: path),
        try ModelFileKind.of(path, allowSymlinks: serialization.allowSymlinks) == .file
      else { continue }
      resources.append(
        Resource(name: resource.name, digest: try FileDigest.digest(ofFileAt: path, serialization.digestAlgorithm)))
    }
    return ModelSigningManifest(modelName: signed.modelName, resources: resources, serialization: serialization)
  }
}
