import Foundation
import LiteRTRuntime
import TFLiteFormat

/// Runs a TensorFlow Lite model with Google's LiteRT runtime.
///
/// The API follows TensorFlowLiteSwift's `Interpreter`, so existing code ports with few edits:
///
/// ```swift
/// let interpreter = try Interpreter(modelPath: "linear.tflite")
/// try interpreter.copy([Float(10)], toInputAt: 0)
/// try interpreter.invoke()
/// let y = try interpreter.output(at: 0).values(as: Float.self)   // [19.0]
/// ```
///
/// Every model is checked by TensorBridge's flatbuffer verifier before LiteRT sees it and is
/// always loaded from memory, so a corrupt file is a thrown ``InterpreterError``, not a crash.
/// Tensors are addressed in the model's main-subgraph order (the order TensorFlow Lite and
/// Python's `get_input_details()` use); models with several signatures are also reachable by
/// name through ``signatureRunner(with:)``.
///
/// Outputs whose shape depends on the data (`tf.boolean_mask`, `tf.where`, …) are read through
/// TensorBridge's capture operators, since LiteRT's compiled model cannot return them (see
/// ``Options/isOutputCaptureEnabled``): after ``invoke()`` they have the run's actual shape,
/// zero elements included.
///
/// Fused LSTM and RNN operators whose state TensorFlow Lite keeps in variable tensors (which
/// LiteRT's compiled model refuses) are lowered to builtin operators at load, their state kept
/// across runs as in Python (see ``resetVariables()``).
///
/// A model LiteRT cannot prepare at the sizes its file stores for dynamic inputs (a `-1` is
/// stored as 1, and some kernels cannot take that) loads as in Python and compiles once
/// ``resizeInput(at:to:)`` has given the sizes; until then reading tensors or running throws
/// ``InterpreterError/inputSizesRequired(dynamicInputs:reason:)``.
///
/// An `Interpreter` is not thread-safe (neither is LiteRT's compiled model): use it from one
/// task or thread at a time.
public final class Interpreter {
  /// The options the interpreter was created with.
  public let options: Options
  /// The structure of the model as TensorBridge's verifier read it: operators, tensors,
  /// signatures and metadata entries.
  public let model: TFLiteModel
  private var runtime: Runtime

  /// The compiled model and its main signature's buffers, or the model waiting for input sizes.
  private enum Runtime {
    case compiled(LiteRTSession, SignatureState)
    case awaitingInputSizes(PendingPreparation)
  }

  /// Loads the model file at `modelPath` (read into memory, verified, then handed to LiteRT).
  ///
  /// - Throws: ``InterpreterError/modelFileUnreadable(path:reason:)``, or as ``init(model:options:)``.
  public convenience init(modelPath: String, options: Options = Options()) throws(InterpreterError) {
    try self.init(model: try TFLiteModel(modelPath: modelPath), options: options)
  }

  /// Loads the model file at `url` (read into memory, verified, then handed to LiteRT); the
  /// `URL` form of ``init(modelPath:options:)``.
  ///
  /// - Throws: ``InterpreterError/modelFileUnreadable(path:reason:)``, or as ``init(model:options:)``.
  public convenience init(contentsOf url: URL, options: Options = Options()) throws(InterpreterError) {
    try self.init(modelPath: url.path, options: options)
  }

  /// Loads a model from its bytes (verified, then handed to LiteRT).
  ///
  /// - Throws: ``InterpreterError/invalidModel(_:)``, or as ``init(model:options:)``.
  public convenience init(modelData: Data, options: Options = Options()) throws(InterpreterError) {
    let model: TFLiteModel
    do { model = try TFLiteModel(data: modelData) } catch { throw .invalidModel(error) }
    try self.init(model: model, options: options)
  }

  /// Compiles a model that TensorBridge's verifier has already read, without reading or
  /// verifying it again: read a model once, inspect or describe it, then run it.
  ///
  /// ```swift
  /// let model = try TFLiteModel(modelPath: "linear.tflite")
  /// print(model.operatorNames)
  /// let interpreter = try Interpreter(model: model, options: .init(threadCount: 2))
  /// ```
  ///
  /// - Parameters:
  ///   - model: The verified model; its bytes are what LiteRT loads (after TensorBridge's own
  ///     rewrites: output capture, lowering of fused recurrent operators).
  ///   - options: How to run it.
  /// - Throws: ``InterpreterError`` when the runtime cannot be loaded, refuses or cannot
  ///   compile the model.
  public init(model: TFLiteModel, options: Options = Options()) throws(InterpreterError) {
    self.options = options
    self.model = model
    do {
      runtime = try Self.compile(model, options: options)
    } catch {
      guard PendingPreparation.applies(to: error, model: model) else { throw error }
      runtime = .awaitingInputSizes(PendingPreparation(failure: error))
    }
  }

  /// Compiles `model`; `sizedByCaller` when its stored sizes are ones a caller gave (see
  /// ``PendingPreparation``), whose first run is then checked as after a resize.
  private static func compile(_ model: TFLiteModel, options: Options, sizedByCaller: Bool = false)
    throws(InterpreterError) -> Runtime
  {
    let session = try LiteRTSession(format: model, options: options)
    let state = try SignatureState(
      session: session, signatureIndex: session.mainSignatureIndex, waitingForSizes: false,
      trustingStoredSizes: !sizedByCaller)
    return .compiled(session, state)
  }

  /// The compiled session. A model waiting for input sizes is compiled at the sizes given so
  /// far (the error says which inputs need one when none was given).
  var session: LiteRTSession {
    get throws(InterpreterError) { try compiled().session }
  }

  private var state: SignatureState {
    get throws(InterpreterError) { try compiled().state }
  }

  private func compiled() throws(InterpreterError) -> (session: LiteRTSession, state: SignatureState) {
    switch runtime {
    case .compiled(let session, let state): return (session, state)
    case .awaitingInputSizes(let pending):
      // Until a size was given, LiteRT would fail as it did at load; the error says what to do.
      guard !pending.sizes.isEmpty else { throw pending.sizesRequired(by: model) }
      if pending.failedSizes == pending.sizes { throw pending.failure }
      let sized: TFLiteModel
      do { sized = try model.settingInputShapes(pending.sizes, allowingFixedChanges: true) } catch {
        throw .invalidModel(error)
      }
      do { runtime = try Self.compile(sized, options: options, sizedByCaller: true) } catch {
        runtime = .awaitingInputSizes(
          PendingPreparation(failure: error, sizes: pending.sizes, failedSizes: pending.sizes))
        throw error
      }
      return try compiled()
    }
  }

  /// While LiteRT cannot prepare the model at the sizes its file stores for its dynamic inputs
  /// and ``resizeInput(at:to:)`` has not given sizes it can: the dynamic inputs still without a
  /// size (``InterpreterError/inputSizesRequired(dynamicInputs:reason:)``), or LiteRT's failure
  /// at the sizes given. `nil` once the model is compiled, which for most models is from the start.
  public var inputSizesRequired: InterpreterError? {
    guard case .awaitingInputSizes(let pending) = runtime else { return nil }
    return pending.sizesRequired(by: model)
  }

  /// The compiled session and main-signature buffers, or `nil` while the model waits for input sizes.
  var compiledNow: (session: LiteRTSession, state: SignatureState)? {
    if case .compiled(let session, let state) = runtime { return (session, state) }
    return nil
  }

  // MARK: Model description

  /// The number of input tensors.
  public var inputTensorCount: Int { compiledNow?.state.inputs.count ?? DeclaredInterface(model: model).inputCount }
  /// The number of output tensors.
  public var outputTensorCount: Int {
    compiledNow?.state.outputs.count ?? DeclaredInterface(model: model).outputCount
  }

  /// Where the LiteRT runtime library was loaded from.
  public var runtimeLibraryPath: String {
    compiledNow?.session.library.path ?? (try? LiteRTLibrary.load(explicitPath: options.runtimeLibraryPath))?.path
      ?? ""
  }

  /// Dynamic input dimensions of fused recurrent operators that their state or weights fix,
  /// as TensorFlow Lite's kernels fix them: the interpreter runs them at the file's size and
  /// refuses a resize to another (see TFLiteFormat's `RecurrentFixedDimension`). Empty for most models.
  /// (Empty while the model waits for input sizes.)
  public var recurrentFixedDimensions: [RecurrentFixedDimension] {
    compiledNow?.session.recurrentFixedDimensions ?? []
  }

  /// The axes of model inputs that fused recurrent operators (lowered at load) read as their
  /// sequence length, and whether the compiled model takes another length there without being
  /// lowered again (see ``resizeInput(at:to:)`` and TFLiteFormat's `RecurrentStepAxis`). Empty
  /// for most models, and while the model waits for input sizes.
  public var recurrentStepAxes: [RecurrentStepAxis] {
    compiledNow?.session.recurrentStepAxes ?? []
  }

  /// The keys of the model's signatures. A model without signature definitions reports one,
  /// `"<placeholder signature>"`, as LiteRT does.
  public var signatureKeys: [String] {
    compiledNow?.session.signatures.map(\.key) ?? DeclaredInterface(model: model).signatureKeys
  }

  /// Raw model metadata stored under `key` (e.g. `"TFLITE_METADATA"`,
  /// `"min_runtime_version"`), or `nil` when the model has none under that key.
  public func metadata(forKey key: String) -> Data? {
    compiledNow?.session.metadata(forKey: key) ?? model.metadata(named: key)
  }

  // MARK: Tensors

  /// The input tensor at `index`, with a copy of its current bytes.
  public func input(at index: Int) throws(InterpreterError) -> Tensor {
    try state.tensor(.input, at: try inputPosition(index))
  }

  /// The output tensor at `index`, with a copy of its bytes (valid after ``invoke()``).
  ///
  /// Before the first run, an output whose shape depends on the data has the shape TensorFlow
  /// Lite prepared it with when the input shapes determine it (zeros), otherwise its declared
  /// shape with `-1` read as 0 and no bytes.
  public func output(at index: Int) throws(InterpreterError) -> Tensor {
    try state.tensor(.output, at: try outputPosition(index))
  }

  /// Copies raw bytes into the input at `index`. The byte count must match the tensor exactly;
  /// the bytes are taken as the tensor's element type (use the typed overload to check types).
  @discardableResult
  public func copy(_ data: Data, toInputAt index: Int) throws(InterpreterError) -> Tensor {
    let position = try inputPosition(index)
    try state.copy(data, toInputAt: position)
    return try state.tensor(.input, at: position)
  }

  /// Copies typed values into the input at `index`, checking element type and count.
  public func copy<T: TensorElement>(_ values: [T], toInputAt index: Int) throws(InterpreterError) {
    try state.copyValues(values, toInputAt: try inputPosition(index))
  }

  /// Copies strings into the string input at `index`, one per element (UTF-8 encoded).
  ///
  /// - Throws: ``InterpreterError/typeMismatch(tensor:expected:actual:)`` for a non-string
  ///   input, ``InterpreterError/elementCountMismatch(tensor:expected:actual:)`` when the count
  ///   differs from the input's element count (resize a dynamic input first).
  public func copy(_ strings: [String], toInputAt index: Int) throws(InterpreterError) {
    try copy(strings.map { Data($0.utf8) }, toInputAt: index)
  }

  /// Copies byte strings into the string input at `index`, one per element.
  ///
  /// - Throws: as ``copy(_:toInputAt:)-([String],_)``.
  public func copy(_ strings: [Data], toInputAt index: Int) throws(InterpreterError) {
    try state.copyByteStrings(strings, toInputAt: try inputPosition(index))
  }

  /// Zero-copy write: calls `body` with the input tensor's own memory (packed, row-major).
  public func withUnsafeMutableInputBytes<R>(
    at index: Int, _ body: (UnsafeMutableRawBufferPointer) throws -> R
  ) throws -> R {
    try state.withBytes(.input, at: try inputPosition(index), mode: 1, body)
  }

  /// Zero-copy read: calls `body` with the output tensor's own memory (valid only inside `body`).
  public func withUnsafeOutputBytes<R>(
    at index: Int, _ body: (UnsafeRawBufferPointer) throws -> R
  ) throws -> R {
    try state.withBytes(.output, at: try outputPosition(index), mode: 0) { try body(UnsafeRawBufferPointer($0)) }
  }

  /// Runs the model on the current inputs.
  public func invoke() throws(InterpreterError) { try state.invoke() }

  /// Sets the state that fused recurrent operators keep between runs back to zeros, as
  /// Python's `Interpreter.reset_all_variables()` does.
  ///
  /// A fused `UNIDIRECTIONAL_SEQUENCE_LSTM` or `UNIDIRECTIONAL_SEQUENCE_RNN` (what the TFLite
  /// converter makes of a tf_keras LSTM), their bidirectional forms and `SVDF` carry their
  /// state from one run to the next, in the interpreter and in its signature runners alike,
  /// starting from zeros; TensorBridge keeps it in resource variables (see
  /// `RecurrentStateLowering`). Resource variables the model declares itself (`tf.Variable`,
  /// Keras 3 stateful layers) are not touched, as in Python. Does nothing for a model without
  /// such state.
  ///
  /// - Throws: ``InterpreterError/variableResetUnavailable`` in the rare case the lowering could
  ///   not add its reset signature; ``InterpreterError/invocationFailed(status:)`` if running it
  ///   fails.
  public func resetVariables() throws(InterpreterError) {
    // A model still waiting for input sizes has not run: its state is zeros.
    try compiledNow?.session.resetRecurrentState()
  }

  /// Changes the shape of an input, as Python's `resize_tensor_input` does; buffers for the
  /// input and the outputs are re-created at once. Dimensions the model declares as `-1` change
  /// through LiteRT's strict resize; a fixed one or the rank through its non-strict one, and
  /// whether the operators take it shows at the next run, as after Python's `allocate_tensors()`.
  ///
  /// The sequence length of fused LSTM and RNN operators (lowered at load, see
  /// ``resetVariables()``) may change too, as in Python: when the file fixes it, the model is
  /// lowered and compiled again once, looping over the steps instead of unrolling them.
  /// Signature runners made before keep the model as it was (and their own state from then on).
  ///
  /// A change of shape also resets fused recurrent state to zeros (see ``resetVariables()``),
  /// as Python's `resize_tensor_input` followed by `allocate_tensors()` does.
  ///
  /// For a model waiting for input sizes (see ``inputSizesRequired``) the size is checked
  /// against the file's declaration (its rank) and kept, and the model is compiled at the sizes
  /// given so far when LiteRT can prepare it at those; when it cannot yet (another input still
  /// needs a size), the next read, write or run says why.
  public func resizeInput(at index: Int, to shape: Tensor.Shape) throws(InterpreterError) {
    guard case .awaitingInputSizes(var pending) = runtime else {
      let kept = try state.resizingInput(at: try inputPosition(index), to: shape, waitingForSizes: false)
      runtime = .compiled(kept.session, kept)
      return
    }
    let interface = DeclaredInterface(model: model)
    guard (0..<interface.inputCount).contains(index) else {
      throw .invalidTensorIndex(role: .input, index: index, count: interface.inputCount)
    }
    pending.sizes[index] = shape.dimensions
    let sized: TFLiteModel
    do { sized = try model.settingInputShapes(pending.sizes, allowingFixedChanges: true) } catch {
      guard case .invalidInputShape(_, _, let reason) = error else { throw .invalidModel(error) }
      throw .invalidShape(
        tensor: interface.tensorName(at: index, role: .input), shape: shape.dimensions, reason: reason)
    }
    runtime = .awaitingInputSizes(pending)
    // Compiled now when LiteRT can prepare these sizes; when it cannot yet (another input still
    // needs its size), the next read, write or run compiles again and says why.
    do { runtime = try Self.compile(sized, options: options, sizedByCaller: true) } catch {
      pending.failure = error
      pending.failedSizes = pending.sizes
      runtime = .awaitingInputSizes(pending)
    }
  }

  /// Re-creates every tensor buffer from the model's current shapes. Input contents are lost.
  /// (Resizing already does this; the method exists so TensorFlowLiteSwift code ports as-is.)
  /// For a model waiting for input sizes, compiles it at the sizes given.
  public func allocateTensors() throws(InterpreterError) { try state.allocate() }

  /// A runner for the signature `key`, addressing inputs and outputs by name.
  ///
  /// A signature LiteRT cannot prepare at the stored sizes of its dynamic inputs still gets a
  /// runner, as in Python: it runs once those inputs are resized (see
  /// ``SignatureRunner/inputSizesRequired``). A runner made while the interpreter itself waits
  /// for sizes (see ``inputSizesRequired``) has its own compiled model: it does not share
  /// resource variables with the interpreter's.
  public func signatureRunner(with key: String) throws(InterpreterError) -> SignatureRunner {
    let session: LiteRTSession
    do { session = try self.session } catch {
      // While the interpreter waits for input sizes, a runner prepares at the sizes of its own
      // inputs, as Python's does: it gets the model compiled at its stored sizes, which LiteRT
      // can do when only preparing the operators fails.
      guard case .awaitingInputSizes = runtime, let own = try? LiteRTSession(format: model, options: options) else {
        throw error
      }
      session = own
    }
    guard let index = session.signatures.firstIndex(where: { $0.key == key }) else {
      throw .unknownSignature(key: key, available: signatureKeys)
    }
    return SignatureRunner(state: try SignatureState(session: session, signatureIndex: index, waitingForSizes: true))
  }

  // MARK: Helpers

  private func inputPosition(_ index: Int) throws(InterpreterError) -> Int {
    let session = try session
    guard session.mainInputOrder.indices.contains(index) else {
      throw .invalidTensorIndex(role: .input, index: index, count: inputTensorCount)
    }
    return session.mainInputOrder[index]
  }

  private func outputPosition(_ index: Int) throws(InterpreterError) -> Int {
    let session = try session
    guard session.mainOutputOrder.indices.contains(index) else {
      throw .invalidTensorIndex(role: .output, index: index, count: outputTensorCount)
    }
    return session.mainOutputOrder[index]
  }

  static func checkValues<T: TensorElement>(_ values: [T], for slot: TensorSlot) throws(InterpreterError) {
    guard T.dataType == slot.dataType else {
      throw .typeMismatch(tensor: slot.name, expected: slot.dataType, actual: T.dataType)
    }
    let expected = slot.shape.elementCount ?? 0
    guard values.count == expected else {
      throw .elementCountMismatch(tensor: slot.name, expected: expected, actual: values.count)
    }
  }
}
