// Decoding of one Tensor table: shape, type, buffer, quantization and sparsity.

extension ModelDecoder {
  mutating func decodeTensor(_ table: FBTable, _ path: @autoclosure () -> String, buffers: [BufferInfo])
    throws(TFLiteFormatError) -> TensorInfo
  {
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
    if let variants = try tableVector(
      table, slot: Slot.Tensor.variantTensors, limit: TFLiteLimits.maxTensorReferences, path() + ".variant_tensors")
    {
      variantCount = variants.count
      for index in 0..<variants.count {
        let variantPath = path() + ".variant_tensors[\(index)]"
        let variant = try tableElement(variants, index, variantPath)
        _ = try shapeList(variant, slot: Slot.VariantSubType.shape, variantPath + ".shape")
        _ = try reader.scalar(variant, slot: Slot.VariantSubType.type, default: Int8(0), variantPath + ".type")
        _ = try reader.bool(variant, slot: Slot.VariantSubType.hasRank, variantPath + ".has_rank")
      }
    }
    let external = try reader.scalar(
      table, slot: Slot.Tensor.externalBuffer, default: UInt32(0), path() + ".external_buffer")
    // LiteRT never reads data for buffer 0, even if that buffer has bytes.
    let hasData = buffer != 0 && buffer < buffers.count && buffers[buffer].byteRange != nil
    return TensorInfo(
      name: name, type: type, shape: shape, shapeSignature: signature, bufferIndex: buffer,
      isVariable: isVariable, hasRank: hasRank, quantization: quantization, hasConstantData: hasData,
      externalBufferIndex: Int(external), variantSubtypeCount: variantCount, sparsity: sparsity
    )
  }

  mutating func floatList(_ table: FBTable, slot: Int, _ path: @autoclosure () -> String) throws(TFLiteFormatError)
    -> [Float]?
  {
    guard let vector = try reader.vector(table, slot: slot, elementSize: 4, path()) else { return nil }
    try budget.charge(vector.count)
    return reader.floats(vector)
  }

  mutating func decodeQuantization(_ table: FBTable, _ path: @autoclosure () -> String) throws(TFLiteFormatError)
    -> Quantization?
  {
    let minimum = try floatList(table, slot: Slot.Quantization.min, path() + ".min") ?? []
    let maximum = try floatList(table, slot: Slot.Quantization.max, path() + ".max") ?? []
    let scaleList = try floatList(table, slot: Slot.Quantization.scale, path() + ".scale")
    let scales = scaleList ?? []
    var zeroPoints: [Int64] = []
    let zeroPointVector = try reader.vector(
      table, slot: Slot.Quantization.zeroPoint, elementSize: 8, path() + ".zero_point")
    if let zeroPointVector {
      try budget.charge(zeroPointVector.count)
      zeroPoints = reader.int64s(zeroPointVector)
    }
    let detailsType = try reader.scalar(
      table, slot: Slot.Quantization.detailsType, default: UInt8(0), path() + ".details_type")
    let details = try decodeQuantizationDetails(table, type: detailsType, path() + ".details")
    let dimension = try reader.scalar(
      table, slot: Slot.Quantization.quantizedDimension, default: Int32(0), path() + ".quantized_dimension")
    if minimum.isEmpty, maximum.isEmpty, scales.isEmpty, zeroPoints.isEmpty, details == nil, dimension == 0 {
      return nil
    }
    return Quantization(
      scales: scales, zeroPoints: zeroPoints, quantizedDimension: Int(dimension),
      min: minimum, max: maximum, details: details,
      hasScaleList: scaleList != nil, hasZeroPointList: zeroPointVector != nil
    )
  }

  mutating func decodeQuantizationDetails(_ table: FBTable, type: UInt8, _ path: @autoclosure () -> String)
    throws(TFLiteFormatError) -> QuantizationDetails?
  {
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
      let zeroPoints = try reader.scalar(
        details, slot: Slot.Blockwise.zeroPoints, default: Int32(0), path() + ".zero_points")
      let blockSize = try reader.scalar(
        details, slot: Slot.Blockwise.blockSize, default: Int32(0), path() + ".block_size")
      return .blockwise(scalesTensor: Int(scales), zeroPointsTensor: Int(zeroPoints), blockSize: Int(blockSize))
    default:
      let scales = try reader.scalar(details, slot: Slot.MultiAxis.scales, default: Int32(0), path() + ".scales")
      let zeroPoints = try reader.scalar(
        details, slot: Slot.MultiAxis.zeroPoints, default: Int32(0), path() + ".zero_points")
      let blockSize = try reader.scalar(
        details, slot: Slot.MultiAxis.blockSize, default: Int32(0), path() + ".block_size")
      guard
        let dimensions = try shapeList(
          details, slot: Slot.MultiAxis.quantizedDimensions, path() + ".quantized_dimensions")
      else {
        throw .invalidQuantizationDetails(path: path(), reason: "quantized_dimensions is missing")
      }
      return .multiAxis(
        scalesTensor: Int(scales), zeroPointsTensor: Int(zeroPoints), blockSize: Int(blockSize),
        quantizedDimensions: dimensions)
    }
  }

  mutating func decodeSparsity(_ table: FBTable, _ path: @autoclosure () -> String) throws(TFLiteFormatError)
    -> SparsityParameters
  {
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
        let format = try reader.scalar(
          entry, slot: Slot.DimensionMetadata.format, default: Int8(0), dimensionPath + ".format")
        let denseSize = try reader.scalar(
          entry, slot: Slot.DimensionMetadata.denseSize, default: Int32(0), dimensionPath + ".dense_size")
        let segmentsType = try reader.scalar(
          entry, slot: Slot.DimensionMetadata.segmentsType, default: UInt8(0), dimensionPath + ".array_segments_type")
        let segments = try indexVector(
          entry, typeValue: segmentsType, slot: Slot.DimensionMetadata.segments, dimensionPath + ".array_segments")
        let indicesType = try reader.scalar(
          entry, slot: Slot.DimensionMetadata.indicesType, default: UInt8(0), dimensionPath + ".array_indices_type")
        let indices = try indexVector(
          entry, typeValue: indicesType, slot: Slot.DimensionMetadata.indices, dimensionPath + ".array_indices")
        list.append(
          SparseDimension(
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
  mutating func indexVector(_ table: FBTable, typeValue: UInt8, slot: Int, _ path: @autoclosure () -> String)
    throws(TFLiteFormatError) -> [Int]?
  {
    let elementSize: Int
    switch typeValue {
    case 1: elementSize = 4  // Int32Vector
    case 2: elementSize = 2  // Uint16Vector
    case 3: elementSize = 1  // Uint8Vector
    default: return nil
    }
    guard let vectorTable = try reader.subtable(table, slot: slot, path()),
      let vector = try reader.vector(
        vectorTable, slot: Slot.IndexVector.values, elementSize: elementSize, path() + ".values")
    else { return nil }
    try budget.charge(vector.count)
    switch elementSize {
    case 4: return reader.int32s(vector).map { Int($0) }
    case 2: return (0..<vector.count).map { Int(reader.loadChecked(UInt16.self, at: vector.offset(of: $0))) }
    default: return (0..<vector.count).map { Int(reader.loadChecked(UInt8.self, at: vector.offset(of: $0))) }
    }
  }
}
