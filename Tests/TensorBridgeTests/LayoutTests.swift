import LiteRTRuntime
import XCTest

/// Our C declarations must lay out the structs exactly as LiteRT's headers assert (x86_64/arm64).
final class LayoutTests: XCTestCase {
  func testStructSizesAndOffsetsMatchLiteRT() {
    XCTAssertEqual(MemoryLayout<LiteRtLayout>.size, 68)
    XCTAssertEqual(MemoryLayout<LiteRtLayout>.offset(of: \.dimensions), 4)
    XCTAssertEqual(MemoryLayout<LiteRtLayout>.offset(of: \.strides), 36)
    XCTAssertEqual(MemoryLayout<LiteRtRankedTensorType>.size, 72)
    XCTAssertEqual(MemoryLayout<LiteRtRankedTensorType>.offset(of: \.element_type), 0)
    XCTAssertEqual(MemoryLayout<LiteRtRankedTensorType>.offset(of: \.layout), 4)
    XCTAssertEqual(MemoryLayout<LiteRtQuantizationPerTensor>.size, 16)
    XCTAssertEqual(MemoryLayout<LiteRtQuantizationPerTensor>.offset(of: \.scale), 0)
    XCTAssertEqual(MemoryLayout<LiteRtQuantizationPerTensor>.offset(of: \.zero_point), 8)
    XCTAssertEqual(MemoryLayout<LiteRtQuantizationPerChannel>.size, 32)
    XCTAssertEqual(MemoryLayout<LiteRtQuantizationPerChannel>.offset(of: \.quantized_dimension), 0)
    XCTAssertEqual(MemoryLayout<LiteRtQuantizationPerChannel>.offset(of: \.num_channels), 8)
    XCTAssertEqual(MemoryLayout<LiteRtQuantizationPerChannel>.offset(of: \.scales), 16)
    XCTAssertEqual(MemoryLayout<LiteRtQuantizationPerChannel>.offset(of: \.zero_points), 24)
    XCTAssertEqual(MemoryLayout<LiteRtAny>.size, 16)
    XCTAssertEqual(MemoryLayout<LiteRtEnvOption>.size, 24)
    XCTAssertEqual(MemoryLayout<LiteRtEnvOption>.offset(of: \.value), 8)
    XCTAssertEqual(MemoryLayout<LiteRtCustomOpKernel>.size, 32)
    XCTAssertEqual(MemoryLayout<LiteRtCustomOpKernel>.offset(of: \.Init), 0)
    XCTAssertEqual(MemoryLayout<LiteRtCustomOpKernel>.offset(of: \.GetOutputLayouts), 8)
    XCTAssertEqual(MemoryLayout<LiteRtCustomOpKernel>.offset(of: \.Run), 16)
    XCTAssertEqual(MemoryLayout<LiteRtCustomOpKernel>.offset(of: \.Destroy), 24)
  }

  func testRankBitFieldRoundTrips() {
    var layout = LiteRtLayout()
    tb_layout_set_rank(&layout, 5)
    XCTAssertEqual(tb_layout_rank(&layout), 5)
    // rank occupies the low 7 bits of the first word; has_strides the 8th.
    let firstWord = withUnsafeBytes(of: layout) { $0.load(as: UInt32.self) }
    XCTAssertEqual(firstWord & 0x7F, 5)
    XCTAssertEqual(firstWord & 0x80, 0)
  }
}
