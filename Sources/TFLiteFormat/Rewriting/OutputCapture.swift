import Foundation

/// A model whose possibly data-dependent outputs were rerouted to capture operators, and the
/// description of what was moved.
///
/// LiteRT's compiled model binds each output to a buffer of the shape it predicted before the
/// run. An output whose shape depends on the data (`WHERE` then `GATHER`, `RESHAPE` to a computed
/// shape, an unknown batch size) is reallocated by TensorFlow Lite during the run instead, so the
/// data never reaches that buffer. The rewritten model therefore no longer lists those tensors
/// as outputs; each one feeds a custom capture operator appended to its subgraph,
/// whose kernel (registered by the runtime) copies the tensor's actual shape and bytes out.
///
/// Each captured tensor gets its own operator name, ``operatorName(forCapture:)``: LiteRT hands
/// a kernel only the `user_data` it was registered with, so one registration per name is how the
/// kernel knows which output a call is about, even in `GetOutputLayouts`, which sees no data.
///
/// A capture operator has two inputs and no outputs. Neither input is ever empty, since LiteRT
/// refuses to hand a kernel a buffer with a zero dimension:
///
/// 0. `int32 [rank + 1]`: the tensor's dimensions, then its ``CapturedOutput/captureID``;
/// 1. the tensor's type, `[elements + 1]`: its values flattened row-major, then one element of
///    padding.
///
/// Both are computed at run time (never constant-folded), so TensorFlow Lite places them in its
/// 64-byte aligned arena, which LiteRT requires of every buffer it hands a custom kernel.
public struct OutputCaptureRewrite: Sendable {
  /// The start of every capture operator's custom name.
  public static let operatorNamePrefix = "TensorBridgeCapture_"
  /// The custom operator version of the capture operators (LiteRT's custom-kernel registration
  /// always registers version 1).
  public static let operatorVersion: Int32 = 1

  /// The custom operator name of the operator that captures `id`.
  public static func operatorName(forCapture id: Int32) -> String { "\(operatorNamePrefix)\(id)" }

  /// The rewritten model file (it passes ``TFLiteModel/init(data:)``).
  public let data: Data
  /// Every captured output, by subgraph and original output position.
  public let captures: [CapturedOutput]

  /// The captured outputs of subgraph `index`, in original output order.
  public func captures(inSubgraph index: Int) -> [CapturedOutput] {
    captures.filter { $0.subgraphIndex == index }
  }
}

/// One output of a subgraph that the rewrite moved to a capture operator.
public struct CapturedOutput: Sendable, Hashable {
  /// The number the capture operator reports along with the data: 0, 1, 2, … in the order of
  /// ``OutputCaptureRewrite/captures``, one per captured tensor (shared when a subgraph lists
  /// the same tensor as an output twice).
  public let captureID: Int32
  /// The subgraph the output belongs to.
  public let subgraphIndex: Int
  /// The output's position in the original model's `outputs` list of that subgraph.
  public let outputPosition: Int
  /// The output's tensor index in that subgraph (unchanged by the rewrite).
  public let tensorIndex: Int
  /// The tensor's name.
  public let name: String
  /// The tensor's element type.
  public let type: TensorType
  /// For each signature over the subgraph that lists the tensor, the signature key and the
  /// name the signature gives the output.
  public let signatureNames: [String: String]
}

extension OutputCaptureRewrite {
  /// Element types the capture operator can carry: those TensorFlow Lite's `CONCATENATION`
  /// and `CAST` (from `int32`) both support. `RESHAPE` and `SHAPE` accept any type.
  public static let capturableTypes: Set<TensorType> = [
    .float32, .float16, .bfloat16, .int32, .uint32, .uint8, .int8, .int16, .int64, .bool,
  ]

  /// Whether `tensor`, as a subgraph output, may change shape with the data and can be captured:
  /// a `-1` in its shape signature, or no rank at all; and a capturable element type.
  public static func needsCapture(_ tensor: TensorInfo) -> Bool {
    guard capturableTypes.contains(tensor.type) else { return false }
    return isDynamic(tensor)
  }

  /// Whether a tensor's shape or storage is only settled at run time: a `-1` in its shape
  /// signature, no rank, or strings (TensorFlow Lite allocates string tensors dynamically).
  ///
  /// In a graph holding such a tensor, even an output with a static shape can be computed
  /// outside the buffer LiteRT binds to it: TensorFlow Lite re-plans ops downstream of a
  /// dynamic tensor at run time, and may evaluate a shape computation (`SHAPE`, then
  /// arithmetic on it) once during preparation into read-only memory of its own. LiteRT then
  /// returns garbage for such an output (or fails the next run), so every capturable output of
  /// such a graph is captured.
  public static func isDynamic(_ tensor: TensorInfo) -> Bool {
    let dynamic = tensor.shapeSignature?.contains(-1) ?? false
    let unranked = !tensor.hasRank && tensor.shape.isEmpty && tensor.shapeSignature == nil && !tensor.hasConstantData
    return dynamic || unranked || tensor.type == .string
  }
}
