/// A file that metadata refers to, such as a label list or a vocabulary.
///
/// The file's bytes are not part of the metadata: the metadata populator packs
/// them into a ZIP archive appended to the model, from which
/// ``AssociatedFiles/file(named:)`` extracts them by ``name``.
public struct AssociatedFileInfo: Sendable, Equatable {
  /// The file name inside the associated-files archive, such as `labels.txt`.
  public let name: String?
  /// A human-readable description of the file.
  public let description: String?
  /// What the file holds and how a runtime should use it.
  public let type: AssociatedFileType
  /// The locale of the file's content (for example `en`), used to pick a
  /// localized label file.
  public let locale: String?
  /// The version of the file's content.
  public let version: String?

  /// Creates a description of an associated file.
  public init(name: String?, description: String?, type: AssociatedFileType, locale: String?, version: String?) {
    self.name = name
    self.description = description
    self.type = type
    self.locale = locale
    self.version = version
  }
}

/// The kind of an associated file (the schema's `AssociatedFileType`).
public enum AssociatedFileType: Sendable, Equatable, Hashable {
  /// `UNKNOWN` (0): an unspecified kind.
  case unknown
  /// `DESCRIPTIONS` (1): free-form descriptions of the model or tensor.
  case descriptions
  /// `TENSOR_AXIS_LABELS` (2): one label per line, naming the entries along
  /// the tensor's last axis (for example the classes of a classifier).
  case tensorAxisLabels
  /// `TENSOR_VALUE_LABELS` (3): one label per line, naming the values the
  /// tensor holds (for example the classes of a segmentation mask).
  case tensorValueLabels
  /// `TENSOR_AXIS_SCORE_CALIBRATION` (4): per-class score calibration parameters.
  case tensorAxisScoreCalibration
  /// `VOCABULARY` (5): a tokenizer vocabulary.
  case vocabulary
  /// `SCANN_INDEX_FILE` (6): a ScaNN index for on-device search.
  case scannIndexFile
  /// A value this reader does not know (written by a newer schema).
  case other(Int8)

  /// Maps the schema's byte value to a case.
  init(rawValue: Int8) {
    switch rawValue {
    case 0: self = .unknown
    case 1: self = .descriptions
    case 2: self = .tensorAxisLabels
    case 3: self = .tensorValueLabels
    case 4: self = .tensorAxisScoreCalibration
    case 5: self = .vocabulary
    case 6: self = .scannIndexFile
    default: self = .other(rawValue)
    }
  }

  /// The schema's byte value.
  public var rawValue: Int8 {
    switch self {
    case .unknown: return 0
    case .descriptions: return 1
    case .tensorAxisLabels: return 2
    case .tensorValueLabels: return 3
    case .tensorAxisScoreCalibration: return 4
    case .vocabulary: return 5
    case .scannIndexFile: return 6
    case .other(let value): return value
    }
  }
}
