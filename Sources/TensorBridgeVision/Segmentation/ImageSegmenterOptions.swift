/// Options of an ``ImageSegmenter``, named as the Task Library's and MediaPipe's.
public struct ImageSegmenterOptions: Sendable, Equatable {
  /// Which masks a segmentation holds.
  public enum OutputType: String, Sendable, Equatable, CaseIterable {
    /// One mask of class indices.
    case categoryMask = "category"
    /// One mask of scores per class.
    case confidenceMasks = "confidence"
  }

  /// Which masks to produce.
  public var outputType: OutputType
  /// How the image is fitted into the model's input (the Task Library stretches).
  public var fitMode: FitMode
  /// The resampling filter.
  public var filter: ResizeFilter
  /// Block averaging before the filter on large downscales (see ``ResizeFilter/defaultReducingGap``).
  public var reducingGap: Double?
  /// The locale of the display names taken from the model's metadata.
  public var displayNamesLocale: String

  /// Creates options.
  public init(
    outputType: OutputType = .categoryMask, fitMode: FitMode = .stretch, filter: ResizeFilter = .bilinear,
    reducingGap: Double? = ResizeFilter.defaultReducingGap, displayNamesLocale: String = "en"
  ) {
    self.outputType = outputType
    self.fitMode = fitMode
    self.filter = filter
    self.reducingGap = reducingGap
    self.displayNamesLocale = displayNamesLocale
  }
}
