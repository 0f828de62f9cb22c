@_exported import CLiteRT
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The LiteRT C functions TensorBridge uses, resolved from a loaded `libLiteRt`.
///
/// Load it once with ``load(explicitPath:)``; the result is cached per path for the life of the
/// process (the library is never unloaded, so the function pointers stay valid).
///
/// `@unchecked Sendable`: every stored property is an immutable C function pointer or string,
/// set once during loading. Calling through a function pointer from several threads is safe as
/// far as this table is concerned; the thread-safety of each LiteRT object is LiteRT's contract.
public final class LiteRTLibrary: @unchecked Sendable {
  /// Where the library was loaded from (`"<process image>"` for a statically linked runtime).
  public let path: String

  // Environment
  public let createEnvironment: LiteRtCreateEnvironment_fn
  public let destroyEnvironment: LiteRtDestroyEnvironment_fn
  // Model
  public let createModelFromBuffer: LiteRtCreateModelFromBuffer_fn
  public let destroyModel: LiteRtDestroyModel_fn
  public let getModelMetadata: LiteRtGetModelMetadata_fn
  public let getMainModelSubgraphIndex: LiteRtGetMainModelSubgraphIndex_fn
  public let getNumModelSubgraphs: LiteRtGetNumModelSubgraphs_fn
  public let getModelSubgraph: LiteRtGetModelSubgraph_fn
  public let getNumModelSignatures: LiteRtGetNumModelSignatures_fn
  public let getModelSignature: LiteRtGetModelSignature_fn
  // Signatures and subgraphs
  public let getSignatureKey: LiteRtGetSignatureKey_fn
  public let getSignatureSubgraph: LiteRtGetSignatureSubgraph_fn
  public let getNumSignatureInputs: LiteRtGetNumSignatureIO_fn
  public let getNumSignatureOutputs: LiteRtGetNumSignatureIO_fn
  public let getSignatureInputName: LiteRtGetSignatureIOName_fn
  public let getSignatureOutputName: LiteRtGetSignatureIOName_fn
  public let getSignatureInputTensorByIndex: LiteRtGetSignatureIOTensorByIndex_fn
  public let getSignatureOutputTensorByIndex: LiteRtGetSignatureIOTensorByIndex_fn
  public let getNumSubgraphInputs: LiteRtGetNumSubgraphIO_fn
  public let getNumSubgraphOutputs: LiteRtGetNumSubgraphIO_fn
  public let getSubgraphInput: LiteRtGetSubgraphIO_fn
  public let getSubgraphOutput: LiteRtGetSubgraphIO_fn
  // Tensors
  public let getTensorName: LiteRtGetTensorName_fn
  public let getTensorIndex: LiteRtGetTensorIndex_fn
  public let getTensorTypeId: LiteRtGetTensorTypeId_fn
  public let getRankedTensorType: LiteRtGetRankedTensorType_fn
  public let getUnrankedTensorType: LiteRtGetUnrankedTensorType_fn
  public let getQuantizationTypeId: LiteRtGetQuantizationTypeId_fn
  public let getPerTensorQuantization: LiteRtGetPerTensorQuantization_fn
  public let getPerChannelQuantization: LiteRtGetPerChannelQuantization_fn
  // Options
  public let createOptions: LiteRtCreateOptions_fn
  public let destroyOptions: LiteRtDestroyOptions_fn
  public let setOptionsHardwareAccelerators: LiteRtSetOptionsHardwareAccelerators_fn
  public let addOpaqueOptions: LiteRtAddOpaqueOptions_fn
  public let createOpaqueOptions: LiteRtCreateOpaqueOptions_fn
  public let destroyOpaqueOptions: LiteRtDestroyOpaqueOptions_fn
  /// `LiteRtAddCustomOpKernelOption`, or `nil` when the runtime does not export it (resolved
  /// optionally: only models with data-dependent outputs need it).
  public let addCustomOpKernelOption: LiteRtAddCustomOpKernelOption_fn?
  // Compiled model
  public let createCompiledModel: LiteRtCreateCompiledModel_fn
  public let destroyCompiledModel: LiteRtDestroyCompiledModel_fn
  public let getCompiledModelInputBufferRequirements: LiteRtGetCompiledModelBufferRequirements_fn
  public let getCompiledModelOutputBufferRequirements: LiteRtGetCompiledModelBufferRequirements_fn
  public let getCompiledModelInputTensorLayout: LiteRtGetCompiledModelInputTensorLayout_fn
  public let getCompiledModelOutputTensorLayouts: LiteRtGetCompiledModelOutputTensorLayouts_fn
  public let runCompiledModel: LiteRtRunCompiledModel_fn
  /// `LiteRtCompiledModelGetErrorMessages`, or `nil` when not exported (resolved optionally):
  /// what the compiled model's buffer error reporter collected.
  public let compiledModelGetErrorMessages: LiteRtCompiledModelGetErrorMessages_fn?
  /// `LiteRtCompiledModelClearErrors`, or `nil` when not exported (resolved optionally).
  public let compiledModelClearErrors: LiteRtCompiledModelClearErrors_fn?
  public let compiledModelResizeInputTensor: LiteRtCompiledModelResizeInputTensor_fn
  /// Resizes without requiring the changed dimensions to be dynamic (inputs of unknown rank).
  public let compiledModelResizeInputTensorNonStrict: LiteRtCompiledModelResizeInputTensor_fn
  // Tensor buffers
  public let createManagedTensorBufferFromRequirements: LiteRtCreateManagedTensorBufferFromRequirements_fn
  public let createManagedTensorBuffer: LiteRtCreateManagedTensorBuffer_fn
  public let getTensorBufferRequirementsBufferSize: LiteRtGetTensorBufferRequirementsBufferSize_fn
  public let destroyTensorBuffer: LiteRtDestroyTensorBuffer_fn
  public let getTensorBufferSize: LiteRtGetTensorBufferSize_fn
  public let lockTensorBuffer: LiteRtLockTensorBuffer_fn
  public let unlockTensorBuffer: LiteRtUnlockTensorBuffer_fn
  /// `LiteRtGetTensorBufferTensorType`, or `nil` when not exported (resolved optionally).
  public let getTensorBufferTensorType: LiteRtGetTensorBufferTensorType_fn?
  /// `LiteRtGetTensorBufferPackedSize`, or `nil` when not exported (resolved optionally).
  public let getTensorBufferPackedSize: LiteRtGetTensorBufferPackedSize_fn?

  private init(path: String, handle: UnsafeMutableRawPointer) throws(LiteRTRuntimeError) {
    self.path = path
    func resolve<T>(_ name: String, as type: T.Type = T.self) throws(LiteRTRuntimeError) -> T {
      guard let pointer = dlsym(handle, name) else {
        throw .missingSymbol(name: name, path: path)
      }
      return unsafeBitCast(pointer, to: T.self)
    }
    func resolveOptional<T>(_ name: String, as type: T.Type = T.self) -> T? {
      dlsym(handle, name).map { unsafeBitCast($0, to: T.self) }
    }
    createEnvironment = try resolve("LiteRtCreateEnvironment")
    destroyEnvironment = try resolve("LiteRtDestroyEnvironment")
    createModelFromBuffer = try resolve("LiteRtCreateModelFromBuffer")
    destroyModel = try resolve("LiteRtDestroyModel")
    getModelMetadata = try resolve("LiteRtGetModelMetadata")
    getMainModelSubgraphIndex = try resolve("LiteRtGetMainModelSubgraphIndex")
    getNumModelSubgraphs = try resolve("LiteRtGetNumModelSubgraphs")
    getModelSubgraph = try resolve("LiteRtGetModelSubgraph")
    getNumModelSignatures = try resolve("LiteRtGetNumModelSignatures")
    getModelSignature = try resolve("LiteRtGetModelSignature")
    getSignatureKey = try resolve("LiteRtGetSignatureKey")
    getSignatureSubgraph = try resolve("LiteRtGetSignatureSubgraph")
    getNumSignatureInputs = try resolve("LiteRtGetNumSignatureInputs")
    getNumSignatureOutputs = try resolve("LiteRtGetNumSignatureOutputs")
    getSignatureInputName = try resolve("LiteRtGetSignatureInputName")
    getSignatureOutputName = try resolve("LiteRtGetSignatureOutputName")
    getSignatureInputTensorByIndex = try resolve("LiteRtGetSignatureInputTensorByIndex")
    getSignatureOutputTensorByIndex = try resolve("LiteRtGetSignatureOutputTensorByIndex")
    getNumSubgraphInputs = try resolve("LiteRtGetNumSubgraphInputs")
    getNumSubgraphOutputs = try resolve("LiteRtGetNumSubgraphOutputs")
    getSubgraphInput = try resolve("LiteRtGetSubgraphInput")
    getSubgraphOutput = try resolve("LiteRtGetSubgraphOutput")
    getTensorName = try resolve("LiteRtGetTensorName")
    getTensorIndex = try resolve("LiteRtGetTensorIndex")
    getTensorTypeId = try resolve("LiteRtGetTensorTypeId")
    getRankedTensorType = try resolve("LiteRtGetRankedTensorType")
    getUnrankedTensorType = try resolve("LiteRtGetUnrankedTensorType")
    getQuantizationTypeId = try resolve("LiteRtGetQuantizationTypeId")
    getPerTensorQuantization = try resolve("LiteRtGetPerTensorQuantization")
    getPerChannelQuantization = try resolve("LiteRtGetPerChannelQuantization")
    createOptions = try resolve("LiteRtCreateOptions")
    destroyOptions = try resolve("LiteRtDestroyOptions")
    setOptionsHardwareAccelerators = try resolve("LiteRtSetOptionsHardwareAccelerators")
    addOpaqueOptions = try resolve("LiteRtAddOpaqueOptions")
    createOpaqueOptions = try resolve("LiteRtCreateOpaqueOptions")
    destroyOpaqueOptions = try resolve("LiteRtDestroyOpaqueOptions")
    addCustomOpKernelOption = resolveOptional("LiteRtAddCustomOpKernelOption")
    createCompiledModel = try resolve("LiteRtCreateCompiledModel")
    destroyCompiledModel = try resolve("LiteRtDestroyCompiledModel")
    getCompiledModelInputBufferRequirements = try resolve("LiteRtGetCompiledModelInputBufferRequirements")
    getCompiledModelOutputBufferRequirements = try resolve("LiteRtGetCompiledModelOutputBufferRequirements")
    getCompiledModelInputTensorLayout = try resolve("LiteRtGetCompiledModelInputTensorLayout")
    getCompiledModelOutputTensorLayouts = try resolve("LiteRtGetCompiledModelOutputTensorLayouts")
    runCompiledModel = try resolve("LiteRtRunCompiledModel")
    compiledModelGetErrorMessages = resolveOptional("LiteRtCompiledModelGetErrorMessages")
    compiledModelClearErrors = resolveOptional("LiteRtCompiledModelClearErrors")
    compiledModelResizeInputTensor = try resolve("LiteRtCompiledModelResizeInputTensor")
    compiledModelResizeInputTensorNonStrict = try resolve("LiteRtCompiledModelResizeInputTensorNonStrict")
    createManagedTensorBufferFromRequirements = try resolve("LiteRtCreateManagedTensorBufferFromRequirements")
    createManagedTensorBuffer = try resolve("LiteRtCreateManagedTensorBuffer")
    getTensorBufferRequirementsBufferSize = try resolve("LiteRtGetTensorBufferRequirementsBufferSize")
    destroyTensorBuffer = try resolve("LiteRtDestroyTensorBuffer")
    getTensorBufferSize = try resolve("LiteRtGetTensorBufferSize")
    lockTensorBuffer = try resolve("LiteRtLockTensorBuffer")
    unlockTensorBuffer = try resolve("LiteRtUnlockTensorBuffer")
    getTensorBufferTensorType = resolveOptional("LiteRtGetTensorBufferTensorType")
    getTensorBufferPackedSize = resolveOptional("LiteRtGetTensorBufferPackedSize")
  }

  private static let cache = LibraryCache()

  /// Loads (once per process and path) and returns the LiteRT runtime.
  ///
  /// - Parameter explicitPath: a library file to use instead of searching.
  /// - Throws: ``LiteRTRuntimeError/libraryNotFound(searched:)`` listing every place tried,
  ///   or a load/symbol error naming the file.
  public static func load(explicitPath: String? = nil) throws(LiteRTRuntimeError) -> LiteRTLibrary {
    try cache.library(explicitPath: explicitPath)
  }

  fileprivate static func open(explicitPath: String?) throws(LiteRTRuntimeError) -> LiteRTLibrary {
    #if canImport(Darwin)
      // A LiteRT linked into the app itself (the usual iOS setup) is found through the process image.
      if explicitPath == nil, let image = dlopen(nil, RTLD_NOW),
        dlsym(image, "LiteRtCreateEnvironment") != nil
      {
        return try LiteRTLibrary(path: "<process image>", handle: image)
      }
    #endif
    let locator = LiteRTLibraryLocator()
    let candidates = locator.candidates(explicitPath: explicitPath)
    // An explicit path that does not exist is an error about that path, not a reason to search on.
    if let explicitPath, !FileManager.default.fileExists(atPath: explicitPath) {
      throw .libraryNotFound(searched: [explicitPath])
    }
    guard let path = locator.firstExisting(in: candidates) else {
      throw .libraryNotFound(searched: candidates)
    }
    guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
      let reason = dlerror().map { String(cString: $0) } ?? "unknown dlopen error"
      throw .libraryLoadFailed(path: path, reason: reason)
    }
    return try LiteRTLibrary(path: path, handle: handle)
  }
}

/// Loaded libraries by requested path, guarded by a lock.
private final class LibraryCache: @unchecked Sendable {
  private let lock = NSLock()
  private var libraries: [String: LiteRTLibrary] = [:]

  func library(explicitPath: String?) throws(LiteRTRuntimeError) -> LiteRTLibrary {
    lock.lock()
    defer { lock.unlock() }
    let key = explicitPath ?? ""
    if let library = libraries[key] { return library }
    let library = try LiteRTLibrary.open(explicitPath: explicitPath)
    libraries[key] = library
    return library
  }
}
