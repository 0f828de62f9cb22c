import Foundation

/// AutoML Vision Edge's `tflite_metadata.json`, exported next to `model.tflite` and `dict.txt`:
/// input size and type, the maximum number of detections, and which output tensor holds what.
///
/// Google's export looks like this (both `class_confidences` and `class_confidence` are read,
/// and the size may also come as `imageWidth` / `imageHeight`):
///
/// ```json
/// {"inferenceType": "QUANTIZED_UINT8", "inputShape": [1, 512, 512, 3],
///  "inputTensor": "normalized_input_image_tensor", "maxDetections": 20,
///  "outputTensorRepresentation": ["bounding_boxes", "class_labels", "class_confidences", "num_of_boxes"],
///  "outputTensors": ["TFLite_Detection_PostProcess", "TFLite_Detection_PostProcess:1",
///                    "TFLite_Detection_PostProcess:2", "TFLite_Detection_PostProcess:3"]}
/// ```
public struct AutoMLMetadata: Sendable, Equatable {
  /// Input width in pixels (`imageWidth`).
  public var imageWidth: Int?
  /// Input height in pixels (`imageHeight`).
  public var imageHeight: Int?
  /// `inputShape`: batch, the two image sides, channels (Google's tutorial reads the sides as
  /// width then height; exports are square, so the detector accepts either order).
  public var inputShape: [Int]?
  /// `inferenceType`, e.g. `QUANTIZED_UINT8` or `FLOAT` (informational: the model's input
  /// tensor says the same).
  public var inferenceType: String?
  /// The most detections the model reports.
  public var maxDetections: Int?
  /// The input tensor's name.
  public var inputTensor: String?
  /// Output tensor names, paired with ``outputTensorRepresentation``.
  public var outputTensors: [String]
  /// What each output holds: `bounding_boxes`, `class_labels`, `class_confidences` (or
  /// `class_confidence`), `num_of_boxes`.
  public var outputTensorRepresentation: [String]
  /// Optional input normalization (`mean`, `std`) for float inputs.
  public var mean: [Double]?
  /// Optional input normalization standard deviation.
  public var std: [Double]?

  /// The file name AutoML exports.
  public static let fileName = "tflite_metadata.json"

  /// Parses the JSON; unknown keys are ignored, wrongly typed known keys are errors naming the key.
  public init(data: Data, path: String = fileName) throws(VisionError) {
    let object: Any
    do { object = try JSONSerialization.jsonObject(with: data) } catch {
      throw .invalidDescription(path: path, reason: "not valid JSON (\((error as NSError).localizedDescription))")
    }
    guard let json = object as? [String: Any] else {
      throw .invalidDescription(path: path, reason: "the top level is not an object")
    }
    func int(_ key: String) throws(VisionError) -> Int? {
      guard let value = json[key] else { return nil }
      guard let number = value as? NSNumber, number.doubleValue == number.doubleValue.rounded(), number.intValue > 0
      else {
        throw .invalidDescription(path: "\(path): \(key)", reason: "expected a positive integer, found \(value)")
      }
      return number.intValue
    }
    func strings(_ key: String) throws(VisionError) -> [String] {
      guard let value = json[key] else { return [] }
      guard let list = value as? [String] else {
        throw .invalidDescription(path: "\(path): \(key)", reason: "expected a list of strings")
      }
      return list
    }
    func numbers(_ key: String) throws(VisionError) -> [Double]? {
      guard let value = json[key] else { return nil }
      guard let list = value as? [NSNumber], !list.isEmpty else {
        throw .invalidDescription(path: "\(path): \(key)", reason: "expected a list of numbers")
      }
      return list.map(\.doubleValue)
    }
    imageWidth = try int("imageWidth")
    imageHeight = try int("imageHeight")
    if let value = json["inputShape"] {
      guard let list = value as? [NSNumber], list.count == 4,
        list.allSatisfy({ $0.doubleValue == $0.doubleValue.rounded() && $0.intValue > 0 })
      else {
        throw .invalidDescription(
          path: "\(path): inputShape", reason: "expected 4 positive integers (batch, sides, channels), found \(value)")
      }
      inputShape = list.map(\.intValue)
    }
    inferenceType = json["inferenceType"] as? String
    maxDetections = try int("maxDetections")
    inputTensor = json["inputTensor"] as? String
    outputTensors = try strings("outputTensors")
    outputTensorRepresentation = try strings("outputTensorRepresentation")
    guard outputTensors.count == outputTensorRepresentation.count else {
      throw .invalidDescription(
        path: "\(path): outputTensorRepresentation",
        reason: "\(outputTensorRepresentation.count) entries for \(outputTensors.count) outputTensors")
    }
    mean = try numbers("mean")
    std = try numbers("std")
    if let std, std.contains(0) { throw .invalidDescription(path: "\(path): std", reason: "a standard deviation of 0") }
  }

  /// The output tensor name for the first of `representations` listed (`bounding_boxes`, …).
  func tensorName(for representations: String...) -> String? {
    for representation in representations {
      if let index = outputTensorRepresentation.firstIndex(of: representation) { return outputTensors[index] }
    }
    return nil
  }
}
