import Foundation
import TensorBridge

/// One run on a loaded interpreter: format check, inputs in, invoke, outputs out.
struct InterpreterRun {
  let interpreter: Interpreter

  func run(_ values: [ModelInputValue], options: ModelInputOutputOptions) throws(MLKitError) -> ModelOutputs {
    guard values.count == interpreter.inputTensorCount else {
      throw .inputCount(given: values.count, expected: interpreter.inputTensorCount)
    }
    try call { () throws(InterpreterError) in try interpreter.validate(options) }
    for (index, value) in values.enumerated() { try copy(value, index: index) }
    try call { () throws(InterpreterError) in try interpreter.invoke() }
    var tensors: [Tensor] = []
    for index in 0..<interpreter.outputTensorCount {
      tensors.append(try call { () throws(InterpreterError) in try interpreter.output(at: index) })
    }
    return ModelOutputs(tensors: tensors)
  }

  /// Runs an interpreter call, keeping its error whole inside ``MLKitError/interpreter(_:)``.
  @discardableResult
  private func call<T>(_ body: () throws(InterpreterError) -> T) throws(MLKitError) -> T {
    do { return try body() } catch { throw .interpreter(error) }
  }

  /// Copies one input, resizing a dynamic input to a nested array's shape first.
  private func copy(_ value: ModelInputValue, index: Int) throws(MLKitError) {
    var tensor = try call { () throws(InterpreterError) in try interpreter.input(at: index) }
    switch value {
    case .data(let data):
      guard data.count == tensor.data.count else {
        throw .inputSize(
          index: index, tensor: tensor.name, given: value.sizeDescription,
          expected: "\(tensor.data.count) bytes (\(tensor.dataType) \(tensor.shape))")
      }
      try call { () throws(InterpreterError) in try interpreter.copy(data, toInputAt: index) }
    case .numbers(let numbers, let shape):
      let count = tensor.shape.dimensions.reduce(1, *)
      if numbers.count != count, shape.count == tensor.shapeSignature.rank,
        tensor.shapeSignature.dimensions.contains(-1)
      {
        tensor = try call { () throws(InterpreterError) in
          try interpreter.resizeInput(at: index, to: Tensor.Shape(shape))
          return try interpreter.input(at: index)
        }
      }
      guard numbers.count == tensor.shape.dimensions.reduce(1, *) else {
        throw .inputSize(
          index: index, tensor: tensor.name, given: value.sizeDescription,
          expected: "\(tensor.dataType) \(tensor.shape)")
      }
      let bytes = try Self.bytes(numbers, type: tensor.dataType, index: index)
      try call { () throws(InterpreterError) in try interpreter.copy(bytes, toInputAt: index) }
    }
  }

  /// `numbers` as packed little-endian elements of `type`; each must be representable.
  static func bytes(_ numbers: [Double], type: Tensor.DataType, index: Int) throws(MLKitError) -> Data {
    func exact<T: TensorElement>(_ convert: (Double) -> T?) throws(MLKitError) -> Data {
      var values: [T] = []
      values.reserveCapacity(numbers.count)
      for number in numbers {
        guard let value = convert(number) else { throw .inputValue(index: index, value: number, type: type) }
        values.append(value)
      }
      return Data(copyingBufferOf: values)
    }
    switch type {
    case .float32: return try exact { Float($0) }
    case .float64: return try exact { $0 }
    case .uInt8: return try exact { UInt8(exactly: $0) }
    case .int8: return try exact { Int8(exactly: $0) }
    case .int16: return try exact { Int16(exactly: $0) }
    case .int32: return try exact { Int32(exactly: $0) }
    case .int64: return try exact { Int64(exactly: $0) }
    case .bool: return try exact { $0 == 0 ? false : ($0 == 1 ? true : nil) }
    default: throw .inputValue(index: index, value: numbers.first ?? 0, type: type)
    }
  }
}
