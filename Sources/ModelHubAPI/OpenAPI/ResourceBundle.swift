import Foundation

/// Finds this package's SwiftPM resource bundles where the generated `Bundle.module` looks first
/// — beside the executable or test bundle — without its `fatalError` when a bundle is missing
/// (a binary copied without its resource folders): callers turn nil into a typed error that
/// names the folder to ship.
///
/// `Bundle.module` also tries the absolute build folder it was compiled in; that fallback only
/// helps a binary moved away from a build folder that still exists, and is what stops the
/// process anywhere else.
package enum ResourceBundle {
  /// The bundle's folder name for `target` (`TensorBridge_ModelHub.resources` on Linux,
  /// `TensorBridge_ModelHub.bundle` on Apple platforms).
  package static func folderName(_ target: String) -> String {
    #if canImport(Darwin)
      "TensorBridge_\(target).bundle"
    #else
      "TensorBridge_\(target).resources"
    #endif
  }

  /// The folders searched, in order: the main bundle's, then the executable's own folder with
  /// symbolic links resolved (a binary reached through a link in `/usr/local/bin`).
  package static var searchedFolders: [URL] {
    var folders = [Bundle.main.bundleURL]
    if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent(),
      !folders.contains(where: { $0.standardizedFileURL == executable.standardizedFileURL })
    {
      folders.append(executable)
    }
    return folders
  }

  /// The resource bundle of `target`, or nil when no searched folder holds it.
  package static func named(_ target: String) -> Bundle? {
    for folder in searchedFolders {
      let path = folder.appendingPathComponent(folderName(target)).path
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
        let bundle = Bundle(path: path)
      {
        return bundle
      }
    }
    return nil
  }

  /// A sentence naming the missing folder and where it was looked for.
  package static func missing(_ target: String) -> String {
    let places = searchedFolders.map(\.path).joined(separator: " or ")
    return "\(folderName(target)) is not in \(places); ship it beside the tensorbridge binary"
  }
}
