import XCTest

@testable import TensorBridgeTraining

/// `TensorIO/Tests/Core/TIOMemorySamplerTests.m` (doc-ai/tensorio-ios), method for method.
final class MemorySamplerTests: XCTestCase {
  func testReturnsNoResultIfStartNeverCalled() {
    let sampler = MemorySampler(interval: .milliseconds(100))
    XCTAssertNil(sampler.maxResidentBytes)
  }

  /// Allocating while it runs: a positive highest sample, at least what was resident at the start,
  /// and it grows with a 32 MB buffer touched page by page.
  func testReturnsSomeResult() throws {
    let before = try XCTUnwrap(MemorySampler.residentBytes())
    let sampler = MemorySampler(interval: .milliseconds(10))
    sampler.start()
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 32 << 20, alignment: 4096)
    defer { buffer.deallocate() }
    for index in stride(from: 0, to: buffer.count, by: 4096) { buffer[index] = 1 }
    Thread.sleep(forTimeInterval: 0.05)
    sampler.stop()
    XCTAssertEqual(stride(from: 0, to: buffer.count, by: 4096).reduce(0) { $0 + Int(buffer[$1]) }, buffer.count / 4096)
    let highest = try XCTUnwrap(sampler.maxResidentBytes)
    XCTAssertGreaterThan(highest, 0)
    XCTAssertGreaterThanOrEqual(highest, before + (16 << 20), "the touched buffer is seen")
    sampler.stop()  // Stopping twice is harmless.
    XCTAssertEqual(sampler.maxResidentBytes, highest)
  }
}
