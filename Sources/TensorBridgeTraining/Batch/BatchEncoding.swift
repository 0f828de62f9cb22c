import Foundation
import TensorBridge
import TensorBridgeModels

/// Writes a batch's columns into a signature's input tensors: one item per row of the leading
/// (batch) dimension, each item's value checked against the rest of the tensor's shape and
/// converted to its element type.
enum BatchEncoding {
  /// Writes every input of `runner` from the column of the same name.
  ///
  /// - Throws: ``TrainingError`` naming the key: ``TrainingError/emptyBatch``,
  ///   ``TrainingError/missingKey(key:item:)``, ``TrainingError/unknownKey(key:keys:)``,
  ///   ``TrainingError/batchSize(key:expected:actual:)``,
  ///   ``TrainingError/shapeMismatch(key:item:expected:actual:)``,
  ///   ``TrainingError/typeMismatch(key:item:reason:)``.
  static func write(_ batch: Batch, into runner: SignatureRunner) throws(TrainingError) {
    guard batch.count > 0 else { throw .emptyBatch }
    let names = runner.inputs
    for key in batch.keys where !names.contains(key) { throw .unknownKey(key: key, keys: names) }
    for name in names {
      guard batch.keys.contains(name) else { throw .missingKey(key: name, item: 0) }
      var tensor: Tensor
      do { tensor = try runner.input(named: name) } catch { throw .interpreter(error) }
      let signature = tensor.shapeSignature.dimensions
      guard let leading = signature.first else {
        throw .shapeMismatch(key: name, item: 0, expected: [], actual: [batch.count])
      }
      if leading == -1, tensor.shape.dimensions.first != batch.count {
        var target = tensor.shape.dimensions
        target[0] = batch.count
        do {
          try runner.resizeInput(named: name, toShape: Tensor.Shape(target))
          try runner.allocateTensors()
          tensor = try runner.input(named: name)
        } catch { throw .interpreter(error) }
      } else if leading != -1, leading != batch.count {
        throw .batchSize(key: name, expected: leading, actual: batch.count)
      }
      let itemShape = Array(tensor.shape.dimensions.dropFirst())
      let values = try column(batch.column(name), key: name, itemShape: itemShape)
      try copy(values, to: name, type: tensor.dataType, runner: runner)
    }
  }

  /// The column's values, row-major, each item checked against `itemShape`.
  static func column(_ column: [ModelValue], key: String, itemShape: [Int]) throws(TrainingError) -> [Double] {
    let perItem = itemShape.reduce(1, *)
    var result: [Double] = []
    result.reserveCapacity(perItem * column.count)
    for (item, value) in column.enumerated() {
      if case .data = value { throw .typeMismatch(key: key, item: item, reason: "raw bytes are not numbers") }
      let values: [Double]
      let shape: [Int]?
      do { (values, shape) = try value.numbers() } catch {
        throw .typeMismatch(key: key, item: item, reason: error.description)
      }
      let given = shape ?? [values.count]
      guard values.count == perItem, trimmed(given) == trimmed(itemShape) || shape == nil else {
        throw .shapeMismatch(key: key, item: item, expected: itemShape, actual: given)
      }
      result += values
    }
    return result
  }

  private static func trimmed(_ shape: [Int]) -> [Int] { shape.filter { $0 != 1 } }

  private static func copy(_ values: [Double], to name: String, type: Tensor.DataType, runner: SignatureRunner)
    throws(TrainingError)
  {
    do {
      switch type {
      case .float32: try runner.copy(values.map { Float($0) }, toInputNamed: name)
      case .int32: try runner.copy(try integers(values, key: name, as: Int32.self), toInputNamed: name)
      case .int64: try runner.copy(try integers(values, key: name, as: Int64.self), toInputNamed: name)
      default:
        throw TrainingError.typeMismatch(
          key: name, item: 0, reason: "the model's tensor is \(type), which training does not fill")
      }
    } catch let error as TrainingError { throw error } catch let error as InterpreterError {
      throw .interpreter(error)
    } catch { throw .typeMismatch(key: name, item: 0, reason: String(describing: error)) }
  }

  private static func integers<T: FixedWidthInteger & TensorElement>(_ values: [Double], key: String, as type: T.Type)
    throws(TrainingError) -> [T]
  {
    var result: [T] = []
    for (index, value) in values.enumerated() {
      guard let integer = T(exactly: value) else {
        throw .typeMismatch(key: key, item: index, reason: "\(value) is not a \(T.self)")
      }
      result.append(integer)
    }
    return result
  }
}
