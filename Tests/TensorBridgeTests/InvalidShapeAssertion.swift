import XCTest

@testable import TensorBridge

/// Asserts that `expression` throws ``InterpreterError/invalidShape(tensor:shape:reason:)`` for
/// `tensor` at `shape`, with a reason containing each of `words`.
func XCTAssertInvalidShape<T>(
  _ expression: @autoclosure () throws -> T, tensor: String, shape: [Int], reasonContains words: [String],
  file: StaticString = #filePath, line: UInt = #line
) {
  XCTAssertThrowsError(try expression(), file: file, line: line) { error in
    guard case InterpreterError.invalidShape(let actualTensor, let actualShape, let reason) = error else {
      return XCTFail("\(error)", file: file, line: line)
    }
    XCTAssertEqual(actualTensor, tensor, file: file, line: line)
    XCTAssertEqual(actualShape, shape, file: file, line: line)
    for word in words { XCTAssertTrue(reason.contains(word), reason, file: file, line: line) }
  }
}
