import Foundation

/// The inputs of one ``ModelInterpreter`` run, in the model's input order, as ML Kit's
/// `ModelInputs`: each is raw tensor bytes (`Data`) or a (nested) array of numbers whose
/// element count must match the tensor.
///
/// ```swift
/// let inputs = ModelInputs()
/// try inputs.addInput([[Float]](repeating: [0.5, 0.25], count: 1))
/// ```
public final class ModelInputs: @unchecked Sendable {
  // @unchecked: `values` is only touched under `lock`.
  private let lock = NSLock()
  private var values: [ModelInputValue] = []

  /// Creates an empty list.
  public init() {}

  /// Appends the next input: `Data` (the tensor's bytes, little-endian, row-major), or a scalar,
  /// array or nested array of `Float`, `Double`, `Int`, `Int32`, `Int64`, `UInt8`, `Int8`,
  /// `Bool` or `NSNumber`. Numbers are converted to the tensor's element type at run time.
  /// - Throws: ``MLKitError/unsupportedInput(index:type:)`` or ``MLKitError/raggedInput(index:reason:)``.
  public func addInput(_ input: Any) throws(MLKitError) {
    lock.lock()
    defer { lock.unlock() }
    let index = values.count
    if let data = input as? Data {
      values.append(.data(data))
      return
    }
    var numbers: [Double] = []
    let shape = try Self.flatten(input, into: &numbers, index: index)
    values.append(.numbers(numbers, shape: shape))
  }

  /// The inputs added so far.
  var all: [ModelInputValue] {
    lock.lock()
    defer { lock.unlock() }
    return values
  }

  /// Appends `value`'s numbers to `numbers` and returns its shape (`[]` for a scalar).
  private static func flatten(_ value: Any, into numbers: inout [Double], index: Int) throws(MLKitError) -> [Int] {
    if let number = scalar(value) {
      numbers.append(number)
      return []
    }
    guard let array = value as? [Any] else { throw .unsupportedInput(index: index, type: "\(type(of: value))") }
    var rowShape: [Int]?
    for element in array {
      let shape = try flatten(element, into: &numbers, index: index)
      if let rowShape, rowShape != shape {
        throw .raggedInput(index: index, reason: "rows of shapes \(rowShape) and \(shape)")
      }
      rowShape = shape
    }
    return [array.count] + (rowShape ?? [])
  }

  private static func scalar(_ value: Any) -> Double? {
    switch value {
    case let v as Float: Double(v)
    case let v as Double: v
    case let v as Int: Double(v)
    case let v as Int32: Double(v)
    case let v as Int64: Double(v)
    case let v as UInt8: Double(v)
    case let v as Int8: Double(v)
    case let v as Bool: v ? 1 : 0
    case let v as NSNumber: v.doubleValue
    default: nil
    }
  }
}

/// One input as given.
enum ModelInputValue: Sendable {
  /// Raw tensor bytes.
  case data(Data)
  /// Numbers in row-major order and the nested array's shape.
  case numbers([Double], shape: [Int])

  /// A description of the size, for errors.
  var sizeDescription: String {
    switch self {
    case .data(let data): "\(data.count) bytes"
    case .numbers(let numbers, let shape): "\(numbers.count) numbers shaped \(shape)"
    }
  }
}
