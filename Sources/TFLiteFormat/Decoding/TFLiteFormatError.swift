/// Why a `.tflite` file was rejected by ``TFLiteModel/init(data:)``.
///
/// Every case names the exact problem. Cases that concern one place in the
/// model carry a `path` in key-path form using the schema's field names, for
/// example `subgraphs[0].operators[3].inputs[1]` or
/// `subgraphs[1].tensors[7].quantization.scale`. Byte offsets are counted from
/// the start of the data handed to the parser.
///
/// ``description`` renders each case as one English sentence suitable for a
/// log line or an HTTP error body.
public enum TFLiteFormatError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The data is shorter than the smallest possible model (an 8-byte header).
  case tooSmall(size: Int, minimum: Int)

  /// Bytes 4..<8 are not the TensorFlow Lite file identifier `TFL3`.
  ///
  /// `found` is the four bytes as text, with unprintable bytes written as `\xNN`.
  case badFileIdentifier(found: String)

  /// A read at `offset` needs `needed` bytes but only `available` remain in the data.
  case truncated(path: String, offset: Int, needed: Int, available: Int)

  /// The 32-bit offset stored at `offset` is zero or does not fit in a signed
  /// 32-bit integer, so it cannot point at a valid object.
  case invalidOffset(path: String, offset: Int, value: Int)

  /// The table at `offset` has a malformed vtable: a vtable must be at least
  /// 4 bytes and of even size, and the table itself at least 4 bytes.
  case invalidVTable(path: String, offset: Int, vtableSize: Int, tableSize: Int)

  /// A field's bytes (`fieldOffset..<fieldOffset+fieldSize`, relative to its
  /// table) extend past the table's declared inline size.
  case fieldOutsideTable(path: String, fieldOffset: Int, fieldSize: Int, tableSize: Int)

  /// The string at `offset` lacks its terminating zero byte.
  case unterminatedString(path: String, offset: Int)

  /// A string that the model exposes (a name, key or description) is not valid UTF-8.
  case invalidUTF8(path: String)

  /// A list holds more entries than this reader accepts (see ``TFLiteLimits``).
  case countTooLarge(path: String, count: Int, limit: Int)

  /// Decoding the model would materialise more list entries and string bytes
  /// in total than ``TFLiteLimits/decodeBudget(forFileSize:)`` allows; this
  /// happens only when many objects share the same large list.
  case modelTooComplex(limit: Int)

  /// The model's schema version is not the one LiteRT supports.
  case unsupportedSchemaVersion(found: UInt32, supported: UInt32)

  /// A field that must be present is absent.
  case missingField(path: String)

  /// The model has no subgraphs (LiteRT needs at least the main subgraph).
  case noSubgraphs

  /// An index points outside the list it refers to, which has `count` entries.
  case indexOutOfRange(path: String, index: Int, count: Int)

  /// A tensor's type value is not a ``TensorType`` known to this reader.
  case unknownTensorType(path: String, value: Int)

  /// A shape has more dimensions than ``TFLiteLimits/maxRank``.
  case rankTooLarge(path: String, rank: Int, limit: Int)

  /// A dimension is negative (in `shape`), or below -1 (in `shape_signature`).
  case negativeDimension(path: String, value: Int)

  /// The tensor's element count times its element size overflows or exceeds
  /// ``TFLiteLimits/maxTensorBytes``.
  case sizeOverflow(path: String, shape: [Int], limit: Int)

  /// A constant tensor's buffer does not hold exactly the bytes its type and
  /// shape require (`actualBytes` is the buffer's size).
  case constantDataSize(path: String, tensor: String, expectedBytes: Int, actualBytes: Int)

  /// A buffer (or large custom options block) stored outside the flatbuffer
  /// via `offset`/`size` does not lie within the file.
  case bufferOutOfBounds(path: String, offset: UInt64, size: UInt64, fileSize: Int)

  /// A constant string tensor's buffer is not a well-formed string table.
  case invalidStringData(path: String, reason: String)

  /// A variable tensor also carries constant data, which LiteRT does not support.
  case variableTensorWithData(path: String)

  /// An operator input or output is -1 ("omitted") where the operator
  /// requires a tensor; LiteRT would dereference the missing tensor.
  case requiredTensorOmitted(path: String, operator: String)

  /// An operator reads a tensor that is not constant, not a variable, not a
  /// subgraph input, and not written by an earlier operator.
  case tensorNotProduced(path: String, tensor: Int)

  /// A subgraph input is a constant tensor; runtimes write inputs, and
  /// constant data may be read-only memory.
  case constantSubgraphInput(path: String, tensor: Int)

  /// An operator writes a tensor it must not write: a constant, a variable,
  /// a subgraph input, or a tensor another operator already writes.
  case invalidOperatorOutput(path: String, tensor: Int, reason: String)

  /// An operator carries a builtin options table of a different operator
  /// (for example `SoftmaxOptions` on a `SPLIT`); LiteRT would then run the
  /// operator with uninitialized parameters.
  case mismatchedOptions(path: String, operator: String, found: String, expected: String)

  /// An operator has fewer inputs or outputs (`role`) than it needs; LiteRT's
  /// XNNPACK delegate reads some of them at fixed positions unchecked.
  case tooFewOperands(path: String, operator: String, role: String, count: Int, minimum: Int)

  /// An operator parameter contradicts the operator's inputs or outputs
  /// (for example a `SPLIT` into 4 parts with 2 outputs).
  case invalidOperatorParameter(path: String, operator: String, reason: String)

  /// A `DEQUANTIZE` operator's output holds a different number of elements than its input.
  case dequantizeShapeMismatch(path: String, inputShape: [Int], outputShape: [Int])

  /// An operator code says `CUSTOM` but gives no `custom_code` name.
  case customCodeMissing(path: String)

  /// Quantization `scale` and `zero_point` lists have different lengths.
  case quantizationLengthMismatch(path: String, scales: Int, zeroPoints: Int)

  /// A quantized dimension is negative or not below the tensor's rank.
  case quantizedDimensionOutOfRange(path: String, dimension: Int, rank: Int)

  /// Per-axis quantization has a scale count that is neither 1 nor the size
  /// of the quantized dimension.
  case quantizationScaleCount(path: String, scales: Int, expected: Int)

  /// A zero point lies outside the range of the tensor's integer type
  /// (for example 200 for an `INT8` tensor).
  case zeroPointOutOfRange(path: String, value: Int64, type: String)

  /// A quantization scale of an integer tensor is zero, negative, subnormal, or not finite.
  case invalidQuantizationScale(path: String, value: Float)

  /// Quantization details (blockwise or multi-axis) are malformed.
  case invalidQuantizationDetails(path: String, reason: String)

  /// A tensor's sparsity parameters are malformed.
  case invalidSparsity(path: String, reason: String)

  /// Control-flow options make a subgraph call itself, directly or indirectly;
  /// `cycle` lists the subgraph indices along the loop.
  case subgraphCycle(path: String, cycle: [Int])

  /// A name that must be unique (a signature key, or an input or output name
  /// within a signature) appears twice.
  case duplicateName(path: String, name: String)

  /// The TFLite metadata (`TFLITE_METADATA`) is malformed at `path`.
  case invalidMetadata(path: String, reason: String)

  /// The archive of associated files appended to the model is malformed at `path`.
  case invalidArchive(path: String, reason: String)

  /// The archive uses a ZIP feature this reader does not support.
  case unsupportedArchive(path: String, feature: String)

  /// An archive entry declares or would produce more bytes than allowed.
  case archiveEntryTooLarge(path: String, size: Int, limit: Int)

  /// Two inputs (or two outputs) of one signature name the same tensor.
  case duplicateSignatureTensor(path: String, tensor: Int)

  /// A signature names a tensor as an input (or output) that is not an input
  /// (or output) of the signature's subgraph.
  case signatureTensorMismatch(path: String, tensor: Int, role: String)

  /// ``TFLiteModel/settingInputShapes(_:allowingFixedChanges:)`` cannot give the input at `position` (in the main
  /// subgraph's inputs) this shape.
  case invalidInputShape(position: Int, shape: [Int], reason: String)

  /// One sentence describing the problem.
  public var description: String {
    switch self {
    case .tooSmall(let size, let minimum):
      return
        "The data is \(size) byte\(size == 1 ? "" : "s") long, but a TensorFlow Lite model needs at least \(minimum) bytes."
    case .badFileIdentifier(let found):
      return
        "The file identifier at bytes 4..<8 is \"\(found)\" instead of \"TFL3\", so this is not a TensorFlow Lite model."
    case .truncated(let path, let offset, let needed, let available):
      return
        "Reading \(path) needs \(needed) byte\(needed == 1 ? "" : "s") at offset \(offset), but only \(available) remain in the file."
    case .invalidOffset(let path, let offset, let value):
      return "The offset to \(path) stored at byte \(offset) is \(value), which cannot point to a valid object."
    case .invalidVTable(let path, let offset, let vtableSize, let tableSize):
      return
        "\(path) (the table at offset \(offset)) has a malformed vtable (vtable size \(vtableSize), table size \(tableSize))."
    case .fieldOutsideTable(let path, let fieldOffset, let fieldSize, let tableSize):
      return
        "The field \(path) occupies bytes \(fieldOffset)..<\(fieldOffset &+ fieldSize) of its table, beyond the table's \(tableSize)-byte size."
    case .unterminatedString(let path, let offset):
      return "The string \(path) at offset \(offset) has no terminating zero byte."
    case .invalidUTF8(let path):
      return "The string \(path) is not valid UTF-8."
    case .countTooLarge(let path, let count, let limit):
      return "\(path) has \(count) entries, more than the limit of \(limit)."
    case .modelTooComplex(let limit):
      return "Decoding the model would create more than \(limit) list entries and string bytes in total."
    case .unsupportedSchemaVersion(let found, let supported):
      return "The model's schema version is \(found), but only version \(supported) is supported."
    case .missingField(let path):
      return "The required field \(path) is missing."
    case .noSubgraphs:
      return "The model has no subgraphs."
    case .indexOutOfRange(let path, let index, let count):
      if count == 0 {
        return "\(path) is \(index), but there is nothing it could refer to (the list is empty)."
      }
      return "\(path) is \(index), outside the valid range 0..<\(count)."
    case .unknownTensorType(let path, let value):
      return "\(path) is \(value), which is not a known tensor type."
    case .rankTooLarge(let path, let rank, let limit):
      return "\(path) has rank \(rank), more than the maximum of \(limit)."
    case .negativeDimension(let path, let value):
      return "\(path) is \(value), which is not a valid dimension."
    case .sizeOverflow(let path, let shape, let limit):
      return "The tensor \(path) with shape \(shape) needs more than \(limit) bytes."
    case .constantDataSize(let path, let tensor, let expectedBytes, let actualBytes):
      return
        "The constant tensor \(path) (\"\(tensor)\") needs \(expectedBytes) byte\(expectedBytes == 1 ? "" : "s") of data, but its buffer holds \(actualBytes)."
    case .bufferOutOfBounds(let path, let offset, let size, let fileSize):
      return "\(path) places \(size) bytes at offset \(offset), beyond the end of the \(fileSize)-byte file."
    case .invalidStringData(let path, let reason):
      return "The string tensor data of \(path) is malformed: \(reason)."
    case .variableTensorWithData(let path):
      return "The tensor \(path) is a variable but also has constant data."
    case .requiredTensorOmitted(let path, let op):
      return "\(path) is -1 (omitted), but \(op) requires a tensor there."
    case .tensorNotProduced(let path, let tensor):
      return
        "\(path) reads tensor \(tensor), which is not constant, a variable, a subgraph input, or the output of an earlier operator."
    case .constantSubgraphInput(let path, let tensor):
      return "\(path) is tensor \(tensor), which is constant and cannot receive input data."
    case .invalidOperatorOutput(let path, let tensor, let reason):
      return "\(path) writes tensor \(tensor), which \(reason)."
    case .mismatchedOptions(let path, let op, let found, let expected):
      return "\(path) holds \(found), but \(op) takes \(expected)."
    case .tooFewOperands(let path, let op, let role, let count, let minimum):
      let noun = count == 1 && role.hasSuffix("s") ? String(role.dropLast()) : role
      return "The \(op) operator \(path) has \(count) \(noun), but needs at least \(minimum)."
    case .invalidOperatorParameter(let path, let op, let reason):
      return "The \(op) operator \(path) is inconsistent: \(reason)."
    case .dequantizeShapeMismatch(let path, let inputShape, let outputShape):
      return
        "The DEQUANTIZE operator \(path) maps an input of shape \(inputShape) to an output of shape \(outputShape), which holds a different number of elements."
    case .customCodeMissing(let path):
      return "The operator code \(path) is CUSTOM but has no custom_code name."
    case .quantizationLengthMismatch(let path, let scales, let zeroPoints):
      return
        "\(path) has \(scales) scale\(scales == 1 ? "" : "s") but \(zeroPoints) zero point\(zeroPoints == 1 ? "" : "s")."
    case .quantizedDimensionOutOfRange(let path, let dimension, let rank):
      return "\(path) is \(dimension), but the tensor has rank \(rank)."
    case .quantizationScaleCount(let path, let scales, let expected):
      return "\(path) has \(scales) scales, but per-axis quantization needs 1 or \(expected)."
    case .zeroPointOutOfRange(let path, let value, let type):
      return "\(path) is \(value), outside the range of the tensor's type \(type)."
    case .invalidQuantizationScale(let path, let value):
      return "\(path) is \(value), but a quantization scale must be a positive normal number."
    case .invalidQuantizationDetails(let path, let reason):
      return "The quantization details \(path) are malformed: \(reason)."
    case .invalidSparsity(let path, let reason):
      return "The sparsity parameters \(path) are malformed: \(reason)."
    case .duplicateName(let path, let name):
      return "\(path) repeats the name \"\(name)\", which must be unique."
    case .invalidMetadata(let path, let reason):
      return "The TFLite metadata is malformed at \(path): \(reason)."
    case .invalidArchive(let path, let reason):
      return "The associated files archive is malformed at \(path): \(reason)."
    case .unsupportedArchive(let path, let feature):
      return "The associated files archive uses \(feature) at \(path), which is not supported."
    case .archiveEntryTooLarge(let path, let size, let limit):
      return "\(path) holds \(size) bytes, more than the limit of \(limit)."
    case .duplicateSignatureTensor(let path, let tensor):
      return "\(path) is tensor \(tensor), which the signature already lists."
    case .signatureTensorMismatch(let path, let tensor, let role):
      return "\(path) is tensor \(tensor), which is not an \(role) of the signature's subgraph."
    case .subgraphCycle(let path, let cycle):
      return "\(path) makes subgraphs call each other in a cycle (\(cycle.map(String.init).joined(separator: " -> ")))."
    case .invalidInputShape(let position, let shape, let reason):
      return "Input \(position) cannot take the shape \(shape): \(reason)."
    }
  }
}
