import Foundation
import ModelHub
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// One hub per data folder: a second `hub serve` on the same `--data` refuses to start with one
/// line naming the folder and the running hub's pid, and touches nothing (its start-up recovery,
/// which deletes temporary upload files, does not run).
final class DataFolderLockTests: XCTestCase {
  func testASecondHubOnTheSameFolderRefusesToStart() throws {
    let data = try HubFixtures.temporaryDirectory().appendingPathComponent("data")
    addTeardownBlock { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
    let first = HubProcess(data: data)
    try first.start(extra: ["--no-load-check"])
    defer { _ = first.stop() }
    // What an upload in progress on the first hub looks like.
    let upload = data.appendingPathComponent("tmp/upload-in-progress")
    XCTAssertTrue(FileManager.default.createFile(atPath: upload.path, contents: Data("partial".utf8)))

    let second = Process()
    second.executableURL = HubFixtures.cli
    second.arguments = ["hub", "serve", "--data", data.path, "--port", "0"]
    let errors = Pipe()
    second.standardError = errors
    second.standardOutput = FileHandle.nullDevice
    try second.run()
    let deadline = Date().addingTimeInterval(20)
    while second.isRunning, Date() < deadline { usleep(20_000) }
    if second.isRunning {
      kill(second.processIdentifier, SIGKILL)
      second.waitUntilExit()
      return XCTFail("the second hub started on a folder in use")
    }
    XCTAssertNotEqual(second.terminationStatus, 0)
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
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
