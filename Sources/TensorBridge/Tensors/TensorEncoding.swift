import Foundation

extension Tensor.DataType {
  /// Packs numbers into this element type, refusing values the type cannot hold exactly
  /// (integers out of range or with a fraction, booleans other than 0 and 1).
  ///
  /// - Parameters:
  ///   - values: The numbers to pack, in element order.
  ///   - tensor: the tensor name used in errors.
  /// - Returns: The values as this type's little-endian elements.
  /// - Throws: ``InterpreterError/valueNotRepresentable(tensor:index:value:type:)`` naming the
  ///   first value this type cannot hold exactly.
  public func encode(_ values: [Double], tensor: String) throws(InterpreterError) -> Data {
    var data = Data(capacity: (byteCount(forElementCount: values.count) ?? 0))
    func integer<T: FixedWidthInteger>(_ type: T.Type) throws(InterpreterError) {
      for (index, value) in values.enumerated() {
        guard value.rounded() == value, let converted = T(exactly: value) else {
          throw .valueNotRepresentable(tensor: tensor, index: index, value: value, type: self)
        }
        withUnsafeBytes(of: converted.littleEndian) { data.append(contentsOf: $0) }
      }
    }
    switch self {
    case .float32:
      for value in values { withUnsafeBytes(of: Float(value).bitPattern.littleEndian) { data.append(contentsOf: $0) } }
    case .float64:
      for value in values { withUnsafeBytes(of: value.bitPattern.littleEndian) { data.append(contentsOf: $0) } }
    case .float16:
      for value in values {
        withUnsafeBytes(of: TensorConversion.halfFromFloat(Float(value)).littleEndian) { data.append(contentsOf: $0) }
      }
    case .bFloat16:
      for value in values {
        let bits = Float(value).bitPattern
        let rounded = UInt16(truncatingIfNeeded: (bits &+ 0x7FFF &+ ((bits >> 16) & 1)) >> 16)
        withUnsafeBytes(of: rounded.littleEndian) { data.append(contentsOf: $0) }
      }
    case .bool:
      for (index, value) in values.enumerated() {
        guard value == 0 || value == 1 else {
          throw .valueNotRepresentable(tensor: tensor, index: index, value: value, type: self)
        }
        data.append(value == 1 ? 1 : 0)
      }
    case .int8: try integer(Int8.self)
    case .uInt8: try integer(UInt8.self)
    case .int16: try integer(Int16.self)
    case .uInt16: try integer(UInt16.self)
    case .int32: try integer(Int32.self)
    case .uInt32: try integer(UInt32.self)
    case .int64: try integer(Int64.self)
    case .uInt64: try integer(UInt64.self)
    default:
      throw .unsupportedDataType(tensor: tensor, type: self)
    }
    return data
  }
}
