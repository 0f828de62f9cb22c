import TFLiteFormat
import TensorBridge
import TensorBridgeModels

/// How pixels become the values of an image input tensor (NHWC): size, channels and their
/// order, element type, and the per-channel affine map from a pixel value (0…255) to the
/// stored element.
///
/// `normalized = pixel × scales[c] + biases[c]`; float tensors store `normalized`. `uint8`
/// tensors always take the raw pixels, as TFLite's Task Library, MediaPipe and Tensor/IO feed
/// quantized image models (metadata normalization describes the float model the quantized one
/// came from, and often disagrees with the input's quantization). `int8` tensors store
/// `round(normalized / quantization.scale + zeroPoint)` clamped to the type when a
/// normalization is given, `pixel + zeroPoint` when none is.
public struct ImageInputFormat: Sendable, Equatable {
  /// Width of the input in pixels.
  public var width: Int
  /// Height of the input in pixels.
  public var height: Int
  /// 1 (grayscale, ITU-R 601 luma) or 3 (colour).
  public var channels: Int
  /// Channel order of colour inputs.
  public var channelOrder: LayerDescription.PixelFormat
  /// The tensor's element type (`float32`, `uint8` or `int8`).
  public var dataType: Tensor.DataType
  /// Per-channel scale of the normalization (in the model's channel order), or `nil` for none.
  public var scales: [Double]?
  /// Per-channel bias of the normalization (in the model's channel order).
  public var biases: [Double]?
  /// The tensor's quantization, for integer tensors.
  public var quantization: QuantizationParameters?

  /// Creates a format.
  public init(
    width: Int, height: Int, channels: Int = 3, channelOrder: LayerDescription.PixelFormat = .rgb,
    dataType: Tensor.DataType = .float32, scales: [Double]? = nil, biases: [Double]? = nil,
    quantization: QuantizationParameters? = nil
  ) {
    self.width = width
    self.height = height
    self.channels = channels
    self.channelOrder = channelOrder
    self.dataType = dataType
    self.scales = scales
    self.biases = biases
    self.quantization = quantization
  }

  /// The format of input tensor `tensor`, with the normalization of `layer` (its `normalize`
  /// and `format`) when given.
  public init(tensor: Tensor, layer: LayerDescription? = nil) throws(VisionError) {
    var dimensions = tensor.shape.dimensions
    if dimensions.count == 4 {
      guard dimensions[0] == 1 else {
        throw .unsupportedImageInput(tensor: tensor.name, shape: dimensions, reason: "the batch dimension must be 1")
      }
      dimensions.removeFirst()
    } else if dimensions.count == 3, dimensions[0] == 1, dimensions[2] != 1, dimensions[2] != 3 {
      dimensions.removeFirst()  // [1, H, W]: grayscale with a batch
      dimensions.append(1)
    } else if dimensions.count == 2 {
      dimensions.append(1)
    }
    guard dimensions.count == 3, dimensions[0] > 0, dimensions[1] > 0 else {
      throw .unsupportedImageInput(
        tensor: tensor.name, shape: tensor.shape.dimensions, reason: "an image input is [1, height, width, channels]")
    }
    // A vector or a single value ([1, N], [1, 1]) reads as a one-pixel-high image; only a layer
    // described as an image may be that thin.
    guard layer?.kind == .image || (dimensions[0] > 1 && dimensions[1] > 1) else {
      throw .unsupportedImageInput(
        tensor: tensor.name, shape: tensor.shape.dimensions,
        reason: "an image input is [1, height, width, channels] with height and width of at least 2")
    }
    guard dimensions[2] == 1 || dimensions[2] == 3 else {
      let hint = dimensions[0] == 3 || dimensions[0] == 1 ? " (channels-first layouts are not supported)" : ""
      throw .unsupportedImageInput(
        tensor: tensor.name, shape: tensor.shape.dimensions,
        reason: "it has \(dimensions[2]) channels; 1 or 3 are supported\(hint)")
    }
    guard [.float32, .uInt8, .int8].contains(tensor.dataType) else {
      throw .unsupportedDataType(
        tensor: tensor.name, type: tensor.dataType, use: "for image inputs (float32, uint8 and int8 are)")
    }
    self.init(
      width: dimensions[1], height: dimensions[0], channels: dimensions[2],
      channelOrder: layer?.pixelFormat ?? .rgb, dataType: tensor.dataType,
      quantization: tensor.quantizationParameters.flatMap { $0.scale != 0 ? $0 : nil })
    if let normalize = layer?.normalize {
      let count = max(1, normalize.bias.count, normalize.channelScales?.count ?? 0)
      scales = (0..<count).map { normalize.scale(forChannel: $0) }
      biases = normalize.bias.isEmpty ? [0] : normalize.bias
    }
  }

  /// Uses per-channel mean and standard deviation (`(pixel − mean) / std`), as TFLite
  /// metadata's `NormalizationOptions` give them (one value applies to every channel).
  public mutating func normalize(mean: [Double], std: [Double]) {
    let count = max(mean.count, std.count, 1)
    scales = (0..<count).map { 1 / (std.isEmpty ? 1 : std[$0 % std.count]) }
    biases = (0..<count).map { -(mean.isEmpty ? 0 : mean[$0 % mean.count]) / (std.isEmpty ? 1 : std[$0 % std.count]) }
  }

  /// The element written for pixel value `pixel` in channel `channel` is `pixel × multipliers[c] + addends[c]`.
  func affine() -> (multipliers: [Float], addends: [Float]) {
    var multipliers: [Float] = []
    var addends: [Float] = []
    for channel in 0..<channels {
      let scale = scales.map { $0.isEmpty ? 1 : $0[channel % $0.count] }
      let bias = biases.map { $0.isEmpty ? 0 : $0[channel % $0.count] }
      switch dataType {
      case .float32:
        multipliers.append(Float(scale ?? 1))
        addends.append(Float(bias ?? 0))
      case .uInt8:
        multipliers.append(1)
        addends.append(0)
      default:
        if let scale {
          let q = Double(quantization?.scale ?? 1)
          let zero = Double(quantization?.zeroPoint ?? 0)
          multipliers.append(Float(scale / q))
          addends.append(Float((bias ?? 0) / q + zero))
        } else if dataType == .int8 {
          multipliers.append(1)
          addends.append(Float(quantization?.zeroPoint ?? -128))
        } else {
          multipliers.append(1)
          addends.append(0)
        }
      }
    }
    return (multipliers, addends)
  }

  /// The number of bytes the tensor has.
  var byteCount: Int { width * height * channels * (dataType == .float32 ? 4 : 1) }
}

extension ImageInputFormat {
  /// The format of a `.tflite` model's image input as its TFLite metadata describes it: the
  /// tensor's shape and type with every channel's own mean and standard deviation from
  /// `NormalizationOptions`. `nil` when the model has no metadata for the input.
  public static func fromMetadata(_ interpreter: Interpreter, inputAt index: Int) throws(VisionError)
    -> ImageInputFormat?
  {
    guard let metadata = try? interpreter.model.tfliteMetadata(), let subgraph = metadata.subgraphs.first,
      subgraph.inputs.indices.contains(index)
    else { return nil }
    let tensor: Tensor
    do { tensor = try interpreter.input(at: index) } catch { throw .interpreter(error) }
    var format = try ImageInputFormat(tensor: tensor)
    for unit in subgraph.inputs[index].processUnits {
      if case .normalization(let mean, let std) = unit, !std.contains(0) {
        format.normalize(mean: mean.map(Double.init), std: std.map(Double.init))
      }
    }
    return format
  }
}
