import Foundation
import XCTest

@testable import TensorBridgeFuzz

/// The supervisor and the campaign with `/bin/sh` scripts as workers: they speak the worker
/// protocol, then finish, crash, hang or fail as each test needs, without LiteRT.
final class FuzzSupervisorTests: XCTestCase {
  /// A worker that reports `pass` for every case of its range, except that it dies by SIGSEGV
  /// when it reaches a case in `crashAt`, and never returns from a case in `hangAt`.
  func shWorker(crashAt: Set<Int> = [], hangAt: Set<Int> = []) -> (Int, Int) -> [String] {
    let crash = crashAt.map(String.init).joined(separator: " ")
    let hang = hangAt.map(String.init).joined(separator: " ")
    return { start, count in
      let script = """
        i=\(start); while [ $i -lt \(start + count) ]; do
          echo "@@tbfuzz begin $i"
          for c in \(crash); do [ $i = $c ] && { echo "dying at $i" >&2; kill -SEGV $$; }; done
          for h in \(hang); do [ $i = $h ] && exec sleep 30; done
          echo "noise from the runtime"
          echo "@@tbfuzz end $i pass"
          i=$((i + 1))
        done
        """
      return ["-c", script]
    }
  }

  func supervisor(_ worker: @escaping (Int, Int) -> [String], timeout: Double = 5) -> FuzzSupervisor {
    FuzzSupervisor(executable: URL(fileURLWithPath: "/bin/sh"), workerArguments: worker, timeoutSeconds: timeout)
  }

  func testFinishedBatchReportsEveryCase() throws {
    var seen: [Int: String] = [:]
    let end = try supervisor(shWorker()).runBatch(start: 10, count: 4) { seen[$0] = $1 }
    guard case .finished = end else { return XCTFail("\(end)") }
    XCTAssertEqual(seen, [10: "pass", 11: "pass", 12: "pass", 13: "pass"])
  }

  func testCrashNamesTheCaseAndSignal() throws {
    var seen: [Int] = []
    let end = try supervisor(shWorker(crashAt: [2])).runBatch(start: 0, count: 5) { index, _ in seen.append(index) }
    guard case .crashed(let index, let reason, let tail) = end else { return XCTFail("\(end)") }
    XCTAssertEqual(index, 2)
    XCTAssertEqual(reason, "signal 11 (SIGSEGV)")
    XCTAssertEqual(tail, "dying at 2")
    XCTAssertEqual(seen, [0, 1])
  }

  func testHangIsKilledAfterTheTimeout() throws {
    let started = Date()
    let end = try supervisor(shWorker(hangAt: [1]), timeout: 0.5).runBatch(start: 0, count: 3) { _, _ in }
    guard case .hung(let index, _) = end else { return XCTFail("\(end)") }
    XCTAssertEqual(index, 1)
    XCTAssertLessThan(Date().timeIntervalSince(started), 10)
  }

  func testWorkerThatFailsBeforeItsFirstCaseThrows() {
    let failing = supervisor { _, _ in ["-c", "echo 'no such model' >&2; exit 3"] }
    XCTAssertThrowsError(try failing.runBatch(start: 0, count: 2) { _, _ in }) { error in
      guard case .workerExitedBeforeFirstCase(let status, let tail) = error as? FuzzError else {
        return XCTFail("\(error)")
      }
      XCTAssertEqual(status, 3)
      XCTAssertEqual(tail, "no such model")
    }
  }

  func testMissingExecutableThrows() {
    let missing = FuzzSupervisor(
      executable: URL(fileURLWithPath: "/nonexistent/worker"), workerArguments: { _, _ in [] }, timeoutSeconds: 1)
    XCTAssertThrowsError(try missing.runBatch(start: 0, count: 1) { _, _ in }) { error in
      guard case .cannotStartWorker(let executable, _) = error as? FuzzError else { return XCTFail("\(error)") }
      XCTAssertEqual(executable, "/nonexistent/worker")
    }
  }

  /// A campaign over two models in batches of 3: every case counted once, the crash confirmed
  /// alone and its input saved with a note, and the worker restarted after it.
  func testCampaignRecordsCrashAndSavesInput() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-campaign-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let models = [
      FuzzSeedModel(path: "/m/a.tflite", bytes: [UInt8](repeating: 1, count: 64)),
      FuzzSeedModel(path: "/m/b.tflite", bytes: [UInt8](repeating: 2, count: 64)),
    ]
    let campaign = FuzzCampaign(
      models: models, seed: 9, iterations: 7, replay: false, supervisor: supervisor(shWorker(crashAt: [4])),
      batchSize: 3, crashersDirectory: directory, showsProgress: false)
    let report = try campaign.run()
    XCTAssertEqual(report.totalCases, 7)
    XCTAssertEqual(report.models.map(\.cases), [4, 3])
    XCTAssertEqual(report.models.map(\.passes), [3, 3])
    XCTAssertEqual(report.totalCrashes, 1)
    let finding = try XCTUnwrap(report.findings.first)
    XCTAssertEqual(finding.caseIndex, 4)
    XCTAssertEqual(finding.model, "a.tflite")
    XCTAssertTrue(finding.reproducedAlone)
    let expected = try XCTUnwrap(FuzzCase.make(seed: 9, index: 4, models: models))
    XCTAssertEqual(finding.mutation, expected.mutation)
    XCTAssertEqual(finding.file, directory.appendingPathComponent("crash-a-9-4.tflite").path)
    XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("crash-a-9-4.tflite")), Data(expected.bytes))
    let note = try String(contentsOf: directory.appendingPathComponent("crash-a-9-4.txt"), encoding: .utf8)
    XCTAssert(note.hasPrefix("signal 11 (SIGSEGV); seed 9 case 4 from a.tflite; mutation: "), note)
  }

  func testLineReaderSplitsLinesAndSeesTheEnd() throws {
    let pipe = Pipe()
    var reader = FuzzLineReader(fd: pipe.fileHandleForReading.fileDescriptor)
    pipe.fileHandleForWriting.write(Data("one\ntwo\nthr".utf8))
    let first = reader.read(waitMilliseconds: 1000)
    XCTAssertEqual(first.lines, ["one", "two"])
    XCTAssertTrue(first.open)
    try pipe.fileHandleForWriting.close()
    var last = reader.read(waitMilliseconds: 1000)
    while last.open { last = reader.read(waitMilliseconds: 1000) }
    XCTAssertEqual(last.lines, ["thr"])
  }
}
