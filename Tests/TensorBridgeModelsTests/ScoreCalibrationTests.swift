import Foundation
import TFLiteFormat
import XCTest

@testable import TensorBridgeModels

/// ScoreCalibration against the Task Library's formula
/// (`tensorflow_lite_support/cc/task/vision/utils/score_calibration.cc`), with reference values
/// computed in Python (`math`, double precision): `scale / (1 + exp(-(slope * g(s) + offset)))`.
/// Tolerance 1e-6 (the Task Library computes in float).
final class ScoreCalibrationTests: XCTestCase {
  private func calibration(
    _ transformation: ScoreTransformation, _ file: String, labels: [String] = ["a", "b", "c"],
    defaultScore: Float = 0.125
  ) throws -> ScoreCalibration {
    try ScoreCalibration(
      transformation: transformation, defaultScore: defaultScore, file: Data(file.utf8),
      fileName: "calibration.txt", labels: labels)
  }

  func testTransformations() throws {
    let file = "0.9,2,-1\n1.0,0.5,0.25\n\n"
    XCTAssertEqual(
      try calibration(.inverseLogistic, file).calibrate(0.3, classIndex: 0), 0.05696370394527917, accuracy: 1e-6)
    XCTAssertEqual(try calibration(.log, file).calibrate(0.3, classIndex: 0), 0.02884325895611629, accuracy: 1e-6)
    XCTAssertEqual(try calibration(.identity, file).calibrate(0.3, classIndex: 0), 0.3611811058987932, accuracy: 1e-6)
    XCTAssertEqual(
      try calibration(.inverseLogistic, file).calibrate(0.8, classIndex: 1), 0.7197349346466654, accuracy: 1e-6)
  }

  func testDefaultScoreForEmptyLinesUnknownClassesAndLowScores() throws {
    // The last line of a file whose count equals the labels' may be empty: that class has no parameters.
    let calibration = try calibration(.identity, "1,1,0,0.5\n1,1,0\n")
    XCTAssertEqual(calibration.sigmoids.count, 3)
    XCTAssertNil(calibration.sigmoids[2])
    XCTAssertEqual(calibration.calibrate(0.9, classIndex: 2), 0.125, "no parameters: the default score")
    XCTAssertEqual(calibration.calibrate(0.4, classIndex: 0), 0.125, "below min_score: the default score")
    XCTAssertEqual(calibration.calibrate(0.9, classIndex: 7), 0.125, "a class beyond the labels")
    XCTAssertEqual(calibration.calibrate(0.6, classIndex: 0), Float(1 / (1 + exp(-0.6))), accuracy: 1e-6)
  }

  func testRepeatedLabelsShareTheLastLine() throws {
    // COCO's labelmap repeats "???"; the Task Library keys parameters by label, last wins.
    let calibration = try calibration(.identity, "1,1,0\n0.5,1,0\n1,2,0", labels: ["???", "cat", "???"])
    XCTAssertEqual(calibration.sigmoids[0], calibration.sigmoids[2])
    XCTAssertEqual(calibration.sigmoids[0]?.slope, 2)
  }

  func testZeroAndOneScoresStayFinite() throws {
    let calibration = try calibration(.inverseLogistic, "1,1,0\n1,1,0\n1,1,0")
    for score: Float in [0, 1, 1e-20] {
      let value = calibration.calibrate(score, classIndex: 0)
      XCTAssertTrue(value.isFinite && value >= 0 && value <= 1, "\(score) → \(value)")
    }
    XCTAssertEqual(
      calibration.calibrate(0.5, classIndex: 0), 0.5, accuracy: 1e-6, "inverse logistic then sigmoid is the identity")
  }

  func testMalformedFilesAreRejectedWithTheLine() {
    func expect(_ file: String, _ error: ScoreCalibrationError, line: UInt = #line) {
      XCTAssertThrowsError(try calibration(.identity, file), line: line) {
        XCTAssertEqual($0 as? ScoreCalibrationError, error, line: line)
      }
    }
    expect("1,1,0\n1,1,0", .lineCount(file: "calibration.txt", lines: 2, labels: 3))
    expect("1,1,0\n1,1,0\n1,1,0\n1,1,0\n", .lineCount(file: "calibration.txt", lines: 5, labels: 3))
    expect("", .lineCount(file: "calibration.txt", lines: 0, labels: 3))
    expect("1,1,0\n1,1\n1,1,0", .fieldCount(file: "calibration.txt", line: 2, count: 2))
    expect("1,1,0\n1,x,0\n1,1,0", .notANumber(file: "calibration.txt", line: 2, text: "x"))
    expect("1,1,0\n1,1,0\n-1,1,0", .negativeScale(file: "calibration.txt", line: 3, scale: -1))
    XCTAssertTrue(ScoreCalibrationError.fieldCount(file: "f", line: 2, count: 2).description.contains("Line 2"))
  }
}
