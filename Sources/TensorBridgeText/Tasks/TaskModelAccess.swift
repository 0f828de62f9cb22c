import TensorBridge
import TensorBridgeModels

// The text tasks' models, reached under the task's lock. Neither a model nor its
// ``Interpreter`` is thread-safe; a task is `Sendable` because every run of its model goes
// through its lock, so the model is handed out only inside these `with…` calls.

extension TextClassifier {
  /// Runs `body` with the classifier's model and tokenizer while no classification runs, and
  /// no other `withTextModel` call: the safe way to read, encode with or run the model from
  /// concurrent code. Do not let the model escape `body`.
  ///
  /// - Throws: what `body` throws.
  public func withTextModel<Success, Failure: Error>(_ body: (TextModel) throws(Failure) -> Success) throws(Failure)
    -> Success
  {
    try lock.run { () throws(Failure) in try body(guardedTextModel) }
  }

  /// The model with its tokenizer, outside the task's lock.
  @available(*, deprecated, message: "use withTextModel(_:), which holds the classifier's lock")
  public var textModel: TextModel { guardedTextModel }
}

extension NLClassifier {
  /// Runs `body` with the classifier's interpreter while no classification runs, and no other
  /// `withInterpreter` call: the safe way to read or run it from concurrent code. Do not let
  /// the interpreter escape `body`.
  ///
  /// - Throws: what `body` throws.
  public func withInterpreter<Success, Failure: Error>(_ body: (Interpreter) throws(Failure) -> Success) throws(Failure)
    -> Success
  {
    try lock.run { () throws(Failure) in try body(guardedInterpreter) }
  }

  /// The interpreter, outside the task's lock.
  @available(*, deprecated, message: "use withInterpreter(_:), which holds the classifier's lock")
  public var interpreter: Interpreter { guardedInterpreter }
}
