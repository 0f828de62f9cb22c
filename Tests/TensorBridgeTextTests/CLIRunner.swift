import Foundation
import XCTest

/// What one run of the built `tensorbridge` executable gave.
struct CLIResult {
  var status: Int32
  var stdout: String
  var stderr: String
}

private final class CLIMarker {}

/// Runs the `tensorbridge` executable built next to the test bundle.
func runCLI(_ arguments: [String], stdin: Data? = nil) throws -> CLIResult {
  let folder = Bundle(for: CLIMarker.self).bundleURL
  let candidates = [folder.appendingPathComponent("tensorbridge"), folder.deletingLastPathComponent().appendingPathComponent("tensorbridge")]
  let process = Process()
  process.executableURL = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[0]
  process.arguments = arguments
  let out = Pipe(), err = Pipe(), input = Pipe()
  process.standardOutput = out
  process.standardError = err
  process.standardInput = input
  try process.run()
  if let stdin { input.fileHandleForWriting.write(stdin) }
  try input.fileHandleForWriting.close()
  let stdout = out.fileHandleForReading.readDataToEndOfFile()
  let stderr = err.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  XCTAssertEqual(process.terminationReason, .exit)
  return CLIResult(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                   stderr: String(decoding: stderr, as: UTF8.self))
}
