import Foundation

/// Decodes raw box regressors against anchors, scores with an optional sigmoid, then non-max
/// suppression — MediaPipe's `TensorsToDetectionsCalculator` and `NonMaxSuppressionCalculator`
/// for the SSD / BlazeFace family. Coordinates are normalized to the model input.
public struct AnchorBoxDecoder: Sendable, Equatable {
  /// Non-max suppression variants.
  public enum Suppression: String, Sendable, Equatable {
    /// Keep the best box, drop the ones overlapping it.
    case standard
    /// Replace the best box by the score-weighted average of the boxes overlapping it (BlazeFace).
    case weighted
  }

  public var anchors: [SSDAnchorOptions.Anchor]
  public var numClasses: Int = 1
  /// Score columns never reported (e.g. 0, the background of TF Object Detection API models).
  public var ignoreClasses: [Int] = []
  public var numCoords: Int = 4
  public var boxCoordOffset: Int = 0
  public var keypointCoordOffset: Int = 4
  public var numKeypoints: Int = 0
  public var numValuesPerKeypoint: Int = 2
  /// `x, y, w, h` instead of `y, x, h, w`.
  public var reverseOutputOrder: Bool = false
  public var xScale: Double = 1
  public var yScale: Double = 1
  public var wScale: Double = 1
  public var hScale: Double = 1
  public var applyExponentialOnBoxSize: Bool = false
  public var sigmoidScore: Bool = true
  public var scoreClippingThreshold: Double?
  public var minScoreThreshold: Double = 0.5
  public var suppression: Suppression = .weighted
  public var iouThreshold: Double = 0.3

  /// Creates a decoder for `anchors`.
  public init(anchors: [SSDAnchorOptions.Anchor]) { self.anchors = anchors }

  /// A decoded box in normalized input coordinates, with its keypoints.
  public struct Box: Sendable, Equatable {
    public var rect: ImageRect
    public var score: Double
    public var classIndex: Int
    public var keypoints: [ImagePoint]
  }

  /// Decodes `boxes` (`anchors × numCoords`) and `scores` (`anchors × numClasses`).
  public func decode(boxes raw: [Float], scores rawScores: [Float]) throws(VisionError) -> [Box] {
    let count = anchors.count
    guard raw.count == count * numCoords else {
      throw .outputShape(tensor: "boxes", shape: [raw.count], expected: "\(count) anchors x \(numCoords) coordinates")
    }
    guard rawScores.count == count * numClasses else {
      throw .outputShape(
        tensor: "scores", shape: [rawScores.count], expected: "\(count) anchors x \(numClasses) classes")
    }
    var candidates: [Box] = []
    for index in 0..<count {
      var best = -Double.infinity
      var bestClass = 0
      for c in 0..<numClasses where !ignoreClasses.contains(c) {
        var score = Double(rawScores[index * numClasses + c])
        if let clip = scoreClippingThreshold { score = min(max(score, -clip), clip) }
        if sigmoidScore { score = 1 / (1 + exp(-score)) }
        if score > best {
          best = score
          bestClass = c
        }
      }
      guard best >= minScoreThreshold else { continue }
      let anchor = anchors[index]
      let base = index * numCoords + boxCoordOffset
      var yc = Double(raw[base])
      var xc = Double(raw[base + 1])
      var h = Double(raw[base + 2])
      var w = Double(raw[base + 3])
      if reverseOutputOrder {
        (xc, yc, w, h) = (Double(raw[base]), Double(raw[base + 1]), Double(raw[base + 2]), Double(raw[base + 3]))
      }
      xc = xc / xScale * anchor.width + anchor.xCenter
      yc = yc / yScale * anchor.height + anchor.yCenter
      if applyExponentialOnBoxSize {
        h = exp(h / hScale) * anchor.height
        w = exp(w / wScale) * anchor.width
      } else {
        h = h / hScale * anchor.height
        w = w / wScale * anchor.width
      }
      guard [xc, yc, w, h].allSatisfy(\.isFinite) else { continue }
      var keypoints: [ImagePoint] = []
      for k in 0..<numKeypoints {
        let offset = index * numCoords + keypointCoordOffset + k * numValuesPerKeypoint
        var kx = Double(raw[offset])
        var ky = Double(raw[offset + 1])
        if !reverseOutputOrder { (kx, ky) = (ky, kx) }
        keypoints.append(
          ImagePoint(x: kx / xScale * anchor.width + anchor.xCenter, y: ky / yScale * anchor.height + anchor.yCenter))
      }
      candidates.append(
        Box(
          rect: ImageRect(x: xc - w / 2, y: yc - h / 2, width: w, height: h), score: best,
          classIndex: bestClass, keypoints: keypoints))
    }
    return suppress(candidates)
  }

  /// Non-max suppression over candidates (best first).
  func suppress(_ candidates: [Box]) -> [Box] {
    var remaining = candidates.sorted { $0.score > $1.score }
    var kept: [Box] = []
    while let top = remaining.first {
      let overlapping = remaining.filter { $0.rect.intersectionOverUnion(top.rect) > iouThreshold || $0 == top }
      remaining.removeAll { $0.rect.intersectionOverUnion(top.rect) > iouThreshold || $0 == top }
      guard suppression == .weighted, overlapping.count > 1 else {
        kept.append(top)
        continue
      }
      let total = overlapping.reduce(0) { $0 + $1.score }
      func average(_ value: (Box) -> Double) -> Double { overlapping.reduce(0) { $0 + $1.score * value($1) } / total }
      var merged = top
      let minX = average { $0.rect.minX }
      let minY = average { $0.rect.minY }
      merged.rect = ImageRect(
        x: minX, y: minY, width: average { $0.rect.maxX } - minX, height: average { $0.rect.maxY } - minY)
      merged.keypoints = top.keypoints.indices.map { k in
        ImagePoint(x: average { $0.keypoints[k].x }, y: average { $0.keypoints[k].y })
      }
      kept.append(merged)
    }
    return kept
  }
}
