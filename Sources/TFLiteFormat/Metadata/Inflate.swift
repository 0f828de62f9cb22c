/// A DEFLATE decoder (RFC 1951): stored, fixed-Huffman and dynamic-Huffman
/// blocks.
///
/// Every input read is bounds-checked and the output may never exceed the
/// size the caller expects, so a corrupt stream or a "zip bomb" ends in a
/// ``TFLiteFormatError`` rather than a trap, unbounded memory, or a hang:
/// each step consumes input bits or produces output, so decoding stops after
/// at most `8 × input bytes + output limit` steps.
///
/// Huffman codes are decoded canonically, one bit length at a time, in the
/// manner of zlib's reference decoder `puff`.
struct Inflater {
    /// A canonical Huffman code: how many symbols have each bit length, and
    /// the symbols ordered by code.
    struct Huffman: Sendable {
        /// `count[length]` is the number of symbols coded with `length` bits (index 0 counts unused symbols).
        var count: [Int]
        /// The coded symbols, in canonical code order.
        var symbol: [Int]

        /// Builds the code from per-symbol bit lengths (0 = unused, at most 15).
        ///
        /// Returns the code and how many codes are left unused: 0 for a
        /// complete code, positive for an incomplete one, negative for an
        /// over-subscribed (invalid) one.
        static func make(lengths: ArraySlice<Int>) -> (code: Huffman, left: Int) {
            var count = [Int](repeating: 0, count: Inflater.maxBits + 1)
            for length in lengths {
                count[length] += 1
            }
            var code = Huffman(count: count, symbol: [Int](repeating: 0, count: lengths.count))
            if count[0] == lengths.count {
                return (code, 0)  // No codes: complete, but decoding anything fails.
            }
            var left = 1
            for length in 1...Inflater.maxBits {
                left <<= 1
                left -= count[length]
                if left < 0 { return (code, left) }
            }
            var offsets = [Int](repeating: 0, count: Inflater.maxBits + 1)
            for length in 1..<Inflater.maxBits {
                offsets[length + 1] = offsets[length] + count[length]
            }
            for (symbol, length) in zip(0..., lengths) where length != 0 {
                code.symbol[offsets[length]] = symbol
                offsets[length] += 1
            }
            return (code, left)
        }
    }

    /// The longest Huffman code in DEFLATE.
    static let maxBits = 15
    /// Base match lengths of length symbols 257...285.
    private static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    /// Extra bits of length symbols 257...285.
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    /// Base distances of distance symbols 0...29.
    private static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    /// Extra bits of distance symbols 0...29.
    private static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    /// The order in which code-length code lengths are stored.
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// The fixed literal/length code of block type 1.
    private static let fixedLiterals: Huffman = {
        var lengths = [Int](repeating: 8, count: 288)
        for symbol in 144..<256 { lengths[symbol] = 9 }
        for symbol in 256..<280 { lengths[symbol] = 7 }
        return Huffman.make(lengths: lengths[...]).code
    }()
    /// The fixed distance code of block type 1.
    private static let fixedDistances: Huffman = Huffman.make(lengths: [Int](repeating: 5, count: 30)[...]).code

    private let input: UnsafeRawBufferPointer
    /// The next input byte not yet loaded into `bitBuffer`.
    private var position = 0
    /// Loaded but unconsumed bits, least significant first.
    private var bitBuffer: UInt64 = 0
    /// Number of valid bits in `bitBuffer`.
    private var bitCount = 0
    /// The output so far.
    private var output: [UInt8] = []
    /// The exact number of bytes the stream must produce.
    private let expectedSize: Int
    /// Names the stream in errors.
    private let path: String

    private init(input: UnsafeRawBufferPointer, expectedSize: Int, path: String) {
        self.input = input
        self.expectedSize = expectedSize
        self.path = path
    }

    /// Decodes the raw DEFLATE stream `input`, which must produce exactly
    /// `expectedSize` bytes.
    ///
    /// Bytes after the final block are ignored.
    ///
    /// - Parameter path: Names the stream in errors.
    static func inflate(_ input: UnsafeRawBufferPointer, expectedSize: Int, path: String) throws(TFLiteFormatError) -> [UInt8] {
        var inflater = Inflater(input: input, expectedSize: max(0, expectedSize), path: path)
        inflater.output.reserveCapacity(inflater.expectedSize)
        try inflater.run()
        return inflater.output
    }

    // MARK: - Bits

    /// The byte offset in the input of the next unconsumed bit, for error messages.
    private var consumedOffset: Int { position - bitCount / 8 }

    /// A malformed-stream error at the current input position.
    private func corrupt(_ reason: String) -> TFLiteFormatError {
        .archiveMalformed(path, "the DEFLATE stream is invalid near compressed byte \(consumedOffset): \(reason)")
    }

    /// Loads whole input bytes into the bit buffer while there is room.
    private mutating func refill() {
        while bitCount <= 56, position < input.count {
            bitBuffer |= UInt64(input[position]) << UInt64(bitCount)
            position += 1
            bitCount += 8
        }
    }

    /// Consumes and returns the next `count` bits (at most 32).
    private mutating func bits(_ count: Int) throws(TFLiteFormatError) -> Int {
        if bitCount < count { refill() }
        guard bitCount >= count else {
            throw .archiveMalformed(path, "the DEFLATE stream ends early (at compressed byte \(input.count))")
        }
        let value = Int(bitBuffer & ((1 << UInt64(count)) &- 1))
        bitBuffer >>= UInt64(count)
        bitCount -= count
        return value
    }

    /// Decodes one symbol with `code`.
    private mutating func decode(_ code: Huffman) throws(TFLiteFormatError) -> Int {
        if bitCount < Inflater.maxBits { refill() }
        var buffer = bitBuffer
        var value = 0  // Bits read so far, most significant first.
        var first = 0  // First code of the current length.
        var index = 0  // Index of the first symbol of the current length.
        for length in 1...Inflater.maxBits {
            guard length <= bitCount else {
                throw .archiveMalformed(path, "the DEFLATE stream ends early (at compressed byte \(input.count))")
            }
            value |= Int(buffer & 1)
            buffer >>= 1
            let count = code.count[length]
            if value - count < first {
                let symbolIndex = index + (value - first)
                guard symbolIndex >= 0, symbolIndex < code.symbol.count else { break }
                bitBuffer = buffer
                bitCount -= length
                return code.symbol[symbolIndex]
            }
            index += count
            first += count
            first <<= 1
            value <<= 1
        }
        throw corrupt("a Huffman code matches no symbol")
    }

    // MARK: - Blocks

    private mutating func run() throws(TFLiteFormatError) {
        var isFinal = false
        while !isFinal {
            isFinal = try bits(1) == 1
            switch try bits(2) {
            case 0: try storedBlock()
            case 1: try codesBlock(literals: Inflater.fixedLiterals, distances: Inflater.fixedDistances)
            case 2:
                let (literals, distances) = try dynamicCodes()
                try codesBlock(literals: literals, distances: distances)
            default: throw corrupt("block type 3 is reserved")
            }
        }
        guard output.count == expectedSize else {
            throw .archiveMalformed(path, "the DEFLATE stream decodes to \(output.count) bytes, but the archive declares \(expectedSize)")
        }
    }

    /// Throws unless `count` more bytes fit in the expected size.
    private func reserve(_ count: Int) throws(TFLiteFormatError) {
        guard count <= expectedSize - output.count else {
            throw .archiveMalformed(path, "the DEFLATE stream decodes to more than the \(expectedSize) bytes the archive declares")
        }
    }

    private mutating func storedBlock() throws(TFLiteFormatError) {
        // Skip to a byte boundary, then give back the whole bytes already loaded.
        let partial = bitCount % 8
        bitBuffer >>= UInt64(partial)
        bitCount -= partial
        position -= bitCount / 8
        bitBuffer = 0
        bitCount = 0
        guard input.count - position >= 4 else {
            throw .archiveMalformed(path, "the DEFLATE stream ends early (at compressed byte \(input.count))")
        }
        let length = Int(input[position]) | Int(input[position + 1]) << 8
        let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
        guard length == complement ^ 0xFFFF else {
            throw corrupt("a stored block's length \(length) does not match its complement \(complement)")
        }
        position += 4
        guard input.count - position >= length else {
            throw .archiveMalformed(path, "a stored block of \(length) bytes runs past the end of the DEFLATE stream")
        }
        try reserve(length)
        output.append(contentsOf: UnsafeRawBufferPointer(rebasing: input[position..<(position + length)]))
        position += length
    }

    /// Reads the code lengths of a dynamic block and builds its codes.
    private mutating func dynamicCodes() throws(TFLiteFormatError) -> (literals: Huffman, distances: Huffman) {
        let literalCount = try bits(5) + 257
        let distanceCount = try bits(5) + 1
        let codeLengthCount = try bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else {
            throw corrupt("a dynamic block declares \(literalCount) literal/length and \(distanceCount) distance codes (at most 286 and 30)")
        }
        var codeLengthLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeLengthCount {
            codeLengthLengths[Inflater.codeLengthOrder[index]] = try bits(3)
        }
        let (codeLengthCode, left) = Huffman.make(lengths: codeLengthLengths[...])
        guard left == 0 else { throw corrupt("the code-length code is \(left < 0 ? "over-subscribed" : "incomplete")") }

        let total = literalCount + distanceCount
        var lengths = [Int](repeating: 0, count: total)
        var index = 0
        while index < total {
            let symbol = try decode(codeLengthCode)
            if symbol < 16 {
                lengths[index] = symbol
                index += 1
                continue
            }
            var repeated = 0
            let times: Int
            switch symbol {
            case 16:
                guard index > 0 else { throw corrupt("a code-length repeat has no previous length to repeat") }
                repeated = lengths[index - 1]
                times = 3 + (try bits(2))
            case 17:
                times = 3 + (try bits(3))
            default:
                times = 11 + (try bits(7))
            }
            guard times <= total - index else { throw corrupt("code-length repeats run past the \(total) declared codes") }
            for offset in index..<(index + times) { lengths[offset] = repeated }
            index += times
        }
        guard lengths[256] != 0 else { throw corrupt("the literal/length code has no end-of-block symbol") }

        let (literals, literalsLeft) = Huffman.make(lengths: lengths[0..<literalCount])
        // An incomplete code is allowed only when it is a single one-bit code.
        guard literalsLeft == 0 || (literalsLeft > 0 && literalCount - literals.count[0] == 1 && literals.count[1] == 1) else {
            throw corrupt("the literal/length code is \(literalsLeft < 0 ? "over-subscribed" : "incomplete")")
        }
        let (distances, distancesLeft) = Huffman.make(lengths: lengths[literalCount..<total])
        guard distancesLeft == 0 || (distancesLeft > 0 && distanceCount - distances.count[0] == 1 && distances.count[1] == 1) else {
            throw corrupt("the distance code is \(distancesLeft < 0 ? "over-subscribed" : "incomplete")")
        }
        return (literals, distances)
    }

    /// Decodes the literals and matches of a Huffman-coded block.
    private mutating func codesBlock(literals: Huffman, distances: Huffman) throws(TFLiteFormatError) {
        while true {
            let symbol = try decode(literals)
            if symbol < 256 {
                try reserve(1)
                output.append(UInt8(truncatingIfNeeded: symbol))
                continue
            }
            if symbol == 256 { return }
            let lengthIndex = symbol - 257
            guard lengthIndex < Inflater.lengthBase.count else { throw corrupt("invalid length symbol \(symbol)") }
            let length = Inflater.lengthBase[lengthIndex] + (try bits(Inflater.lengthExtra[lengthIndex]))
            let distanceSymbol = try decode(distances)
            guard distanceSymbol < Inflater.distanceBase.count else { throw corrupt("invalid distance symbol \(distanceSymbol)") }
            let distance = Inflater.distanceBase[distanceSymbol] + (try bits(Inflater.distanceExtra[distanceSymbol]))
            guard distance <= output.count else {
                throw corrupt("a match refers \(distance) bytes back, before the start of the output (\(output.count) bytes so far)")
            }
            try reserve(length)
            var source = output.count - distance
            for _ in 0..<length {
                output.append(output[source])
                source += 1
            }
        }
    }
}
