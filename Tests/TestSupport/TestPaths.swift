import Foundation
import XCTest

/// Where the repository, its committed fixtures and the tests' scratch folders are.
public enum TestPaths {
  /// The repository's root folder.
  public static let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  /// `Tests/Fixtures`.
  public static let fixtures = repository.appendingPathComponent("Tests/Fixtures")

  /// A committed fixture model, `Tests/Fixtures/models/<name>.tflite`.
  public static func fixtureModel(_ name: String) -> URL {
    fixtures.appendingPathComponent("models/\(name).tflite")
  }

  /// A third-party file fetched by scripts/thirdparty/fetch.sh (`.thirdparty/models/<name>`, or
  /// `.thirdparty/files/<name>` for `files: true`), or `nil` when it is not fetched.
  public static func thirdParty(_ name: String, files: Bool = false) -> URL? {
    let url = repository.appendingPathComponent(".thirdparty/\(files ? "files" : "models")/\(name)")
    return FileManager.default.fileExists(atPath: url.path) ? url : nil
  }

  /// ``thirdParty(_:files:)``, skipping the test when the file is not fetched.
  public static func requiredThirdParty(_ name: String, files: Bool = false) throws -> URL {
    guard let url = thirdParty(name, files: files) else {
      throw XCTSkip("\(name) not fetched (scripts/thirdparty/fetch.sh)")
    }
    return url
  }

  /// A fresh folder under the system's temporary folder, named `<label>-<UUID>`, removed when
  /// the test process exits normally (a crash leaves it for a look; so does
  /// `TB_KEEP_TEST_FILES=1`).
  public static func temporaryDirectory(_ label: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    ScratchFolders.shared.add(url)
    return url
  }

  /// A fresh temporary folder removed when `testCase` ends.
  public static func temporaryDirectory(for testCase: XCTestCase, _ label: String = "tb-test") throws -> URL {
    let url = try temporaryDirectory(label)
    testCase.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
  }
}
