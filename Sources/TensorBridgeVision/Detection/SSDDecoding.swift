import TensorBridgeModels

/// Turns the four post-processed SSD outputs (boxes, classes, scores, count) into detections
/// in an image's pixels, as the Task Library's `ObjectDetector::Postprocess` does: box
/// coordinates in the order the metadata's `BoundingBoxProperties.index` gives, scores
/// calibrated when the metadata asks, class names and display names from the label map.
/// Threshold, allow/deny lists and the maximum count are the options' job (see
/// ``ObjectDetectorOptions``).
public struct SSDDecoding: Sendable, Equatable {
  /// Where left, top, right and bottom are among each box's four values; the default is
  /// TFLite_Detection_PostProcess's `[ymin, xmin, ymax, xmax]`.
  public var boxOrder: [Int] = [1, 0, 3, 2]
  /// Class names by class index.
  public var labels: [String]?
  /// Display names by class index.
  public var displayNames: [String]?
  /// Score calibration applied before thresholds.
  public var calibration: ScoreCalibration?

  /// Creates the default decoding.
  public init() {}

  /// Decodes raw output values.
  ///
  /// - Parameters:
  ///   - boxes: `4 × N` box values, as ratios of the model input.
  ///   - classes: `N` class indices (as floats).
  ///   - scores: `N` scores.
  ///   - countValues: The count output: the number of valid detections as its one value.
  ///   - inputWidth: The model input's width in pixels.
  ///   - inputHeight: The model input's height in pixels.
  ///   - transform: Maps model-input pixels to the image's pixels.
  ///   - bounds: The image's rectangle to clip boxes to, or `nil` to leave them unclipped.
  /// - Returns: One detection per valid row, in the model's order.
  /// - Throws: ``VisionError/outputShape(tensor:shape:expected:)`` when the count is missing,
  ///   ``VisionError/invalidOption(name:reason:)`` when ``boxOrder`` is not an order of 0…3.
  public func decode(
    boxes: [Float], classes: [Float], scores: [Float], count countValues: [Float],
    inputWidth: Double, inputHeight: Double, transform: ImageTransform, bounds: ImageRect?
  ) throws(VisionError) -> [Detection] {
    guard boxOrder.count == 4, Set(boxOrder) == Set(0..<4) else {
      throw .invalidOption(name: "boxOrder", reason: "\(boxOrder) is not an order of the four box coordinates 0…3")
    }
    guard let countValue = countValues.first, countValue.isFinite else {
      throw .outputShape(tensor: "count", shape: [countValues.count], expected: "one detection count")
    }
    let available = min(boxes.count / 4, classes.count, scores.count)
    let count = countValue <= 0 ? 0 : Int(min(Double(countValue), Double(available)))
    var detections: [Detection] = []
    for index in 0..<count {
      let value = { (corner: Int) in Double(boxes[index * 4 + boxOrder[corner]]) }
      let left = value(0)
      let top = value(1)
      let right = value(2)
      let bottom = value(3)
      guard [left, top, right, bottom].allSatisfy(\.isFinite) else { continue }
      let inModel = ImageRect(
        x: left * inputWidth, y: top * inputHeight,
        width: (right - left) * inputWidth, height: (bottom - top) * inputHeight)
      let classValue = classes[index]
      guard classValue.isFinite, classValue >= 0, classValue < 1e6 else { continue }
      let classIndex = Int(classValue)
      let label = labels.flatMap { $0.indices.contains(classIndex) ? $0[classIndex] : nil }
      let displayName = displayNames.flatMap { $0.indices.contains(classIndex) ? $0[classIndex] : nil }
      let score = calibration?.calibrate(scores[index], classIndex: classIndex) ?? scores[index]
      let box = transform.apply(inModel)
      detections.append(
        Detection(
          boundingBox: bounds.map(box.intersection) ?? box,
          categories: [Category(index: classIndex, label: label, score: score, displayName: displayName)]))
    }
    return detections
  }
}
