import Foundation
import TFLiteFormat

extension TFLiteModel {
  /// Reads the `.tflite` file at `modelPath` (memory-mapped when safe) and verifies it: the
  /// first half of loading, whose result ``Interpreter/init(model:options:)`` compiles.
  ///
  /// - Throws: ``InterpreterError/modelFileUnreadable(path:reason:)`` when the file cannot be
  ///   read, ``InterpreterError/invalidModel(_:)`` when it is not a valid model.
  public init(modelPath: String) throws(InterpreterError) {
    LoadObserver.record(.read)
    let data: Data
    do {
      data = try FileContents.read(URL(fileURLWithPath: modelPath), mappedIfSafe: true)
    } catch {
      throw .modelFileUnreadable(path: modelPath, reason: fileErrorReason(error))
    }
    do { try self.init(data: data) } catch { throw .invalidModel(error) }
  }
}
