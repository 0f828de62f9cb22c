import TensorBridgeModels

/// The `options.detection` section of a `model.json` for models with raw box regressors and
/// anchors (SSD, BlazeFace): which outputs hold boxes and scores, the anchor generator
/// (MediaPipe `SsdAnchorsCalculator` options), the box coder (`TensorsToDetectionsCalculator`
/// options) and non-max suppression, all in camelCase MediaPipe names:
///
/// ```json
/// "options": { "detection": {
///   "boxes": "regressors", "scores": "classificators",
///   "anchors": { "numLayers": 4, "minScale": 0.1484375, "maxScale": 0.75, "inputSizeWidth": 128,
///                "inputSizeHeight": 128, "strides": [8, 16, 16, 16], "fixedAnchorSize": true },
///   "decoder": { "numCoords": 16, "numKeypoints": 6, "reverseOutputOrder": true, "xScale": 128,
///                "yScale": 128, "wScale": 128, "hScale": 128, "scoreClippingThreshold": 100,
///                "minScoreThreshold": 0.5 },
///   "nms": { "algorithm": "weighted", "iouThreshold": 0.3 } } }
/// ```
public struct AnchorDetectionDescription: Sendable, Equatable {
  /// The output layer (or tensor) name of the box regressors.
  public var boxesOutput: String
  /// The output layer (or tensor) name of the scores.
  public var scoresOutput: String
  /// The decoder with its anchors.
  public var decoder: AnchorBoxDecoder

  /// Reads the section; every problem names its key path.
  public init(_ json: JSONValue, path: String = "options.detection") throws(VisionError) {
    guard case .object(let root) = json else { throw .invalidDescription(path: path, reason: "expected an object") }
    func object(_ key: String) throws(VisionError) -> [String: JSONValue] {
      guard case .object(let value)? = root[key] else {
        throw .invalidDescription(path: "\(path).\(key)", reason: "expected an object")
      }
      return value
    }
    func string(_ key: String) throws(VisionError) -> String {
      guard case .string(let value)? = root[key], !value.isEmpty else {
        throw .invalidDescription(path: "\(path).\(key)", reason: "expected an output name")
      }
      return value
    }
    boxesOutput = try string("boxes")
    scoresOutput = try string("scores")
    let anchorsJSON = try object("anchors")
    let decoderJSON = root["decoder"] == nil ? [:] : try object("decoder")
    let nmsJSON = root["nms"] == nil ? [:] : try object("nms")
    let reader = Reader(path: path)
    var anchors = SSDAnchorOptions(
      inputSizeWidth: try reader.int(anchorsJSON, "anchors", "inputSizeWidth"),
      inputSizeHeight: try reader.int(anchorsJSON, "anchors", "inputSizeHeight"),
      minScale: try reader.number(anchorsJSON, "anchors", "minScale"),
      maxScale: try reader.number(anchorsJSON, "anchors", "maxScale"),
      numLayers: try reader.int(anchorsJSON, "anchors", "numLayers"),
      strides: try reader.ints(anchorsJSON, "anchors", "strides"))
    anchors.anchorOffsetX = try reader.number(anchorsJSON, "anchors", "anchorOffsetX", default: 0.5)
    anchors.anchorOffsetY = try reader.number(anchorsJSON, "anchors", "anchorOffsetY", default: 0.5)
    anchors.aspectRatios = try reader.numbers(anchorsJSON, "anchors", "aspectRatios", default: [1])
    anchors.interpolatedScaleAspectRatio = try reader.number(
      anchorsJSON, "anchors", "interpolatedScaleAspectRatio", default: 1)
    anchors.fixedAnchorSize = try reader.bool(anchorsJSON, "anchors", "fixedAnchorSize", default: false)
    anchors.reduceBoxesInLowestLayer = try reader.bool(
      anchorsJSON, "anchors", "reduceBoxesInLowestLayer", default: false)
    var decoder = AnchorBoxDecoder(anchors: try anchors.anchors())
    decoder.numClasses = try reader.int(decoderJSON, "decoder", "numClasses", default: 1)
    if decoderJSON["ignoreClasses"] != nil {
      let ignored = try reader.numbers(decoderJSON, "decoder", "ignoreClasses")
      guard ignored.allSatisfy({ $0.rounded() == $0 && $0 >= 0 && $0 < 1e6 }) else {
        throw .invalidDescription(
          path: "\(path).decoder.ignoreClasses", reason: "expected class indices (integers of at least 0)")
      }
      decoder.ignoreClasses = ignored.map { Int($0) }
    }
    decoder.numCoords = try reader.int(decoderJSON, "decoder", "numCoords", default: 4)
    decoder.boxCoordOffset = try reader.int(decoderJSON, "decoder", "boxCoordOffset", default: 0, minimum: 0)
    decoder.keypointCoordOffset = try reader.int(decoderJSON, "decoder", "keypointCoordOffset", default: 4, minimum: 0)
    decoder.numKeypoints = try reader.int(decoderJSON, "decoder", "numKeypoints", default: 0, minimum: 0)
    decoder.numValuesPerKeypoint = try reader.int(decoderJSON, "decoder", "numValuesPerKeypoint", default: 2)
    decoder.reverseOutputOrder = try reader.bool(decoderJSON, "decoder", "reverseOutputOrder", default: false)
    decoder.xScale = try reader.number(decoderJSON, "decoder", "xScale", default: 1)
    decoder.yScale = try reader.number(decoderJSON, "decoder", "yScale", default: 1)
    decoder.wScale = try reader.number(decoderJSON, "decoder", "wScale", default: 1)
    decoder.hScale = try reader.number(decoderJSON, "decoder", "hScale", default: 1)
    decoder.applyExponentialOnBoxSize = try reader.bool(
      decoderJSON, "decoder", "applyExponentialOnBoxSize", default: false)
    decoder.sigmoidScore = try reader.bool(decoderJSON, "decoder", "sigmoidScore", default: true)
    if decoderJSON["scoreClippingThreshold"] != nil {
      decoder.scoreClippingThreshold = try reader.number(decoderJSON, "decoder", "scoreClippingThreshold")
    }
    decoder.minScoreThreshold = try reader.number(decoderJSON, "decoder", "minScoreThreshold", default: 0.5)
    decoder.iouThreshold = try reader.number(nmsJSON, "nms", "iouThreshold", default: 0.3)
    if case .string(let algorithm)? = nmsJSON["algorithm"] {
      guard let value = AnchorBoxDecoder.Suppression(rawValue: algorithm) else {
        throw .invalidDescription(
          path: "\(path).nms.algorithm", reason: "\"\(algorithm)\" is not \"standard\" or \"weighted\"")
      }
      decoder.suppression = value
    } else if nmsJSON["algorithm"] != nil {
      throw .invalidDescription(path: "\(path).nms.algorithm", reason: "expected \"standard\" or \"weighted\"")
    }
    let needed = max(
      decoder.boxCoordOffset + 4, decoder.keypointCoordOffset + decoder.numKeypoints * decoder.numValuesPerKeypoint)
    guard decoder.numCoords >= needed, decoder.numValuesPerKeypoint >= 2 || decoder.numKeypoints == 0 else {
      throw .invalidDescription(
        path: "\(path).decoder.numCoords",
        reason: "\(decoder.numCoords) coordinates cannot hold the box and keypoints (\(needed) needed)")
    }
    self.decoder = decoder
  }

  private struct Reader {
    let path: String

    func number(_ object: [String: JSONValue], _ section: String, _ key: String, default fallback: Double? = nil)
      throws(VisionError) -> Double
    {
      switch object[key] {
      case .number(let value)? where value.isFinite: return value
      case nil:
        if let fallback { return fallback }
        throw .invalidDescription(path: "\(path).\(section).\(key)", reason: "is required")
      case let other?:
        throw .invalidDescription(
          path: "\(path).\(section).\(key)", reason: "expected a number, found \(other.typeName)")
      }
    }

    func int(
      _ object: [String: JSONValue], _ section: String, _ key: String, default fallback: Int? = nil, minimum: Int = 1
    ) throws(VisionError) -> Int {
      let value = try number(object, section, key, default: fallback.map(Double.init))
      guard value.rounded() == value, value >= Double(minimum), value < 1e7 else {
        throw .invalidDescription(
          path: "\(path).\(section).\(key)", reason: "expected an integer of at least \(minimum), found \(value)")
      }
      return Int(value)
    }

    func numbers(_ object: [String: JSONValue], _ section: String, _ key: String, default fallback: [Double]? = nil)
      throws(VisionError) -> [Double]
    {
      switch object[key] {
      case .array(let items)?:
        var values: [Double] = []
        for (index, item) in items.enumerated() {
          guard case .number(let value) = item, value.isFinite else {
            throw .invalidDescription(path: "\(path).\(section).\(key)[\(index)]", reason: "expected a number")
          }
          values.append(value)
        }
        return values
      case nil:
        if let fallback { return fallback }
        throw .invalidDescription(path: "\(path).\(section).\(key)", reason: "is required")
      case let other?:
        throw .invalidDescription(
          path: "\(path).\(section).\(key)", reason: "expected a list of numbers, found \(other.typeName)")
      }
    }

    func ints(_ object: [String: JSONValue], _ section: String, _ key: String) throws(VisionError) -> [Int] {
      let values = try numbers(object, section, key)
      guard values.allSatisfy({ $0.rounded() == $0 && $0 > 0 && $0 < 1e6 }) else {
        throw .invalidDescription(path: "\(path).\(section).\(key)", reason: "expected positive integers")
      }
      return values.map { Int($0) }
    }

    func bool(_ object: [String: JSONValue], _ section: String, _ key: String, default fallback: Bool)
      throws(VisionError) -> Bool
    {
      switch object[key] {
      case .bool(let value)?: return value
      case nil: return fallback
      case let other?:
        throw .invalidDescription(
          path: "\(path).\(section).\(key)", reason: "expected true or false, found \(other.typeName)")
      }
    }
  }
}
