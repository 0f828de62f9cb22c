import LiteRTRuntime

/// One input or output of a signature: its description and its LiteRT tensor buffer.
struct TensorSlot {
  let role: TensorRole
  /// The tensor's name in the model.
  let name: String
  /// The name the signature gives it (its key in `SignatureRunner`).
  let signatureName: String
  let dataType: Tensor.DataType
  /// The declared shape, `-1` for dynamic dimensions (empty when the rank is unknown).
  let declaredShape: Tensor.Shape
  /// Whether the model leaves the rank open (`tf.TensorSpec(None)`): any shape may be set.
  let isUnranked: Bool
  var shape: Tensor.Shape
  let quantization: QuantizationParameters?
  let perChannel: PerChannelQuantizationParameters?
  var buffer: LiteRtTensorBuffer?
  /// Bytes of packed data (what users read and write).
  var byteCount: Int
  /// For a data-dependent output, the capture id its values arrive under (see ``OutputCapture``);
  /// such a slot has no LiteRT buffer.
  var captureID: Int32? = nil
}
