import Foundation

/// The model bundles in a folder, by id (Tensor/IO's `TIOModelBundleManager`, tensorio-android's
/// `Manager`): every direct child folder ending in `.tiobundle` (or the deprecated `.tfbundle`)
/// is opened with ``ModelBundle/init(contentsOf:)``; one that cannot be opened is left out and
/// its error kept in ``problems``, so that one bad bundle does not hide the others.
///
/// ```swift
/// let catalog = try ModelBundleCatalog(folder: modelsFolder)
/// if let bundle = catalog.bundle(id: "mobilenet-v2") { let model = try Model(bundle: bundle) }
/// ```
public struct ModelBundleCatalog: Sendable {
  /// The folder searched (not its subfolders' subfolders).
  public let folder: URL
  /// The bundles opened, by their `model.json` id.
  public let bundles: [String: ModelBundle]
  /// The bundle folders that could not be opened (by folder name), and why; also a second
  /// folder with an id already taken.
  public let problems: [String: ModelBundleError]

  /// The ids of the bundles opened.
  public var ids: Set<String> { Set(bundles.keys) }

  /// The bundle with `id`, or nil.
  public func bundle(id: String) -> ModelBundle? { bundles[id] }

  /// The bundles with these ids, in order; nil for an id not found.
  public func bundles(ids: [String]) -> [ModelBundle?] { ids.map { bundles[$0] } }

  /// Opens every bundle folder directly in `folder`, in name order.
  ///
  /// - Throws: ``ModelBundleError/unreadable(path:reason:)`` when `folder` is not a folder that
  ///   can be listed, or when no bundle in it opens (it holds no bundle folder, or each one's
  ///   error is given in the reason), as Tensor/IO's manager fails when it finds no valid bundle.
  public init(folder: URL) throws(ModelBundleError) {
    let names: [String]
    do { names = try FileManager.default.contentsOfDirectory(atPath: folder.path) } catch {
      throw .unreadable(path: folder.path, reason: "not a folder that can be listed: \(error.localizedDescription)")
    }
    var bundles: [String: ModelBundle] = [:]
    var problems: [String: ModelBundleError] = [:]
    for name in names.sorted() where ModelBundle.folderExtensions.contains((name as NSString).pathExtension) {
      let url = folder.appendingPathComponent(name, isDirectory: true)
      do {
        let bundle = try ModelBundle(contentsOf: url)
        let id = bundle.description.id ?? (name as NSString).deletingPathExtension
        if let taken = bundles[id] {
          problems[name] = .invalidDescription([
            BundleProblem("id", "\"\(id)\" is already the id of \(taken.folder.lastPathComponent)")
          ])
        } else {
          bundles[id] = bundle
        }
      } catch {
        problems[name] = error
      }
    }
    if bundles.isEmpty {
      throw .unreadable(path: folder.path, reason: Self.noBundleReason(problems))
    }
    self.folder = folder
    self.bundles = bundles
    self.problems = problems
  }

  /// Why a folder gave no bundle: none of its folders has a bundle extension, or each one's error.
  private static func noBundleReason(_ problems: [String: ModelBundleError]) -> String {
    let extensions = ModelBundle.folderExtensions.sorted().map { ".\($0)" }.joined(separator: " or ")
    guard !problems.isEmpty else { return "it holds no \(extensions) folder" }
    let each = problems.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.description)" }
    return
      "none of its \(problems.count) bundle folder\(problems.count == 1 ? "" : "s") opens (\(each.joined(separator: " ")))"
  }
}
