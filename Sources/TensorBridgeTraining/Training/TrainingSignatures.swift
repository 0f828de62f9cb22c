import TensorBridge
import TensorBridgeModels

/// Which of a model's signatures train, infer, save and restore — TensorFlow's on-device
/// training pattern (`train`, `infer`, `save`, `restore` over resource variables), named by
/// `model.json` as Tensor/IO defines it: `"modes": ["train", …]` marks a trainable model and
/// `"train": {"ops": [KEY]}` names the training signature (the first op).
public struct TrainingSignatures: Sendable, Equatable {
  /// One training step on a batch; its outputs are the training outputs (the loss).
  public var train: String
  /// Inference, when the model has it.
  public var infer: String?
  /// Returns every weight (the checkpoint), when the model has it.
  public var save: String?
  /// Assigns every weight, when the model has it.
  public var restore: String?

  /// Creates a mapping.
  public init(train: String = "train", infer: String? = "infer", save: String? = "save", restore: String? = "restore") {
    self.train = train
    self.infer = infer
    self.save = save
    self.restore = restore
  }

  /// The signatures `description` names, checked against the model's `available` keys.
  ///
  /// - Throws: ``TrainingError/notTrainable(reason:)`` when `modes` is given without
  ///   `"train"`; ``TrainingError/missingSignature(key:purpose:available:)`` when the training
  ///   signature is absent.
  public static func resolve(_ description: ModelDescription, available: [String]) throws(TrainingError)
    -> TrainingSignatures
  {
    let declaresTraining = description.model.modes.contains("train") || description.train != nil
    if !declaresTraining, !available.contains("train") {
      throw .notTrainable(
        reason: "model.modes is \(description.model.modes) (no \"train\") and the model has no \"train\" signature")
    }
    let train = description.train?.ops.first ?? "train"
    guard available.contains(train) else {
      throw .missingSignature(key: train, purpose: "named by train.ops, one training step", available: available)
    }
    return TrainingSignatures(
      train: train,
      infer: available.contains("infer") ? "infer" : nil,
      save: available.contains("save") ? "save" : nil,
      restore: available.contains("restore") ? "restore" : nil)
  }
}
