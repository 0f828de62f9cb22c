import XCTest

@testable import TensorBridgeTraining

/// `TensorIO/Tests/Core/TIOMemorySamplerTests.m` (doc-ai/tensorio-ios), method for method.
final class MemorySamplerTests: XCTestCase {
  func testReturnsNoResultIfStartNeverCalled() {
    let sampler = MemorySampler(interval: .milliseconds(100))
    XCTAssertNil(sampler.maxResidentBytes)
  }

  /// Allocating while it runs: a positive highest sample that includes a 32 MB buffer touched
  /// page by page: at least what was resident right after touching it (less 8 MB, for memory
  /// other threads of the test process may free meanwhile; measuring growth from before the
  /// buffer failed in CI for that reason: the process was 17 MB smaller by then).
  func testReturnsSomeResult() throws {
    let sampler = MemorySampler(interval: .milliseconds(10))
    sampler.start()
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 32 << 20, alignment: 4096)
    defer { buffer.deallocate() }
    for index in stride(from: 0, to: buffer.count, by: 4096) { buffer[index] = 1 }
    let touched = try XCTUnwrap(MemorySampler.residentBytes())
    Thread.sleep(forTimeInterval: 0.05)
    sampler.stop()
    XCTAssertEqual(stride(from: 0, to: buffer.count, by: 4096).reduce(0) { $0 + Int(buffer[$1]) }, buffer.count / 4096)
    let highest = try XCTUnwrap(sampler.maxResidentBytes)
    XCTAssertGreaterThan(highest, 32 << 20, "the buffer alone is 32 MB")
    XCTAssertGreaterThanOrEqual(highest, touched - (8 << 20), "the touched buffer is seen")
    sampler.stop()  // Stopping twice is harmless.
    XCTAssertEqual(sampler.maxResidentBytes, highest)
  }
}
