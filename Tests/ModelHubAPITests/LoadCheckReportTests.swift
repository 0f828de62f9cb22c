import Foundation
import ModelHubAPI
import XCTest

/// The load-check report reads the fields it needs from a fuller `inspect --json` report.
final class LoadCheckReportTests: XCTestCase {
  func testDecodesFromAnInspectReport() throws {
    let json = #"""
      {"file": "m.tflite", "sizeBytes": 10, "inputs": [], "hasTFLiteMetadata": false,
       "runtime": {"loads": false, "error": "Custom operator 'MyOp' is not supported."}}
      """#
    let report = try JSONDecoder().decode(LoadCheckReport.self, from: Data(json.utf8))
    XCTAssertEqual(
      report, LoadCheckReport(runtime: .init(loads: false, error: "Custom operator 'MyOp' is not supported.")))
  }

  func testRoundTrips() throws {
    let report = LoadCheckReport(runtime: .init(loads: true, library: "/opt/libLiteRt.so"))
    XCTAssertEqual(try JSONDecoder().decode(LoadCheckReport.self, from: JSONEncoder().encode(report)), report)
  }

  func testWithoutRuntimeIsAnError() {
    XCTAssertThrowsError(try JSONDecoder().decode(LoadCheckReport.self, from: Data(#"{"file": "m"}"#.utf8)))
  }
}
