import Foundation

/// A Swift type whose values can be copied to and from tensor memory as-is.
public protocol TensorElement: Sendable {
  /// The tensor element type this Swift type corresponds to.
  static var dataType: Tensor.DataType { get }
  /// Reads `data` as a packed array of `Self` (any trailing partial element is ignored).
  static func array(from data: Data) -> [Self]
}

extension TensorElement {
  /// Reads `data` as a packed array of `Self` (any trailing partial element is ignored).
  public static func array(from data: Data) -> [Self] {
    let count = data.count / MemoryLayout<Self>.stride
    return [Self](unsafeUninitializedCapacity: count) { buffer, initialized in
      data.withUnsafeBytes { raw in
        _ = raw.copyBytes(to: UnsafeMutableRawBufferPointer(buffer), count: count * MemoryLayout<Self>.stride)
      }
      initialized = count
    }
  }
}

extension Float: TensorElement { public static var dataType: Tensor.DataType { .float32 } }
extension Double: TensorElement { public static var dataType: Tensor.DataType { .float64 } }
extension Int8: TensorElement { public static var dataType: Tensor.DataType { .int8 } }
extension UInt8: TensorElement { public static var dataType: Tensor.DataType { .uInt8 } }
extension Int16: TensorElement { public static var dataType: Tensor.DataType { .int16 } }
extension UInt16: TensorElement { public static var dataType: Tensor.DataType { .uInt16 } }
extension Int32: TensorElement { public static var dataType: Tensor.DataType { .int32 } }
extension UInt32: TensorElement { public static var dataType: Tensor.DataType { .uInt32 } }
extension Int64: TensorElement { public static var dataType: Tensor.DataType { .int64 } }
extension UInt64: TensorElement { public static var dataType: Tensor.DataType { .uInt64 } }

extension Bool: TensorElement {
  public static var dataType: Tensor.DataType { .bool }
  /// Any non-zero byte reads as `true` (a raw byte copy into `Bool` would be undefined).
  public static func array(from data: Data) -> [Bool] { data.map { $0 != 0 } }
}

extension Data {
  /// The bytes of an array of tensor elements, e.g. `Data(copyingBufferOf: [1.0, 2.0] as [Float])`.
  public init<T: TensorElement>(copyingBufferOf values: [T]) {
    self = values.withUnsafeBufferPointer { Data(buffer: $0) }
  }
}
