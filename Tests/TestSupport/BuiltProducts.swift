import Foundation

/// This package's executables, built next to the test bundle by `swift build --build-tests`.
public enum BuiltProducts {
  /// The `tensorbridge` command line.
  public static var cli: URL { executable("tensorbridge") }

  /// An executable product of this package. On Linux the test bundle's URL is the products
  /// folder itself; on Apple platforms it is the `.xctest` bundle inside it.
  public static func executable(_ name: String) -> URL {
    let bundle = Bundle(for: Marker.self).bundleURL
    let candidates = [
      bundle.appendingPathComponent(name), bundle.deletingLastPathComponent().appendingPathComponent(name),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
  }

  private final class Marker {}
}
