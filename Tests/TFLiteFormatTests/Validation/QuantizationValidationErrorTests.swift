import Foundation
import Testing

@testable import TFLiteFormat

/// Each quantization and sparsity check, with the exact error it reports.
@Suite("Model validation errors: quantization and sparsity")
struct QuantizationValidationErrorTests {
  // MARK: Quantization

  @Test("Scales need zero points of the same length")
  func quantizationLengths() {
    var model = TestModel.minimal()
    model.subgraphs[0].tensors[0].quantization = [
      S.Quantization.scale: .floats([0.5]), S.Quantization.zeroPoint: .longs([0, 0]),
    ]
    expectRejected(
      model, .quantizationLengthMismatch(path: "subgraphs[0].tensors[0].quantization", scales: 1, zeroPoints: 2))
    model.subgraphs[0].tensors[0].quantization = [
      S.Quantization.scale: .floats([0.5, 0.5, 0.5, 0.5]), S.Quantization.zeroPoint: .longs([]),
    ]
    expectRejected(
      model, .quantizationLengthMismatch(path: "subgraphs[0].tensors[0].quantization", scales: 4, zeroPoints: 0))
    model.subgraphs[0].tensors[0].quantization = [S.Quantization.scale: .floats([0.5])]
    expectRejected(model, .missingField(path: "subgraphs[0].tensors[0].quantization.zero_point"))
  }

  @Test("The quantized dimension must be below the rank")
  func quantizedDimension() throws {
    var model = TestModel.minimal()
    model.subgraphs[0].tensors[0].quantization = [
      S.Quantization.scale: .floats([1, 1, 1, 1]), S.Quantization.zeroPoint: .longs([0, 0, 0, 0]),
      S.Quantization.quantizedDimension: .int32(2),
    ]
    expectRejected(
      model,
      .quantizedDimensionOutOfRange(
        path: "subgraphs[0].tensors[0].quantization.quantized_dimension", dimension: 2, rank: 2))
    model.subgraphs[0].tensors[0].quantization?[S.Quantization.quantizedDimension] = .int32(-1)
    expectRejected(
      model,
      .quantizedDimensionOutOfRange(
        path: "subgraphs[0].tensors[0].quantization.quantized_dimension", dimension: -1, rank: 2))
    model.subgraphs[0].tensors[0].quantization?[S.Quantization.quantizedDimension] = .int32(1)
    try expectValid(model)
  }

  @Test("Per-axis scales must match the quantized dimension's size")
  func scaleCount() {
    var model = TestModel.minimal()
    model.subgraphs[0].tensors[0].quantization = [
      S.Quantization.scale: .floats([1, 1, 1]), S.Quantization.zeroPoint: .longs([0, 0, 0]),
      S.Quantization.quantizedDimension: .int32(1),
    ]
    expectRejected(
      model, .quantizationScaleCount(path: "subgraphs[0].tensors[0].quantization.scale", scales: 3, expected: 4))
  }

  @Test("Scales of integer tensors must be positive normal numbers")
  func quantizationScales() throws {
    var model = TestModel.minimal()
    model.subgraphs[0].tensors[0].type = TensorType.int8.rawValue
    let path = "subgraphs[0].tensors[0].quantization.scale[1]"
    for bad: Float in [0, -0.5, .infinity, .leastNonzeroMagnitude] {
      model.subgraphs[0].tensors[0].quantization = [
        S.Quantization.scale: .floats([0.5, bad, 0.5, 0.5]), S.Quantization.zeroPoint: .longs([0, 0, 0, 0]),
        S.Quantization.quantizedDimension: .int32(1),
      ]
      expectRejected(model, .invalidQuantizationScale(path: path, value: bad))
    }
    // Float tensors may record any scale.
    model.subgraphs[0].tensors[0].type = TensorType.float32.rawValue
    try expectValid(model)
  }

  @Test("Zero points need scales")
  func zeroPointsWithoutScales() {
    var model = TestModel.minimal()
    model.subgraphs[0].tensors[0].quantization = [S.Quantization.zeroPoint: .longs([0])]
    expectRejected(model, .missingField(path: "subgraphs[0].tensors[0].quantization.scale"))
    model.subgraphs[0].tensors[0].quantization = [
      S.Quantization.scale: .floats([]), S.Quantization.zeroPoint: .longs([0]),
    ]
    expectRejected(
      model, .quantizationLengthMismatch(path: "subgraphs[0].tensors[0].quantization", scales: 0, zeroPoints: 1))
  }

  @Test("Zero points must fit the tensor's integer type")
  func zeroPointRange() throws {
    var model = TestModel.minimal()
    model.subgraphs[0].tensors[0].type = TensorType.int8.rawValue
    model.subgraphs[0].tensors[0].quantization = [
      S.Quantization.scale: .floats([0.5]), S.Quantization.zeroPoint: .longs([-128]),
    ]
    try expectValid(model)
    model.subgraphs[0].tensors[0].quantization?[S.Quantization.zeroPoint] = .longs([128])
    expectRejected(
      model, .zeroPointOutOfRange(path: "subgraphs[0].tensors[0].quantization.zero_point[0]", value: 128, type: "INT8"))
    model.subgraphs[0].tensors[0].type = TensorType.uint8.rawValue
    try expectValid(model)
    model.subgraphs[0].tensors[0].quantization?[S.Quantization.zeroPoint] = .longs([-1])
    expectRejected(
      model, .zeroPointOutOfRange(path: "subgraphs[0].tensors[0].quantization.zero_point[0]", value: -1, type: "UINT8"))
    // 32-bit (bias) and float tensors are not restricted.
    model.subgraphs[0].tensors[0].type = TensorType.int32.rawValue
    model.subgraphs[0].tensors[0].quantization?[S.Quantization.zeroPoint] = .longs([Int64.min])
    try expectValid(model)
  }

  @Test("Blockwise and multi-axis quantization must reference existing tensors and dimensions")
  func quantizationDetails() {
    func details(_ type: UInt8, _ fields: [Int: FB]?) -> TestModel {
      var model = TestModel.minimal()
      var quantization: [Int: FB] = [S.Quantization.detailsType: .uint8(type)]
      if let fields { quantization[S.Quantization.details] = .table(fields) }
      model.subgraphs[0].tensors[0].quantization = quantization
      return model
    }
    let path = "subgraphs[0].tensors[0].quantization.details"
    expectRejected(
      details(2, [0: .int32(3), 1: .int32(-1)]), .indexOutOfRange(path: path + ".scales", index: 3, count: 3))
    expectRejected(
      details(2, [0: .int32(1), 1: .int32(-2)]), .indexOutOfRange(path: path + ".zero_points", index: -2, count: 3))
    expectRejected(details(2, nil), .invalidQuantizationDetails(path: path, reason: "the details table is missing"))
    expectRejected(
      details(3, [0: .int32(1), 1: .int32(-1)]),
      .invalidQuantizationDetails(path: path, reason: "quantized_dimensions is missing"))
    expectRejected(
      details(3, [0: .int32(1), 1: .int32(-1), 3: .ints([])]),
      .invalidQuantizationDetails(path: path, reason: "quantized_dimensions is empty"))
    expectRejected(
      details(3, [0: .int32(1), 1: .int32(-1), 2: .int32(-4), 3: .ints([0])]),
      .invalidQuantizationDetails(path: path, reason: "block_size is -4"))
    expectRejected(
      details(3, [0: .int32(1), 1: .int32(-1), 3: .ints([0, 2])]),
      .quantizedDimensionOutOfRange(path: path + ".quantized_dimensions[1]", dimension: 2, rank: 2))
    expectRejected(
      details(3, [0: .int32(-1), 1: .int32(-1), 3: .ints([0])]),
      .indexOutOfRange(path: path + ".scales", index: -1, count: 3))
  }

  // MARK: Sparsity

  @Test("Sparsity parameters must be complete and consistent")
  func sparsity() {
    let dense: FB = .table([S.DimensionMetadata.format: .int8(0), S.DimensionMetadata.denseSize: .int32(4)])
    func rejects(_ sparsity: [Int: FB], _ expected: TFLiteFormatError) {
      var model = TestModel.minimal()
      model.subgraphs[0].tensors[1].shape = [4, 4]
      model.subgraphs[0].tensors[1].sparsity = sparsity
      expectRejected(model, expected)
    }
    let path = "subgraphs[0].tensors[1].sparsity"
    rejects(
      [S.Sparsity.dimMetadata: .vector([dense, dense])],
      .invalidSparsity(path: path, reason: "traversal_order is missing"))
    rejects(
      [S.Sparsity.traversalOrder: .ints([0, 1])], .invalidSparsity(path: path, reason: "dim_metadata is missing"))
    rejects(
      [S.Sparsity.traversalOrder: .ints([0, 1]), S.Sparsity.dimMetadata: .vector([dense])],
      .invalidSparsity(path: path, reason: "dim_metadata has 1 entries but traversal_order has 2"))
    rejects(
      [S.Sparsity.traversalOrder: .ints([0]), S.Sparsity.dimMetadata: .vector([dense])],
      .invalidSparsity(path: path, reason: "traversal_order has 1 entries for a tensor of rank 2"))
    rejects(
      [S.Sparsity.traversalOrder: .ints([0, 2]), S.Sparsity.dimMetadata: .vector([dense, dense])],
      .invalidSparsity(
        path: path + ".traversal_order",
        reason: "[0, 2] does not list each tensor dimension and then each block dimension exactly once"))
    rejects(
      [S.Sparsity.traversalOrder: .ints([1, 1]), S.Sparsity.dimMetadata: .vector([dense, dense])],
      .invalidSparsity(
        path: path + ".traversal_order",
        reason: "[1, 1] does not list each tensor dimension and then each block dimension exactly once"))
    rejects(
      [S.Sparsity.traversalOrder: .ints([0, 1, 2]), S.Sparsity.dimMetadata: .vector([dense, dense, dense])],
      .invalidSparsity(path: path, reason: "block_map has 0 entries but there are 1 block dimensions"))
    rejects(
      [
        S.Sparsity.traversalOrder: .ints([0, 1, 2]), S.Sparsity.blockMap: .ints([5]),
        S.Sparsity.dimMetadata: .vector([dense, dense, dense]),
      ],
      .indexOutOfRange(path: path + ".block_map[0]", index: 5, count: 2))
    rejects(
      [
        S.Sparsity.traversalOrder: .ints([0, 1]),
        S.Sparsity.dimMetadata: .vector([dense, .table([S.DimensionMetadata.format: .int8(7)])]),
      ],
      .invalidSparsity(path: path + ".dim_metadata[1]", reason: "format 7 is neither DENSE (0) nor SPARSE_CSR (1)"))
    rejects(
      [
        S.Sparsity.traversalOrder: .ints([0, 1]),
        S.Sparsity.dimMetadata: .vector([dense, .table([S.DimensionMetadata.format: .int8(1)])]),
      ],
      .invalidSparsity(path: path + ".dim_metadata[1]", reason: "a sparse dimension needs array_segments values"))
    rejects(
      [
        S.Sparsity.traversalOrder: .ints([0, 1]),
        S.Sparsity.dimMetadata: .vector([
          dense,
          .table([
            S.DimensionMetadata.format: .int8(1),
            S.DimensionMetadata.segmentsType: .uint8(1), S.DimensionMetadata.segments: .table([0: .ints([0, 4])]),
            S.DimensionMetadata.indicesType: .uint8(9), S.DimensionMetadata.indices: .table([0: .ints([0])]),
          ]),
        ]),
      ], .invalidSparsity(path: path + ".dim_metadata[1]", reason: "a sparse dimension needs array_indices values"))
    rejects(
      [
        S.Sparsity.traversalOrder: .ints([0, 1]),
        S.Sparsity.dimMetadata: .vector([.table([S.DimensionMetadata.denseSize: .int32(-3)]), dense]),
      ],
      .invalidSparsity(path: path + ".dim_metadata[0]", reason: "dense_size is -3 but the dimension has size 4"))
  }

  @Test("Sparse index data must describe the tensor's shape")
  func sparseIndexData() throws {
    let dense2: FB = .table([S.DimensionMetadata.format: .int8(0), S.DimensionMetadata.denseSize: .int32(2)])
    func csr(_ segments: [Int32], _ indices: [Int32]) -> FB {
      .table([
        S.DimensionMetadata.format: .int8(1),
        S.DimensionMetadata.segmentsType: .uint8(1), S.DimensionMetadata.segments: .table([0: .ints(segments)]),
        S.DimensionMetadata.indicesType: .uint8(1), S.DimensionMetadata.indices: .table([0: .ints(indices)]),
      ])
    }
    // A 4x4 float tensor in 2x2 blocks, with one non-zero block per block row: 8 stored values.
    func model(_ level1: FB, blockSize: Int32 = 2, data: Int = 32) -> TestModel {
      var model = TestModel.minimal()
      model.subgraphs[0].tensors[1].shape = [4, 4]
      model.buffers[1] = TestBuffer(data: [UInt8](repeating: 0, count: data))
      let block: FB = .table([S.DimensionMetadata.format: .int8(0), S.DimensionMetadata.denseSize: .int32(blockSize)])
      model.subgraphs[0].tensors[1].sparsity = [
        S.Sparsity.traversalOrder: .ints([0, 1, 2, 3]),
        S.Sparsity.blockMap: .ints([0, 1]),
        S.Sparsity.dimMetadata: .vector([dense2, level1, block, block]),
      ]
      return model
    }
    try expectValid(model(csr([0, 1, 2], [1, 0])))
    let path = "subgraphs[0].tensors[1].sparsity"
    expectRejected(
      model(csr([0, 1, 2], [1, 0]), blockSize: 3),
      .invalidSparsity(path: path + ".dim_metadata[2]", reason: "block size 3 does not divide dimension 0 of size 4"))
    expectRejected(
      model(csr([0, 2], [1, 0])),
      .invalidSparsity(
        path: path + ".dim_metadata[1]", reason: "array_segments has 2 values but the level above has 2 entries"))
    expectRejected(
      model(csr([0, 2, 1], [1, 0])),
      .invalidSparsity(path: path + ".dim_metadata[1].array_segments.values[2]", reason: "segment 1 is below 2"))
    expectRejected(
      model(csr([0, 1, 3], [1, 0])),
      .invalidSparsity(
        path: path + ".dim_metadata[1]", reason: "array_segments ends at 3 but array_indices has 2 values"))
    expectRejected(
      model(csr([0, 1, 2], [1, 2])),
      .indexOutOfRange(path: path + ".dim_metadata[1].array_indices.values[1]", index: 2, count: 2))
    expectRejected(
      model(csr([0, 1, 2], [1, 0]), data: 64),
      .constantDataSize(path: "subgraphs[0].tensors[1]", tensor: "constant", expectedBytes: 32, actualBytes: 64))
  }
}
