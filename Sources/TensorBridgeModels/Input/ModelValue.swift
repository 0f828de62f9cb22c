import Foundation

/// A native value for one model layer: a number, numbers (flat row-major or nested), or raw bytes.
///
/// Literals work directly: `0.5`, `[1, 2, 3, 4]`, `[[1, 2], [3, 4]]`.
public indirect enum ModelValue: Sendable, Equatable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByArrayLiteral, ExpressibleByBooleanLiteral
{
  /// One number.
  case number(Double)
  /// Numbers in row-major order.
  case numbers([Double])
  /// Integers in row-major order, kept exact: written into an integer tensor with no transform
  /// digit for digit (an int64 beyond 2^53, which a `Double` cannot hold, included); into a float
  /// tensor, or through a quantization, as numbers. Nested in ``array(_:)``, they are numbers.
  case integers([Int64])
  /// Nested values (a matrix is an array of rows).
  case array([ModelValue])
  /// Bytes copied into the tensor as they are (no transform); the byte count must match. One
  /// exception, as Tensor/IO reads `NSData`: for a layer with a `quantize` transform over an
  /// integer tensor, four bytes an element are float32 values, quantized like numbers.
  case data(Data)

  public init(floatLiteral value: Double) { self = .number(value) }
  public init(integerLiteral value: Int) { self = .number(Double(value)) }
  public init(booleanLiteral value: Bool) { self = .number(value ? 1 : 0) }
  public init(arrayLiteral elements: ModelValue...) { self = .array(elements) }

  /// Row-major numbers from any binary floating-point or integer array.
  public init<T: BinaryFloatingPoint>(_ values: [T]) { self = .numbers(values.map { Double($0) }) }
  /// Row-major numbers from integers.
  public init<T: BinaryInteger>(_ values: [T]) { self = .numbers(values.map { Double($0) }) }
  /// Rows of numbers.
  public init<T: BinaryFloatingPoint>(_ rows: [[T]]) { self = .array(rows.map { ModelValue($0) }) }
  /// Raw bytes.
  public init(_ data: Data) { self = .data(data) }

  /// The value as row-major numbers, and the shape its nesting implies: `[]` for one number,
  /// `nil` for flat ``numbers(_:)`` (whose shape the layer gives).
  ///
  /// - Throws: ``ModelError/raggedValue(layer:index:expected:actual:)`` for a ragged nesting,
  ///   ``ModelError/unsupportedValue(layer:reason:)`` for raw `Data` (which is bytes, not numbers).
  public func numbers() throws(ModelError) -> (values: [Double], shape: [Int]?) {
    if case .data = self { throw .unsupportedValue(layer: "", reason: "raw Data is bytes, not numbers") }
    return try flattened(layer: "")
  }

  /// Flattens to row-major numbers and the shape the nesting implies (`nil` for flat numbers).
  func flattened(layer: String) throws(ModelError) -> (values: [Double], shape: [Int]?) {
    switch self {
    case .number(let value): return ([value], [])
    case .numbers(let values): return (values, nil)
    case .integers(let values): return (values.map { Double($0) }, nil)
    case .data: return ([], nil)
    case .array(let elements):
      var values: [Double] = []
      var inner: [Int]?
      for (index, element) in elements.enumerated() {
        let (part, shape) = try element.flattened(layer: layer)
        let partShape = shape ?? [part.count]
        if let inner, inner != partShape {
          throw .raggedValue(layer: layer, index: index, expected: inner, actual: partShape)
        }
        if case .data = element {
          throw .unsupportedValue(layer: layer, reason: "raw Data cannot be nested in an array")
        }
        inner = partShape
        values += part
      }
      // An array of single numbers is a vector.
      return (values, [elements.count] + (inner ?? []))
    }
  }
}
