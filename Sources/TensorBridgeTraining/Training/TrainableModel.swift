import Foundation
import TFLiteFormat
import TensorBridge
import TensorBridgeModels

/// A model that trains on the device: TensorFlow's on-device training pattern, a `.tflite`
/// with `train`, `infer`, `save` and `restore` signatures over resource variables (builtin
/// ops only), described by a Tensor/IO bundle whose `model.json` has `"modes": ["train"]` and
/// a `train` section.
///
/// ```swift
/// let model = try TrainableModel(contentsOf: URL(fileURLWithPath: "head.tiobundle"))
/// var batch = Batch(keys: ["x", "labels"])
/// try batch.add(["x": [0.1, 0.2, 0.3, 0.4], "labels": [0, 1, 0]])
/// let loss = try await model.train(batch)["loss"]
/// for try await step in model.train(dataSource: data, epochs: 5, batchSize: 4) { print(step.loss) }
/// ```
///
/// An actor: training steps, inference and weight transfers run one at a time, so `train`
/// and `infer` never overlap.
public actor TrainableModel {
  /// The bundle's description.
  public nonisolated let description: ModelDescription
  /// The signatures used for each purpose.
  public nonisolated let signatures: TrainingSignatures
  /// The training signature's fixed batch size, or `nil` when its batch dimension is dynamic.
  public nonisolated let fixedBatchSize: Int?
  /// The training signature's input names (the keys a ``Batch`` needs).
  public nonisolated let trainingKeys: [String]
  /// The bundle's model file.
  public nonisolated let modelFile: URL

  private let interpreter: Interpreter
  private let model: TFLiteModel
  private let trainRunner: SignatureRunner
  private var runners: [String: SignatureRunner] = [:]

  /// Loads a trainable bundle (or a `.tflite` with a `train` signature).
  ///
  /// - Throws: ``TrainingError/bundle(_:)``, ``TrainingError/interpreter(_:)``,
  ///   ``TrainingError/notTrainable(reason:)``, ``TrainingError/missingSignature(key:purpose:available:)``.
  public init(contentsOf url: URL, options: Interpreter.Options = Interpreter.Options()) throws(TrainingError) {
    let bundle: ModelBundle
    do { bundle = try ModelBundle.open(url) } catch { throw .bundle(error) }
    try self.init(bundle: bundle, options: options)
  }

  /// Loads the model of a trainable bundle; see ``init(contentsOf:options:)``.
  public init(bundle: ModelBundle, options: Interpreter.Options = Interpreter.Options()) throws(TrainingError) {
    let model: TFLiteModel
    if let verified = bundle.verifiedModel {
      model = verified
    } else {
      do { model = try TFLiteModel(modelPath: bundle.modelFile.path) } catch {
        throw .bundle(.unreadable(path: bundle.modelFile.path, reason: error.description))
      }
    }
    let interpreter: Interpreter
    do { interpreter = try Interpreter(model: model, options: options) } catch { throw .interpreter(error) }
    let signatures = try TrainingSignatures.resolve(bundle.description, available: interpreter.signatureKeys)
    let runner: SignatureRunner
    var leading: Int?
    do {
      runner = try interpreter.signatureRunner(with: signatures.train)
      if let first = runner.inputs.first { leading = try runner.input(named: first).shapeSignature.dimensions.first }
    } catch { throw .interpreter(error) }
    self.interpreter = interpreter
    self.model = model
    self.trainRunner = runner
    self.description = bundle.description
    self.signatures = signatures
    self.trainingKeys = runner.inputs
    self.fixedBatchSize = leading.flatMap { $0 > 0 ? $0 : nil }
    self.modelFile = bundle.modelFile
  }

  /// One training step on `batch`: Tensor/IO's `train:`.
  ///
  /// - Returns: The training signature's outputs by name (the loss), after the step.
  /// - Throws: ``TrainingError`` naming the key of a bad batch, or the runtime's error.
  public func train(_ batch: Batch) throws(TrainingError) -> [String: [Float]] {
    try BatchEncoding.write(batch, into: trainRunner)
    do { try trainRunner.invoke() } catch { throw .interpreter(error) }
    return try outputs(of: trainRunner)
  }

  /// Runs the inference signature on `inputs` (a batch of one or more items by key).
  public func infer(_ inputs: Batch) throws(TrainingError) -> [String: [Float]] {
    let runner = try runner(signatures.infer, purpose: "inference")
    try BatchEncoding.write(inputs, into: runner)
    do { try runner.invoke() } catch { throw .interpreter(error) }
    return try outputs(of: runner)
  }

  /// Every weight, by name, through the model's `save` signature.
  public func weights() throws(TrainingError) -> [String: Tensor] {
    let runner = try runner(signatures.save, purpose: "weights out")
    do {
      try runner.invoke()
      var result: [String: Tensor] = [:]
      for name in runner.outputs { result[name] = try runner.output(named: name) }
      return result
    } catch { throw .interpreter(error) }
  }

  /// Assigns weights through the model's `restore` signature; every input it takes needs a
  /// tensor of its shape and type.
  public func restore(_ weights: [String: Tensor]) throws(TrainingError) {
    let runner = try runner(signatures.restore, purpose: "weights in")
    var inputs: [String: Data] = [:]
    for name in runner.inputs {
      guard let tensor = weights[name] else { throw .missingKey(key: name, item: 0) }
      let expected: Tensor
      do { expected = try runner.input(named: name) } catch { throw .interpreter(error) }
      guard expected.shape == tensor.shape else {
        throw .shapeMismatch(key: name, item: 0, expected: expected.shape.dimensions, actual: tensor.shape.dimensions)
      }
      guard expected.dataType == tensor.dataType else {
        throw .typeMismatch(
          key: name, item: 0, reason: "\(tensor.dataType) given, the model takes \(expected.dataType)")
      }
      inputs[name] = tensor.data
    }
    do { try runner.invoke(with: inputs) } catch { throw .interpreter(error) }
  }

  /// Writes every weight to a checkpoint file (``Checkpoint``).
  public func save(checkpointTo url: URL) throws(TrainingError) {
    try Checkpoint(weights: try weights()).write(to: url)
  }

  /// Reads a checkpoint file and assigns its weights.
  public func restore(checkpointFrom url: URL) throws(TrainingError) {
    try restore(try Checkpoint(contentsOf: url).weights)
  }

  /// Writes a new `.tflite`: the model file with the current (trained) weights in place of the
  /// constants that initialize its variables; loaded afresh, it starts from these weights.
  /// Weights whose initial constants the converter stored once (identical initial values) are
  /// each given a constant of their own first.
  ///
  /// - Throws: ``TrainingError/export(weight:reason:)`` naming a weight that cannot be placed,
  ///   or the file cannot be written.
  public func export(to url: URL) throws(TrainingError) {
    guard let save = signatures.save else {
      throw .missingSignature(key: "save", purpose: "weights out", available: interpreter.signatureKeys)
    }
    let data = try WeightExport.exported(model, weights: try weights(), saveSignature: save)
    do { try data.write(to: url, options: .atomic) } catch {
      throw .export(weight: "*", reason: "\(url.path) cannot be written (\(error.localizedDescription))")
    }
  }

  private func runner(_ key: String?, purpose: String) throws(TrainingError) -> SignatureRunner {
    guard let key else {
      throw .missingSignature(
        key: purpose == "inference" ? "infer" : purpose == "weights out" ? "save" : "restore",
        purpose: purpose, available: interpreter.signatureKeys)
    }
    if let runner = runners[key] { return runner }
    do {
      let runner = try interpreter.signatureRunner(with: key)
      runners[key] = runner
      return runner
    } catch { throw .interpreter(error) }
  }

  private func outputs(of runner: SignatureRunner) throws(TrainingError) -> [String: [Float]] {
    var result: [String: [Float]] = [:]
    do {
      for name in runner.outputs { result[name] = try runner.output(named: name).floatValues() ?? [] }
    } catch { throw .interpreter(error) }
    return result
  }
}
