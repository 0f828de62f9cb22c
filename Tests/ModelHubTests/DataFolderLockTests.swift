import Foundation
import ModelHub
import TestSupport
import XCTest

#if canImport(Glibc)
  import Glibc
#endif

/// One hub per data folder: a second `hub serve` on the same `--data` refuses to start with one
/// line naming the folder and the running hub's pid, and touches nothing (its start-up recovery,
/// which deletes temporary upload files, does not run).
final class DataFolderLockTests: XCTestCase {
  func testASecondHubOnTheSameFolderRefusesToStart() throws {
    let data = try TestPaths.temporaryDirectory("modelhub-tests").appendingPathComponent("data")
    addTeardownBlock { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
    let first = HubProcess(data: data)
    try first.start(extra: ["--no-load-check"])
    defer { _ = first.stop() }
    // What an upload in progress on the first hub looks like.
    let upload = data.appendingPathComponent("tmp/upload-in-progress")
    XCTAssertTrue(FileManager.default.createFile(atPath: upload.path, contents: Data("partial".utf8)))

    let second = try CLIRun.run(["hub", "serve", "--data", data.path, "--port", "0"], timeLimit: 20)
    XCTAssertFalse(second.timedOut, "the second hub started on a folder in use")
    XCTAssertNotEqual(second.status, 0)
    let message = second.stderr
    let lines = message.split(separator: "\n")
    XCTAssertEqual(lines.count, 1, message)
    XCTAssertTrue(message.contains(data.path), message)
    XCTAssertTrue(message.contains("pid \(first.pid)"), message)
    XCTAssertTrue(FileManager.default.fileExists(atPath: upload.path), "the second hub's recovery did not run")

    // Once the first hub stops, the folder is free again.
    XCTAssertEqual(first.stop(), 0)
    let third = HubProcess(data: data)
    try third.start(extra: ["--no-load-check"])
    _ = third.stop()
  }
}
