/// What every image task's options share: how the image is fitted and resampled into the
/// model's input, and the locale of the display names taken from the model's metadata.
///
/// ``ImageClassifierOptions``, ``ObjectDetectorOptions`` and ``ImageSegmenterOptions`` each hold
/// one as `pipeline` and show its fields as their own (``ImagePipelineConfigurable``), so
/// `options.fitMode = .letterbox` reads the same on all three.
public struct ImagePipelineOptions: Sendable, Equatable {
  /// How the image is fitted into the model's input (the Task Library stretches; SSD models are
  /// trained on stretched images).
  public var fitMode: FitMode
  /// The resampling filter.
  public var filter: ResizeFilter
  /// Block averaging before the filter on large downscales (see ``ResizeFilter/defaultReducingGap``).
  public var reducingGap: Double?
  /// The locale of the display names taken from the model's metadata (the Task Library's
  /// `display_names_locale`).
  public var displayNamesLocale: String

  /// Creates the shared options; the defaults are every image task's.
  ///
  /// - Parameters:
  ///   - fitMode: How the image is fitted into the model's input.
  ///   - filter: The resampling filter.
  ///   - reducingGap: Block averaging before the filter on large downscales; nil resamples
  ///     exactly as Pillow's `Image.resize`.
  ///   - displayNamesLocale: The locale of the display names from the model's metadata.
  public init(
    fitMode: FitMode = .stretch, filter: ResizeFilter = .bilinear,
    reducingGap: Double? = ResizeFilter.defaultReducingGap, displayNamesLocale: String = "en"
  ) {
    self.fitMode = fitMode
    self.filter = filter
    self.reducingGap = reducingGap
    self.displayNamesLocale = displayNamesLocale
  }
}

/// Options holding an ``ImagePipelineOptions``, whose fields they show as their own.
public protocol ImagePipelineConfigurable {
  /// How the image is fitted and resampled, and the display names' locale.
  var pipeline: ImagePipelineOptions { get set }
}

extension ImagePipelineConfigurable {
  /// How the image is fitted into the model's input (``ImagePipelineOptions/fitMode``).
  public var fitMode: FitMode {
    get { pipeline.fitMode }
    set { pipeline.fitMode = newValue }
  }

  /// The resampling filter (``ImagePipelineOptions/filter``).
  public var filter: ResizeFilter {
    get { pipeline.filter }
    set { pipeline.filter = newValue }
  }

  /// Block averaging before the filter on large downscales (``ImagePipelineOptions/reducingGap``).
  public var reducingGap: Double? {
    get { pipeline.reducingGap }
    set { pipeline.reducingGap = newValue }
  }

  /// The locale of the display names taken from the model's metadata
  /// (``ImagePipelineOptions/displayNamesLocale``).
  public var displayNamesLocale: String {
    get { pipeline.displayNamesLocale }
    set { pipeline.displayNamesLocale = newValue }
  }
}
