import Dispatch

/// A task that turns one input into one result (an image classifier, an object detector, a
/// text classifier…), usable from any thread or `Task`: its runs are serialized by the task
/// itself. The synchronous ``results(in:)`` is named as ML Kit's; ``process(_:)`` is its
/// `async` form and ``process(_:completion:)`` its completion-handler form, as ML Kit's
/// `process(_:completion:)`.
///
/// ```swift
/// let classifier = try ImageClassifier(contentsOf: modelURL)
/// async let first = classifier.process(imageA)
/// async let second = classifier.process(imageB)
/// print(try await first.categories, try await second.categories)
/// ```
public protocol InferenceTask: Sendable {
  /// What the task takes (an image, a string).
  associatedtype Input: Sendable
  /// What it gives back: a value with named fields.
  associatedtype Output: Sendable
  /// Its typed error.
  associatedtype Failure: Error

  /// Runs the task on `input` in the calling thread, waiting for any other run of the task to
  /// finish first.
  ///
  /// - Throws: the task's typed error.
  func results(in input: Input) throws(Failure) -> Output
}

extension InferenceTask {
  /// Runs the task on `input` off the caller's actor (a nonisolated `async` function runs on
  /// the global concurrent executor); runs of the same task wait for each other.
  ///
  /// - Throws: the task's typed error.
  public func process(_ input: Input) async throws(Failure) -> Output {
    try results(in: input)
  }

  /// Runs the task on `input` on a global dispatch queue and calls `completion` there with the
  /// result or the error.
  public func process(_ input: Input, completion: @escaping @Sendable (Result<Output, Failure>) -> Void) {
    DispatchQueue.global(qos: .userInitiated).async {
      completion(Result { () throws(Failure) -> Output in try self.results(in: input) })
    }
  }
}
