/// A pre- or post-processing step the metadata asks for (the schema's
/// `ProcessUnit` and its `ProcessUnitOptions` union).
public enum ProcessUnit: Sendable, Equatable {
  /// Normalize input values as `(value - mean) / std`, per channel (a single
  /// value applies to all channels).
  case normalization(mean: [Float], std: [Float])
  /// Calibrate scores with per-class sigmoid parameters from the tensor's
  /// `TENSOR_AXIS_SCORE_CALIBRATION` associated file, after applying
  /// `transformation`; `defaultScore` is used where no parameters apply.
  case scoreCalibration(transformation: ScoreTransformation, defaultScore: Float)
  /// Discard results scoring below `globalScoreThreshold`.
  case scoreThresholding(globalScoreThreshold: Float)
  /// Tokenize text with a BERT WordPiece tokenizer using `vocabFiles`.
  case bertTokenizer(vocabFiles: [AssociatedFileInfo])
  /// Tokenize text with a SentencePiece model (`modelFiles`) and optional `vocabFiles`.
  case sentencePieceTokenizer(modelFiles: [AssociatedFileInfo], vocabFiles: [AssociatedFileInfo])
  /// Tokenize text by splitting on `delimiterRegex`, mapping tokens with `vocabFiles`.
  case regexTokenizer(delimiterRegex: String?, vocabFiles: [AssociatedFileInfo])
  /// A step this reader does not know, identified by its union type tag
  /// (0 when the process unit has no options at all).
  case unknown(UInt8)
}

/// The transform applied to raw scores before score calibration (the
/// schema's `ScoreTransformationType`).
public enum ScoreTransformation: Sendable, Equatable, Hashable {
  /// `IDENTITY` (0): `g(x) = x`.
  case identity
  /// `LOG` (1): `g(x) = log(x)`.
  case log
  /// `INVERSE_LOGISTIC` (2): `g(x) = log(x) - log(1 - x)`.
  case inverseLogistic
  /// A value this reader does not know.
  case other(Int8)

  /// Maps the schema's byte value to a case.
  init(rawValue: Int8) {
    switch rawValue {
    case 0: self = .identity
    case 1: self = .log
    case 2: self = .inverseLogistic
    default: self = .other(rawValue)
    }
  }
}
