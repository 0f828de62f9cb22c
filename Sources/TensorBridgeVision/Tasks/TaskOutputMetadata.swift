import Foundation
import TFLiteFormat
import TensorBridge
import TensorBridgeModels

/// What vision tasks read from one output tensor's TFLite metadata, the way the Task Library
/// does: the label map (names from the first labels file of the kind the task wants, display
/// names from the one in the requested locale), score calibration, the metadata's score
/// threshold and the order of a bounding box's coordinates.
public struct TaskOutputMetadata: Sendable, Equatable {
  /// The tensor's name in the metadata (`location`, `category`, `score`, …).
  public var name: String?
  /// Class names, by class index.
  public var labels: [String]?
  /// Display names in the requested locale, by class index.
  public var displayNames: [String]?
  /// The score calibration's options and file (`ScoreCalibrationOptions`), if any; see
  /// ``calibration(labels:)``.
  public var calibrationSource: CalibrationSource?
  /// The metadata's global score threshold (`ScoreThresholdingOptions`), if any.
  public var scoreThreshold: Float?
  /// Where left, top, right and bottom are among a box's four values (`BoundingBoxProperties`).
  public var boxOrder: [Int]?

  /// `ScoreCalibrationOptions` with the bytes of their calibration file.
  public struct CalibrationSource: Sendable, Equatable {
    /// The transformation applied to raw scores.
    public var transformation: ScoreTransformation
    /// The score of classes without parameters.
    public var defaultScore: Float
    /// The calibration file's bytes.
    public var file: Data
    /// The calibration file's name.
    public var fileName: String
    /// Where the options are in the metadata (`outputs[2]`).
    public var path: String
  }

  /// Reads the metadata of every output of the first subgraph; `nil` when the model has none.
  ///
  /// - Parameters:
  ///   - model: The verified model.
  ///   - labelKind: The associated-file type that holds the class names (axis labels for
  ///     classifiers, value labels for detectors and segmenters).
  ///   - locale: The locale of the display names (the Task Library's `display_names_locale`).
  /// - Throws: ``VisionError/invalidDescription(path:reason:)``, ``VisionError/labels(path:_:)``, ``VisionError/metadata(path:_:)`` or ``VisionError/calibration(path:_:)`` naming the file or field when
  ///   the metadata refers to missing files or holds malformed ones.
  public static func read(
    _ model: TFLiteModel, labelKind: AssociatedFileType, locale: String = "en"
  ) throws(VisionError) -> [TaskOutputMetadata]? {
    let metadata: TFLiteMetadata?
    do { metadata = try model.tfliteMetadata() } catch { throw .metadata(path: "TFLITE_METADATA", error) }
    guard let subgraph = metadata?.subgraphs.first else { return nil }
    let archive: AssociatedFiles
    do { archive = try model.associatedFiles() } catch { throw .metadata(path: "associated files", error) }
    func file(_ info: AssociatedFileInfo, path: String) throws(VisionError) -> Data {
      guard let name = info.name else {
        throw .invalidDescription(path: path, reason: "an associated file has no name")
      }
      let data: Data?
      do { data = try archive.file(named: name) } catch { throw .metadata(path: "associated files/\(name)", error) }
      guard let data else {
        throw .invalidDescription(
          path: path, reason: "the metadata names \(name) but the model's archive has no such file")
      }
      return data
    }
    func lines(_ info: AssociatedFileInfo, path: String) throws(VisionError) -> [String] {
      let data = try file(info, path: path)
      do { return try Labels.parse(data, file: info.name ?? "labels") } catch { throw .labels(path: path, error) }
    }
    var result: [TaskOutputMetadata] = []
    for (index, tensor) in subgraph.outputs.enumerated() {
      let path = "outputs[\(index)]"
      var entry = TaskOutputMetadata(name: tensor.name)
      let labelFiles = tensor.associatedFiles.filter { $0.type == labelKind }
      if let first = labelFiles.first {
        entry.labels = try lines(first, path: "\(path).labels")
        if let localized = labelFiles.first(where: { $0.locale == locale }) {
          entry.displayNames = try lines(localized, path: "\(path).displayNames")
        }
      }
      for unit in tensor.processUnits {
        switch unit {
        case .scoreThresholding(let threshold): entry.scoreThreshold = threshold
        case .scoreCalibration(let transformation, let defaultScore):
          guard let info = tensor.associatedFiles.first(where: { $0.type == .tensorAxisScoreCalibration }) else {
            throw .invalidDescription(
              path: "\(path).scoreCalibration",
              reason: "ScoreCalibrationOptions need a TENSOR_AXIS_SCORE_CALIBRATION file and the tensor has none")
          }
          entry.calibrationSource = CalibrationSource(
            transformation: transformation, defaultScore: defaultScore,
            file: try file(info, path: "\(path).scoreCalibration"), fileName: info.name ?? "calibration", path: path)
        default: continue
        }
      }
      if case .boundingBox(let order, let type, let coordinates)? = tensor.content?.properties {
        guard type == .boundaries || type == .unknown, coordinates == .ratio else {
          throw .invalidDescription(
            path: "\(path).content",
            reason:
              "only boxes given as ratios of left, top, right and bottom are supported (this one is \(type), \(coordinates))"
          )
        }
        if !order.isEmpty {
          guard order.count == 4, Set(order) == Set(0..<4) else {
            throw .invalidDescription(
              path: "\(path).content.index", reason: "\(order) is not an order of the four box coordinates")
          }
          entry.boxOrder = order
        }
      }
      result.append(entry)
    }
    return result
  }

  /// The score calibration for classes named `labels` (the label map of the task's class
  /// tensor: a detector's calibration sits on its score tensor, its labels on the class tensor).
  /// Without labels, classes are numbered and each line is its own class.
  public func calibration(labels: [String]?) throws(VisionError) -> ScoreCalibration? {
    guard let source = calibrationSource else { return nil }
    let names: [String]
    if let labels {
      names = labels
    } else {
      let text = String(decoding: source.file, as: UTF8.self)
      var count = text.split(separator: "\n", omittingEmptySubsequences: false).count
      if text.hasSuffix("\n") { count -= 1 }
      names = (0..<count).map { "#\($0)" }
    }
    do {
      return try ScoreCalibration(
        transformation: source.transformation, defaultScore: source.defaultScore,
        file: source.file, fileName: source.fileName, labels: names)
    } catch { throw .calibration(path: "\(source.path).scoreCalibration", error) }
  }
}
