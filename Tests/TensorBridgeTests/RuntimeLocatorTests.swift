import Foundation
import LiteRTRuntime
import XCTest

/// The runtime search order and its error message.
final class RuntimeLocatorTests: XCTestCase {
  func testSearchOrderExplicitThenEnvironmentThenProjectThenPython() {
    let locator = LiteRTLibraryLocator(environment: [
      "TENSORBRIDGE_LITERT_LIBRARY": "/from/env/libLiteRt.so",
      "VIRTUAL_ENV": "/venv",
      "HOME": "/home/someone",
    ])
    let candidates = locator.candidates(explicitPath: "/explicit/libLiteRt.so")
    XCTAssertEqual(candidates.first, "/explicit/libLiteRt.so")
    XCTAssertEqual(candidates.dropFirst().first, "/from/env/libLiteRt.so")
    let projectIndex = candidates.firstIndex { $0.hasSuffix(".litert/lib/\(LiteRTLibraryLocator.fileName)") }
    let pythonIndex = candidates.firstIndex { $0.contains("ai_edge_litert/") }
    XCTAssertNotNil(projectIndex)
    if let projectIndex, let pythonIndex { XCTAssertLessThan(projectIndex, pythonIndex) }
    XCTAssertEqual(Set(candidates).count, candidates.count, "duplicates in the search list")
  }

  func testTheCheckoutsRuntimeIsFound() throws {
    let library = try LiteRTLibrary.load()
    XCTAssertTrue(library.path.hasSuffix("libLiteRt.so") || library.path.hasSuffix("libLiteRt.dylib"), library.path)
  }

  func testNotFoundMessageListsEveryPlaceAndTheFix() {
    let error = LiteRTRuntimeError.libraryNotFound(searched: ["/a/libLiteRt.so", "/b/libLiteRt.so"])
    let text = error.description
    XCTAssertTrue(text.contains("  - /a/libLiteRt.so\n  - /b/libLiteRt.so"), text)
    XCTAssertTrue(text.contains("bash scripts/setup.sh"), text)
    XCTAssertTrue(text.contains("TENSORBRIDGE_LITERT_LIBRARY"), text)
  }

  func testStatusNames() {
    XCTAssertEqual(LiteRTStatus(rawValue: 6).name, "kLiteRtStatusErrorNotFound")
    XCTAssertEqual(LiteRTStatus(rawValue: 504).description, "compilation error (kLiteRtStatusErrorCompilation, 504)")
    XCTAssertEqual(LiteRTStatus(rawValue: 77).name, "kLiteRtStatus(77)")
  }
}
