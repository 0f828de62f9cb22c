/// Options of an ``ImageSegmenter``, named as the Task Library's and MediaPipe's.
public struct ImageSegmenterOptions: Sendable, Equatable, ImagePipelineConfigurable {
  /// Which masks a segmentation holds.
  public enum OutputType: String, Sendable, Equatable, CaseIterable {
    /// One mask of class indices.
    case categoryMask = "category"
    /// One mask of scores per class.
    case confidenceMasks = "confidence"
  }

  /// Which masks to produce.
  public var outputType: OutputType
  /// How ``SegmentationResult/categoryMaskOverImage()`` maps the masks to the image's pixels
  /// (default ``MaskUpsampling/nearest``, the Task Library's; ``MaskUpsampling/mediaPipe``
  /// keeps the scores beside a category mask).
  public var maskUpsampling: MaskUpsampling
  /// How the image is fitted and resampled (the Task Library stretches), and the display names'
  /// locale (``fitMode``, ``filter``, ``reducingGap`` and ``displayNamesLocale`` read and set them).
  public var pipeline: ImagePipelineOptions

  /// Creates options.
  ///
  /// - Parameters:
  ///   - outputType: Which masks to produce.
  ///   - fitMode: How the image is fitted into the model's input.
  ///   - filter: The resampling filter.
  ///   - reducingGap: Block averaging before the filter on large downscales.
  ///   - displayNamesLocale: The locale of the display names from the model's metadata.
  ///   - maskUpsampling: How the masks map to the image's pixels.
  public init(
    outputType: OutputType = .categoryMask, fitMode: FitMode = .stretch, filter: ResizeFilter = .bilinear,
    reducingGap: Double? = ResizeFilter.defaultReducingGap, displayNamesLocale: String = "en",
    maskUpsampling: MaskUpsampling = .nearest
  ) {
    self.outputType = outputType
    self.maskUpsampling = maskUpsampling
    pipeline = ImagePipelineOptions(
      fitMode: fitMode, filter: filter, reducingGap: reducingGap, displayNamesLocale: displayNamesLocale)
  }
}
