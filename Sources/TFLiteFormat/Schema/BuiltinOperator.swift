/// A builtin operator code from the schema's `BuiltinOperator` enum.
///
/// Codes are kept as raw values because files may use codes newer than this
/// table; such codes are not an error here (LiteRT reports them when it
/// resolves operators), they simply have no known ``name``.
public struct BuiltinOperator: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The schema's numeric code.
  public let rawValue: Int32

  /// Wraps a numeric code, known or not.
  public init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// Looks up a code by its schema name, such as `CONV_2D`.
  public init?(name: String) {
    guard let index = BuiltinOperator.names.firstIndex(of: name) else { return nil }
    self.rawValue = Int32(truncatingIfNeeded: index)
  }

  /// Whether the code is in this reader's table of known operators.
  public var isKnown: Bool {
    rawValue >= 0 && Int(rawValue) < BuiltinOperator.names.count
  }

  /// The schema name (`CONV_2D`, `DEQUANTIZE`, ...), or `UNKNOWN_BUILTIN_<code>`
  /// for a code this reader does not know.
  public var name: String {
    isKnown ? BuiltinOperator.names[Int(rawValue)] : "UNKNOWN_BUILTIN_\(rawValue)"
  }

  /// Same as ``name``.
  public var description: String { name }

  /// `CALL` (31): calls another subgraph.
  public static let call = BuiltinOperator(rawValue: 31)
  /// `CUSTOM` (32): the operator is identified by its `custom_code` string.
  public static let custom = BuiltinOperator(rawValue: 32)
  /// `DEQUANTIZE` (6).
  public static let dequantize = BuiltinOperator(rawValue: 6)
  /// `DELEGATE` (51).
  public static let delegate = BuiltinOperator(rawValue: 51)
  /// `IF` (118): runs a then- or else-subgraph.
  public static let `if` = BuiltinOperator(rawValue: 118)
  /// `WHILE` (119): runs cond and body subgraphs.
  public static let `while` = BuiltinOperator(rawValue: 119)
  /// `PLACEHOLDER_FOR_GREATER_OP_CODES` (127): the legacy byte-sized code
  /// used when the real code is in `builtin_code`.
  public static let placeholderForGreaterOpCodes = BuiltinOperator(rawValue: 127)
  /// `CALL_ONCE` (129): runs an initialisation subgraph once.
  public static let callOnce = BuiltinOperator(rawValue: 129)
  /// `STABLEHLO_COMPOSITE` (206): refers to a decomposition subgraph.
  public static let stablehloComposite = BuiltinOperator(rawValue: 206)

  /// The names of all known codes, indexed by code (0 ... 209), as in the
  /// LiteRT schema (`tflite/converter/schema/schema.fbs`).
  public static let names: [String] = [
    "ADD", "AVERAGE_POOL_2D", "CONCATENATION", "CONV_2D",
    "DEPTHWISE_CONV_2D", "DEPTH_TO_SPACE", "DEQUANTIZE", "EMBEDDING_LOOKUP",
    "FLOOR", "FULLY_CONNECTED", "HASHTABLE_LOOKUP", "L2_NORMALIZATION",
    "L2_POOL_2D", "LOCAL_RESPONSE_NORMALIZATION", "LOGISTIC", "LSH_PROJECTION",
    "LSTM", "MAX_POOL_2D", "MUL", "RELU",
    "RELU_N1_TO_1", "RELU6", "RESHAPE", "RESIZE_BILINEAR",
    "RNN", "SOFTMAX", "SPACE_TO_DEPTH", "SVDF",
    "TANH", "CONCAT_EMBEDDINGS", "SKIP_GRAM", "CALL",
    "CUSTOM", "EMBEDDING_LOOKUP_SPARSE", "PAD", "UNIDIRECTIONAL_SEQUENCE_RNN",
    "GATHER", "BATCH_TO_SPACE_ND", "SPACE_TO_BATCH_ND", "TRANSPOSE",
    "MEAN", "SUB", "DIV", "SQUEEZE",
    "UNIDIRECTIONAL_SEQUENCE_LSTM", "STRIDED_SLICE", "BIDIRECTIONAL_SEQUENCE_RNN", "EXP",
    "TOPK_V2", "SPLIT", "LOG_SOFTMAX", "DELEGATE",
    "BIDIRECTIONAL_SEQUENCE_LSTM", "CAST", "PRELU", "MAXIMUM",
    "ARG_MAX", "MINIMUM", "LESS", "NEG",
    "PADV2", "GREATER", "GREATER_EQUAL", "LESS_EQUAL",
    "SELECT", "SLICE", "SIN", "TRANSPOSE_CONV",
    "SPARSE_TO_DENSE", "TILE", "EXPAND_DIMS", "EQUAL",
    "NOT_EQUAL", "LOG", "SUM", "SQRT",
    "RSQRT", "SHAPE", "POW", "ARG_MIN",
    "FAKE_QUANT", "REDUCE_PROD", "REDUCE_MAX", "PACK",
    "LOGICAL_OR", "ONE_HOT", "LOGICAL_AND", "LOGICAL_NOT",
    "UNPACK", "REDUCE_MIN", "FLOOR_DIV", "REDUCE_ANY",
    "SQUARE", "ZEROS_LIKE", "FILL", "FLOOR_MOD",
    "RANGE", "RESIZE_NEAREST_NEIGHBOR", "LEAKY_RELU", "SQUARED_DIFFERENCE",
    "MIRROR_PAD", "ABS", "SPLIT_V", "UNIQUE",
    "CEIL", "REVERSE_V2", "ADD_N", "GATHER_ND",
    "COS", "WHERE", "RANK", "ELU",
    "REVERSE_SEQUENCE", "MATRIX_DIAG", "QUANTIZE", "MATRIX_SET_DIAG",
    "ROUND", "HARD_SWISH", "IF", "WHILE",
    "NON_MAX_SUPPRESSION_V4", "NON_MAX_SUPPRESSION_V5", "SCATTER_ND", "SELECT_V2",
    "DENSIFY", "SEGMENT_SUM", "BATCH_MATMUL", "PLACEHOLDER_FOR_GREATER_OP_CODES",
    "CUMSUM", "CALL_ONCE", "BROADCAST_TO", "RFFT2D",
    "CONV_3D", "IMAG", "REAL", "COMPLEX_ABS",
    "HASHTABLE", "HASHTABLE_FIND", "HASHTABLE_IMPORT", "HASHTABLE_SIZE",
    "REDUCE_ALL", "CONV_3D_TRANSPOSE", "VAR_HANDLE", "READ_VARIABLE",
    "ASSIGN_VARIABLE", "BROADCAST_ARGS", "RANDOM_STANDARD_NORMAL", "BUCKETIZE",
    "RANDOM_UNIFORM", "MULTINOMIAL", "GELU", "DYNAMIC_UPDATE_SLICE",
    "RELU_0_TO_1", "UNSORTED_SEGMENT_PROD", "UNSORTED_SEGMENT_MAX", "UNSORTED_SEGMENT_SUM",
    "ATAN2", "UNSORTED_SEGMENT_MIN", "SIGN", "BITCAST",
    "BITWISE_XOR", "RIGHT_SHIFT", "STABLEHLO_LOGISTIC", "STABLEHLO_ADD",
    "STABLEHLO_DIVIDE", "STABLEHLO_MULTIPLY", "STABLEHLO_MAXIMUM", "STABLEHLO_RESHAPE",
    "STABLEHLO_CLAMP", "STABLEHLO_CONCATENATE", "STABLEHLO_BROADCAST_IN_DIM", "STABLEHLO_CONVOLUTION",
    "STABLEHLO_SLICE", "STABLEHLO_CUSTOM_CALL", "STABLEHLO_REDUCE", "STABLEHLO_ABS",
    "STABLEHLO_AND", "STABLEHLO_COSINE", "STABLEHLO_EXPONENTIAL", "STABLEHLO_FLOOR",
    "STABLEHLO_LOG", "STABLEHLO_MINIMUM", "STABLEHLO_NEGATE", "STABLEHLO_OR",
    "STABLEHLO_POWER", "STABLEHLO_REMAINDER", "STABLEHLO_RSQRT", "STABLEHLO_SELECT",
    "STABLEHLO_SUBTRACT", "STABLEHLO_TANH", "STABLEHLO_SCATTER", "STABLEHLO_COMPARE",
    "STABLEHLO_CONVERT", "STABLEHLO_DYNAMIC_SLICE", "STABLEHLO_DYNAMIC_UPDATE_SLICE", "STABLEHLO_PAD",
    "STABLEHLO_IOTA", "STABLEHLO_DOT_GENERAL", "STABLEHLO_REDUCE_WINDOW", "STABLEHLO_SORT",
    "STABLEHLO_WHILE", "STABLEHLO_GATHER", "STABLEHLO_TRANSPOSE", "DILATE",
    "STABLEHLO_RNG_BIT_GENERATOR", "REDUCE_WINDOW", "STABLEHLO_COMPOSITE", "STABLEHLO_SHIFT_LEFT",
    "STABLEHLO_CBRT", "STABLEHLO_CASE",
  ]
}
