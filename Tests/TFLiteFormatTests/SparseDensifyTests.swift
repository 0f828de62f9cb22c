import Foundation
import Testing

@testable import TFLiteFormat

/// `SparsityParameters.denseBytes(of:shape:elementSize:)` and the ledger check of the builtin
/// hybrid LSTM's sparse path, on hand-made sparsity parameters.
@Suite("Sparse tensors densified")
struct SparseDensifyTests {
  static func dense(_ size: Int) -> SparseDimension {
    SparseDimension(format: 0, denseSize: size, segmentsType: 0, segments: nil, indicesType: 0, indices: nil)
  }

  static func sparse(segments: [Int], indices: [Int]) -> SparseDimension {
    SparseDimension(format: 1, denseSize: 0, segmentsType: 1, segments: segments, indicesType: 1, indices: indices)
  }

  static func bytes(_ values: [Int8]) -> [UInt8] { values.map { UInt8(bitPattern: $0) } }

  @Test("CSR without blocks: each row's listed columns")
  func compressedRows() {
    let sparsity = SparsityParameters(
      traversalOrder: [0, 1], blockMap: nil,
      dimensions: [Self.dense(2), Self.sparse(segments: [0, 1, 3], indices: [2, 0, 1])])
    let dense = sparsity.denseBytes(of: Self.bytes([7, -8, 9]), shape: [2, 3], elementSize: 1)
    #expect(dense == Self.bytes([0, 0, 7, -8, 9, 0]))
  }

  @Test("Rows of 1x2 blocks (the converter's 1x4 and 1x16 layout), multi-byte elements")
  func rowBlocks() {
    let sparsity = SparsityParameters(
      traversalOrder: [0, 1, 2], blockMap: [1],
      dimensions: [Self.dense(2), Self.sparse(segments: [0, 1, 2], indices: [1, 0]), Self.dense(2)])
    func floats(_ values: [Float]) -> [UInt8] {
      values.flatMap { withUnsafeBytes(of: $0.bitPattern.littleEndian, Array.init) }
    }
    let dense = sparsity.denseBytes(of: floats([1, 2, 3, 4]), shape: [2, 4], elementSize: 4)
    #expect(dense == floats([0, 0, 1, 2, 3, 4, 0, 0]))
  }

  @Test("2x2 blocks over both dimensions")
  func squareBlocks() {
    // Blocks (0, 0), (0, 1) and (1, 1) of a 4x4 matrix, each stored row by row.
    let sparsity = SparsityParameters(
      traversalOrder: [0, 1, 2, 3], blockMap: [0, 1],
      dimensions: [Self.dense(2), Self.sparse(segments: [0, 2, 3], indices: [0, 1, 1]), Self.dense(2), Self.dense(2)])
    let dense = sparsity.denseBytes(of: Self.bytes(Array(1...12)), shape: [4, 4], elementSize: 1)
    #expect(dense == Self.bytes([1, 2, 5, 6, 3, 4, 7, 8, 0, 0, 9, 10, 0, 0, 11, 12]))
  }

  @Test("Too few or too many stored values, or an index outside the shape: nil")
  func inconsistent() {
    let sparsity = SparsityParameters(
      traversalOrder: [0, 1], blockMap: nil,
      dimensions: [Self.dense(2), Self.sparse(segments: [0, 1, 3], indices: [2, 0, 1])])
    #expect(sparsity.denseBytes(of: Self.bytes([1, 2]), shape: [2, 3], elementSize: 1) == nil)
    #expect(sparsity.denseBytes(of: Self.bytes([1, 2, 3, 4]), shape: [2, 3], elementSize: 1) == nil)
    #expect(sparsity.denseBytes(of: Self.bytes([1, 2, 3]), shape: [2, 2], elementSize: 1) == nil)
  }

  @Test("lstm.cc's ledger reads rows of 1x16 blocks, at most 255 of them, indices up to 255")
  func ledger() {
    func rows(_ segments: [Int], _ indices: [Int], block: Int = 16) -> SparsityParameters {
      SparsityParameters(
        traversalOrder: [0, 1, 2], blockMap: [1],
        dimensions: [
          Self.dense(segments.count - 1), Self.sparse(segments: segments, indices: indices), Self.dense(block),
        ])
    }
    #expect(rows([0, 1, 3], [0, 0, 1]).ledgerLimitation == nil)
    #expect(rows([0, 1, 3], [0, 0, 1], block: 4).ledgerLimitation == .blockLayout)
    #expect(rows([0, 1], [256]).ledgerLimitation == .ledgerOverflow)
    #expect(rows([0, 256], Array(0..<256)).ledgerLimitation == .ledgerOverflow)
    let unblocked = SparsityParameters(
      traversalOrder: [0, 1], blockMap: nil, dimensions: [Self.dense(1), Self.sparse(segments: [0, 1], indices: [0])])
    #expect(unblocked.ledgerLimitation == .blockLayout)
  }
}
