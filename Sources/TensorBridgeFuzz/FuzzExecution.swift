import Foundation
import TFLiteFormat
import TensorBridge

/// Runs one (possibly corrupt) model through the path users hit and names what happened.
///
/// The path: `Interpreter(modelData:)` (verifier, LiteRT load, compile; for a model LiteRT cannot
/// prepare at its stored sizes, `resizeInput` on every dynamic input) → every input filled with
/// deterministic bytes through `withUnsafeMutableInputBytes` → `invoke()` → every
/// `output(at:)` read; in every other case, for a model whose lowered recurrent operators read
/// a sequence from an input, the same again at a longer sequence (lowered again as a loop). A
/// thrown error is the expected, safe result for a corrupt model; a crash or hang is the
/// finding, and is detected by the parent process, not here.
public enum FuzzExecution {
  /// Runs one case in this process. A crash or hang here ends or stalls the process: run it in
  /// a worker (``FuzzWorker``) watched by a ``FuzzSupervisor``.
  ///
  /// - Parameters:
  ///   - bytes: the model file's bytes, possibly corrupt.
  ///   - caseIndex: the case number, which varies the input values.
  ///   - rawInputs: whether the inputs get a raw byte ramp instead of small valid values.
  ///   - options: the interpreter options (threads, XNNPACK, output capture, runtime path).
  /// - Returns: `"pass"`, or the kind of error that was thrown (see ``kind(of:)``). Contains no
  ///   spaces.
  public static func run(_ bytes: [UInt8], caseIndex: Int, rawInputs: Bool, options: Interpreter.Options) -> String {
    do {
      // The interpreter is created and destroyed inside this call, so its teardown is part of
      // the case (a crash while destroying it is attributed to this case).
      let interpreter = try Interpreter(modelData: Data(bytes), options: options)
      if interpreter.inputSizesRequired != nil { try size(interpreter, caseIndex: caseIndex) }
      try runOnce(interpreter, caseIndex: caseIndex, rawInputs: rawInputs)
      if caseIndex % 2 == 1, try lengthenSequence(interpreter, caseIndex: caseIndex) {
        try runOnce(interpreter, caseIndex: caseIndex, rawInputs: rawInputs)
      }
      return "pass"
    } catch {
      return kind(of: error)
    }
  }

  /// Fills every input, runs, reads every output.
  private static func runOnce(_ interpreter: Interpreter, caseIndex: Int, rawInputs: Bool) throws {
    for input in 0..<interpreter.inputTensorCount {
      let type = try interpreter.input(at: input).dataType
      try interpreter.withUnsafeMutableInputBytes(at: input) { buffer in
        fill(buffer, type: type, caseIndex: caseIndex, raw: rawInputs)
      }
    }
    try interpreter.invoke()
    for output in 0..<interpreter.outputTensorCount {
      _ = try interpreter.output(at: output)
    }
  }

  /// Resizes the first model input a lowered recurrent operator reads as a sequence to 1 to 4
  /// more steps (varied by the case), as a user running another length would; false when the
  /// model has no such input.
  static func lengthenSequence(_ interpreter: Interpreter, caseIndex: Int) throws(InterpreterError) -> Bool {
    guard let main = interpreter.model.subgraphs.first,
      let (position, axis) = interpreter.recurrentStepAxes.lazy.compactMap({ step -> (Int, Int)? in
        guard step.subgraphIndex == 0, let position = main.inputs.firstIndex(of: step.tensorIndex) else { return nil }
        return (position, step.axis)
      }).first
    else { return false }
    var shape = try interpreter.input(at: position).shape.dimensions
    guard shape.indices.contains(axis) else { return false }
    shape[axis] += 1 + caseIndex / 2 % 4
    try interpreter.resizeInput(at: position, to: Tensor.Shape(shape))
    return true
  }

  /// Sizes the dynamic inputs of a model LiteRT cannot prepare at its stored sizes, as a user
  /// would before running it: every `-1` becomes a size from 8 to 16, varied by the case, but
  /// in every other case the last one a signal's length (1280 to 1760, what an audio front end
  /// such as openWakeWord's needs to hold one frame).
  static func size(_ interpreter: Interpreter, caseIndex: Int) throws(InterpreterError) {
    guard let main = interpreter.model.subgraphs.first else { return }
    let small = 8 + caseIndex % 9
    let long = caseIndex / 3 % 2 == 1 ? 1280 + 160 * (caseIndex / 6 % 4) : nil
    for (position, tensorIndex) in main.inputs.enumerated() where main.tensors.indices.contains(tensorIndex) {
      guard let signature = main.tensors[tensorIndex].shapeSignature,
        let last = signature.lastIndex(where: { $0 < 0 })
      else { continue }
      let shape = signature.indices.map { axis in
        signature[axis] >= 0 ? signature[axis] : axis == last ? long ?? small : small
      }
      try interpreter.resizeInput(at: position, to: Tensor.Shape(shape))
    }
  }

  /// Writes deterministic input values: small valid values of the tensor's type (0, 1, 2 as
  /// integers; 0, 0.5, 1 as floats), so that index inputs such as token ids stay in range and
  /// the kernels run, or with `raw` (and for types without whole-byte elements) a byte ramp.
  /// Both patterns are periodic, so one period is written and then copied forward in doubling
  /// blocks (fast even for the huge inputs a mutated shape can produce).
  static func fill(_ buffer: UnsafeMutableRawBufferPointer, type: Tensor.DataType, caseIndex: Int, raw: Bool) {
    let width = max((type.bitWidth ?? 8) / 8, 1)
    let raw = raw || type.bitWidth.map { $0 < 8 } ?? true
    let period = raw ? 61 : width * 3
    for i in 0..<min(period, buffer.count) {
      buffer[i] =
        raw
        ? UInt8(truncatingIfNeeded: (i &* 7 &+ caseIndex) % 61)
        : smallValueByte(i, width: width, type: type, caseIndex: caseIndex)
    }
    guard let base = buffer.baseAddress else { return }
    var filled = min(period, buffer.count)
    while filled < buffer.count {
      let chunk = min(filled, buffer.count - filled)
      (base + filled).copyMemory(from: base, byteCount: chunk)
      filled += chunk
    }
  }

  /// Byte `i` of a buffer of elements `(element + caseIndex) % 3` in `type`'s encoding.
  private static func smallValueByte(_ i: Int, width: Int, type: Tensor.DataType, caseIndex: Int) -> UInt8 {
    let small = (i / width &+ caseIndex) % 3
    let bits: UInt64
    switch type {
    case .float32: bits = UInt64((Float(small) * 0.5).bitPattern)
    case .float64: bits = (Double(small) * 0.5).bitPattern
    case .float16: bits = [0x0000, 0x3800, 0x3C00][small]
    case .bFloat16: bits = [0x0000, 0x3F00, 0x3F80][small]
    case .bool: bits = UInt64(small % 2)
    default: bits = UInt64(small)
    }
    return UInt8(truncatingIfNeeded: bits >> UInt64(8 * min(i % width, 7)))
  }

  /// The name of an error's case: an ``InterpreterError`` case name such as `modelLoadFailed`,
  /// with the ``TFLiteFormatError`` case appended for `invalidModel`
  /// (`invalidModel.indexOutOfRange`). Other errors are named by their type.
  /// - Returns: The kind, without spaces.
  public static func kind(of error: any Error) -> String {
    if let error = error as? InterpreterError {
      if case .invalidModel(let formatError) = error { return "invalidModel." + caseName(of: formatError) }
      return caseName(of: error)
    }
    if let error = error as? TFLiteFormatError { return "invalidModel." + caseName(of: error) }
    return String(describing: type(of: error))
  }

  /// An enum value's case name, read through reflection so that cases added to the error enums
  /// later are still named. A case without a payload has no reflected label; the one such case
  /// the error enums have is matched directly.
  private static func caseName(of value: any Error) -> String {
    if let label = Mirror(reflecting: value).children.first?.label { return label }
    if let formatError = value as? TFLiteFormatError, formatError == .noSubgraphs { return "noSubgraphs" }
    return "unnamedCase"
  }
}
