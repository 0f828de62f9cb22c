/// Semantic checks on a decoded model, run after ``ModelDecoder`` has checked
/// the flatbuffer structure. In order:
///
/// - schema version 3; at least one subgraph; `CUSTOM` codes name their op;
/// - metadata buffer indices, external buffer groups (the deprecated
///   `metadata_buffer` list is not checked: LiteRT never reads it);
/// - per subgraph: inputs/outputs in range; per tensor: dimensions >= 0
///   (`shape_signature` >= -1), byte size without overflow and at most
///   ``TFLiteLimits/maxTensorBytes``, buffer index, no constant data on
///   variables, sparsity tree consistent with the shape, constant data size
///   (exact inline, at least out of line, well-formed string tables),
///   quantization (lengths, dimension, scale count, blockwise/multi-axis
///   references, zero points within the integer type, positive normal scales);
/// - per operator: opcode index, tensor indices (-1 only where the operator
///   allows an omitted tensor), options table of the operator's own type,
///   operator parameters (`SPLIT` counts, minimum operand counts), subgraph
///   references, `DEQUANTIZE` element counts; data flow (inputs exist when
///   read, outputs written once and never constants, variables or inputs);
/// - signatures: unique keys, subgraph index, tensors that are the
///   subgraph's inputs/outputs under unique names;
/// - no cycles among subgraphs calling each other.
///
/// These are the conditions under which LiteRT (or its default XNNPACK
/// delegate) was seen to crash instead of reporting an error, plus cheap
/// ones it reports itself, so callers get one precise error before the
/// runtime ever sees the model.
enum ModelValidator {
    /// Validates `model`, whose bytes are `bytes`. Throws the first problem found.
    static func validate(_ model: DecodedModel, bytes: UnsafeRawBufferPointer) throws(TFLiteFormatError) {
        guard model.version == TFLiteLimits.schemaVersion else {
            throw .unsupportedSchemaVersion(found: model.version, supported: TFLiteLimits.schemaVersion)
        }
        guard !model.subgraphs.isEmpty else { throw .noSubgraphs }

        for (index, code) in model.operatorCodes.enumerated() {
            let customCode = BuiltinOperator.custom.rawValue
            if (code.builtinCode == customCode || Int32(code.deprecatedBuiltinCode) == customCode), code.customCode == nil {
                throw .customCodeMissing(path: "operator_codes[\(index)]")
            }
        }

        // `metadata_buffer` is deprecated and never read by LiteRT (the quantizer writes
        // out-of-range indices into it): it is decoded but not checked.
        for (index, entry) in model.metadata.enumerated() {
            try checkIndex(entry.bufferIndex, count: model.buffers.count, "metadata[\(index)].buffer")
        }
        for (index, group) in model.externalBufferGroups.enumerated() {
            try checkIndex(group, count: model.externalBufferGroupCount, "external_buffers[\(index)].group")
        }

        for (index, subgraph) in model.subgraphs.enumerated() {
            try validateSubgraph(subgraph, index: index, model: model, bytes: bytes)
        }

        var keys = Set<String>()
        for (index, signature) in model.signatures.enumerated() {
            let path = "signature_defs[\(index)]"
            guard keys.insert(signature.key).inserted else {
                throw .duplicateName(path: path + ".signature_key", name: signature.key)
            }
            try checkIndex(signature.subgraphIndex, count: model.subgraphs.count, path + ".subgraph_index")
            let subgraph = model.subgraphs[signature.subgraphIndex]
            try checkSignatureTensors(signature.inputs, of: subgraph, role: "input", "\(path).inputs")
            try checkSignatureTensors(signature.outputs, of: subgraph, role: "output", "\(path).outputs")
        }

        try checkSubgraphCalls(model.subgraphs)
    }

    /// Signature inputs (outputs) must be distinct names for inputs (outputs)
    /// of the signature's subgraph: runtimes resize and fill them by name, and
    /// a constant or intermediate tensor there crashes LiteRT.
    private static func checkSignatureTensors(_ entries: [SignatureTensor], of subgraph: Subgraph, role: String, _ path: String) throws(TFLiteFormatError) {
        let allowed = Set(role == "input" ? subgraph.inputs : subgraph.outputs)
        var names = Set<String>()
        var tensors = Set<Int>()
        for (entry, tensor) in entries.enumerated() {
            try checkIndex(tensor.tensorIndex, count: subgraph.tensors.count, "\(path)[\(entry)].tensor_index")
            guard allowed.contains(tensor.tensorIndex) else {
                throw .signatureTensorMismatch(path: "\(path)[\(entry)].tensor_index", tensor: tensor.tensorIndex, role: role)
            }
            // LiteRT aborts when two entries of one signature name the same tensor.
            guard tensors.insert(tensor.tensorIndex).inserted else {
                throw .duplicateSignatureTensor(path: "\(path)[\(entry)].tensor_index", tensor: tensor.tensorIndex)
            }
            guard names.insert(tensor.name).inserted else {
                throw .duplicateName(path: "\(path)[\(entry)].name", name: tensor.name)
            }
        }
    }

    // MARK: - Indices

    /// Throws unless `0 <= index < count`.
    static func checkIndex(_ index: Int, count: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError) {
        guard index >= 0, index < count else {
            throw .indexOutOfRange(path: path(), index: index, count: count)
        }
    }

    /// Throws unless `index` is -1 (an omitted optional tensor) or in `0..<count`.
    static func checkOptionalIndex(_ index: Int, count: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError) {
        guard index == -1 || (index >= 0 && index < count) else {
            throw .indexOutOfRange(path: path(), index: index, count: count)
        }
    }

    // MARK: - Subgraphs and operators

    private static func validateSubgraph(_ subgraph: Subgraph, index: Int, model: DecodedModel, bytes: UnsafeRawBufferPointer) throws(TFLiteFormatError) {
        let path = "subgraphs[\(index)]"
        let tensorCount = subgraph.tensors.count
        for (position, tensor) in subgraph.inputs.enumerated() {
            try checkIndex(tensor, count: tensorCount, "\(path).inputs[\(position)]")
        }
        for (position, tensor) in subgraph.outputs.enumerated() {
            try checkIndex(tensor, count: tensorCount, "\(path).outputs[\(position)]")
        }
        for (tensorIndex, tensor) in subgraph.tensors.enumerated() {
            try validateTensor(tensor, tensorCount: tensorCount, model: model, bytes: bytes, "\(path).tensors[\(tensorIndex)]")
        }
        for (operatorIndex, op) in subgraph.operators.enumerated() {
            let operatorPath = "\(path).operators[\(operatorIndex)]"
            try checkIndex(op.opcodeIndex, count: model.operatorCodes.count, operatorPath + ".opcode_index")
            let code = model.operatorCodes[op.opcodeIndex]
            for (position, tensor) in op.inputs.enumerated() {
                try checkOptionalIndex(tensor, count: tensorCount, "\(operatorPath).inputs[\(position)]")
                if tensor == -1, !OmittedTensorRules.allowsOmittedInput(code: code.builtinCode, position: position) {
                    throw .requiredTensorOmitted(path: "\(operatorPath).inputs[\(position)]", operator: code.name)
                }
            }
            for (position, tensor) in op.outputs.enumerated() {
                try checkOptionalIndex(tensor, count: tensorCount, "\(operatorPath).outputs[\(position)]")
                if tensor == -1, !OmittedTensorRules.allowsOmittedOutput(code: code.builtinCode) {
                    throw .requiredTensorOmitted(path: "\(operatorPath).outputs[\(position)]", operator: code.name)
                }
            }
            for (position, tensor) in op.intermediates.enumerated() {
                try checkOptionalIndex(tensor, count: tensorCount, "\(operatorPath).intermediates[\(position)]")
            }
            try checkOptionsType(op, code: code, operatorPath)
            try OperatorParameterRules.check(op, code: code, reader: FlatBufferReader(bytes: bytes), operatorPath)
            for reference in op.subgraphReferences {
                try checkIndex(reference.subgraphIndex, count: model.subgraphs.count, "\(operatorPath).\(reference.field)")
            }
            if code.builtinCode == BuiltinOperator.dequantize.rawValue {
                try checkDequantize(op, tensors: subgraph.tensors, operatorPath)
            }
        }
        try checkDataFlow(subgraph, buffers: model.buffers, path)
    }

    /// Every operator input must exist when the operator runs (a constant, a
    /// variable, a subgraph input, or an earlier operator's output), and every
    /// output must be written by exactly one operator and be none of those.
    /// LiteRT crashes on, for example, a resource tensor that no `VAR_HANDLE`
    /// produced, or on a write into read-only constant data.
    private static func checkDataFlow(_ subgraph: Subgraph, buffers: [BufferInfo], _ path: String) throws(TFLiteFormatError) {
        enum Origin { case computed, constant, variable, subgraphInput, produced(Int) }
        var origins: [Origin] = subgraph.tensors.map { tensor in
            if tensor.isVariable { return .variable }
            if tensor.externalBufferIndex != 0 { return .constant }  // data lives in an external file
            if tensor.bufferIndex != 0, tensor.bufferIndex < buffers.count, buffers[tensor.bufferIndex].declaresData { return .constant }
            return .computed
        }
        for (position, input) in subgraph.inputs.enumerated() {
            switch origins[input] {
            case .computed: origins[input] = .subgraphInput
            case .constant: throw .constantSubgraphInput(path: "\(path).inputs[\(position)]", tensor: input)
            default: break
            }
        }
        for (operatorIndex, op) in subgraph.operators.enumerated() {
            let operatorPath = "\(path).operators[\(operatorIndex)]"
            for (position, tensor) in op.inputs.enumerated() where tensor >= 0 {
                // Empty tensors carry no data, so where they come from does not matter.
                if case .computed = origins[tensor], subgraph.tensors[tensor].elementCount != 0 {
                    throw .tensorNotProduced(path: "\(operatorPath).inputs[\(position)]", tensor: tensor)
                }
            }
            for (position, tensor) in op.outputs.enumerated() where tensor >= 0 {
                let outputPath = "\(operatorPath).outputs[\(position)]"
                switch origins[tensor] {
                case .computed:
                    origins[tensor] = .produced(operatorIndex)
                case .constant:
                    throw .invalidOperatorOutput(path: outputPath, tensor: tensor, reason: "is constant")
                case .variable:
                    throw .invalidOperatorOutput(path: outputPath, tensor: tensor, reason: "is a variable")
                case .subgraphInput:
                    throw .invalidOperatorOutput(path: outputPath, tensor: tensor, reason: "is an input of the subgraph")
                case .produced(let producer):
                    throw .invalidOperatorOutput(path: outputPath, tensor: tensor, reason: "is already written by operators[\(producer)]")
                }
            }
        }
    }

    /// An operator whose LiteRT parser reads one specific options table must
    /// not carry a different one in that union (absent options are fine).
    private static func checkOptionsType(_ op: OperatorInfo, code: OperatorCode, _ path: String) throws(TFLiteFormatError) {
        guard let expected = BuiltinOptionsLayout.expectedOptions[code.builtinCode] else { return }
        let found = expected.union == 1 ? op.builtinOptionsType : op.builtinOptions2Type
        guard found != 0, found != expected.type else { return }
        let layouts = expected.union == 1 ? BuiltinOptionsLayout.builtinOptions : BuiltinOptionsLayout.builtinOptions2
        func name(_ type: UInt8) -> String {
            Int(type) <= layouts.count ? layouts[Int(type) &- 1].tableName : "options type \(type)"
        }
        let field = expected.union == 1 ? "builtin_options_type" : "builtin_options_2_type"
        throw .mismatchedOptions(path: "\(path).\(field)", operator: code.name, found: name(found), expected: name(expected.type))
    }

    /// A `DEQUANTIZE` must produce exactly as many elements as it consumes;
    /// LiteRT's kernel copies by the output size and overruns a smaller input.
    private static func checkDequantize(_ op: OperatorInfo, tensors: [TensorInfo], _ path: String) throws(TFLiteFormatError) {
        guard let input = op.inputs.first, let output = op.outputs.first, input >= 0, output >= 0 else { return }
        let inputTensor = tensors[input]
        let outputTensor = tensors[output]
        guard inputTensor.elementCount == outputTensor.elementCount else {
            throw .dequantizeShapeMismatch(path: path, inputShape: inputTensor.shape, outputShape: outputTensor.shape)
        }
    }

    // MARK: - Tensors

    /// The element count of `shape`, or nil if it overflows.
    static func elementCount(_ shape: [Int]) -> Int? {
        var count = 1
        for dimension in shape {
            let (product, overflow) = count.multipliedReportingOverflow(by: dimension)
            if overflow { return nil }
            count = product
        }
        return count
    }

    private static func validateTensor(
        _ tensor: TensorInfo, tensorCount: Int, model: DecodedModel, bytes: UnsafeRawBufferPointer,
        _ path: @autoclosure () -> String
    ) throws(TFLiteFormatError) {
        for (position, dimension) in tensor.shape.enumerated() where dimension < 0 {
            throw .negativeDimension(path: path() + ".shape[\(position)]", value: dimension)
        }
        if let signature = tensor.shapeSignature {
            for (position, dimension) in signature.enumerated() where dimension < -1 {
                throw .negativeDimension(path: path() + ".shape_signature[\(position)]", value: dimension)
            }
        }
        // The byte size must be representable and below the cap; types without
        // a fixed element size are capped by their element count instead.
        let count = elementCount(tensor.shape)
        let byteCount = count.flatMap { tensor.type.byteSize == nil ? $0 : tensor.type.byteCount(forElementCount: $0) }
        guard let count, let byteCount, byteCount <= TFLiteLimits.maxTensorBytes else {
            throw .sizeOverflow(path: path(), shape: tensor.shape, limit: TFLiteLimits.maxTensorBytes)
        }

        // LiteRT ignores the buffer index 0 when there are no buffers at all.
        if tensor.bufferIndex != 0 || !model.buffers.isEmpty {
            try checkIndex(tensor.bufferIndex, count: model.buffers.count, path() + ".buffer")
        }
        // A sparse tensor stores only its non-zero values (or blocks).
        var storedCount = count
        if let sparsity = tensor.sparsity {
            storedCount = try checkSparsity(sparsity, shape: tensor.shape, path() + ".sparsity")
        }
        if tensor.hasConstantData, let range = model.buffers[tensor.bufferIndex].byteRange {
            if tensor.isVariable {
                throw .variableTensorWithData(path: path())
            }
            try checkConstantData(tensor, elementCount: storedCount, range: range,
                                  isOutOfLine: model.buffers[tensor.bufferIndex].isOutOfLine, bytes: bytes, path())
        }
        if let quantization = tensor.quantization {
            try checkQuantization(quantization, type: tensor.type, shape: tensor.shape, tensorCount: tensorCount, path() + ".quantization")
        }
    }

    /// Constant data must match the tensor: exactly its byte size for inline
    /// fixed-size data (packed or, for sub-byte types, one byte per element),
    /// at least its byte size for data stored after the flatbuffer, and a
    /// well-formed string table for string tensors. `elementCount` is the
    /// number of stored values (fewer than the shape's for sparse tensors).
    private static func checkConstantData(
        _ tensor: TensorInfo, elementCount: Int, range: Range<Int>, isOutOfLine: Bool,
        bytes: UnsafeRawBufferPointer, _ path: @autoclosure () -> String
    ) throws(TFLiteFormatError) {
        // External buffers live in another file.
        guard tensor.externalBufferIndex == 0 else { return }
        if tensor.type == .string {
            guard tensor.sparsity == nil else { return }
            try checkStringData(bytes: UnsafeRawBufferPointer(rebasing: bytes[range]), path())
            return
        }
        // Types without a fixed element size (resource, variant) carry no checkable data.
        guard let expected = tensor.type.byteCount(forElementCount: elementCount) else { return }
        let actual = range.count
        let matches: Bool
        if isOutOfLine {
            matches = actual >= expected
        } else if tensor.type.isPacked {
            matches = actual == expected || actual == elementCount
        } else {
            matches = actual == expected
        }
        guard matches else {
            throw .constantDataSize(path: path(), tensor: tensor.name, expectedBytes: expected, actualBytes: actual)
        }
    }

    /// A string tensor's data is `count`, then `count + 1` offsets, then the
    /// string bytes; the offsets must start right after themselves, never
    /// decrease, and end exactly at the end of the data.
    static func checkStringData(bytes data: UnsafeRawBufferPointer, _ path: @autoclosure () -> String) throws(TFLiteFormatError) {
        let reader = FlatBufferReader(bytes: data)
        guard data.count >= 4 else {
            throw .invalidStringData(path: path(), reason: "it has \(data.count) bytes, fewer than the 4-byte string count")
        }
        let count = Int(reader.loadChecked(Int32.self, at: 0))
        // (count + 2) 32-bit words: the count itself plus count + 1 offsets.
        guard count >= 0, count < data.count / 4 else {
            throw .invalidStringData(path: path(), reason: "the string count \(count) does not fit in its \(data.count) bytes")
        }
        let headerSize = (count &+ 2) &* 4
        guard headerSize <= data.count else {
            throw .invalidStringData(path: path(), reason: "\(count) strings need a \(headerSize)-byte header, but the data has \(data.count) bytes")
        }
        var previous = headerSize
        for index in 0...count {
            let offset = Int(reader.loadChecked(Int32.self, at: (index &+ 1) &* 4))
            if index == 0, offset != headerSize {
                throw .invalidStringData(path: path(), reason: "the first string offset is \(offset) instead of \(headerSize)")
            }
            guard offset >= previous, offset <= data.count else {
                throw .invalidStringData(path: path(), reason: "string offset \(index) is \(offset), outside \(previous)...\(data.count)")
            }
            previous = offset
        }
        guard previous == data.count else {
            throw .invalidStringData(path: path(), reason: "the last string offset is \(previous) instead of \(data.count)")
        }
    }

    // MARK: - Quantization and sparsity

    /// The values a zero point of an integer tensor type can take, or nil for
    /// types whose zero points are not restricted here.
    static func zeroPointRange(of type: TensorType) -> ClosedRange<Int64>? {
        switch type {
        case .int8: -128...127
        case .uint8: 0...255
        case .int16: -32768...32767
        case .uint16: 0...65535
        case .int4: -8...7
        case .uint4: 0...15
        case .int2: -2...1
        default: nil
        }
    }

    private static func checkQuantization(_ quantization: Quantization, type: TensorType, shape: [Int], tensorCount: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError) {
        let rank = shape.count
        switch quantization.details {
        case let .blockwise(scales, zeroPoints, _):
            try checkIndex(scales, count: tensorCount, path() + ".details.scales")
            try checkOptionalIndex(zeroPoints, count: tensorCount, path() + ".details.zero_points")
            return
        case let .multiAxis(scales, zeroPoints, blockSize, dimensions):
            try checkIndex(scales, count: tensorCount, path() + ".details.scales")
            try checkOptionalIndex(zeroPoints, count: tensorCount, path() + ".details.zero_points")
            guard blockSize >= 0 else {
                throw .invalidQuantizationDetails(path: path() + ".details", reason: "block_size is \(blockSize)")
            }
            guard !dimensions.isEmpty else {
                throw .invalidQuantizationDetails(path: path() + ".details", reason: "quantized_dimensions is empty")
            }
            for (position, dimension) in dimensions.enumerated() where dimension < 0 || (rank > 0 && dimension >= rank) {
                throw .quantizedDimensionOutOfRange(path: path() + ".details.quantized_dimensions[\(position)]", dimension: dimension, rank: rank)
            }
            return
        case .custom, .unknown, nil:
            break
        }

        let scales = quantization.scales.count
        // Lists that are both present must agree, even when the scales are empty.
        if quantization.hasScaleList, quantization.hasZeroPointList, quantization.zeroPoints.count != scales {
            throw .quantizationLengthMismatch(path: path(), scales: scales, zeroPoints: quantization.zeroPoints.count)
        }
        // Zero points without scales cannot describe any quantization.
        if scales == 0, !quantization.zeroPoints.isEmpty {
            throw .missingField(path: path() + ".scale")
        }
        guard scales > 0 else { return }
        guard quantization.hasZeroPointList else {
            throw .missingField(path: path() + ".zero_point")
        }
        let zeroPoints = quantization.zeroPoints.count
        guard zeroPoints == scales else {
            throw .quantizationLengthMismatch(path: path(), scales: scales, zeroPoints: zeroPoints)
        }
        let dimension = quantization.quantizedDimension
        guard dimension >= 0, rank == 0 || dimension < rank else {
            throw .quantizedDimensionOutOfRange(path: path() + ".quantized_dimension", dimension: dimension, rank: rank)
        }
        if scales != 1, rank > 0, scales != shape[dimension] {
            throw .quantizationScaleCount(path: path() + ".scale", scales: scales, expected: shape[dimension])
        }
        // Kernels and delegates use zero points as values of the tensor's own
        // type, and divide by scales (XNNPACK crashes on a zero or negative one).
        if let range = zeroPointRange(of: type) {
            for (index, zeroPoint) in quantization.zeroPoints.enumerated() where !range.contains(zeroPoint) {
                throw .zeroPointOutOfRange(path: path() + ".zero_point[\(index)]", value: zeroPoint, type: type.name)
            }
            for (index, scale) in quantization.scales.enumerated() where !(scale.isNormal && scale > 0) {
                throw .invalidQuantizationScale(path: path() + ".scale[\(index)]", value: scale)
            }
        }
    }

    /// Checks sparsity parameters against the tensor's shape, walking the
    /// compressed index tree level by level, and returns how many values the
    /// tensor stores.
    ///
    /// For a rank-n tensor with a k-dimensional block: `traversal_order` is a
    /// permutation of the n tensor dimensions followed by one of the k block
    /// dimensions, `block_map` names the tensor dimension each block dimension
    /// divides, dense levels give their size, and sparse (CSR) levels give
    /// non-decreasing segments (one more than the entries of the level above)
    /// and indices below the level's size. DENSIFY and delegates index with
    /// these values unchecked.
    private static func checkSparsity(_ sparsity: SparsityParameters, shape: [Int], _ path: @autoclosure () -> String) throws(TFLiteFormatError) -> Int {
        let rank = shape.count
        guard let order = sparsity.traversalOrder else {
            throw .invalidSparsity(path: path(), reason: "traversal_order is missing")
        }
        guard let dimensions = sparsity.dimensions else {
            throw .invalidSparsity(path: path(), reason: "dim_metadata is missing")
        }
        guard dimensions.count == order.count else {
            throw .invalidSparsity(path: path(), reason: "dim_metadata has \(dimensions.count) entries but traversal_order has \(order.count)")
        }
        guard order.count >= rank else {
            throw .invalidSparsity(path: path(), reason: "traversal_order has \(order.count) entries for a tensor of rank \(rank)")
        }
        let blockRank = order.count &- rank
        let blockMap = sparsity.blockMap ?? []
        guard blockMap.count == blockRank else {
            throw .invalidSparsity(path: path(), reason: "block_map has \(blockMap.count) entries but there are \(blockRank) block dimensions")
        }
        var seen = Array(repeating: false, count: order.count)
        for (position, value) in order.enumerated() {
            let allowed = position < rank ? 0..<rank : rank..<order.count
            guard allowed.contains(value), !seen[value] else {
                throw .invalidSparsity(path: path() + ".traversal_order", reason: "\(order) does not list each tensor dimension and then each block dimension exactly once")
            }
            seen[value] = true
        }
        for (position, value) in blockMap.enumerated() where value < 0 || value >= rank {
            throw .indexOutOfRange(path: path() + ".block_map[\(position)]", index: value, count: rank)
        }

        // Sizes of the tensor dimensions (divided by their blocks) and of the block dimensions.
        var sizes = shape + Array(repeating: 0, count: blockRank)
        for block in 0..<blockRank {
            let dimension = rank &+ block
            guard let position = order.firstIndex(of: dimension) else { continue }
            let blockSize = dimensions[position].denseSize
            let mapped = blockMap[block]
            guard blockSize > 0, sizes[mapped] % blockSize == 0 else {
                throw .invalidSparsity(path: path() + ".dim_metadata[\(position)]", reason: "block size \(blockSize) does not divide dimension \(mapped) of size \(sizes[mapped])")
            }
            sizes[mapped] /= blockSize
            sizes[dimension] = blockSize
        }

        var count = 1
        for (position, dimension) in dimensions.enumerated() {
            let dimensionPath = path() + ".dim_metadata[\(position)]"
            let size = sizes[order[position]]
            switch dimension.format {
            case 0:
                guard dimension.denseSize == size else {
                    throw .invalidSparsity(path: dimensionPath, reason: "dense_size is \(dimension.denseSize) but the dimension has size \(size)")
                }
                let (product, overflow) = count.multipliedReportingOverflow(by: size)
                guard !overflow else {
                    throw .invalidSparsity(path: dimensionPath, reason: "the number of stored values overflows")
                }
                count = product
            case 1:
                guard (1...3).contains(dimension.segmentsType), let segments = dimension.segments else {
                    throw .invalidSparsity(path: dimensionPath, reason: "a sparse dimension needs array_segments values")
                }
                guard (1...3).contains(dimension.indicesType), let indices = dimension.indices else {
                    throw .invalidSparsity(path: dimensionPath, reason: "a sparse dimension needs array_indices values")
                }
                guard segments.count &- 1 == count else {
                    throw .invalidSparsity(path: dimensionPath, reason: "array_segments has \(segments.count) values but the level above has \(count) entries")
                }
                var previous = 0
                for (index, segment) in segments.enumerated() {
                    guard segment >= previous else {
                        throw .invalidSparsity(path: dimensionPath + ".array_segments.values[\(index)]", reason: "segment \(segment) is below \(previous)")
                    }
                    previous = segment
                }
                guard segments.last == indices.count else {
                    throw .invalidSparsity(path: dimensionPath, reason: "array_segments ends at \(segments.last ?? 0) but array_indices has \(indices.count) values")
                }
                for (index, value) in indices.enumerated() where value < 0 || value >= size {
                    throw .indexOutOfRange(path: dimensionPath + ".array_indices.values[\(index)]", index: value, count: size)
                }
                count = indices.count
            default:
                throw .invalidSparsity(path: dimensionPath, reason: "format \(dimension.format) is neither DENSE (0) nor SPARSE_CSR (1)")
            }
        }
        return count
    }

    // MARK: - Subgraph call graph

    /// Control-flow operators run other subgraphs; a subgraph that reaches
    /// itself again would make LiteRT recurse until the stack overflows.
    private static func checkSubgraphCalls(_ subgraphs: [Subgraph]) throws(TFLiteFormatError) {
        // Edges: callee index plus the path of the reference, per subgraph.
        var edges: [[(callee: Int, path: String)]] = Array(repeating: [], count: subgraphs.count)
        var hasEdges = false
        for (index, subgraph) in subgraphs.enumerated() {
            for (operatorIndex, op) in subgraph.operators.enumerated() {
            for reference in op.subgraphReferences {
                    edges[index].append((reference.subgraphIndex, "subgraphs[\(index)].operators[\(operatorIndex)].\(reference.field)"))
                    hasEdges = true
                }
            }
        }
        guard hasEdges else { return }

        // Iterative depth-first search: 0 unvisited, 1 on the current path, 2 done.
        var state = Array(repeating: 0, count: subgraphs.count)
        for start in 0..<subgraphs.count where state[start] == 0 {
            var stack: [(node: Int, nextEdge: Int)] = [(start, 0)]
            state[start] = 1
            while let top = stack.last {
                let node = top.node
                if top.nextEdge < edges[node].count {
                    let edge = edges[node][top.nextEdge]
                    stack[stack.count &- 1].nextEdge = top.nextEdge &+ 1
                    switch state[edge.callee] {
                    case 0:
                        state[edge.callee] = 1
                        stack.append((edge.callee, 0))
                    case 1:
                        let nodes = stack.map(\.node)
                        let loopStart = nodes.firstIndex(of: edge.callee) ?? 0
                        throw .subgraphCycle(path: edge.path, cycle: Array(nodes[loopStart...]) + [edge.callee])
                    default:
                        break
                    }
                } else {
                    state[node] = 2
                    stack.removeLast()
                }
            }
        }
    }
}
