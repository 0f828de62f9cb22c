import TensorBridge
import TensorBridgeModels

/// Why a batch, a training step, a checkpoint or an export failed; each case names the key,
/// signature or file concerned.
public enum TrainingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The batch has no items.
  case emptyBatch
  /// Item `item` of a batch has no value for `key`.
  case missingKey(key: String, item: Int)
  /// A value is keyed by a name that is not one of the batch's (or the signature's) keys.
  case unknownKey(key: String, keys: [String])
  /// One item's value for `key` has the wrong shape for the model.
  case shapeMismatch(key: String, item: Int, expected: [Int], actual: [Int])
  /// A value for `key` cannot be written to the tensor's element type.
  case typeMismatch(key: String, item: Int, reason: String)
  /// The training signature takes batches of a fixed size.
  case batchSize(key: String, expected: Int, actual: Int)
  /// Training over a data source was asked for batches of `given` items, and the model's
  /// training signature takes exactly `expected` (its batch dimension is fixed).
  case fixedBatchSize(expected: Int, given: Int)
  /// The data source has `items` items, fewer than one batch of `batchSize` that the model's
  /// fixed batch dimension needs: no step could run.
  case tooFewItems(items: Int, batchSize: Int)
  /// The model lacks a signature the operation needs.
  case missingSignature(key: String, purpose: String, available: [String])
  /// The bundle's description does not mark the model trainable.
  case notTrainable(reason: String)
  /// A checkpoint is unreadable or does not fit the model.
  case checkpoint(path: String, reason: String)
  /// A weight cannot be written into the exported model.
  case export(weight: String, reason: String)
  /// Training data could not be read.
  case data(path: String, reason: String)
  /// The bundle could not be opened.
  case bundle(ModelBundleError)
  /// The runtime failed.
  case interpreter(InterpreterError)

  public var description: String {
    switch self {
    case .emptyBatch: return "The batch has no items."
    case .missingKey(let key, let item): return "Batch item \(item) has no value for '\(key)'."
    case .unknownKey(let key, let keys):
      return "'\(key)' is not one of the keys \(keys.map { "'\($0)'" }.joined(separator: ", "))."
    case .shapeMismatch(let key, let item, let expected, let actual):
      return
        "Batch item \(item)'s '\(key)' has shape \(Tensor.Shape(actual)); the model takes \(Tensor.Shape(expected)) per item."
    case .typeMismatch(let key, let item, let reason): return "Batch item \(item)'s '\(key)' does not fit: \(reason)."
    case .batchSize(let key, let expected, let actual):
      return "'\(key)' takes batches of \(expected) items, not \(actual)."
    case .fixedBatchSize(let expected, let given):
      return
        "The model trains batches of exactly \(expected) items (its training signature's batch dimension is fixed), not \(given)."
    case .tooFewItems(let items, let batchSize):
      return
        "The data has \(items) item\(items == 1 ? "" : "s"), fewer than one batch of \(batchSize) (the model's fixed batch size): no step can run."
    case .missingSignature(let key, let purpose, let available):
      return
        "The model has no '\(key)' signature (\(purpose)); its signatures are \(available.map { "'\($0)'" }.joined(separator: ", "))."
    case .notTrainable(let reason): return "The model is not trainable: \(reason)."
    case .checkpoint(let path, let reason): return "Checkpoint \(path): \(reason)."
    case .data(let path, let reason): return "Training data \(path): \(reason)."
    case .export(let weight, let reason): return "Weight '\(weight)' cannot be exported: \(reason)."
    case .bundle(let error): return error.description
    case .interpreter(let error): return error.description
    }
  }
}
