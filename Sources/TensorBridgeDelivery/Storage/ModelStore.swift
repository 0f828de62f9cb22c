import Crypto
import Foundation
import ModelHubAPI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The on-disk store: one folder per model holding `<sha256>.tflite` files and `manifest.json`
/// naming the installed one. A new file is downloaded to `<sha256>.partial`, verified, synced and
/// renamed before the manifest switches to it, so the store never names a bad file and the
/// previous version is served until the new one is in place.
///
/// With ``encryption`` the model files are `<sha256>.sealed` (see ``SealedRecords``) and the
/// partial files hold sealed records too, so no plaintext is ever written.
struct ModelStore: Sendable {
  let directory: URL
  /// The key models are sealed under, or nil for plain files.
  var encryption: ModelStoreEncryption? = nil

  static let manifestName = "manifest.json"
  static let installationIDName = "installation-id"

  func folder(_ name: String) -> URL { directory.appendingPathComponent(name, isDirectory: true) }
  func file(_ name: String, hash: String) -> URL {
    folder(name).appendingPathComponent("\(hash).\(encryption == nil ? "tflite" : "sealed")")
  }
  func partial(_ name: String, hash: String) -> URL { folder(name).appendingPathComponent("\(hash).partial") }
  private func manifestURL(_ name: String) -> URL { folder(name).appendingPathComponent(Self.manifestName) }

  // MARK: Reading

  /// The installed model's manifest, if its file is present with the recorded size. A missing
  /// or unreadable manifest means nothing is installed.
  func installed(_ name: String) -> ModelManifest? {
    guard HubName.isValid(name), let data = try? Data(contentsOf: manifestURL(name)),
      let manifest = try? HubJSON.decoder().decode(ModelManifest.self, from: data),
      manifest.name == name, HubHash.isValid(manifest.hash),
      manifest.file == file(name, hash: manifest.hash).lastPathComponent,
      let size = size(of: file(name, hash: manifest.hash)),
      encryption == nil ? size == manifest.size : size >= manifest.size
    else { return nil }
    return manifest
  }

  /// The model a manifest describes: its path, or in an encrypted store no path and `data`.
  func model(_ manifest: ModelManifest, data: Data? = nil) -> CustomModel {
    CustomModel(
      name: manifest.name, size: manifest.size, hash: manifest.hash,
      path: encryption == nil ? file(manifest.name, hash: manifest.hash).path : "",
      version: manifest.version, data: data)
  }

  /// Every installed model, by name.
  func list() -> [ModelManifest] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.sorted().compactMap { installed($0) }
  }

  /// The size of a regular file, or nil.
  func size(of url: URL) -> Int64? {
    var info = stat()
    guard stat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    return Int64(info.st_size)
  }

  /// The SHA-256 of a file's (plaintext) bytes, read in 1 MiB pieces.
  func hash(of url: URL) throws(ModelDownloaderError) -> (hash: String, size: Int64) {
    if let encryption {
      var digest = SHA256()
      let scan: SealedRecords.Scan
      do { scan = try SealedRecords.scan(url, key: encryption.key) { digest.update(data: $0) } } catch {
        throw .storeFailure(path: url.path, operation: "read", reason: Self.reason(error))
      }
      if let damage = scan.damage { throw .encryptedModelDamaged(path: url.path, reason: damage) }
      return (HubHash.hex(digest.finalize()), scan.plaintextSize)
    }
    var digest = SHA256()
    let size = try Self.update(&digest, withContentsOf: url)
    return (HubHash.hex(digest.finalize()), size)
  }

  /// Feeds a file's bytes into `digest`, read in 1 MiB pieces; returns how many there were.
  static func update(_ digest: inout SHA256, withContentsOf url: URL) throws(ModelDownloaderError) -> Int64 {
    let handle: FileHandle
    do { handle = try FileHandle(forReadingFrom: url) } catch {
      throw .storeFailure(path: url.path, operation: "read", reason: reason(error))
    }
    defer { try? handle.close() }
    var total: Int64 = 0
    while true {
      let chunk: Data?
      do { chunk = try handle.read(upToCount: 1 << 20) } catch {
        throw .storeFailure(path: url.path, operation: "read", reason: reason(error))
      }
      guard let chunk, !chunk.isEmpty else { return total }
      digest.update(data: chunk)
      total += Int64(chunk.count)
    }
  }

  // MARK: Writing

  /// Creates the model's folder (and the store's) if needed.
  func prepareFolder(_ name: String) throws(ModelDownloaderError) {
    let url = folder(name)
    do { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) } catch {
      throw .storeFailure(path: url.path, operation: "create the folder", reason: Self.reason(error))
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw .storeFailure(path: url.path, operation: "create the folder", reason: "a file is in the way")
    }
  }

  /// Moves a verified, synced `.partial` into place and switches the manifest to it; then
  /// removes the previous file. On failure the previous manifest and file are untouched.
  func install(name: String, version: Int, hash: String, size: Int64) throws(ModelDownloaderError) -> ModelManifest {
    let source = partial(name, hash: hash)
    let target = file(name, hash: hash)
    let previous = installed(name)
    guard rename(source.path, target.path) == 0 else {
      throw .storeFailure(path: target.path, operation: "move the verified download to", reason: Self.errnoReason())
    }
    Self.syncDirectory(folder(name))
    let manifest = ModelManifest(
      name: name, version: version, hash: hash, size: size, file: target.lastPathComponent,
      installTime: Date())
    do { try writeManifest(manifest) } catch {
      if previous?.hash != hash { unlink(target.path) }
      throw error
    }
    if let previous, previous.hash != hash { unlink(file(name, hash: previous.hash).path) }
    removeStalePartials(name, keeping: nil)
    return manifest
  }

  /// Writes a manifest atomically: temporary file, fsync, rename, fsync of the folder.
  func writeManifest(_ manifest: ModelManifest) throws(ModelDownloaderError) {
    let url = manifestURL(manifest.name)
    let temporary = folder(manifest.name).appendingPathComponent(".manifest.\(UUID().uuidString).tmp")
    do {
      let data = try HubJSON.encoder().encode(manifest)
      guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
        throw ModelDownloaderError.storeFailure(path: temporary.path, operation: "create", reason: Self.errnoReason())
      }
      let handle = try FileHandle(forWritingTo: temporary)
      defer { try? handle.close() }
      try handle.write(contentsOf: data)
      try handle.synchronize()
    } catch let error as ModelDownloaderError {
      unlink(temporary.path)
      throw error
    } catch {
      unlink(temporary.path)
      throw .storeFailure(path: temporary.path, operation: "write", reason: Self.reason(error))
    }
    guard rename(temporary.path, url.path) == 0 else {
      let reason = Self.errnoReason()
      unlink(temporary.path)
      throw .storeFailure(path: url.path, operation: "replace", reason: reason)
    }
    Self.syncDirectory(folder(manifest.name))
  }

  /// Removes `.partial` files other than `keeping`.
  func removeStalePartials(_ name: String, keeping: String?) {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder(name).path)) ?? []
    for entry in entries where entry.hasSuffix(".partial") && entry != keeping {
      unlink(folder(name).appendingPathComponent(entry).path)
    }
  }

  /// Removes a model's folder.
  func delete(_ name: String) throws(ModelDownloaderError) {
    guard HubName.isValid(name) else { throw .invalidModelName(name) }
    guard installed(name) != nil || FileManager.default.fileExists(atPath: folder(name).path) else {
      throw .modelNotDownloaded(name)
    }
    // Drop the manifest first so that a half-finished removal never names a missing file.
    let manifest = manifestURL(name)
    if FileManager.default.fileExists(atPath: manifest.path), unlink(manifest.path) != 0 {
      throw .storeFailure(path: manifest.path, operation: "remove", reason: Self.errnoReason())
    }
    do { try FileManager.default.removeItem(at: folder(name)) } catch {
      throw .storeFailure(path: folder(name).path, operation: "remove", reason: Self.reason(error))
    }
  }

  /// This installation's id: read from the store, or created and saved the first time.
  func installationID() throws(ModelDownloaderError) -> String {
    let url = directory.appendingPathComponent(Self.installationIDName)
    if let data = try? Data(contentsOf: url) {
      let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      if !text.isEmpty, text.utf8.count <= 200 { return text }
    }
    do { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) } catch {
      throw .storeFailure(path: directory.path, operation: "create the folder", reason: Self.reason(error))
    }
    let id = UUID().uuidString.lowercased()
    do { try Data(id.utf8).write(to: url, options: .atomic) } catch {
      throw .storeFailure(path: url.path, operation: "write", reason: Self.reason(error))
    }
    return id
  }

  // MARK: Helpers

  static func syncDirectory(_ url: URL) {
    let fd = open(url.path, O_RDONLY)
    guard fd >= 0 else { return }
    _ = fsync(fd)
    close(fd)
  }

  static func errnoReason() -> String { String(cString: strerror(errno)) }

  static func reason(_ error: any Error) -> String {
    if let error = error as? ModelDownloaderError { return error.description }
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(underlying.code)))
    }
    if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
    return nsError.localizedDescription
  }
}
