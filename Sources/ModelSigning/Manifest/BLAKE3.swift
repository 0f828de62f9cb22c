/// BLAKE3 (unkeyed, 32-byte output): the hash `model_signing` offers beside SHA-256 for a
/// model's files (`hashing_algorithm="blake3"`, `hash_type` `blake3` in the signature).
///
/// Written here because no Swift package on hand implements BLAKE3 (swift-crypto does not); it
/// is the portable reference algorithm (the BLAKE3 paper's `reference_impl`: 1 KiB chunks of 64-
/// byte blocks, 7-round compression, a binary tree of chaining values merged as chunks arrive),
/// scalar and single-threaded (about 10× slower than the `blake3` package's SIMD code, see
/// BENCHMARKS.md), checked against the official test vectors and that package.
struct BLAKE3 {
  private static let iv = SIMD8<UInt32>(
    0x6A09_E667, 0xBB67_AE85, 0x3C6E_F372, 0xA54F_F53A, 0x510E_527F, 0x9B05_688C, 0x1F83_D9AB, 0x5BE0_CD19)
  private static let chunkStart: UInt32 = 1
  private static let chunkEnd: UInt32 = 2
  private static let parent: UInt32 = 4
  private static let root: UInt32 = 8
  private static let blockLength = 64
  private static let chunkLength = 1024

  /// What one compression takes; the last node's is kept until the hash is finished.
  private struct Node {
    var chainingValue: SIMD8<UInt32>
    var block: SIMD16<UInt32>
    var counter: UInt64
    var blockLength: UInt32
    var flags: UInt32

    func compressed(extraFlags: UInt32 = 0) -> SIMD16<UInt32> {
      BLAKE3.compress(chainingValue, block, counter, blockLength, flags | extraFlags)
    }

    var outputChainingValue: SIMD8<UInt32> { compressed().lowHalf }
  }

  /// The chunk being filled.
  private var chunkChainingValue = iv
  private var chunkCounter: UInt64 = 0
  private var block = SIMD16<UInt32>()
  private var blockFill = 0
  private var blocksCompressed = 0
  /// Chaining values of completed subtrees, merged as the chunk count's trailing zeros say.
  private var stack: [SIMD8<UInt32>] = []

  /// Adds bytes.
  mutating func update(_ bytes: UnsafeRawBufferPointer) {
    var offset = 0
    while offset < bytes.count {
      if blocksCompressed * Self.blockLength + blockFill == Self.chunkLength {
        finishChunk()
      }
      if blockFill == Self.blockLength {
        chunkChainingValue =
          Node(
            chainingValue: chunkChainingValue, block: block, counter: chunkCounter,
            blockLength: UInt32(Self.blockLength), flags: startFlag
          ).outputChainingValue
        blocksCompressed += 1
        blockFill = 0
        block = SIMD16()
      }
      let take = min(Self.blockLength - blockFill, bytes.count - offset)
      if take == Self.blockLength, let base = bytes.baseAddress {
        for word in 0..<16 {
          block[word] = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset + 4 * word, as: UInt32.self))
        }
      } else {
        for index in 0..<take {
          let position = blockFill + index
          block[position / 4] |= UInt32(bytes[offset + index]) << (8 * UInt32(position % 4))
        }
      }
      blockFill += take
      offset += take
    }
  }

  /// Adds bytes.
  mutating func update(_ bytes: [UInt8]) { bytes.withUnsafeBytes { update($0) } }

  /// The 32-byte hash of everything added.
  func finalize() -> [UInt8] {
    var output = chunkOutput
    for chainingValue in stack.reversed() {
      output = Self.parentNode(left: chainingValue, right: output.outputChainingValue)
    }
    let words = output.compressed(extraFlags: Self.root)
    return (0..<32).map { UInt8(truncatingIfNeeded: words[$0 / 4] >> (8 * UInt32($0 % 4))) }
  }

  private var startFlag: UInt32 { blocksCompressed == 0 ? Self.chunkStart : 0 }

  private var chunkOutput: Node {
    Node(
      chainingValue: chunkChainingValue, block: block, counter: chunkCounter, blockLength: UInt32(blockFill),
      flags: startFlag | Self.chunkEnd)
  }

  /// Closes the full chunk, merges completed subtrees, and starts the next chunk.
  private mutating func finishChunk() {
    var chainingValue = chunkOutput.outputChainingValue
    var total = chunkCounter + 1
    while total & 1 == 0, let left = stack.popLast() {
      chainingValue = Self.parentNode(left: left, right: chainingValue).outputChainingValue
      total >>= 1
    }
    stack.append(chainingValue)
    chunkCounter += 1
    chunkChainingValue = Self.iv
    blocksCompressed = 0
    blockFill = 0
    block = SIMD16()
  }

  private static func parentNode(left: SIMD8<UInt32>, right: SIMD8<UInt32>) -> Node {
    Node(
      chainingValue: iv, block: SIMD16(lowHalf: left, highHalf: right), counter: 0,
      blockLength: UInt32(blockLength), flags: parent)
  }

  /// The compression function: 7 rounds of G over the columns then the diagonals of the 4×4
  /// state, the message words permuted (2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8)
  /// between rounds; then the feed-forward.
  private static func compress(
    _ chainingValue: SIMD8<UInt32>, _ block: SIMD16<UInt32>, _ counter: UInt64, _ length: UInt32, _ flags: UInt32
  ) -> SIMD16<UInt32> {
    var v = SIMD16<UInt32>(
      lowHalf: chainingValue,
      highHalf: SIMD8(
        iv[0], iv[1], iv[2], iv[3], UInt32(truncatingIfNeeded: counter), UInt32(truncatingIfNeeded: counter >> 32),
        length, flags))
    var m = block
    for round in 0..<7 {
      mix(&v, 0, 4, 8, 12, m[0], m[1])
      mix(&v, 1, 5, 9, 13, m[2], m[3])
      mix(&v, 2, 6, 10, 14, m[4], m[5])
      mix(&v, 3, 7, 11, 15, m[6], m[7])
      mix(&v, 0, 5, 10, 15, m[8], m[9])
      mix(&v, 1, 6, 11, 12, m[10], m[11])
      mix(&v, 2, 7, 8, 13, m[12], m[13])
      mix(&v, 3, 4, 9, 14, m[14], m[15])
      if round < 6 {
        m = SIMD16(m[2], m[6], m[3], m[10], m[7], m[0], m[4], m[13], m[1], m[11], m[12], m[5], m[9], m[14], m[15], m[8])
      }
    }
    let low = v.lowHalf ^ v.highHalf
    return SIMD16(lowHalf: low, highHalf: v.highHalf ^ chainingValue)
  }

  /// The G function.
  @inline(__always)
  private static func mix(
    _ v: inout SIMD16<UInt32>, _ a: Int, _ b: Int, _ c: Int, _ d: Int, _ x: UInt32, _ y: UInt32
  ) {
    v[a] = v[a] &+ v[b] &+ x
    v[d] = rotateRight(v[d] ^ v[a], 16)
    v[c] = v[c] &+ v[d]
    v[b] = rotateRight(v[b] ^ v[c], 12)
    v[a] = v[a] &+ v[b] &+ y
    v[d] = rotateRight(v[d] ^ v[a], 8)
    v[c] = v[c] &+ v[d]
    v[b] = rotateRight(v[b] ^ v[c], 7)
  }

  @inline(__always)
  private static func rotateRight(_ value: UInt32, _ count: UInt32) -> UInt32 {
    (value >> count) | (value << (32 - count))
  }
}
