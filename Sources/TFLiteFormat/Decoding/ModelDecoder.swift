/// Everything decoded from a `.tflite` flatbuffer, before semantic validation.
struct DecodedModel {
    var version: UInt32 = 0
    var description: String?
    var operatorCodes: [OperatorCode] = []
    var subgraphs: [Subgraph] = []
    var buffers: [BufferInfo] = []
    var signatures: [SignatureDef] = []
    var metadata: [MetadataEntry] = []
    /// The deprecated `metadata_buffer` list of buffer indices.
    var metadataBuffer: [Int] = []
    /// Number of `external_buffer_groups` entries.
    var externalBufferGroupCount = 0
    /// The `group` index of each `external_buffers` entry.
    var externalBufferGroups: [Int] = []
}

/// Decodes the flatbuffer structure of a model.
///
/// Checks everything needed to read the file safely: header, identifier,
/// every table, vtable, field, vector and string (including the option tables
/// of operators), list sizes against ``TFLiteLimits``, tensor types, ranks,
/// and the placement of out-of-line data. Cross-references between objects
/// are left to ``ModelValidator``.
struct ModelDecoder {
    /// Field slots of the schema tables, in declaration order (a union takes
    /// two slots: its type tag, then its value).
    enum Slot {
        enum Model { static let version = 0, operatorCodes = 1, subgraphs = 2, description = 3, buffers = 4, metadataBuffer = 5, metadata = 6, signatureDefs = 7, externalBufferGroups = 8, externalBuffers = 9 }
        enum SubGraph { static let tensors = 0, inputs = 1, outputs = 2, operators = 3, name = 4, debugMetadataIndex = 5 }
        enum Tensor { static let shape = 0, type = 1, buffer = 2, name = 3, quantization = 4, isVariable = 5, sparsity = 6, shapeSignature = 7, hasRank = 8, variantTensors = 9, externalBuffer = 10 }
        enum VariantSubType { static let shape = 0, type = 1, hasRank = 2 }
        enum Buffer { static let data = 0, offset = 1, size = 2 }
        enum OperatorCode { static let deprecatedBuiltinCode = 0, customCode = 1, version = 2, builtinCode = 3 }
        enum Operator { static let opcodeIndex = 0, inputs = 1, outputs = 2, builtinOptionsType = 3, builtinOptions = 4, customOptions = 5, customOptionsFormat = 6, mutatingVariableInputs = 7, intermediates = 8, largeCustomOptionsOffset = 9, largeCustomOptionsSize = 10, builtinOptions2Type = 11, builtinOptions2 = 12, debugMetadataIndex = 13 }
        enum SignatureDef { static let inputs = 0, outputs = 1, signatureKey = 2, deprecatedTag = 3, subgraphIndex = 4 }
        enum TensorMap { static let name = 0, tensorIndex = 1 }
        enum Metadata { static let name = 0, buffer = 1 }
        enum Quantization { static let min = 0, max = 1, scale = 2, zeroPoint = 3, detailsType = 4, details = 5, quantizedDimension = 6 }
        enum Blockwise { static let scales = 0, zeroPoints = 1, blockSize = 2 }
        enum MultiAxis { static let scales = 0, zeroPoints = 1, blockSize = 2, quantizedDimensions = 3 }
        enum CustomQuantization { static let custom = 0 }
        enum Sparsity { static let traversalOrder = 0, blockMap = 1, dimMetadata = 2 }
        enum DimensionMetadata { static let format = 0, denseSize = 1, segmentsType = 2, segments = 3, indicesType = 4, indices = 5 }
        enum IndexVector { static let values = 0 }
        enum ExternalBufferGroup { static let name = 0 }
        enum ExternalBuffer { static let id = 0, group = 1, offset = 2, length = 3, packing = 4 }
    }

    /// Size of the fixed header: root offset plus file identifier.
    static let headerSize = 8
    /// The file identifier at bytes 4..<8.
    static let fileIdentifier: [UInt8] = Array("TFL3".utf8)

    let reader: FlatBufferReader
    /// Remaining list entries and string bytes decoding may still produce.
    private var budget: Int
    private let budgetLimit: Int

    private init(bytes: UnsafeRawBufferPointer) {
        reader = FlatBufferReader(bytes: bytes)
        budgetLimit = TFLiteLimits.decodeBudget(forFileSize: bytes.count)
        budget = budgetLimit
    }

    /// Decodes the model in `bytes`.
    static func decode(_ bytes: UnsafeRawBufferPointer) throws(TFLiteFormatError) -> DecodedModel {
        guard bytes.count >= headerSize else {
            throw .tooSmall(size: bytes.count, minimum: headerSize)
        }
        let identifier = Array(bytes[4..<8])
        guard identifier == fileIdentifier else {
            throw .badFileIdentifier(found: printable(identifier))
        }
        var decoder = ModelDecoder(bytes: bytes)
        return try decoder.decodeModel()
    }

    /// Renders bytes as text, escaping anything but printable ASCII as `\xNN`.
    static func printable(_ bytes: [UInt8]) -> String {
        bytes.map { byte in
            if byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\"), byte != UInt8(ascii: "\"") {
                return String(UnicodeScalar(byte))
            }
            let hex = String(byte, radix: 16, uppercase: true)
            return "\\x" + (hex.count < 2 ? "0" + hex : hex)
        }.joined()
    }

    // MARK: - Budget and list helpers

    /// Accounts for `amount` decoded entries or bytes.
    private mutating func charge(_ amount: Int) throws(TFLiteFormatError) {
        guard amount <= budget else { throw .modelTooComplex(limit: budgetLimit) }
        budget &-= amount
    }

    /// Throws if `count` exceeds `limit`.
    private func checkCount(_ count: Int, limit: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError) {
        guard count <= limit else { throw .countTooLarge(path: path(), count: count, limit: limit) }
    }

    /// Reads an `[int]` field as `[Int]` (empty when absent), capping its length.
    private mutating func intList(_ table: FBTable, slot: Int, limit: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError) -> [Int]? {
        guard let vector = try reader.vector(table, slot: slot, elementSize: 4, path()) else { return nil }
        try checkCount(vector.count, limit: limit, path())
        try charge(vector.count)
        return reader.int32s(vector).map { Int($0) }
    }

    /// Reads a shape-like `[int]` field, rejecting more than ``TFLiteLimits/maxRank`` entries.
    private mutating func shapeList(_ table: FBTable, slot: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError) -> [Int]? {
        guard let vector = try reader.vector(table, slot: slot, elementSize: 4, path()) else { return nil }
        guard vector.count <= TFLiteLimits.maxRank else {
            throw .rankTooLarge(path: path(), rank: vector.count, limit: TFLiteLimits.maxRank)
        }
        try charge(vector.count)
        return reader.int32s(vector).map { Int($0) }
    }

    /// Reads a string field, charging its bytes.
    private mutating func string(_ table: FBTable, slot: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError) -> String? {
        guard let text = try reader.string(table, slot: slot, path()) else { return nil }
        try charge(text.utf8.count)
        return text
    }

    /// Locates a vector of tables, capping its length and charging one unit per entry.
    private mutating func tableVector(_ table: FBTable, slot: Int, limit: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError) -> FBVector? {
        guard let vector = try reader.vector(table, slot: slot, elementSize: 4, path()) else { return nil }
        try checkCount(vector.count, limit: limit, path())
        try charge(vector.count)
        return vector
    }

    /// Follows entry `index` of a vector of tables and checks the table.
    private func tableElement(_ vector: FBVector, _ index: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError) -> FBTable {
        let position = try reader.element(of: vector, at: index, path())
        return try reader.table(at: position, path: path())
    }

    /// Converts an unsigned 64-bit file offset and size into a checked byte range of the file.
    private func fileRange(offset: UInt64, size: UInt64, _ path: @autoclosure () -> String) throws(TFLiteFormatError) -> Range<Int> {
        let fileSize = UInt64(reader.size)
        guard offset <= fileSize, size <= fileSize &- offset else {
            throw .bufferOutOfBounds(path: path(), offset: offset, size: size, fileSize: reader.size)
        }
        // Both fit in Int: they are bounded by the file size.
        let start = Int(offset)
        return start..<(start &+ Int(size))
    }

    // MARK: - Model

    private mutating func decodeModel() throws(TFLiteFormatError) -> DecodedModel {
        let root = try reader.rootTable()
        var model = DecodedModel()
        model.version = try reader.scalar(root, slot: Slot.Model.version, default: UInt32(0), "version")
        model.description = try string(root, slot: Slot.Model.description, "description")

        if let codes = try tableVector(root, slot: Slot.Model.operatorCodes, limit: TFLiteLimits.maxModelListEntries, "operator_codes") {
            model.operatorCodes.reserveCapacity(codes.count)
            for index in 0..<codes.count {
                model.operatorCodes.append(try decodeOperatorCode(tableElement(codes, index, "operator_codes[\(index)]"), "operator_codes[\(index)]"))
            }
        }

        if let buffers = try tableVector(root, slot: Slot.Model.buffers, limit: TFLiteLimits.maxBuffers, "buffers") {
            model.buffers.reserveCapacity(buffers.count)
            for index in 0..<buffers.count {
                model.buffers.append(try decodeBuffer(tableElement(buffers, index, "buffers[\(index)]"), "buffers[\(index)]"))
            }
        }

        if let list = try intList(root, slot: Slot.Model.metadataBuffer, limit: TFLiteLimits.maxModelListEntries, "metadata_buffer") {
            model.metadataBuffer = list
        }

        if let entries = try tableVector(root, slot: Slot.Model.metadata, limit: TFLiteLimits.maxModelListEntries, "metadata") {
            for index in 0..<entries.count {
                let path = "metadata[\(index)]"
                let table = try tableElement(entries, index, path)
                guard let name = try string(table, slot: Slot.Metadata.name, path + ".name") else {
                    throw .missingField(path: path + ".name")
                }
                let buffer = try reader.scalar(table, slot: Slot.Metadata.buffer, default: UInt32(0), path + ".buffer")
                model.metadata.append(MetadataEntry(name: name, bufferIndex: Int(buffer)))
            }
        }

        if let subgraphs = try tableVector(root, slot: Slot.Model.subgraphs, limit: TFLiteLimits.maxSubgraphs, "subgraphs") {
            model.subgraphs.reserveCapacity(subgraphs.count)
            for index in 0..<subgraphs.count {
                let path = "subgraphs[\(index)]"
                model.subgraphs.append(try decodeSubgraph(tableElement(subgraphs, index, path), path, buffers: model.buffers))
            }
        }

        if let signatures = try tableVector(root, slot: Slot.Model.signatureDefs, limit: TFLiteLimits.maxModelListEntries, "signature_defs") {
            for index in 0..<signatures.count {
                let path = "signature_defs[\(index)]"
                model.signatures.append(try decodeSignature(tableElement(signatures, index, path), path))
            }
        }

        if let groups = try tableVector(root, slot: Slot.Model.externalBufferGroups, limit: TFLiteLimits.maxBuffers, "external_buffer_groups") {
            model.externalBufferGroupCount = groups.count
            for index in 0..<groups.count {
                let path = "external_buffer_groups[\(index)]"
                let table = try tableElement(groups, index, path)
                if let target = try reader.indirect(table, slot: Slot.ExternalBufferGroup.name, path + ".name") {
                    _ = try reader.stringBytes(at: target, path + ".name")
                }
            }
        }

        if let externals = try tableVector(root, slot: Slot.Model.externalBuffers, limit: TFLiteLimits.maxBuffers, "external_buffers") {
            for index in 0..<externals.count {
                let path = "external_buffers[\(index)]"
                let table = try tableElement(externals, index, path)
                _ = try reader.scalar(table, slot: Slot.ExternalBuffer.id, default: UInt32(0), path + ".id")
                let group = try reader.scalar(table, slot: Slot.ExternalBuffer.group, default: UInt32(0), path + ".group")
                _ = try reader.scalar(table, slot: Slot.ExternalBuffer.offset, default: UInt64(0), path + ".offset")
                _ = try reader.scalar(table, slot: Slot.ExternalBuffer.length, default: UInt64(0), path + ".length")
                if let target = try reader.indirect(table, slot: Slot.ExternalBuffer.packing, path + ".packing") {
                    _ = try reader.stringBytes(at: target, path + ".packing")
                }
                model.externalBufferGroups.append(Int(group))
            }
        }
        return model
    }

    private mutating func decodeOperatorCode(_ table: FBTable, _ path: @autoclosure () -> String) throws(TFLiteFormatError) -> OperatorCode {
        let deprecated = try reader.scalar(table, slot: Slot.OperatorCode.deprecatedBuiltinCode, default: Int8(0), path() + ".deprecated_builtin_code")
        let customCode = try string(table, slot: Slot.OperatorCode.customCode, path() + ".custom_code")
        let version = try reader.scalar(table, slot: Slot.OperatorCode.version, default: Int32(1), path() + ".version")
        let builtin = try reader.scalar(table, slot: Slot.OperatorCode.builtinCode, default: Int32(0), path() + ".builtin_code")
        return OperatorCode(
            builtinCode: Swift.max(Int32(deprecated), builtin),
            deprecatedBuiltinCode: deprecated,
            customCode: customCode,
            version: version
        )
    }

    private mutating func decodeBuffer(_ table: FBTable, _ path: @autoclosure () -> String) throws(TFLiteFormatError) -> BufferInfo {
        let data = try reader.vector(table, slot: Slot.Buffer.data, elementSize: 1, path() + ".data")
        let offset = try reader.scalar(table, slot: Slot.Buffer.offset, default: UInt64(0), path() + ".offset")
        let size = try reader.scalar(table, slot: Slot.Buffer.size, default: UInt64(0), path() + ".size")
        // Like LiteRT: an inline `data` list wins; otherwise `offset` > 1 places
        // `size` bytes relative to the start of the file.
        if let data {
            let range = data.count > 0 ? data.start..<(data.start &+ data.count) : nil
            return BufferInfo(byteRange: range, isOutOfLine: false, declaresData: true)
        }
        if offset > 1 {
            let range = try fileRange(offset: offset, size: size, path())
            return BufferInfo(byteRange: range.isEmpty ? nil : range, isOutOfLine: true, declaresData: true)
        }
        return BufferInfo(byteRange: nil, isOutOfLine: false, declaresData: false)
    }

    private mutating func decodeSignature(_ table: FBTable, _ path: @autoclosure () -> String) throws(TFLiteFormatError) -> SignatureDef {
        guard let key = try string(table, slot: Slot.SignatureDef.signatureKey, path() + ".signature_key") else {
            throw .missingField(path: path() + ".signature_key")
        }
        if let target = try reader.indirect(table, slot: Slot.SignatureDef.deprecatedTag, path() + ".deprecated_tag") {
            _ = try reader.stringBytes(at: target, path() + ".deprecated_tag")
        }
        let subgraph = try reader.scalar(table, slot: Slot.SignatureDef.subgraphIndex, default: UInt32(0), path() + ".subgraph_index")
        let inputs = try decodeTensorMaps(table, slot: Slot.SignatureDef.inputs, path() + ".inputs")
        let outputs = try decodeTensorMaps(table, slot: Slot.SignatureDef.outputs, path() + ".outputs")
        return SignatureDef(key: key, subgraphIndex: Int(subgraph), inputs: inputs, outputs: outputs)
    }

    private mutating func decodeTensorMaps(_ table: FBTable, slot: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError) -> [SignatureTensor] {
        guard let maps = try tableVector(table, slot: slot, limit: TFLiteLimits.maxTensorReferences, path()) else { return [] }
        var result: [SignatureTensor] = []
        result.reserveCapacity(maps.count)
        for index in 0..<maps.count {
            let entry = try tableElement(maps, index, path() + "[\(index)]")
            guard let name = try string(entry, slot: Slot.TensorMap.name, path() + "[\(index)].name") else {
                throw .missingField(path: path() + "[\(index)].name")
            }
            let tensor = try reader.scalar(entry, slot: Slot.TensorMap.tensorIndex, default: UInt32(0), path() + "[\(index)].tensor_index")
            result.append(SignatureTensor(name: name, tensorIndex: Int(tensor)))
        }
        return result
    }

    // MARK: - Subgraphs

    private mutating func decodeSubgraph(_ table: FBTable, _ path: String, buffers: [BufferInfo]) throws(TFLiteFormatError) -> Subgraph {
        var tensors: [TensorInfo] = []
        if let vector = try tableVector(table, slot: Slot.SubGraph.tensors, limit: TFLiteLimits.maxTensorsPerSubgraph, path + ".tensors") {
            tensors.reserveCapacity(vector.count)
            for index in 0..<vector.count {
                let tensorPath = "\(path).tensors[\(index)]"
                tensors.append(try decodeTensor(tableElement(vector, index, tensorPath), tensorPath, buffers: buffers))
            }
        }
        let inputs = try intList(table, slot: Slot.SubGraph.inputs, limit: TFLiteLimits.maxTensorReferences, path + ".inputs") ?? []
        let outputs = try intList(table, slot: Slot.SubGraph.outputs, limit: TFLiteLimits.maxTensorReferences, path + ".outputs") ?? []
        var operators: [OperatorInfo] = []
        if let vector = try tableVector(table, slot: Slot.SubGraph.operators, limit: TFLiteLimits.maxOperatorsPerSubgraph, path + ".operators") {
            operators.reserveCapacity(vector.count)
            for index in 0..<vector.count {
                let operatorPath = "\(path).operators[\(index)]"
                operators.append(try decodeOperator(tableElement(vector, index, operatorPath), operatorPath))
            }
        }
        let name = try string(table, slot: Slot.SubGraph.name, path + ".name")
        _ = try reader.scalar(table, slot: Slot.SubGraph.debugMetadataIndex, default: Int32(-1), path + ".debug_metadata_index")
        return Subgraph(name: name, tensors: tensors, inputs: inputs, outputs: outputs, operators: operators)
    }

    private mutating func decodeTensor(_ table: FBTable, _ path: @autoclosure () -> String, buffers: [BufferInfo]) throws(TFLiteFormatError) -> TensorInfo {
        let shape = try shapeList(table, slot: Slot.Tensor.shape, path() + ".shape") ?? []
        let rawType = try reader.scalar(table, slot: Slot.Tensor.type, default: Int8(0), path() + ".type")
        guard let type = TensorType(rawValue: rawType) else {
            throw .unknownTensorType(path: path() + ".type", value: Int(rawType))
        }
        let buffer = Int(try reader.scalar(table, slot: Slot.Tensor.buffer, default: UInt32(0), path() + ".buffer"))
        let name = try string(table, slot: Slot.Tensor.name, path() + ".name") ?? ""
        var quantization: Quantization?
        if let quantizationTable = try reader.subtable(table, slot: Slot.Tensor.quantization, path() + ".quantization") {
            quantization = try decodeQuantization(quantizationTable, path() + ".quantization")
        }
        let isVariable = try reader.bool(table, slot: Slot.Tensor.isVariable, path() + ".is_variable")
        var sparsity: SparsityParameters?
        if let sparsityTable = try reader.subtable(table, slot: Slot.Tensor.sparsity, path() + ".sparsity") {
            sparsity = try decodeSparsity(sparsityTable, path() + ".sparsity")
        }
        let signature = try shapeList(table, slot: Slot.Tensor.shapeSignature, path() + ".shape_signature")
        let hasRank = try reader.bool(table, slot: Slot.Tensor.hasRank, path() + ".has_rank")
        var variantCount = 0
        if let variants = try tableVector(table, slot: Slot.Tensor.variantTensors, limit: TFLiteLimits.maxTensorReferences, path() + ".variant_tensors") {
            variantCount = variants.count
            for index in 0..<variants.count {
                let variantPath = path() + ".variant_tensors[\(index)]"
                let variant = try tableElement(variants, index, variantPath)
                _ = try shapeList(variant, slot: Slot.VariantSubType.shape, variantPath + ".shape")
                _ = try reader.scalar(variant, slot: Slot.VariantSubType.type, default: Int8(0), variantPath + ".type")
                _ = try reader.bool(variant, slot: Slot.VariantSubType.hasRank, variantPath + ".has_rank")
            }
        }
        let external = try reader.scalar(table, slot: Slot.Tensor.externalBuffer, default: UInt32(0), path() + ".external_buffer")
        // LiteRT never reads data for buffer 0, even if that buffer has bytes.
        let hasData = buffer != 0 && buffer < buffers.count && buffers[buffer].byteRange != nil
        return TensorInfo(
            name: name, type: type, shape: shape, shapeSignature: signature, bufferIndex: buffer,
            isVariable: isVariable, hasRank: hasRank, quantization: quantization, hasConstantData: hasData,
            externalBufferIndex: Int(external), variantSubtypeCount: variantCount, sparsity: sparsity
        )
    }

    private mutating func floatList(_ table: FBTable, slot: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError) -> [Float]? {
        guard let vector = try reader.vector(table, slot: slot, elementSize: 4, path()) else { return nil }
        try charge(vector.count)
        return reader.floats(vector)
    }

    private mutating func decodeQuantization(_ table: FBTable, _ path: @autoclosure () -> String) throws(TFLiteFormatError) -> Quantization? {
        let minimum = try floatList(table, slot: Slot.Quantization.min, path() + ".min") ?? []
        let maximum = try floatList(table, slot: Slot.Quantization.max, path() + ".max") ?? []
        let scaleList = try floatList(table, slot: Slot.Quantization.scale, path() + ".scale")
        let scales = scaleList ?? []
        var zeroPoints: [Int64] = []
        let zeroPointVector = try reader.vector(table, slot: Slot.Quantization.zeroPoint, elementSize: 8, path() + ".zero_point")
        if let zeroPointVector {
            try charge(zeroPointVector.count)
            zeroPoints = reader.int64s(zeroPointVector)
        }
        let detailsType = try reader.scalar(table, slot: Slot.Quantization.detailsType, default: UInt8(0), path() + ".details_type")
        let details = try decodeQuantizationDetails(table, type: detailsType, path() + ".details")
        let dimension = try reader.scalar(table, slot: Slot.Quantization.quantizedDimension, default: Int32(0), path() + ".quantized_dimension")
        if minimum.isEmpty, maximum.isEmpty, scales.isEmpty, zeroPoints.isEmpty, details == nil, dimension == 0 {
            return nil
        }
        return Quantization(
            scales: scales, zeroPoints: zeroPoints, quantizedDimension: Int(dimension),
            min: minimum, max: maximum, details: details,
            hasScaleList: scaleList != nil, hasZeroPointList: zeroPointVector != nil
        )
    }

    private mutating func decodeQuantizationDetails(_ table: FBTable, type: UInt8, _ path: @autoclosure () -> String) throws(TFLiteFormatError) -> QuantizationDetails? {
        guard type != 0 else { return nil }
        guard type <= 3 else { return .unknown(type: type) }
        guard let details = try reader.subtable(table, slot: Slot.Quantization.details, path()) else {
            if type == 1 { return .custom(byteCount: 0) }
            throw .invalidQuantizationDetails(path: path(), reason: "the details table is missing")
        }
        switch type {
        case 1:
            let custom = try reader.vector(details, slot: Slot.CustomQuantization.custom, elementSize: 1, path() + ".custom")
            return .custom(byteCount: custom?.count ?? 0)
        case 2:
            let scales = try reader.scalar(details, slot: Slot.Blockwise.scales, default: Int32(0), path() + ".scales")
            let zeroPoints = try reader.scalar(details, slot: Slot.Blockwise.zeroPoints, default: Int32(0), path() + ".zero_points")
            let blockSize = try reader.scalar(details, slot: Slot.Blockwise.blockSize, default: Int32(0), path() + ".block_size")
            return .blockwise(scalesTensor: Int(scales), zeroPointsTensor: Int(zeroPoints), blockSize: Int(blockSize))
        default:
            let scales = try reader.scalar(details, slot: Slot.MultiAxis.scales, default: Int32(0), path() + ".scales")
            let zeroPoints = try reader.scalar(details, slot: Slot.MultiAxis.zeroPoints, default: Int32(0), path() + ".zero_points")
            let blockSize = try reader.scalar(details, slot: Slot.MultiAxis.blockSize, default: Int32(0), path() + ".block_size")
            guard let dimensions = try shapeList(details, slot: Slot.MultiAxis.quantizedDimensions, path() + ".quantized_dimensions") else {
                throw .invalidQuantizationDetails(path: path(), reason: "quantized_dimensions is missing")
            }
            return .multiAxis(scalesTensor: Int(scales), zeroPointsTensor: Int(zeroPoints), blockSize: Int(blockSize), quantizedDimensions: dimensions)
        }
    }

    private mutating func decodeSparsity(_ table: FBTable, _ path: @autoclosure () -> String) throws(TFLiteFormatError) -> SparsityParameters {
        // A sparse tensor has at most rank + block dimensions; 2 * maxRank bounds both lists.
        let limit = 2 * TFLiteLimits.maxRank
        let order = try intList(table, slot: Slot.Sparsity.traversalOrder, limit: limit, path() + ".traversal_order")
        let blockMap = try intList(table, slot: Slot.Sparsity.blockMap, limit: limit, path() + ".block_map")
        var dimensions: [SparseDimension]?
        if let vector = try tableVector(table, slot: Slot.Sparsity.dimMetadata, limit: limit, path() + ".dim_metadata") {
            var list: [SparseDimension] = []
            for index in 0..<vector.count {
                let dimensionPath = path() + ".dim_metadata[\(index)]"
                let entry = try tableElement(vector, index, dimensionPath)
                let format = try reader.scalar(entry, slot: Slot.DimensionMetadata.format, default: Int8(0), dimensionPath + ".format")
                let denseSize = try reader.scalar(entry, slot: Slot.DimensionMetadata.denseSize, default: Int32(0), dimensionPath + ".dense_size")
                let segmentsType = try reader.scalar(entry, slot: Slot.DimensionMetadata.segmentsType, default: UInt8(0), dimensionPath + ".array_segments_type")
                let segments = try indexVector(entry, typeValue: segmentsType, slot: Slot.DimensionMetadata.segments, dimensionPath + ".array_segments")
                let indicesType = try reader.scalar(entry, slot: Slot.DimensionMetadata.indicesType, default: UInt8(0), dimensionPath + ".array_indices_type")
                let indices = try indexVector(entry, typeValue: indicesType, slot: Slot.DimensionMetadata.indices, dimensionPath + ".array_indices")
                list.append(SparseDimension(
                    format: format, denseSize: Int(denseSize), segmentsType: segmentsType, segments: segments,
                    indicesType: indicesType, indices: indices
                ))
            }
            dimensions = list
        }
        return SparsityParameters(traversalOrder: order, blockMap: blockMap, dimensions: dimensions)
    }

    /// Reads a `SparseIndexVector` union value; returns its values, or nil if
    /// the union type is unknown or the table or its `values` list is absent.
    private mutating func indexVector(_ table: FBTable, typeValue: UInt8, slot: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError) -> [Int]? {
        let elementSize: Int
        switch typeValue {
        case 1: elementSize = 4  // Int32Vector
        case 2: elementSize = 2  // Uint16Vector
        case 3: elementSize = 1  // Uint8Vector
        default: return nil
        }
        guard let vectorTable = try reader.subtable(table, slot: slot, path()),
              let vector = try reader.vector(vectorTable, slot: Slot.IndexVector.values, elementSize: elementSize, path() + ".values")
        else { return nil }
        try charge(vector.count)
        switch elementSize {
        case 4: return reader.int32s(vector).map { Int($0) }
        case 2: return (0..<vector.count).map { Int(reader.loadChecked(UInt16.self, at: vector.offset(of: $0))) }
        default: return (0..<vector.count).map { Int(reader.loadChecked(UInt8.self, at: vector.offset(of: $0))) }
        }
    }

    // MARK: - Operators

    private mutating func decodeOperator(_ table: FBTable, _ path: String) throws(TFLiteFormatError) -> OperatorInfo {
        let opcode = try reader.scalar(table, slot: Slot.Operator.opcodeIndex, default: UInt32(0), path + ".opcode_index")
        let inputs = try intList(table, slot: Slot.Operator.inputs, limit: TFLiteLimits.maxTensorReferences, path + ".inputs") ?? []
        let outputs = try intList(table, slot: Slot.Operator.outputs, limit: TFLiteLimits.maxTensorReferences, path + ".outputs") ?? []
        let optionsType = try reader.scalar(table, slot: Slot.Operator.builtinOptionsType, default: UInt8(0), path + ".builtin_options_type")
        var references: [SubgraphReference] = []
        let optionsTable = try checkOptions(table, union: 1, type: optionsType, slot: Slot.Operator.builtinOptions, field: "builtin_options", path, into: &references)
        let customOptions = try reader.vector(table, slot: Slot.Operator.customOptions, elementSize: 1, path + ".custom_options")
        _ = try reader.scalar(table, slot: Slot.Operator.customOptionsFormat, default: Int8(0), path + ".custom_options_format")
        let mutating = try reader.vector(table, slot: Slot.Operator.mutatingVariableInputs, elementSize: 1, path + ".mutating_variable_inputs")
        let intermediates = try intList(table, slot: Slot.Operator.intermediates, limit: TFLiteLimits.maxTensorReferences, path + ".intermediates") ?? []
        let largeOffset = try reader.scalar(table, slot: Slot.Operator.largeCustomOptionsOffset, default: UInt64(0), path + ".large_custom_options_offset")
        let largeSize = try reader.scalar(table, slot: Slot.Operator.largeCustomOptionsSize, default: UInt64(0), path + ".large_custom_options_size")
        let options2Type = try reader.scalar(table, slot: Slot.Operator.builtinOptions2Type, default: UInt8(0), path + ".builtin_options_2_type")
        _ = try checkOptions(table, union: 2, type: options2Type, slot: Slot.Operator.builtinOptions2, field: "builtin_options_2", path, into: &references)
        _ = try reader.scalar(table, slot: Slot.Operator.debugMetadataIndex, default: Int32(-1), path + ".debug_metadata_index")

        // Like LiteRT: inline custom options win; otherwise an offset > 1 places them after the flatbuffer.
        var customByteCount = customOptions?.count ?? 0
        var largeRange: Range<Int>?
        if customOptions == nil, largeOffset > 1 {
            let range = try fileRange(offset: largeOffset, size: largeSize, path + ".large_custom_options_offset")
            largeRange = range
            customByteCount = range.count
        }
        return OperatorInfo(
            opcodeIndex: Int(opcode), inputs: inputs, outputs: outputs, intermediates: intermediates,
            mutatingVariableInputCount: mutating?.count ?? 0,
            builtinOptionsType: optionsType, builtinOptions2Type: options2Type,
            customOptionsByteCount: customByteCount, subgraphReferences: references,
            builtinOptionsTable: optionsTable, largeCustomOptions: largeRange
        )
    }

    /// Checks an operator's options table against its schema layout,
    /// collects the subgraph indices it holds, and returns the table (nil if
    /// absent or of a type unknown to this reader).
    private mutating func checkOptions(
        _ table: FBTable, union: Int, type: UInt8, slot: Int, field: String, _ path: String,
        into references: inout [SubgraphReference]
    ) throws(TFLiteFormatError) -> FBTable? {
        let layouts = union == 1 ? BuiltinOptionsLayout.builtinOptions : BuiltinOptionsLayout.builtinOptions2
        guard type != 0, Int(type) <= layouts.count else { return nil }
        let optionsPath = path + "." + field
        guard let options = try reader.subtable(table, slot: slot, optionsPath) else { return nil }
        for (fieldSlot, field) in layouts[Int(type) &- 1].fields.enumerated() {
            let fieldPath = optionsPath + "." + field.name
            switch field.kind {
            case .scalar(let width):
                _ = try reader.fieldPosition(options, slot: fieldSlot, width: width, fieldPath)
            case .vector(let width):
                _ = try reader.vector(options, slot: fieldSlot, elementSize: width, fieldPath)
            case .string:
                if let target = try reader.indirect(options, slot: fieldSlot, fieldPath) {
                    _ = try reader.stringBytes(at: target, fieldPath)
                }
            case .stringVector:
                if let strings = try reader.vector(options, slot: fieldSlot, elementSize: 4, fieldPath) {
                    for index in 0..<strings.count {
                        let target = try reader.element(of: strings, at: index, fieldPath + "[\(index)]")
                        _ = try reader.stringBytes(at: target, fieldPath + "[\(index)]")
                    }
                }
            }
        }
        for reference in BuiltinOptionsLayout.subgraphReferences where reference.union == union && reference.unionType == type {
            let name = field + "." + reference.fieldName
            let referencePath = path + "." + name
            if reference.isVector {
                guard let indices = try intList(options, slot: reference.slot, limit: TFLiteLimits.maxTensorReferences, referencePath) else { continue }
                for (index, value) in indices.enumerated() {
                    references.append(SubgraphReference(field: name + "[\(index)]", subgraphIndex: value))
                }
            } else if reference.isUnsigned {
                let value = try reader.scalar(options, slot: reference.slot, default: UInt32(0), referencePath)
                references.append(SubgraphReference(field: name, subgraphIndex: Int(value)))
            } else {
                let value = try reader.scalar(options, slot: reference.slot, default: Int32(0), referencePath)
                references.append(SubgraphReference(field: name, subgraphIndex: Int(value)))
            }
        }
        return options
    }
}
