import Foundation

/// Finds the LiteRT shared library on disk.
///
/// Search order (first match wins):
/// 1. an explicit path given by the caller;
/// 2. the environment variable `TENSORBRIDGE_LITERT_LIBRARY`;
/// 3. the project-local runtime folder `.litert/lib/` that `scripts/setup.sh` fills, looked up
///    from the working directory, from the executable's folder, and from the checkout this
///    module was built from, each walking up to the root;
/// 4. the `ai_edge_litert` Python package folder of a virtual environment, the user's site
///    packages, pyenv versions and the system site packages.
///
/// On Apple platforms a LiteRT linked statically into the app is found before all of these
/// (see ``LiteRTLibrary/load(explicitPath:)``).
public struct LiteRTLibraryLocator: Sendable {
  /// The environment variable that names the library file.
  public static let environmentVariable = "TENSORBRIDGE_LITERT_LIBRARY"

  /// The library's file name on this platform.
  #if canImport(Darwin)
    public static let fileName = "libLiteRt.dylib"
  #else
    public static let fileName = "libLiteRt.so"
  #endif

  /// The folder below a checkout where `scripts/setup.sh` installs the runtime.
  public static let projectRelativeFolder = ".litert/lib"

  private let environment: [String: String]
  private let fileManager = FileManager.default

  /// Creates a locator reading the given environment (the process environment by default).
  public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
    self.environment = environment
  }

  /// Every candidate path in search order, explicit path first.
  public func candidates(explicitPath: String? = nil) -> [String] {
    var result: [String] = []
    if let explicitPath { result.append(explicitPath) }
    if let fromEnvironment = environment[Self.environmentVariable], !fromEnvironment.isEmpty {
      result.append(fromEnvironment)
    }
    result.append(contentsOf: projectCandidates())
    result.append(contentsOf: pythonPackageCandidates())
    var seen = Set<String>()
    return result.filter { seen.insert($0).inserted }
  }

  /// The first candidate that exists as a file, or `nil`.
  public func firstExisting(in candidates: [String]) -> String? {
    candidates.first { path in
      var isDirectory: ObjCBool = false
      return fileManager.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }
  }

  private func projectCandidates() -> [String] {
    var starts: [URL] = [URL(fileURLWithPath: fileManager.currentDirectoryPath)]
    starts.append(
      Bundle.main.executableURL?.deletingLastPathComponent()
        ?? URL(fileURLWithPath: CommandLine.arguments.first ?? ".").deletingLastPathComponent())
    // The checkout this file was compiled in: Sources/LiteRTRuntime/<this file>.
    starts.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent())
    var result: [String] = []
    for start in starts {
      var folder = start.standardizedFileURL
      for _ in 0..<12 {
        result.append(
          folder.appendingPathComponent(Self.projectRelativeFolder)
            .appendingPathComponent(Self.fileName).path)
        let parent = folder.deletingLastPathComponent()
        if parent.path == folder.path { break }
        folder = parent
      }
    }
    return result
  }

  private func pythonPackageCandidates() -> [String] {
    var prefixes: [String] = []
    if let venv = environment["VIRTUAL_ENV"] { prefixes.append(venv) }
    if let conda = environment["CONDA_PREFIX"] { prefixes.append(conda) }
    let home = environment["HOME"] ?? NSHomeDirectory()
    prefixes.append(home + "/.local")
    let pyenvRoot = environment["PYENV_ROOT"] ?? home + "/.pyenv"
    if let versions = try? fileManager.contentsOfDirectory(atPath: pyenvRoot + "/versions") {
      prefixes.append(contentsOf: versions.sorted().map { pyenvRoot + "/versions/" + $0 })
    }
    prefixes.append(contentsOf: ["/usr/local", "/usr", "/opt/homebrew"])

    var result: [String] = []
    for entry in (environment["PYTHONPATH"] ?? "").split(separator: ":") {
      result.append("\(entry)/ai_edge_litert/\(Self.fileName)")
    }
    for prefix in prefixes {
      let lib = prefix + "/lib"
      guard let names = try? fileManager.contentsOfDirectory(atPath: lib) else { continue }
      for name in names.sorted() where name.hasPrefix("python3") {
        for packages in ["site-packages", "dist-packages"] {
          result.append("\(lib)/\(name)/\(packages)/ai_edge_litert/\(Self.fileName)")
        }
      }
    }
    result.append("/usr/lib/python3/dist-packages/ai_edge_litert/\(Self.fileName)")
    return result
  }
}
