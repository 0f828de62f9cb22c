import TensorBridge

/// A model's description in Tensor/IO's `model.json` format, or derived from TFLite metadata.
///
/// Field names follow the format: `name`, `details`, `id`, `version`, `author`, `license`,
/// `model`, `inputs`, `outputs`, `options`, `train`.
public struct ModelDescription: Sendable, Equatable {
  public var name: String
  public var details: String?
  public var id: String?
  public var version: String?
  public var author: String?
  public var license: String?
  public var model: ModelSection
  public var inputs: [LayerDescription]
  public var outputs: [LayerDescription]
  public var options: Options
  /// The `train` section (`ops`), kept as given; training is not run yet.
  public var train: TrainSection?
  /// Tensor/IO's `placeholder`: the bundle describes a model whose file arrives later (for
  /// example from `ModelDownloader`); it loads for inspection and cannot run until it does.
  public var placeholder: Bool

  /// Creates a description.
  public init(
    name: String, details: String? = nil, id: String? = nil, version: String? = nil,
    author: String? = nil, license: String? = nil, model: ModelSection,
    inputs: [LayerDescription], outputs: [LayerDescription], options: Options = Options(),
    train: TrainSection? = nil, placeholder: Bool = false
  ) {
    self.placeholder = placeholder
    self.name = name
    self.details = details
    self.id = id
    self.version = version
    self.author = author
    self.license = license
    self.model = model
    self.inputs = inputs
    self.outputs = outputs
    self.options = options
    self.train = train
  }

  /// The `model` section.
  public struct ModelSection: Sendable, Equatable {
    /// The model file, relative to the bundle folder; empty in a placeholder bundle that names
    /// none yet (`"file": null` or `""`).
    public var file: String
    /// `tflite` (the only backend that runs here).
    public var backend: String
    /// Whether the model computes on quantized values.
    public var quantized: Bool
    /// `predict`, `train`, `eval`.
    public var modes: [String]
    /// Free-form model type, e.g. `image.classification.imagenet`.
    public var type: String?
    /// Tensor/IO's custom Objective-C class name; kept, not used.
    public var className: String?

    public init(
      file: String, backend: String = "tflite", quantized: Bool = false, modes: [String] = ["predict"],
      type: String? = nil, className: String? = nil
    ) {
      self.file = file
      self.backend = backend
      self.quantized = quantized
      self.modes = modes
      self.type = type
      self.className = className
    }
  }

  /// The `options` section: known keys typed, every other key kept as raw JSON.
  public struct Options: Sendable, Equatable {
    /// `front` or `back` (camera position for image models).
    public var devicePosition: String?
    /// e.g. `image.classification.nodecay`.
    public var outputFormat: String?
    /// Every other key, as given.
    public var other: [String: JSONValue]

    public init(devicePosition: String? = nil, outputFormat: String? = nil, other: [String: JSONValue] = [:]) {
      self.devicePosition = devicePosition
      self.outputFormat = outputFormat
      self.other = other
    }
  }

  /// The `train` section.
  public struct TrainSection: Sendable, Equatable {
    /// Training operation names.
    public var ops: [String]
    public init(ops: [String]) { self.ops = ops }
  }
}

/// One input or output layer of a ``ModelDescription``.
public struct LayerDescription: Sendable, Equatable {
  /// The layer's name (the key of its value in `Model.run(on:)` dictionaries and results).
  public var name: String
  /// Array, image or text data.
  public var kind: Kind
  /// The declared element type (`uint8`, `float32`, `int32`, `int64`, …), if any.
  public var dataType: Tensor.DataType?
  /// The declared shape; `-1` for a dynamic (batch) dimension.
  public var shape: [Int]
  /// Input transform: `quantized = (value + bias) * scale`.
  public var quantize: AffineTransform?
  /// Output transform: `value = quantized * scale + bias`.
  public var dequantize: AffineTransform?
  /// Image input transform: `normalized = scale * pixel + bias[channel]`.
  public var normalize: PixelTransform?
  /// Image output transform: `pixel = (normalized + bias[channel]) * scale`.
  public var denormalize: PixelTransform?
  /// Channel order of an image layer.
  public var pixelFormat: PixelFormat?
  /// The labels file named by the layer (in the bundle's `assets/`).
  public var labelsFile: String?
  /// The labels, once loaded.
  public var labels: [String]?
  /// How a text layer tokenizes (`kind == .text`).
  public var text: TextLayer?

  public init(
    name: String, kind: Kind = .array, dataType: Tensor.DataType? = nil, shape: [Int],
    quantize: AffineTransform? = nil, dequantize: AffineTransform? = nil,
    normalize: PixelTransform? = nil, denormalize: PixelTransform? = nil,
    pixelFormat: PixelFormat? = nil, labelsFile: String? = nil, labels: [String]? = nil,
    text: TextLayer? = nil
  ) {
    self.name = name
    self.kind = kind
    self.dataType = dataType
    self.shape = shape
    self.quantize = quantize
    self.dequantize = dequantize
    self.normalize = normalize
    self.denormalize = denormalize
    self.pixelFormat = pixelFormat
    self.labelsFile = labelsFile
    self.labels = labels
    self.text = text
  }

  /// What kind of values a layer carries.
  public enum Kind: String, Sendable, Equatable, CaseIterable {
    case array
    case image
    /// A string, tokenized into the tensor (see ``TextLayer``; run by TensorBridgeText).
    case text
    /// Tensor/IO's single-valued layer: one number in, one number out
    /// (``ModelOutput/scalar``).
    case scalar
    /// Tensor/IO's `string` layer: raw bytes of the layer's `dtype` in, the tensor's bytes out
    /// (``ModelOutput/bytes``); nothing is transformed.
    case string
  }

  /// Channel order for image layers.
  public enum PixelFormat: String, Sendable, Equatable, CaseIterable {
    case rgb = "RGB"
    case bgr = "BGR"
  }
}
