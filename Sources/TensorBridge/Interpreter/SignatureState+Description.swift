import Foundation
import LiteRTRuntime
import TFLiteFormat

// What a LiteRT tensor of the signature is: name, type, declared shape, quantization.
extension SignatureState {
  static func describe(
    _ tensor: LiteRtTensor, signatureName: String, role: TensorRole, declared format: TensorInfo?,
    library: LiteRTLibrary
  ) throws(InterpreterError) -> TensorSlot {
    var namePointer: UnsafePointer<CChar>?
    _ = library.getTensorName(tensor, &namePointer)
    let name = namePointer.map { String(cString: $0) } ?? signatureName
    var typeId: Int32 = 0
    try check(library.getTensorTypeId(tensor, &typeId), "LiteRtGetTensorTypeId(\(name))")
    var rawType: Int32 = 0
    var declared: [Int] = []
    // LiteRT reports a tensor of unknown rank (`has_rank` false, no shape) as a scalar.
    let isUnranked =
      typeId != 0
      || (format.map { !$0.hasRank && $0.shape.isEmpty && $0.shapeSignature == nil } ?? false)
    if typeId == 0 {
      var ranked = LiteRtRankedTensorType()
      try check(library.getRankedTensorType(tensor, &ranked), "LiteRtGetRankedTensorType(\(name))")
      rawType = ranked.element_type
      declared = Self.declaredShape(layout: ranked.layout.shape.dimensions, file: format)
    } else {
      try check(library.getUnrankedTensorType(tensor, &rawType), "LiteRtGetUnrankedTensorType(\(name))")
    }
    guard let dataType = Tensor.DataType(rawValue: rawType) else {
      throw .unknownDataType(tensor: name, rawValue: rawType)
    }
    var quantizationType: Int32 = 0
    _ = library.getQuantizationTypeId(tensor, &quantizationType)
    var perTensor: QuantizationParameters?
    var perChannel: PerChannelQuantizationParameters?
    if quantizationType == 1 {
      var q = LiteRtQuantizationPerTensor()
      if library.getPerTensorQuantization(tensor, &q) == 0 {
        perTensor = QuantizationParameters(scale: q.scale, zeroPoint: Int(q.zero_point))
      }
    } else if quantizationType == 2 {
      var q = LiteRtQuantizationPerChannel()
      if library.getPerChannelQuantization(tensor, &q) == 0, q.num_channels < 1 << 24 {
        let count = Int(q.num_channels)
        let scales = q.scales.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
        let zeros = q.zero_points.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
        perChannel = PerChannelQuantizationParameters(
          scales: scales, zeroPoints: zeros, quantizedDimension: Int(q.quantized_dimension))
      }
    }
    return TensorSlot(
      role: role, name: name, signatureName: signatureName, dataType: dataType,
      declaredShape: Tensor.Shape(declared), isUnranked: isUnranked, shape: Tensor.Shape(declared),
      quantization: perTensor, perChannel: perChannel, buffer: nil, byteCount: 0)
  }

  /// The declared shape: LiteRT's, with `-1` wherever the file's `shape_signature` has one.
  /// LiteRT drops the signature of a tensor whose `has_rank` is false (older converters:
  /// openWakeWord's `[-1, -1]` mel-spectrogram input reads `[1, 1]`), where Python's
  /// interpreter keeps it and resizes such an input freely.
  static func declaredShape(layout: [Int], file: TensorInfo?) -> [Int] {
    guard let signature = file?.shapeSignature, signature.count == layout.count else { return layout }
    return zip(layout, signature).map { size, declared in declared < 0 ? -1 : size }
  }
}
