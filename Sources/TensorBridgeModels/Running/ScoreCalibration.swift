import Foundation
import TFLiteFormat

/// Per-class sigmoid score calibration, as TFLite metadata's `ScoreCalibrationOptions` and its
/// `TENSOR_AXIS_SCORE_CALIBRATION` file define it, computed as the Task Library does
/// (`tensorflow_lite_support/cc/task/vision/utils/score_calibration.cc`):
///
/// `calibrated = scale / (1 + exp(−(slope · g(score) + offset)))`, where `g` is the
/// transformation (identity, log, inverse logistic). A class without parameters, or a raw
/// score below the class's `minScore`, gets `defaultScore`.
///
/// The file has one line per label, `scale,slope,offset[,minScore]`; an empty line means the
/// class has no parameters. As in the Task Library, parameters are looked up by label name,
/// so labels that repeat (COCO's `???`) share the last line given for them.
public struct ScoreCalibration: Sendable, Equatable {
  /// One class's sigmoid.
  public struct Sigmoid: Sendable, Equatable {
    /// The upper bound of the calibrated score (non-negative).
    public var scale: Float
    /// The slope applied to the transformed score.
    public var slope: Float
    /// The offset added after the slope.
    public var offset: Float
    /// Raw scores below this get the default score.
    public var minScore: Float?

    /// Creates a sigmoid.
    public init(scale: Float, slope: Float, offset: Float, minScore: Float? = nil) {
      self.scale = scale
      self.slope = slope
      self.offset = offset
      self.minScore = minScore
    }
  }

  /// The transformation applied to raw scores first.
  public let transformation: ScoreTransformation
  /// The score of classes without parameters.
  public let defaultScore: Float
  /// The sigmoid of each class index, `nil` where the file's line is empty.
  public let sigmoids: [Sigmoid?]

  /// Creates a calibration from parsed parameters (one entry per class index).
  public init(transformation: ScoreTransformation, defaultScore: Float, sigmoids: [Sigmoid?]) {
    self.transformation = transformation
    self.defaultScore = defaultScore
    self.sigmoids = sigmoids
  }

  /// Parses the calibration file for `labels` (one line each, in label order).
  ///
  /// - Throws: ``ScoreCalibrationError`` naming the line when the file has another number of
  ///   lines than there are labels, a line has other than 3 or 4 numbers, or a scale is negative.
  public init(
    transformation: ScoreTransformation, defaultScore: Float, file: Data, fileName: String, labels: [String]
  ) throws(ScoreCalibrationError) {
    guard let text = String(data: file, encoding: .utf8) else { throw .notText(file: fileName) }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
    }
    // A trailing newline ends the last line; it does not add a class.
    if lines.count == labels.count + 1, lines.last == "" { lines.removeLast() }
    guard !text.isEmpty, lines.count == labels.count else {
      throw .lineCount(file: fileName, lines: text.isEmpty ? 0 : lines.count, labels: labels.count)
    }
    var byLabel: [String: Sigmoid] = [:]
    for (index, line) in lines.enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      guard !trimmed.isEmpty else { continue }
      let fields = trimmed.split(separator: ",", omittingEmptySubsequences: false)
      guard fields.count == 3 || fields.count == 4 else {
        throw .fieldCount(file: fileName, line: index + 1, count: fields.count)
      }
      var numbers: [Float] = []
      for field in fields {
        guard let number = Float(field.trimmingCharacters(in: .whitespaces)) else {
          throw .notANumber(file: fileName, line: index + 1, text: String(field))
        }
        numbers.append(number)
      }
      guard numbers[0] >= 0 else { throw .negativeScale(file: fileName, line: index + 1, scale: numbers[0]) }
      let sigmoid = Sigmoid(
        scale: numbers[0], slope: numbers[1], offset: numbers[2], minScore: numbers.count == 4 ? numbers[3] : nil)
      byLabel[labels[index]] = sigmoid
    }
    // Looked up by label name, last line wins (the Task Library's map insert_or_assign).
    let sigmoids = labels.map { byLabel[$0] }
    self.init(transformation: transformation, defaultScore: defaultScore, sigmoids: sigmoids)
  }

  /// The calibrated score of class `classIndex` for a raw `score`.
  public func calibrate(_ score: Float, classIndex: Int) -> Float {
    guard sigmoids.indices.contains(classIndex), let sigmoid = sigmoids[classIndex] else { return defaultScore }
    if let minScore = sigmoid.minScore, score < minScore { return defaultScore }
    let x = Double(transform(score)) * Double(sigmoid.slope) + Double(sigmoid.offset)
    let calibrated: Double =
      x >= 0 ? Double(sigmoid.scale) / (1 + exp(-x)) : Double(sigmoid.scale) * exp(x) / (1 + exp(x))
    return max(min(Float(calibrated), sigmoid.scale), 0)
  }

  private func transform(_ score: Float) -> Float {
    switch transformation {
    case .identity, .other: return score
    case .log: return Self.clampedLog(score)
    case .inverseLogistic: return Self.clampedLog(score) - Self.clampedLog(1 - score)
    }
  }

  /// `log(x)`, continued below 1e-16 anti-symmetrically (the Task Library's `ClampedLog`), so
  /// scores of 0 stay finite and keep their order.
  private static func clampedLog(_ x: Float) -> Float {
    let threshold: Double = 1e-16
    if Double(x) < threshold { return Float(2 * log(threshold) - log(2 * threshold - Double(x))) }
    return Float(log(Double(x)))
  }
}

/// Why a score calibration file cannot be used.
public enum ScoreCalibrationError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file is not UTF-8 text.
  case notText(file: String)
  /// The file has another number of lines than the labels.
  case lineCount(file: String, lines: Int, labels: Int)
  /// A line has other than 3 or 4 comma-separated values.
  case fieldCount(file: String, line: Int, count: Int)
  /// A value is not a number.
  case notANumber(file: String, line: Int, text: String)
  /// A scale is negative.
  case negativeScale(file: String, line: Int, scale: Float)

  public var description: String {
    switch self {
    case .notText(let file): "The score calibration file \(file) is not UTF-8 text."
    case .lineCount(let file, let lines, let labels):
      "The score calibration file \(file) has \(lines) lines but there are \(labels) labels; it needs one line per label."
    case .fieldCount(let file, let line, let count):
      "Line \(line) of the score calibration file \(file) has \(count) values; it needs scale,slope,offset[,min_score]."
    case .notANumber(let file, let line, let text):
      "Line \(line) of the score calibration file \(file) has \"\(text)\", which is not a number."
    case .negativeScale(let file, let line, let scale):
      "Line \(line) of the score calibration file \(file) has the scale \(scale); scales cannot be negative."
    }
  }
}
