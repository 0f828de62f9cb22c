import Foundation
import ModelHubAPI
import XCTest

/// An app already shipped must keep reading the answers of a newer hub: fields it does not know
/// are ignored, and an assignment reason it does not know decodes with its text.
final class WireCompatibilityTests: XCTestCase {
  func testAnUnknownAssignmentReasonAndFieldDecode() throws {
    let json = Data(
      """
      {"downloadUri": "http://h/v1/files/x", "expireTime": "2026-11-27T10:00:00Z", "sizeBytes": 12,
       "modelHash": "\(String(repeating: "a", count: 64))", "version": 3,
       "assignment": {"reason": "experiment", "variant": 1, "cohort": "b"}, "region": "eu"}
      """.utf8)
    let info = try HubJSON.decoder().decode(HubDownloadInfo.self, from: json)
    XCTAssertEqual(info.assignment.reason.rawValue, "experiment")
    XCTAssertFalse(HubAssignment.Reason.known.contains(info.assignment.reason))
    XCTAssertEqual(info.assignment.variant, 1)
    XCTAssertEqual(info.version, 3)
  }

  func testKnownReasonsKeepTheirWireText() throws {
    for reason in HubAssignment.Reason.known {
      let data = try HubJSON.encoder().encode(HubAssignment(reason: reason))
      let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      XCTAssertEqual(object["reason"] as? String, reason.rawValue)
      XCTAssertEqual(try HubJSON.decoder().decode(HubAssignment.self, from: data).reason, reason)
    }
  }

  /// The reasons this package knows are the ones the OpenAPI document lists.
  func testKnownReasonsAreTheDocumentedOnes() throws {
    let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: ModelHubOpenAPI.data()) as? [String: Any])
    let schemas = try XCTUnwrap((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
    let assignment = try XCTUnwrap(schemas["Assignment"] as? [String: Any])
    let reason = try XCTUnwrap((assignment["properties"] as? [String: Any])?["reason"] as? [String: Any])
    let documented = try XCTUnwrap(reason["enum"] as? [String])
    XCTAssertEqual(Set(documented), Set(HubAssignment.Reason.known.map(\.rawValue)))
  }
}
