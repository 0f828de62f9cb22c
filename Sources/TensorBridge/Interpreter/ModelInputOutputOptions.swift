/// Expected element types and dimensions of a model's inputs and outputs, declared the way
/// ML Kit's `ModelInputOutputOptions` does, and checked against a loaded ``Interpreter`` with
/// ``Interpreter/validate(_:)``.
///
/// ```swift
/// var formats = ModelInputOutputOptions()
/// formats.setInputFormat(index: 0, type: .float32, dimensions: [1, 224, 224, 3])
/// formats.setOutputFormat(index: 0, type: .float32, dimensions: [1, 1001])
/// try interpreter.validate(formats)   // one error listing every mismatch
/// ```
public struct ModelInputOutputOptions: Sendable, Equatable {
  /// One declared format.
  public struct Format: Sendable, Equatable {
    /// The expected element type.
    public var type: Tensor.DataType
    /// The expected dimensions; `-1` accepts any size in that position.
    public var dimensions: [Int]
  }

  /// Declared input formats by index.
  public private(set) var inputFormats: [Int: Format] = [:]
  /// Declared output formats by index.
  public private(set) var outputFormats: [Int: Format] = [:]

  /// Creates an empty declaration.
  public init() {}

  /// Declares the format of the input at `index`.
  public mutating func setInputFormat(index: Int, type: Tensor.DataType, dimensions: [Int]) {
    inputFormats[index] = Format(type: type, dimensions: dimensions)
  }

  /// Declares the format of the output at `index`.
  public mutating func setOutputFormat(index: Int, type: Tensor.DataType, dimensions: [Int]) {
    outputFormats[index] = Format(type: type, dimensions: dimensions)
  }
}

/// One difference between a declared format and the model.
public struct FormatMismatch: Sendable, Equatable, CustomStringConvertible {
  /// Input or output.
  public let role: TensorRole
  /// The tensor index the declaration names.
  public let index: Int
  /// What differs.
  public let problem: Problem

  /// The kinds of difference.
  public enum Problem: Sendable, Equatable {
    /// The model has no tensor at that index.
    case missingTensor(count: Int)
    /// Element types differ.
    case type(declared: Tensor.DataType, actual: Tensor.DataType)
    /// Dimensions differ (`actual` is the model's declared shape, `-1` for dynamic).
    case dimensions(declared: [Int], actual: [Int])
  }

  public var description: String {
    switch problem {
    case .missingTensor(let count):
      return "\(role.rawValue) \(index) is declared but the model has \(count) \(role.rawValue)\(count == 1 ? "" : "s")"
    case .type(let declared, let actual):
      return "\(role.rawValue) \(index) is declared \(declared) but the model's is \(actual)"
    case .dimensions(let declared, let actual):
      return
        "\(role.rawValue) \(index) is declared \(Tensor.Shape(declared)) but the model's is \(Tensor.Shape(actual))"
    }
  }
}

extension Interpreter {
  /// Checks declared formats against the model and throws one error listing every mismatch.
  public func validate(_ formats: ModelInputOutputOptions) throws(InterpreterError) {
    var mismatches: [FormatMismatch] = []
    func compare(
      _ declared: [Int: ModelInputOutputOptions.Format], role: TensorRole, count: Int,
      tensor: (Int) throws(InterpreterError) -> Tensor
    ) throws(InterpreterError) {
      for index in declared.keys.sorted() {
        guard let format = declared[index] else { continue }
        guard index >= 0 && index < count else {
          mismatches.append(FormatMismatch(role: role, index: index, problem: .missingTensor(count: count)))
          continue
        }
        let actual = try tensor(index)
        if actual.dataType != format.type {
          mismatches.append(
            FormatMismatch(role: role, index: index, problem: .type(declared: format.type, actual: actual.dataType)))
        }
        let modelDimensions =
          actual.shapeSignature.rank == actual.shape.rank
          ? actual.shapeSignature.dimensions : actual.shape.dimensions
        let matches =
          format.dimensions.count == modelDimensions.count
          && zip(format.dimensions, modelDimensions).allSatisfy { $0 == -1 || $1 == -1 || $0 == $1 }
        if !matches {
          mismatches.append(
            FormatMismatch(
              role: role, index: index, problem: .dimensions(declared: format.dimensions, actual: modelDimensions)))
        }
      }
    }
    try compare(formats.inputFormats, role: .input, count: inputTensorCount) { (i) throws(InterpreterError) in
      try input(at: i)
    }
    try compare(formats.outputFormats, role: .output, count: outputTensorCount) { (i) throws(InterpreterError) in
      try output(at: i)
    }
    if !mismatches.isEmpty { throw .formatMismatch(mismatches) }
  }
}
