/// Semantic checks on a decoded model: every cross-reference in range, shapes
/// and sizes sane, constant data consistent with its tensor, quantization and
/// sparsity parameters well-formed, and no subgraph calling itself.
///
/// These are the conditions under which LiteRT is known to crash or misbehave
/// instead of reporting an error, plus the cheap ones it reports itself, so
/// callers get one precise error before the runtime ever sees the model.
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

        for (index, buffer) in model.metadataBuffer.enumerated() {
            try checkIndex(buffer, count: model.buffers.count, "metadata_buffer[\(index)]")
        }
        for (index, entry) in model.metadata.enumerated() {
            try checkIndex(entry.bufferIndex, count: model.buffers.count, "metadata[\(index)].buffer")
        }
        for (index, group) in model.externalBufferGroups.enumerated() {
            try checkIndex(group, count: model.externalBufferGroupCount, "external_buffers[\(index)].group")
        }

        for (index, subgraph) in model.subgraphs.enumerated() {
            try validateSubgraph(subgraph, index: index, model: model, bytes: bytes)
        }

        for (index, signature) in model.signatures.enumerated() {
            let path = "signature_defs[\(index)]"
            try checkIndex(signature.subgraphIndex, count: model.subgraphs.count, path + ".subgraph_index")
            let tensorCount = model.subgraphs[signature.subgraphIndex].tensors.count
            for (entry, input) in signature.inputs.enumerated() {
                try checkIndex(input.tensorIndex, count: tensorCount, "\(path).inputs[\(entry)].tensor_index")
            }
            for (entry, output) in signature.outputs.enumerated() {
                try checkIndex(output.tensorIndex, count: tensorCount, "\(path).outputs[\(entry)].tensor_index")
            }
        }

        try checkSubgraphCalls(model.subgraphs)
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
            for (position, tensor) in op.inputs.enumerated() {
                try checkOptionalIndex(tensor, count: tensorCount, "\(operatorPath).inputs[\(position)]")
            }
            for (position, tensor) in op.outputs.enumerated() {
                try checkOptionalIndex(tensor, count: tensorCount, "\(operatorPath).outputs[\(position)]")
            }
            for (position, tensor) in op.intermediates.enumerated() {
                try checkOptionalIndex(tensor, count: tensorCount, "\(operatorPath).intermediates[\(position)]")
            }
            for reference in op.subgraphReferences {
                try checkIndex(reference.subgraphIndex, count: model.subgraphs.count, "\(operatorPath).\(reference.field)")
            }
            if model.operatorCodes[op.opcodeIndex].builtinCode == BuiltinOperator.dequantize.rawValue {
                try checkDequantize(op, tensors: subgraph.tensors, operatorPath)
            }
        }
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
        if tensor.hasConstantData, let range = model.buffers[tensor.bufferIndex].byteRange {
            if tensor.isVariable {
                throw .variableTensorWithData(path: path())
            }
            try checkConstantData(tensor, expectedBytes: byteCount, elementCount: count, range: range,
                                  isOutOfLine: model.buffers[tensor.bufferIndex].isOutOfLine, bytes: bytes, path())
        }
        if let quantization = tensor.quantization {
            try checkQuantization(quantization, shape: tensor.shape, tensorCount: tensorCount, path() + ".quantization")
        }
        if let sparsity = tensor.sparsity {
            try checkSparsity(sparsity, rank: tensor.shape.count, path() + ".sparsity")
        }
    }

    /// Constant data must match the tensor: exactly its byte size for inline
    /// fixed-size data (packed or, for sub-byte types, one byte per element),
    /// at least its byte size for data stored after the flatbuffer, and a
    /// well-formed string table for string tensors.
    private static func checkConstantData(
        _ tensor: TensorInfo, expectedBytes: Int, elementCount: Int, range: Range<Int>, isOutOfLine: Bool,
        bytes: UnsafeRawBufferPointer, _ path: @autoclosure () -> String
    ) throws(TFLiteFormatError) {
        // Sparse tensors store only their non-zero values; external buffers live elsewhere.
        guard tensor.sparsity == nil, tensor.externalBufferIndex == 0 else { return }
        if tensor.type == .string {
            try checkStringData(bytes: UnsafeRawBufferPointer(rebasing: bytes[range]), path())
            return
        }
        guard tensor.type.byteSize != nil else { return }
        let actual = range.count
        let matches: Bool
        if isOutOfLine {
            matches = actual >= expectedBytes
        } else if tensor.type.isPacked {
            matches = actual == expectedBytes || actual == elementCount
        } else {
            matches = actual == expectedBytes
        }
        guard matches else {
            throw .constantDataSize(path: path(), tensor: tensor.name, expectedBytes: expectedBytes, actualBytes: actual)
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

    private static func checkQuantization(_ quantization: Quantization, shape: [Int], tensorCount: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError) {
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
    }

    private static func checkSparsity(_ sparsity: SparsityParameters, rank: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError) {
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
        for (position, value) in order.enumerated() where value < 0 || value >= order.count {
            throw .indexOutOfRange(path: path() + ".traversal_order[\(position)]", index: value, count: order.count)
        }
        let blockMap = sparsity.blockMap ?? []
        guard blockMap.count == order.count &- rank else {
            throw .invalidSparsity(path: path(), reason: "block_map has \(blockMap.count) entries but there are \(order.count &- rank) block dimensions")
        }
        for (position, value) in blockMap.enumerated() where value < 0 || value >= rank {
            throw .indexOutOfRange(path: path() + ".block_map[\(position)]", index: value, count: rank)
        }
        for (position, dimension) in dimensions.enumerated() {
            let dimensionPath = path() + ".dim_metadata[\(position)]"
            switch dimension.format {
            case 0:
                guard dimension.denseSize >= 0 else {
                    throw .invalidSparsity(path: dimensionPath, reason: "dense_size is \(dimension.denseSize)")
                }
            case 1:
                guard (1...3).contains(dimension.segmentsType), dimension.hasSegments else {
                    throw .invalidSparsity(path: dimensionPath, reason: "a sparse dimension needs array_segments values")
                }
                guard (1...3).contains(dimension.indicesType), dimension.hasIndices else {
                    throw .invalidSparsity(path: dimensionPath, reason: "a sparse dimension needs array_indices values")
                }
            default:
                throw .invalidSparsity(path: dimensionPath, reason: "format \(dimension.format) is neither DENSE (0) nor SPARSE_CSR (1)")
            }
        }
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
