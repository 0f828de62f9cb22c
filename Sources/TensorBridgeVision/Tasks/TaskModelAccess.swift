import TensorBridge
import TensorBridgeModels

// The vision tasks' models, reached under the task's lock. Neither `Model` nor its
// ``Interpreter`` is thread-safe; a task is `Sendable` because every run of its model goes
// through its lock, so the model is handed out only inside `withModel`.

extension ImageClassifier {
  /// Runs `body` with the classifier's model while no classification runs, and no other
  /// `withModel` call: the safe way to read or run the model from concurrent code. Do not let
  /// the model escape `body`.
  ///
  /// - Throws: what `body` throws.
  public func withModel<Success, Failure: Error>(_ body: (Model) throws(Failure) -> Success) throws(Failure) -> Success
  {
    try lock.run { () throws(Failure) in try body(task.model) }
  }

  /// The model, outside the task's lock.
  @available(*, deprecated, message: "use withModel(_:), which holds the classifier's lock")
  public var model: Model { task.model }
}

extension ObjectDetector {
  /// Runs `body` with the detector's model while no detection runs, and no other `withModel`
  /// call: the safe way to read or run the model from concurrent code. Do not let the model
  /// escape `body`.
  ///
  /// - Throws: what `body` throws.
  public func withModel<Success, Failure: Error>(_ body: (Model) throws(Failure) -> Success) throws(Failure) -> Success
  {
    try lock.run { () throws(Failure) in try body(task.model) }
  }

  /// The model, outside the task's lock.
  @available(*, deprecated, message: "use withModel(_:), which holds the detector's lock")
  public var model: Model { task.model }

  /// The model's interpreter, outside the task's lock.
  @available(*, deprecated, message: "use withModel { $0.interpreter }, which holds the detector's lock")
  public var interpreter: Interpreter { task.model.interpreter }
}

extension ImageSegmenter {
  /// Runs `body` with the segmenter's model while no segmentation runs, and no other
  /// `withModel` call: the safe way to read or run the model from concurrent code. Do not let
  /// the model escape `body`.
  ///
  /// - Throws: what `body` throws.
  public func withModel<Success, Failure: Error>(_ body: (Model) throws(Failure) -> Success) throws(Failure) -> Success
  {
    try lock.run { () throws(Failure) in try body(task.model) }
  }

  /// The model, outside the task's lock.
  @available(*, deprecated, message: "use withModel(_:), which holds the segmenter's lock")
  public var model: Model { task.model }
}
