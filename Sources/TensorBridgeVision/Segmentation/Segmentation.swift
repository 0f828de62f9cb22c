/// One segmentation, as the Task Library's `Segmentation` holds it: masks of the model's output
/// size, in the orientation of the pixels given (so a rotated frame gives a rotated mask), with
/// a name and a colour for every class.
public struct Segmentation: Sendable, Equatable {
  /// A class's name, display name and colour.
  public struct ColoredLabel: Sendable, Equatable {
    /// The class name (from the metadata's labels), or `nil`.
    public var name: String?
    /// The display name in the requested locale, if any.
    public var displayName: String?
    /// Red.
    public var red: UInt8
    /// Green.
    public var green: UInt8
    /// Blue.
    public var blue: UInt8

    /// Creates a colored label.
    public init(name: String?, displayName: String?, red: UInt8, green: UInt8, blue: UInt8) {
      self.name = name
      self.displayName = displayName
      self.red = red
      self.green = green
      self.blue = blue
    }
  }

  /// The masks' width.
  public let width: Int
  /// The masks' height.
  public let height: Int
  /// The class index of every pixel, row-major (category-mask output).
  public let categoryMask: [UInt8]?
  /// Per class, the score of every pixel, row-major (confidence-mask output).
  public let confidenceMasks: [[Float]]?
  /// One entry per class, in class order.
  public let coloredLabels: [ColoredLabel]

  /// The category-mask value of a pixel in no class: the background of a single-class model's
  /// mask, as MediaPipe Tasks marks it (`kUnLabeledPixelValue`).
  public static let unlabeled: UInt8 = 255

  /// Whether the model has a single class, whose category mask is a binary foreground mask
  /// (class 0 where its score is above 0.5, ``unlabeled`` elsewhere) rather than an argmax.
  public var isBinaryForeground: Bool { coloredLabels.count == 1 }

  /// The category-mask value the overlay leaves unpainted and pixels the model did not see
  /// take: ``unlabeled`` for a binary foreground mask, else class 0 (the background class of
  /// the Task Library's segmenters, DeepLab's "background").
  public var backgroundValue: UInt8 { isBinaryForeground ? Self.unlabeled : 0 }

  /// Creates a segmentation.
  public init(
    width: Int, height: Int, categoryMask: [UInt8]?, confidenceMasks: [[Float]]?, coloredLabels: [ColoredLabel]
  ) {
    self.width = width
    self.height = height
    self.categoryMask = categoryMask
    self.confidenceMasks = confidenceMasks
    self.coloredLabels = coloredLabels
  }

  /// The Task Library's colour of class `index` (the PASCAL VOC palette: the bits of the index
  /// spread over red, green and blue from the high bit down).
  public static func color(ofClass index: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
    var r = 0
    var g = 0
    var b = 0
    var value = index
    for shift in stride(from: 7, through: 0, by: -1) {
      r |= (value & 1) << shift
      g |= ((value >> 1) & 1) << shift
      b |= ((value >> 2) & 1) << shift
      value >>= 3
    }
    return (UInt8(r), UInt8(g), UInt8(b))
  }

  /// Reads per-pixel class scores (`[height, width, classes]`, row-major) into masks, as the
  /// Task Library's `ImageSegmenter::Postprocess`: the mask pixel `(x, y)` of a frame stored
  /// with `orientation` reads the tensor where that pixel landed once the frame was turned
  /// upright. A pixel's class is the first one whose score is highest and above 0 (class 0 otherwise).
  ///
  /// A single-class output is a binary foreground mask, as MediaPipe Tasks reads one (MediaPipe's
  /// selfie and hair segmentation models): class 0 where the score is above 0.5, ``unlabeled``
  /// elsewhere. (The Task Library's argmax would put every pixel in class 0.)
  ///
  /// - Throws: ``VisionError/outputShape(tensor:shape:expected:)`` when the scores do not fill
  ///   the shape, or there are more than 256 classes.
  public static func decode(
    scores: [Float], width: Int, height: Int, classes: Int, orientation: ImageOrientation,
    outputType: ImageSegmenterOptions.OutputType, coloredLabels: [ColoredLabel]
  ) throws(VisionError) -> Segmentation {
    guard width > 0, height > 0, classes > 0, classes <= 256, scores.count == width * height * classes else {
      throw .outputShape(
        tensor: "segmentation output", shape: [1, height, width, classes],
        expected: "[1, height, width, classes] with at most 256 classes filled by \(scores.count) values")
    }
    // The tensor is the upright image; the mask is in stored (unrotated) pixels.
    let (maskWidth, maskHeight) = orientation.swapsDimensions ? (height, width) : (width, height)
    func tensorOffset(maskX: Int, maskY: Int) -> Int {
      let upright = orientation.uprightPixel(storedX: maskX, y: maskY, storedWidth: maskWidth, storedHeight: maskHeight)
      return (upright.y * width + upright.x) * classes
    }
    switch outputType {
    case .categoryMask:
      var mask = [UInt8](repeating: 0, count: maskWidth * maskHeight)
      for y in 0..<maskHeight {
        for x in 0..<maskWidth {
          let base = tensorOffset(maskX: x, maskY: y)
          mask[y * maskWidth + x] = category(classes: classes) { scores[base + $0] }
        }
      }
      return Segmentation(
        width: maskWidth, height: maskHeight, categoryMask: mask, confidenceMasks: nil, coloredLabels: coloredLabels)
    case .confidenceMasks:
      var masks = [[Float]](repeating: [Float](repeating: 0, count: maskWidth * maskHeight), count: classes)
      for y in 0..<maskHeight {
        for x in 0..<maskWidth {
          let base = tensorOffset(maskX: x, maskY: y)
          for c in 0..<classes { masks[c][y * maskWidth + x] = scores[base + c] }
        }
      }
      return Segmentation(
        width: maskWidth, height: maskHeight, categoryMask: nil, confidenceMasks: masks, coloredLabels: coloredLabels)
    }
  }

  /// A pixel's class from its scores: class 0 where a single score is above 0.5, else
  /// ``unlabeled``; with several classes the first whose score is highest and above 0 (class 0
  /// when none is).
  @inline(__always) static func category(classes: Int, score: (Int) -> Float) -> UInt8 {
    if classes == 1 { return score(0) > 0.5 ? 0 : unlabeled }
    var best = 0
    var bestScore: Float = 0
    for c in 0..<classes where score(c) > bestScore {
      best = c
      bestScore = score(c)
    }
    return UInt8(best)
  }

  /// The category mask, or when the segmentation holds confidence masks only, the one they give
  /// by the same rule as ``decode(scores:width:height:classes:orientation:outputType:coloredLabels:)``.
  public var categoryMaskFromAnyOutput: [UInt8]? {
    if let categoryMask { return categoryMask }
    guard let masks = confidenceMasks, !masks.isEmpty, masks.allSatisfy({ $0.count == width * height }) else {
      return nil
    }
    return (0..<(width * height)).map { pixel in Self.category(classes: masks.count) { masks[$0][pixel] } }
  }
}
