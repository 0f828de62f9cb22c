/// SSD anchor generation, as MediaPipe's `SsdAnchorsCalculator` options describe it (the names
/// are MediaPipe's, in camelCase, so a graph's `.pbtxt` values carry over to `model.json`).
public struct SSDAnchorOptions: Sendable, Equatable {
  public var inputSizeWidth: Int
  public var inputSizeHeight: Int
  public var minScale: Double
  public var maxScale: Double
  public var anchorOffsetX: Double = 0.5
  public var anchorOffsetY: Double = 0.5
  public var numLayers: Int
  public var strides: [Int]
  public var aspectRatios: [Double] = [1]
  public var interpolatedScaleAspectRatio: Double = 1
  public var fixedAnchorSize: Bool = false
  public var reduceBoxesInLowestLayer: Bool = false

  /// Creates options; the defaults are MediaPipe's.
  public init(
    inputSizeWidth: Int, inputSizeHeight: Int, minScale: Double, maxScale: Double, numLayers: Int, strides: [Int]
  ) {
    self.inputSizeWidth = inputSizeWidth
    self.inputSizeHeight = inputSizeHeight
    self.minScale = minScale
    self.maxScale = maxScale
    self.numLayers = numLayers
    self.strides = strides
  }

  /// One anchor: centre and size, normalized to the input.
  public struct Anchor: Sendable, Equatable {
    public var xCenter: Double
    public var yCenter: Double
    public var width: Double
    public var height: Double
  }

  /// The anchors, in the order the model's outputs list them.
  public func anchors() throws(VisionError) -> [Anchor] {
    guard strides.count == numLayers, numLayers > 0, inputSizeWidth > 0, inputSizeHeight > 0,
      inputSizeWidth < 1_000_000, inputSizeHeight < 1_000_000,
      strides.allSatisfy({ $0 > 0 }), !aspectRatios.isEmpty, aspectRatios.allSatisfy({ $0 > 0 })
    else {
      throw .invalidDescription(
        path: "options.detection.anchors",
        reason: "numLayers must equal the number of strides, sizes, strides and aspect ratios must be positive")
    }
    func scale(_ index: Int) -> Double {
      numLayers == 1
        ? (minScale + maxScale) / 2 : minScale + (maxScale - minScale) * Double(index) / Double(numLayers - 1)
    }
    // Refuse descriptions that would make an absurd number of anchors before allocating them.
    var total = 0
    for stride in strides {
      let cells = ((inputSizeHeight + stride - 1) / stride) * ((inputSizeWidth + stride - 1) / stride)
      total += cells * (aspectRatios.count + 3)
      guard total <= 10_000_000 else {
        throw .invalidDescription(
          path: "options.detection.anchors", reason: "the options describe more than 10 million anchors")
      }
    }
    var anchors: [Anchor] = []
    var layer = 0
    while layer < numLayers {
      var heights: [Double] = []
      var widths: [Double] = []
      var ratios: [Double] = []
      var scales: [Double] = []
      var last = layer
      while last < strides.count, strides[last] == strides[layer] {
        let current = scale(last)
        if last == 0, reduceBoxesInLowestLayer {
          ratios += [1, 2, 0.5]
          scales += [0.1, current, current]
        } else {
          for ratio in aspectRatios {
            ratios.append(ratio)
            scales.append(current)
          }
          if interpolatedScaleAspectRatio > 0 {
            let next = last == strides.count - 1 ? 1.0 : scale(last + 1)
            scales.append((current * next).squareRoot())
            ratios.append(interpolatedScaleAspectRatio)
          }
        }
        last += 1
      }
      for (ratio, s) in zip(ratios, scales) {
        heights.append(s / ratio.squareRoot())
        widths.append(s * ratio.squareRoot())
      }
      let stride = strides[layer]
      let rows = (inputSizeHeight + stride - 1) / stride
      let columns = (inputSizeWidth + stride - 1) / stride
      for y in 0..<rows {
        for x in 0..<columns {
          for index in heights.indices {
            anchors.append(
              Anchor(
                xCenter: (Double(x) + anchorOffsetX) / Double(columns),
                yCenter: (Double(y) + anchorOffsetY) / Double(rows),
                width: fixedAnchorSize ? 1 : widths[index], height: fixedAnchorSize ? 1 : heights[index]))
          }
        }
      }
      layer = last
    }
    return anchors
  }
}
