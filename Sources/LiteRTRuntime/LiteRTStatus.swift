/// A status code returned by a LiteRT C API call.
///
/// LiteRT's own `LiteRtGetStatusString` is declared in its headers but not exported by the
/// shipped library, so TensorBridge keeps its own table of the codes from `litert_common.h`.
public struct LiteRTStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: Int32

  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// The call succeeded.
  public static let ok = LiteRTStatus(rawValue: 0)
  /// An argument was not acceptable.
  public static let invalidArgument = LiteRTStatus(rawValue: 1)
  /// The runtime failed while doing what was asked.
  public static let runtimeFailure = LiteRTStatus(rawValue: 3)
  /// The requested item does not exist (for example a metadata key).
  public static let notFound = LiteRTStatus(rawValue: 6)

  /// Whether this status is `ok`.
  public var isOK: Bool { rawValue == 0 }

  /// LiteRT's name for the code, e.g. `kLiteRtStatusErrorInvalidArgument`.
  public var name: String {
    Self.names[rawValue] ?? "kLiteRtStatus(\(rawValue))"
  }

  /// A short explanation of the code.
  public var description: String {
    "\(Self.messages[rawValue] ?? "unknown LiteRT status") (\(name), \(rawValue))"
  }

  private static let table: [(Int32, String, String)] = [
    (0, "kLiteRtStatusOk", "ok"),
    (1, "kLiteRtStatusErrorInvalidArgument", "invalid argument"),
    (2, "kLiteRtStatusErrorMemoryAllocationFailure", "memory allocation failure"),
    (3, "kLiteRtStatusErrorRuntimeFailure", "runtime failure"),
    (4, "kLiteRtStatusErrorMissingInputTensor", "missing input tensor"),
    (5, "kLiteRtStatusErrorUnsupported", "unsupported"),
    (6, "kLiteRtStatusErrorNotFound", "not found"),
    (7, "kLiteRtStatusErrorTimeoutExpired", "timeout expired"),
    (8, "kLiteRtStatusErrorWrongVersion", "wrong version"),
    (9, "kLiteRtStatusErrorUnknown", "unknown error"),
    (10, "kLiteRtStatusErrorAlreadyExists", "already exists"),
    (100, "kLiteRtStatusCancelled", "cancelled"),
    (500, "kLiteRtStatusErrorFileIO", "file I/O error"),
    (501, "kLiteRtStatusErrorInvalidFlatbuffer", "invalid flatbuffer"),
    (502, "kLiteRtStatusErrorDynamicLoading", "dynamic loading error"),
    (503, "kLiteRtStatusErrorSerialization", "serialization error"),
    (504, "kLiteRtStatusErrorCompilation", "compilation error"),
    (1000, "kLiteRtStatusErrorIndexOOB", "index out of bounds"),
    (1001, "kLiteRtStatusErrorInvalidIrType", "invalid IR type"),
    (1002, "kLiteRtStatusErrorInvalidGraphInvariant", "invalid graph invariant"),
    (1003, "kLiteRtStatusErrorGraphModification", "graph modification error"),
    (1500, "kLiteRtStatusErrorInvalidToolConfig", "invalid tool configuration"),
    (2000, "kLiteRtStatusLegalizeNoMatch", "legalization found no match"),
    (2001, "kLiteRtStatusErrorInvalidLegalization", "invalid legalization"),
    (3000, "kLiteRtStatusPatternNoMatch", "pattern found no match"),
    (3001, "kLiteRtStatusInvalidTransformation", "invalid transformation"),
    (4000, "kLiteRtStatusErrorUnsupportedRuntimeVersion", "unsupported runtime version"),
    (4001, "kLiteRtStatusErrorUnsupportedCompilerVersion", "unsupported compiler version"),
    (4002, "kLiteRtStatusErrorIncompatibleByteCodeVersion", "incompatible byte-code version"),
    (5000, "kLiteRtStatusErrorUnsupportedOpShapeInferer", "no shape inference for an op"),
    (5001, "kLiteRtStatusErrorShapeInferenceFailed", "shape inference failed"),
  ]
  private static let names = Dictionary(uniqueKeysWithValues: table.map { ($0.0, $0.1) })
  private static let messages = Dictionary(uniqueKeysWithValues: table.map { ($0.0, $0.2) })
}
