import Foundation

/// Runs one signature of a model, addressing its inputs and outputs by the names the
/// signature gives them (like TensorFlowLiteSwift's and Python's signature runners).
///
/// Not thread-safe; create one runner per signature you use, from one task or thread.
public final class SignatureRunner {
  private var state: SignatureState

  init(state: SignatureState) { self.state = state }

  /// The signature's key, e.g. `serving_default`.
  public var signatureKey: String { state.key }
  /// Input names, in the signature's order.
  public var inputs: [String] { state.inputs.map(\.signatureName) }
  /// Output names, in the signature's order.
  public var outputs: [String] { state.outputs.map(\.signatureName) }

  /// While LiteRT cannot prepare this signature at the sizes the file stores for its dynamic
  /// inputs (a spectrogram's convolution over a one-sample signal):
  /// ``InterpreterError/inputSizesRequired(dynamicInputs:reason:)`` naming the inputs still
  /// without a size; give them one with ``resizeInput(named:toShape:)`` before running, as
  /// Python's signature runner prepares at the sizes of the values it is given. Nil otherwise.
  public var inputSizesRequired: InterpreterError? { state.inputSizesRequired }

  /// The input named `name`.
  public func input(named name: String) throws(InterpreterError) -> Tensor {
    try state.tensor(.input, at: try position(of: name, in: .input))
  }

  /// The output named `name` (valid after ``invoke()``).
  public func output(named name: String) throws(InterpreterError) -> Tensor {
    try state.tensor(.output, at: try position(of: name, in: .output))
  }

  /// Copies raw bytes into an input; the byte count must match.
  public func copy(_ data: Data, toInputNamed name: String) throws(InterpreterError) {
    try state.copy(data, toInputAt: try position(of: name, in: .input))
  }

  /// Copies typed values into an input, checking element type and count.
  public func copy<T: TensorElement>(_ values: [T], toInputNamed name: String) throws(InterpreterError) {
    try state.copyValues(values, toInputAt: try position(of: name, in: .input))
  }

  /// Copies strings (UTF-8 encoded) into a string input, one per element.
  public func copy(_ strings: [String], toInputNamed name: String) throws(InterpreterError) {
    try copy(strings.map { Data($0.utf8) }, toInputNamed: name)
  }

  /// Copies byte strings into a string input, one per element.
  public func copy(_ strings: [Data], toInputNamed name: String) throws(InterpreterError) {
    try state.copyByteStrings(strings, toInputAt: try position(of: name, in: .input))
  }

  /// Zero-copy write into an input's memory.
  public func withUnsafeMutableInputBytes<R>(
    named name: String, _ body: (UnsafeMutableRawBufferPointer) throws -> R
  ) throws -> R {
    try state.withBytes(.input, at: try position(of: name, in: .input), mode: 1, body)
  }

  /// Zero-copy read of an output's memory.
  public func withUnsafeOutputBytes<R>(
    named name: String, _ body: (UnsafeRawBufferPointer) throws -> R
  ) throws -> R {
    try state.withBytes(.output, at: try position(of: name, in: .output), mode: 0) {
      try body(UnsafeRawBufferPointer($0))
    }
  }

  /// Changes the shape of an input, as ``Interpreter/resizeInput(at:to:)`` does (a fixed
  /// sequence length of fused recurrent operators included: this runner then gets the model
  /// compiled again, no longer sharing recurrent state with its interpreter). A change of shape
  /// also resets fused recurrent state to zeros, as in Python.
  public func resizeInput(named name: String, toShape shape: Tensor.Shape) throws(InterpreterError) {
    state = try state.resizingInput(
      at: try position(of: name, in: .input), to: shape, waitingForSizes: true)
  }

  /// Re-creates the buffers from the current shapes.
  public func allocateTensors() throws(InterpreterError) { try state.allocate() }

  /// Runs the signature on the current inputs.
  public func invoke() throws(InterpreterError) { try state.invoke() }

  /// Copies each named input, then runs the signature.
  public func invoke(with inputs: [String: Data]) throws(InterpreterError) {
    for (name, data) in inputs.sorted(by: { $0.key < $1.key }) { try copy(data, toInputNamed: name) }
    try invoke()
  }

  private func position(of name: String, in role: TensorRole) throws(InterpreterError) -> Int {
    let slots = role == .input ? state.inputs : state.outputs
    if let index = slots.firstIndex(where: { $0.signatureName == name }) { return index }
    if let index = slots.firstIndex(where: { $0.name == name }) { return index }
    throw .unknownTensorName(role: role, name: name, available: slots.map(\.signatureName))
  }
}
