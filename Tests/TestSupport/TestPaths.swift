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
