import Foundation
import LiteRTRuntime
import TFLiteFormat

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The LiteRT objects behind one loaded model: model, options and compiled model (over the
/// process's shared environment, see ``SharedEnvironment``), plus the aligned copy of the model
/// bytes LiteRT reads from. Destroys them in reverse order.
final class LiteRTSession {
  let library: LiteRTLibrary
  let environment: LiteRtEnvironment
  let model: LiteRtModel
  let compiledModel: LiteRtCompiledModel
  /// The verified structure of the model (ops, tensors, metadata).
  let format: TFLiteModel
  /// Signatures as LiteRT numbers them (a model without signature definitions has one,
  /// named `<placeholder signature>`).
  let signatures: [SignatureInfo]
  /// The signature whose subgraph is the model's main subgraph (what `Interpreter` addresses).
  let mainSignatureIndex: Int
  /// For each main-subgraph input (TensorFlow Lite order), its position in the main signature.
  let mainInputOrder: [Int]
  /// For each main-subgraph output (TensorFlow Lite order), its position in the main signature.
  let mainOutputOrder: [Int]
  let options: Interpreter.Options
  /// Whether the model keeps state across runs (resource variables, or lowered recurrent
  /// state), so that a run must never be repeated behind the caller's back.
  var hasVariables: Bool {
    !loweredRecurrentOperators.isEmpty
      || format.operatorNames.contains { $0 == "ASSIGN_VARIABLE" || $0 == "VAR_HANDLE" }
  }
  /// The fused recurrent operators whose variable-tensor state was lowered to resource variables
  /// (LiteRT then runs the lowered model; `format` stays the original).
  let loweredRecurrentOperators: [RecurrentStateOperator]
  /// Dynamic input dimensions that a lowered operator's state or weights fix at the file's size
  /// (see ``RecurrentFixedDimension``).
  let recurrentFixedDimensions: [RecurrentFixedDimension]
  /// The axes of the lowered operators' sequence inputs that run over the steps (see
  /// ``RecurrentStepAxis``).
  let recurrentStepAxes: [RecurrentStepAxis]
  /// By subgraph, the inputs whose values reach a lowered operator (see
  /// `RecurrentStateLowering.inputsReachingLoweredOperators`).
  let inputsReachingLoweredOperators: [Int: Set<Int>]
  /// Whether the lowering loops over the steps of sequences the file gives a fixed length too
  /// (compiled so for a resize to another length; see ``LoweredResize``).
  let loopsOverFixedSteps: Bool
  /// Whether new input sizes are first run on LiteRT's builtin kernels (see
  /// ``probesNewSizes(format:options:)``).
  let probesNewSizes: Bool
  /// LiteRT's index of the signature that zeroes the lowered state (hidden from `signatures`).
  let resetSignatureIndex: Int?
  /// The capture side of the data-dependent outputs, when the model has any (LiteRT then runs
  /// the rewritten model; `format` stays the original).
  let outputCapture: OutputCapture?
  /// The kernels of TensorBridge's custom operators the lowered model uses (the integer LSTM's,
  /// the integer SVDF's); they must live as long as the compiled model.
  let customKernels: [CustomOperatorKernel]
  private let modelBytes: UnsafeMutableRawBufferPointer
  private let compilationOptions: LiteRtOptions

  struct SignatureInfo {
    let key: String
    let inputNames: [String]
    let outputNames: [String]
    let inputTensors: [LiteRtTensor]
    let outputTensors: [LiteRtTensor]
  }

  /// Compiles `format`, already verified by TensorBridge (LiteRT crashes on some corrupt models);
  /// with `loopingOverFixedSteps`, lowered sequences of the file's fixed length become loops
  /// that take any length (see ``RecurrentStepAxis``).
  init(format: TFLiteModel, options: Interpreter.Options, loopingOverFixedSteps: Bool = false)
    throws(InterpreterError)
  {
    // 1. What the runtime cannot take, and the rewrites that make it take more.
    self.format = format
    self.options = options
    let limitations = RuntimeLimitation.find(in: format)
    guard limitations.isEmpty else { throw .unsupportedByRuntime(limitations) }
    // Fused LSTM/RNN operators with variable-tensor state, which LiteRT refuses, become builtin
    // operators over resource variables (RecurrentStateLowering); LiteRT runs that model.
    let recurrentState: RecurrentStateLowering?
    do {
      recurrentState = try format.loweringRecurrentState(loopingOverFixedSteps: loopingOverFixedSteps)
    } catch { throw .recurrentStateLoweringFailed(error) }

    // 2. Bind the runtime.
    let library: LiteRTLibrary
    do { library = try LiteRTLibrary.load(explicitPath: options.runtimeLibraryPath) } catch {
      throw .runtimeUnavailable(error)
    }
    self.library = library

    // 3. Data-dependent outputs go to the capture operator (see OutputCapture); then an aligned
    // copy of the bytes that lives as long as the model (LiteRT does not copy).
    // Intermediate tensors that no kernel of the (lowered) model reads, which LiteRT's loader
    // refuses, are dropped (TFLiteModel.droppingIgnoredIntermediates).
    let lowered = recurrentState?.model ?? format
    var runtimeFormat: TFLiteModel
    do { runtimeFormat = try lowered.droppingIgnoredIntermediates() ?? lowered } catch { throw .invalidModel(error) }
    // XNNPACK reads a hybrid FULLY_CONNECTED's sparse int8 weights as dense (past their end),
    // and fails on an int8 DENSIFY in front of one: those weights are stored dense for it.
    if options.isXNNPackEnabled {
      do {
        if let dense = try runtimeFormat.densifyingHybridWeights() { runtimeFormat = dense.model }
      } catch { throw .hybridWeightDensificationFailed(error) }
    }
    let outputCapture =
      options.isOutputCaptureEnabled ? OutputCapture.prepare(format: runtimeFormat, library: library) : nil
    let modelData = outputCapture?.rewrite.data ?? runtimeFormat.data
    let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(modelData.count, 1), alignment: 64)
    modelData.withUnsafeBytes { source in
      if let base = source.baseAddress, let destination = bytes.baseAddress {
        destination.copyMemory(from: base, byteCount: source.count)
      }
    }
    var cleanup = Cleanup()
    cleanup.add { bytes.deallocate() }

    // 4. Model, options, compiled model — against the process's shared environment, each undone
    // if a later step fails.
    let compilationOptions: LiteRtOptions
    do { compilationOptions = try Self.makeOptions(library: library, options: options) } catch {
      cleanup.run()
      throw error
    }
    cleanup.add { library.destroyOptions(compilationOptions) }
    if let outputCapture {
      do { try OutputCaptureKernel.register(on: compilationOptions, store: outputCapture.store) } catch {
        cleanup.run()
        throw error
      }
    }
    // A fully quantized LSTM or SVDF was lowered to one of TensorBridge's own operators.
    var customKernels: [CustomOperatorKernel] = []
    for name in (recurrentState?.customOperatorNames ?? []).sorted() {
      guard let definition = CustomOperatorKernel.definitions[name] else { continue }
      let kernel = CustomOperatorKernel(library: library, definition: definition)
      do { try kernel.register(on: compilationOptions) } catch {
        cleanup.run()
        throw error
      }
      customKernels.append(kernel)
    }

    let environment: LiteRtEnvironment
    let model: LiteRtModel
    let compiled: LiteRtCompiledModel
    do throws(InterpreterError) {
      (environment, model, compiled) = try StandardErrorCapture.routingRuntimeLog { () throws(InterpreterError) in
        try SharedEnvironment.pool.withEnvironment(
          library: library, severity: options.logSeverity
        ) { environment throws(InterpreterError) in
          var model: LiteRtModel?
          var status = LiteRTStatus(
            rawValue: library.createModelFromBuffer(environment, bytes.baseAddress, modelData.count, &model))
          guard status.isOK, let model else { throw .modelLoadFailed(status: status) }
          var compiled: LiteRtCompiledModel?
          LoadObserver.record(.compile, detail: options.loadReportDescription)
          status = LiteRTStatus(
            rawValue: library.createCompiledModel(environment, model, compilationOptions, &compiled))
          guard status.isOK, let compiled else {
            library.destroyModel(model)
            let suspects = Self.unsupportedOperatorSuspects(in: format, xnnpack: options.isXNNPackEnabled)
            if !suspects.isEmpty { throw .unsupportedOperators(names: suspects, stage: .compile, status: status) }
            throw .compilationFailed(status: status)
          }
          return (environment, model, compiled)
        }
      } explainingFailure: { error, log in
        error.namingFailedOperator(from: log, stage: .compile)
      }
    } catch {
      cleanup.run()
      throw error
    }
    cleanup.add { library.destroyModel(model) }

    // 5. Signatures and the main subgraph's input/output order. (Done before the stored
    // properties are all set, so that a failure here does not also run `deinit`.)
    var signatures: [SignatureInfo]
    var resetSignatureIndex: Int?
    let main: (signature: Int, inputs: [Int], outputs: [Int])
    do {
      signatures = try Self.readSignatures(library: library, model: model)
      // The lowering's reset signature comes last; it is not one of the model's own.
      if let key = recurrentState?.resetSignatureKey, signatures.count > 1, signatures.last?.key == key {
        resetSignatureIndex = signatures.count - 1
        signatures.removeLast()
      }
      main = try Self.mainSignature(library: library, model: model, signatures: signatures)
    } catch {
      library.destroyCompiledModel(compiled)
      cleanup.run()
      throw error
    }
    self.environment = environment
    self.model = model
    self.compiledModel = compiled
    self.compilationOptions = compilationOptions
    self.modelBytes = bytes
    self.signatures = signatures
    self.mainSignatureIndex = main.signature
    self.mainInputOrder = main.inputs
    self.outputCapture = outputCapture
    self.customKernels = customKernels
    self.loweredRecurrentOperators = recurrentState?.operators ?? []
    self.recurrentFixedDimensions = recurrentState?.fixedDimensions ?? []
    self.recurrentStepAxes = recurrentState?.stepAxes ?? []
    self.inputsReachingLoweredOperators = recurrentState?.inputsReachingLoweredOperators ?? [:]
    self.loopsOverFixedSteps = loopingOverFixedSteps
    self.probesNewSizes = Self.probesNewSizes(format: format, options: options)
    self.resetSignatureIndex = resetSignatureIndex
    // With captured outputs the main signature's outputs are the original subgraph's, in order.
    let mainKey = signatures[main.signature].key
    self.mainOutputOrder =
      outputCapture?.capturesOutputs(ofSignature: mainKey) == true
      ? Array(format.subgraphs[outputCapture?.subgraphIndex(ofSignature: mainKey) ?? 0].outputs.indices) : main.outputs
  }

  deinit {
    library.destroyCompiledModel(compiledModel)
    library.destroyOptions(compilationOptions)
    library.destroyModel(model)
    modelBytes.deallocate()
  }

  /// Zeroes the state of every lowered fused recurrent operator by running the lowering's
  /// reset signature; does nothing for a model without such state.
  func resetRecurrentState() throws(InterpreterError) {
    guard !loweredRecurrentOperators.isEmpty else { return }
    guard let resetSignatureIndex else { throw .variableResetUnavailable }
    let status = library.runCompiledModel(compiledModel, resetSignatureIndex, 0, nil, 0, nil)
    guard status == 0 else { throw .invocationFailed(status: LiteRTStatus(rawValue: status)) }
  }

  /// Raw metadata stored in the model under `key`, or `nil` when there is none.
  func metadata(forKey key: String) -> Data? {
    var pointer: UnsafeRawPointer?
    var size = 0
    let status = library.getModelMetadata(model, key, &pointer, &size)
    guard status == 0, let pointer else { return nil }
    return Data(bytes: pointer, count: size)
  }

  /// Operators in the model that are the likely reason LiteRT refused it: custom operators
  /// LiteRT's builtin resolver does not register, and builtin codes this reader does not know.
  /// Custom operators only XNNPACK provides (MediaPipe's), which LiteRT's builtin kernels lack.
  static let xnnpackCustomOperators: Set<String> = [
    "Convolution2DTransposeBias", "MaxPoolingWithArgmax2D", "MaxUnpooling2D",
  ]

  static func unsupportedOperatorSuspects(in format: TFLiteModel, xnnpack: Bool) -> [String] {
    // Custom operators LiteRT's CPU runtime provides itself, and those only XNNPACK provides.
    let builtinCustom: Set<String> = ["TFLite_Detection_PostProcess", "Mfcc", "AudioSpectrogram"]
    var known = builtinCustom
    if xnnpack { known.formUnion(xnnpackCustomOperators) }
    let custom = format.customOperatorNames
    let unknownCustom = custom.filter { !known.contains($0) }
    let unknownBuiltin = format.operatorNames.filter { $0.hasPrefix("UNKNOWN_BUILTIN_") }
    let suspects = unknownCustom + unknownBuiltin
    // If every custom op is one LiteRT should know, they are still the best lead we have.
    return suspects.isEmpty ? custom : suspects
  }

  private static func makeOptions(library: LiteRTLibrary, options: Interpreter.Options) throws(InterpreterError)
    -> LiteRtOptions
  {
    var handle: LiteRtOptions?
    var status = LiteRTStatus(rawValue: library.createOptions(&handle))
    guard status.isOK, let handle else {
      throw .liteRTCallFailed(function: "LiteRtCreateOptions", status: status)
    }
    status = LiteRTStatus(rawValue: library.setOptionsHardwareAccelerators(handle, 1))  // CPU
    guard status.isOK else {
      library.destroyOptions(handle)
      throw .liteRTCallFailed(function: "LiteRtSetOptionsHardwareAccelerators", status: status)
    }
    // CPU settings travel as an opaque option "xnnpack" whose payload is a TOML string.
    var toml = ""
    if let threads = options.threadCount { toml += "num_threads = \(max(1, threads))\n" }
    if !options.isXNNPackEnabled { toml += "kernel_mode = \"builtin\"\n" }
    do throws(InterpreterError) {
      if !toml.isEmpty { try addOpaqueOption("xnnpack", toml: toml, to: handle, library: library) }
      // Kernel errors (which operator failed, and why) go to the compiled model's buffer
      // (kLiteRtErrorReporterModeBuffer), read back when a call fails, not to standard error.
      if library.compiledModelGetErrorMessages != nil {
        try addOpaqueOption("runtime_options_string", toml: "error_reporter_mode = 2\n", to: handle, library: library)
      }
    } catch {
      library.destroyOptions(handle)
      throw error
    }
    return handle
  }

  /// Adds the opaque option `identifier` with a TOML payload to `options`.
  private static func addOpaqueOption(
    _ identifier: String, toml: String, to options: LiteRtOptions, library: LiteRTLibrary
  ) throws(InterpreterError) {
    guard let payload = strdup(toml) else {
      throw .liteRTCallFailed(function: "strdup", status: LiteRTStatus(rawValue: 2))
    }
    var opaque: LiteRtOpaqueOptions?
    var status = LiteRTStatus(rawValue: library.createOpaqueOptions(identifier, payload, { free($0) }, &opaque))
    guard status.isOK, let opaque else {
      free(payload)
      throw .liteRTCallFailed(function: "LiteRtCreateOpaqueOptions(\(identifier))", status: status)
    }
    status = LiteRTStatus(rawValue: library.addOpaqueOptions(options, opaque))
    guard status.isOK else {
      library.destroyOpaqueOptions(opaque)
      throw .liteRTCallFailed(function: "LiteRtAddOpaqueOptions(\(identifier))", status: status)
    }
  }
}

/// Throws `liteRTCallFailed` for a non-OK status.
func check(_ status: Int32, _ function: String) throws(InterpreterError) {
  guard status == 0 else { throw .liteRTCallFailed(function: function, status: LiteRTStatus(rawValue: status)) }
}

/// Undo actions run in reverse order of registration.
struct Cleanup {
  private var actions: [() -> Void] = []
  mutating func add(_ action: @escaping () -> Void) { actions.append(action) }
  func run() { for action in actions.reversed() { action() } }
}
