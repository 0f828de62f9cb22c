/// What a model's `modes` say it does, as Tensor/IO's `TIOModelModes` answers it: a model
/// predicts when `modes` lists `predict` or lists nothing (a description without `modes`
/// predicts), trains when it lists `train`, evaluates when it lists `eval`.
///
/// ```swift
/// if bundle.description.model.trains { /* hand it to a ModelTrainer */ }
/// ```
extension ModelDescription.ModelSection {
  /// Whether the model predicts: `modes` lists `predict`, or is empty.
  public var predicts: Bool { modes.isEmpty || modes.contains("predict") }

  /// Whether the model trains: `modes` lists `train`.
  public var trains: Bool { modes.contains("train") }

  /// Whether the model evaluates: `modes` lists `eval`.
  public var evals: Bool { modes.contains("eval") }
}
