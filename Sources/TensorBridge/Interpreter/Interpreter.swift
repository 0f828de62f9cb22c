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
/// An `Interpreter` is not thread-safe (neither is LiteRT's compiled model): use it from one
/// task or thread at a time.
public final class Interpreter {
  /// The options the interpreter was created with.
  public let options: Options
  let session: LiteRTSession
  private let state: SignatureState

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
    session = try LiteRTSession(format: model, options: options)
    state = try SignatureState(session: session, signatureIndex: session.mainSignatureIndex)
  }

  // MARK: Model description

  /// The number of input tensors.
  public var inputTensorCount: Int { state.inputs.count }
  /// The number of output tensors.
  public var outputTensorCount: Int { state.outputs.count }

  /// The structure of the model as TensorBridge's verifier read it: operators, tensors,
  /// signatures and metadata entries.
  public var model: TFLiteModel { session.format }

  /// Where the LiteRT runtime library was loaded from.
  public var runtimeLibraryPath: String { session.library.path }

  /// Dynamic input dimensions of fused recurrent operators that their state or weights fix,
  /// as TensorFlow Lite's kernels fix them: the interpreter runs them at the file's size and
  /// refuses a resize to another (see TFLiteFormat's `RecurrentFixedDimension`). Empty for most models.
  public var recurrentFixedDimensions: [RecurrentFixedDimension] { session.recurrentFixedDimensions }

  /// The keys of the model's signatures. A model without signature definitions reports one,
  /// `"<placeholder signature>"`, as LiteRT does.
  public var signatureKeys: [String] { session.signatures.map(\.key) }

  /// Raw model metadata stored under `key` (e.g. `"TFLITE_METADATA"`,
  /// `"min_runtime_version"`), or `nil` when the model has none under that key.
  public func metadata(forKey key: String) -> Data? { session.metadata(forKey: key) }

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
  public func resetVariables() throws(InterpreterError) { try session.resetRecurrentState() }

  /// Changes the shape of a dynamic input. Only the dimensions the model declares as `-1`
  /// may change; buffers for the input and the outputs are re-created at once.
  ///
  /// A change of shape also resets fused recurrent state to zeros (see ``resetVariables()``),
  /// as Python's `resize_tensor_input` followed by `allocate_tensors()` does.
  public func resizeInput(at index: Int, to shape: Tensor.Shape) throws(InterpreterError) {
    try state.resizeInput(at: try inputPosition(index), to: shape)
  }

  /// Re-creates every tensor buffer from the model's current shapes. Input contents are lost.
  /// (Resizing already does this; the method exists so TensorFlowLiteSwift code ports as-is.)
  public func allocateTensors() throws(InterpreterError) { try state.allocate() }

  /// A runner for the signature `key`, addressing inputs and outputs by name.
  public func signatureRunner(with key: String) throws(InterpreterError) -> SignatureRunner {
    guard let index = session.signatures.firstIndex(where: { $0.key == key }) else {
      throw .unknownSignature(key: key, available: signatureKeys)
    }
    return SignatureRunner(state: try SignatureState(session: session, signatureIndex: index))
  }

  /// The index of the input whose tensor name, or name in the main signature, is `name`.
  public func inputIndex(named name: String) -> Int? {
    Self.index(named: name, slots: state.inputs, order: session.mainInputOrder)
  }

  /// The index of the output whose tensor name, or name in the main signature, is `name`.
  public func outputIndex(named name: String) -> Int? {
    Self.index(named: name, slots: state.outputs, order: session.mainOutputOrder)
  }

  /// The main signature's name for the input at `index` (e.g. `x`), or `nil` for a bad index.
  public func inputSignatureName(at index: Int) -> String? {
    session.mainInputOrder.indices.contains(index) ? state.inputs[session.mainInputOrder[index]].signatureName : nil
  }

  /// The main signature's name for the output at `index`, or `nil` for a bad index.
  public func outputSignatureName(at index: Int) -> String? {
    session.mainOutputOrder.indices.contains(index) ? state.outputs[session.mainOutputOrder[index]].signatureName : nil
  }

  // MARK: Helpers

  private static func index(named name: String, slots: [TensorSlot], order: [Int]) -> Int? {
    order.firstIndex { slots[$0].name == name } ?? order.firstIndex { slots[$0].signatureName == name }
  }

  private func inputPosition(_ index: Int) throws(InterpreterError) -> Int {
    guard session.mainInputOrder.indices.contains(index) else {
      throw .invalidTensorIndex(role: .input, index: index, count: inputTensorCount)
    }
    return session.mainInputOrder[index]
  }

  private func outputPosition(_ index: Int) throws(InterpreterError) -> Int {
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
