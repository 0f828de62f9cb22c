import Foundation

/// Numbers that are model values: scalars, and flat arrays of them as row-major numbers.
public protocol ModelNumber: ModelValueConvertible {
  /// The number as a `Double` (every supported type converts exactly, but `Int64` beyond 2^53).
  var doubleValue: Double { get }
}

extension ModelNumber {
  public var modelValue: ModelValue { .number(doubleValue) }
  public static func modelValue(ofArray elements: [Self]) -> ModelValue { .numbers(elements.map(\.doubleValue)) }
}

extension Float: ModelNumber { public var doubleValue: Double { Double(self) } }
extension Double: ModelNumber { public var doubleValue: Double { self } }
extension Int: ModelNumber { public var doubleValue: Double { Double(self) } }
extension Int8: ModelNumber { public var doubleValue: Double { Double(self) } }
extension Int16: ModelNumber { public var doubleValue: Double { Double(self) } }
extension Int32: ModelNumber { public var doubleValue: Double { Double(self) } }
extension Int64: ModelNumber { public var doubleValue: Double { Double(self) } }
extension UInt8: ModelNumber { public var doubleValue: Double { Double(self) } }
extension UInt16: ModelNumber { public var doubleValue: Double { Double(self) } }
extension UInt32: ModelNumber { public var doubleValue: Double { Double(self) } }
extension Bool: ModelNumber { public var doubleValue: Double { self ? 1 : 0 } }

extension Data: ModelValueConvertible {
  /// Bytes copied into the tensor as they are (``ModelValue/data(_:)``).
  public var modelValue: ModelValue { .data(self) }
}
