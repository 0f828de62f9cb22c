import Foundation
import TensorBridge
import TensorBridgeDelivery

/// ML Kit's `ModelInterpreter` over a TensorBridge ``Interpreter``: made from a bundled or a
/// hosted model without throwing; the model loads on the first run and every failure arrives
/// as the run's error.
///
/// ```swift
/// let interpreter = ModelInterpreter.modelInterpreter(remoteModel: remoteModel, localModel: localModel)
/// interpreter.run(inputs: inputs, options: ioOptions) { outputs, error in … }
/// ```
///
/// Runs are serialized on the interpreter's own queue, so one instance may be shared.
public final class ModelInterpreter: @unchecked Sendable {
  // @unchecked: `loaded` and the Interpreter in it are only touched on `queue`.
  /// Which model this interpreter runs.
  public enum Source: Sendable, Hashable {
    /// A bundled model file.
    case local(CustomLocalModel)
    /// A hosted model, with an optional bundled fallback used until it is downloaded.
    case remote(CustomRemoteModel, fallback: CustomLocalModel?)
  }

  /// Which model this interpreter runs.
  public let source: Source
  /// Options for the underlying interpreter (threads, delegates).
  public let interpreterOptions: Interpreter.Options
  private let manager: ModelManager
  private let queue = DispatchQueue(label: "TensorBridgeMLKit.ModelInterpreter")
  private var loaded: (path: String, interpreter: Interpreter)?

  init(source: Source, manager: ModelManager, options: Interpreter.Options) {
    self.source = source
    self.manager = manager
    interpreterOptions = options
  }

  /// An interpreter for a model bundled with the app, as ML Kit's `modelInterpreter(localModel:)`.
  public static func modelInterpreter(
    localModel: CustomLocalModel,
    options: Interpreter.Options = Interpreter.Options()
  ) -> ModelInterpreter {
    ModelInterpreter(source: .local(localModel), manager: .modelManager(), options: options)
  }

  /// An interpreter for a hosted model, as ML Kit's `modelInterpreter(remoteModel:)`. Each run
  /// uses the verified download if there is one, else `localModel` (as ML Kit's model options
  /// with both a remote and a local model did); with neither the run fails with
  /// ``MLKitError/modelNotDownloaded(name:)``. A newer download is picked up by the next run.
  public static func modelInterpreter(
    remoteModel: CustomRemoteModel, localModel: CustomLocalModel? = nil,
    manager: ModelManager = .modelManager(),
    options: Interpreter.Options = Interpreter.Options()
  ) -> ModelInterpreter {
    ModelInterpreter(source: .remote(remoteModel, fallback: localModel), manager: manager, options: options)
  }

  /// Runs the model once, as ML Kit's `run(inputs:options:completion:)`: checks `options`
  /// against the model, copies `inputs` in, invokes, and hands back every output. `completion`
  /// runs on an arbitrary thread with exactly one of outputs and error non-nil.
  public func run(
    inputs: ModelInputs, options: ModelInputOutputOptions,
    completion: @escaping @Sendable (ModelOutputs?, MLKitError?) -> Void
  ) {
    Task {
      do throws(MLKitError) { completion(try await run(inputs: inputs, options: options), nil) } catch {
        completion(nil, error)
      }
    }
  }

  /// The async form of ``run(inputs:options:completion:)``.
  /// - Throws: ``MLKitError``: the model is missing or fails to load, `options` differ from the
  ///   model (``MLKitError/interpreter(_:)`` with `formatMismatch`), or an input does not fit.
  public func run(inputs: ModelInputs, options: ModelInputOutputOptions) async throws(MLKitError) -> ModelOutputs {
    let path = try await modelPath()
    let values = inputs.all
    let result: Result<ModelOutputs, MLKitError> = await withCheckedContinuation { continuation in
      queue.async {
        do throws(MLKitError) {
          continuation.resume(returning: .success(try self.runLoaded(path: path, values: values, options: options)))
        } catch {
          continuation.resume(returning: .failure(error))
        }
      }
    }
    return try result.get()
  }

  /// The file this interpreter would load now.
  public func modelPath() async throws(MLKitError) -> String {
    switch source {
    case .local(let model): return model.path
    case .remote(let remote, let fallback): return try await manager.resolvePath(remote: remote, local: fallback)
    }
  }

  /// On `queue`: loads (or reuses) the interpreter for `path`, then runs.
  private func runLoaded(path: String, values: [ModelInputValue], options: ModelInputOutputOptions) throws(MLKitError)
    -> ModelOutputs
  {
    let interpreter: Interpreter
    if let loaded, loaded.path == path {
      interpreter = loaded.interpreter
    } else {
      guard FileManager.default.fileExists(atPath: path) else { throw .modelFileNotFound(path: path) }
      do { interpreter = try Interpreter(modelPath: path, options: interpreterOptions) } catch {
        throw .interpreter(error)
      }
      loaded = (path, interpreter)
    }
    return try InterpreterRun(interpreter: interpreter).run(values, options: options)
  }
}
