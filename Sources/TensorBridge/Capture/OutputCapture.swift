import Foundation
import LiteRTRuntime
import TFLiteFormat

/// Data-dependent outputs of a loaded model, served from the capture operator instead of LiteRT.
///
/// LiteRT's compiled model binds each output to a buffer of the shape it predicts before a run.
/// An output whose shape depends on the data (`tf.boolean_mask`, `tf.where`, a `RESHAPE` to a
/// computed shape, an unknown batch) is reallocated by TensorFlow Lite during the run instead:
/// its values never reach that buffer, and the next run fails. So before LiteRT sees the model,
/// TensorBridge reroutes every such output to a custom capture operator
/// (``TFLiteModel/capturingDynamicOutputs()``) whose kernel copies the real shape and bytes into
/// an ``OutputCaptureStore``. The signatures then present the original outputs, in their
/// original order and under their original names, reading the captured ones from the store.
final class OutputCapture {
  /// What the rewrite moved.
  let rewrite: OutputCaptureRewrite
  /// Where the kernel puts the values.
  let store: OutputCaptureStore
  /// The original model (before the rewrite).
  let format: TFLiteModel

  /// Rewrites `format` when it has data-dependent outputs; `nil` when it has none.
  ///
  /// A model the rewrite cannot handle faithfully (see ``OutputCaptureError``) is loaded as it
  /// is, the way TensorBridge loaded every model before capturing: its static outputs work.
  static func prepare(format: TFLiteModel, library: LiteRTLibrary) -> OutputCapture? {
    guard let rewrite = try? format.capturingDynamicOutputs() else { return nil }
    return OutputCapture(rewrite: rewrite, format: format, library: library)
  }

  private init(rewrite: OutputCaptureRewrite, format: TFLiteModel, library: LiteRTLibrary) {
    self.rewrite = rewrite
    self.format = format
    // Capture ids run 0, 1, 2, … over the distinct captured tensors.
    var types: [Tensor.DataType] = []
    for capture in rewrite.captures where Int(capture.captureID) == types.count {
      types.append(Tensor.DataType(capture.type))
    }
    store = OutputCaptureStore(library: library, types: types)
  }

  /// The subgraph LiteRT's signature `key` runs: the signature def's, or the main subgraph for
  /// the placeholder signature of a model without signature defs.
  func subgraphIndex(ofSignature key: String) -> Int {
    format.signatures.first { $0.key == key }?.subgraphIndex ?? 0
  }

  /// Whether any output of signature `key` is captured.
  func capturesOutputs(ofSignature key: String) -> Bool {
    !rewrite.captures(inSubgraph: subgraphIndex(ofSignature: key)).isEmpty
  }

  /// The outputs of signature `key` as the original model has them: LiteRT's slots
  /// (`liteRT`, for the tensors `liteRTTensorIndices`) and captured slots, in the subgraph's
  /// original output order. Returns nil when the signature has no captured output.
  ///
  /// - Returns: the slots, and for each LiteRT output (LiteRT's order) the position of its slot.
  /// - Throws: ``InterpreterError/outputCaptureFailed(tensor:reason:)`` if LiteRT does not list
  ///   an output the rewrite kept.
  func outputs(
    ofSignature key: String, liteRT: [TensorSlot], liteRTTensorIndices: [Int]
  ) throws(InterpreterError) -> (slots: [TensorSlot], liteRTPositions: [Int])? {
    let subgraphIndex = subgraphIndex(ofSignature: key)
    let captures = rewrite.captures(inSubgraph: subgraphIndex)
    guard !captures.isEmpty else { return nil }
    let subgraph = format.subgraphs[subgraphIndex]
    let signature = format.signatures.first { $0.key == key }
    var slots: [TensorSlot] = []
    var liteRTPositions = [Int](repeating: -1, count: liteRT.count)
    for (position, tensorIndex) in subgraph.outputs.enumerated() {
      let tensor = subgraph.tensors[tensorIndex]
      if let capture = captures.first(where: { $0.outputPosition == position }) {
        let alias = signature?.outputs.first { $0.tensorIndex == tensorIndex }?.name ?? ""
        slots.append(
          Self.slot(for: tensor, captureID: capture.captureID, signatureName: alias.isEmpty ? tensor.name : alias))
        continue
      }
      guard
        let index = liteRTTensorIndices.indices.first(where: {
          liteRTTensorIndices[$0] == tensorIndex && liteRTPositions[$0] < 0
        })
      else {
        throw .outputCaptureFailed(
          tensor: tensor.name, reason: "LiteRT does not list it among the outputs of signature '\(key)'")
      }
      liteRTPositions[index] = slots.count
      slots.append(liteRT[index])
    }
    guard !liteRTPositions.contains(-1) else {
      throw .outputCaptureFailed(tensor: key, reason: "LiteRT lists outputs the model does not have")
    }
    return (slots, liteRTPositions)
  }

  /// The shape of a tensor declared `declared` (`-1` for unknown dimensions, empty for an
  /// unknown rank) that has `rank` dimensions and `count` elements, when that determines it:
  /// at most one unknown dimension, and known ones that do not multiply to 0.
  static func shape(declared: [Int], rank: Int, count: Int) -> [Int]? {
    if declared.isEmpty {
      switch rank {
      case 0: return count == 1 ? [] : nil
      case 1: return [count]
      default: return nil
      }
    }
    guard rank == declared.count else { return nil }
    let unknown = declared.indices.filter { declared[$0] < 0 }
    let known = declared.filter { $0 >= 0 }.reduce(1, *)
    switch unknown.count {
    case 0:
      return known == count ? declared : nil
    case 1 where known > 0 && count % known == 0:
      var shape = declared
      shape[unknown[0]] = count / known
      return shape
    default:
      return nil
    }
  }

  /// The slot of a captured output, described from the model (LiteRT no longer sees it as an
  /// output). Until the first run it has its declared shape with `-1` read as 0 (`[0]` for an
  /// unknown rank), and no bytes.
  private static func slot(for tensor: TensorInfo, captureID: Int32, signatureName: String) -> TensorSlot {
    let unranked = !tensor.hasRank && tensor.shape.isEmpty && tensor.shapeSignature == nil
    let declared = unranked ? [] : (tensor.shapeSignature ?? tensor.shape)
    var perTensor: QuantizationParameters?
    var perChannel: PerChannelQuantizationParameters?
    if let quantization = tensor.quantization {
      // As LiteRT reads them: one scale is per tensor, several are per channel.
      if quantization.scales.count == 1 {
        perTensor = QuantizationParameters(
          scale: quantization.scales[0], zeroPoint: Int(quantization.zeroPoints.first ?? 0))
      } else if quantization.scales.count > 1 {
        perChannel = PerChannelQuantizationParameters(
          scales: quantization.scales, zeroPoints: quantization.zeroPoints,
          quantizedDimension: quantization.quantizedDimension)
      }
    }
    return TensorSlot(
      role: .output, name: tensor.name, signatureName: signatureName, dataType: Tensor.DataType(tensor.type),
      declaredShape: Tensor.Shape(declared), isUnranked: unranked,
      shape: Tensor.Shape(unranked ? [0] : declared.map { max($0, 0) }),
      quantization: perTensor, perChannel: perChannel, buffer: nil, byteCount: 0, captureID: captureID)
  }
}
