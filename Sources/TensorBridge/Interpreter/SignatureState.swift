import Foundation
import LiteRTRuntime
import TFLiteFormat

/// The tensor buffers of one signature of a compiled model, and the operations on them.
/// Not thread-safe: like LiteRT's compiled model, it has one owner at a time.
final class SignatureState {
  let session: LiteRTSession
  let signatureIndex: Int
  var inputs: [TensorSlot]
  var outputs: [TensorSlot]
  /// The buffer handles `LiteRtRunCompiledModel` takes, kept in memory allocated once so that
  /// `invoke()` passes them without exclusivity checks or copies (see BENCHMARKS.md).
  let inputBuffers: UnsafeMutableBufferPointer<LiteRtTensorBuffer?>
  let outputBuffers: UnsafeMutableBufferPointer<LiteRtTensorBuffer?>
  /// The signature's input and output counts in LiteRT (fixed for the life of the compiled model).
  let inputCount: Int
  let outputCount: Int
  /// Bytes reserved for each string output (grows when a stateless model outgrows it).
  var stringOutputCapacity: Int
  let hasStringOutputs: Bool
  static let maxStringOutputCapacity = 256 << 20
  /// For each LiteRT output, the position of its slot in `outputs` (which also holds captured
  /// outputs, in the original model's order).
  let liteRTOutputSlots: [Int]
  /// Output buffers wait for the next run after an input is resized: LiteRT computes output
  /// shapes for all inputs at once, and with one input resized and its partner not yet (a
  /// signature taking `x` and `y` of the same batch), XNNPACK refuses to reshape.
  var outputsNeedAllocation = false
  /// The capture store's number for the last run (captured values are tagged with it).
  var capturedRun: UInt64?
  /// LiteRT's failure to prepare this signature at the sizes the file stores for its dynamic
  /// inputs (LiteRT prepares a signature when its buffers are made): outputs wait until every
  /// dynamic input has a size, as Python's signature runner prepares at the sizes of the values
  /// it is given.
  var preparationAtStoredSizes: InterpreterError?
  /// The inputs given a size with `resizeInput(at:to:)`.
  var sizedInputs: Set<Int> = []
  /// Whether the inputs have sizes that may not have been run yet (see `probeSizesIfNeeded`).
  var sizesUnprobed = false
  /// The input sizes known to run (the stored ones, and those probed since).
  var probedShapes: Set<[[Int]]> = []

  var key: String { session.signatures[signatureIndex].key }

  /// Makes the signature's buffers. With `waitingForSizes`, a signature LiteRT cannot prepare
  /// at the stored sizes of its dynamic inputs is kept waiting for them (see
  /// ``preparationAtStoredSizes``) instead of failing; without it (the interpreter's own main
  /// signature, which waits as a whole model: see `PendingPreparation`) that failure is thrown.
  /// Without `trustingStoredSizes` (a model compiled at sizes a caller gave), or when the file
  /// leaves a dimension of an input dynamic, the first run is probed as after a resize (see
  /// `probeSizesIfNeeded`).
  init(session: LiteRTSession, signatureIndex: Int, waitingForSizes: Bool, trustingStoredSizes: Bool = true)
    throws(InterpreterError)
  {
    self.session = session
    self.signatureIndex = signatureIndex
    let info = session.signatures[signatureIndex]
    // The subgraph the signature runs (the main one for LiteRT's placeholder signature), whose
    // tensors say what LiteRT's view drops: whether a rank is known at all.
    let subgraph = session.format.signatures.first { $0.key == info.key }?.subgraphIndex ?? 0
    let formatTensors =
      session.format.subgraphs.indices.contains(subgraph) ? session.format.subgraphs[subgraph].tensors : []
    func describe(_ tensor: LiteRtTensor, _ name: String, _ role: TensorRole) throws(InterpreterError) -> TensorSlot {
      var index: UInt32 = .max
      _ = session.library.getTensorIndex(tensor, &index)
      let declared = formatTensors.indices.contains(Int(index)) ? formatTensors[Int(index)] : nil
      return try Self.describe(tensor, signatureName: name, role: role, declared: declared, library: session.library)
    }
    var inputs: [TensorSlot] = []
    var outputs: [TensorSlot] = []
    for (tensor, name) in zip(info.inputTensors, info.inputNames) {
      inputs.append(try describe(tensor, name, .input))
    }
    for (tensor, name) in zip(info.outputTensors, info.outputNames) {
      outputs.append(try describe(tensor, name, .output))
    }
    var liteRTOutputSlots = Array(outputs.indices)
    if let capture = session.outputCapture,
      let merged = try capture.outputs(
        ofSignature: info.key, liteRT: outputs,
        liteRTTensorIndices: Self.tensorIndices(info.outputTensors, library: session.library))
    {
      (outputs, liteRTOutputSlots) = merged
    }
    self.inputs = inputs
    self.outputs = outputs
    self.inputCount = inputs.count
    self.outputCount = liteRTOutputSlots.count
    self.liteRTOutputSlots = liteRTOutputSlots
    self.stringOutputCapacity = max(session.options.stringOutputByteCapacity, 64)
    self.hasStringOutputs = outputs.contains { $0.dataType == .string }
    self.inputBuffers = .allocate(capacity: max(inputs.count, 1))
    self.inputBuffers.initialize(repeating: nil)
    self.outputBuffers = .allocate(capacity: max(liteRTOutputSlots.count, 1))
    self.outputBuffers.initialize(repeating: nil)
    do { try allocate() } catch {
      guard waitingForSizes, PendingPreparation.isPreparationFailure(error), !unsizedDynamicInputs.isEmpty else {
        throw error
      }
      preparationAtStoredSizes = error
      outputsNeedAllocation = true
    }
    // Sizes the file stores for a dynamic dimension are placeholders (`[1, 1]` for a `[1, -1]`
    // signal), not sizes the model was made to run at: a short audio front end can leave an
    // empty intermediate there, so they are probed like any others.
    let storesPlaceholders = inputs.contains { $0.isUnranked || $0.declaredShape.dimensions.contains { $0 < 0 } }
    if trustingStoredSizes && !storesPlaceholders {
      probedShapes.insert(inputs.map(\.shape.dimensions))
    } else {
      sizesUnprobed = true
    }
  }

  /// The dynamic inputs not given a size yet, each as `'name' [declared shape]`.
  var unsizedDynamicInputs: [String] {
    inputs.indices.compactMap { index in
      let slot = inputs[index]
      guard !sizedInputs.contains(index), slot.isUnranked || slot.declaredShape.dimensions.contains(where: { $0 < 0 })
      else { return nil }
      return "'\(slot.name)' \(slot.declaredShape)"
    }
  }

  /// While the signature waits for sizes (see ``preparationAtStoredSizes``) and a dynamic input
  /// has none yet: the error naming those inputs and LiteRT's reason.
  var inputSizesRequired: InterpreterError? {
    guard let failure = preparationAtStoredSizes, case let unsized = unsizedDynamicInputs, !unsized.isEmpty else {
      return nil
    }
    return .inputSizesRequired(dynamicInputs: unsized, reason: failure.description)
  }

  deinit {
    releaseBuffers()
    inputBuffers.deallocate()
    outputBuffers.deallocate()
  }
}
