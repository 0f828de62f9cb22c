import Foundation
import TFLiteFormat

extension ModelReport.TFLiteMetadataReport {
  /// The report for a model's TFLite metadata, or `nil` when it has none.
  static func make(model: TFLiteModel, data: Data) -> Self? {
    guard model.metadata(named: "TFLITE_METADATA") != nil else { return nil }
    var report = Self(
      name: nil, description: nil, version: nil, author: nil, license: nil, minParserVersion: nil,
      inputs: [], outputs: [], processUnits: [], associatedFiles: [], archive: [], error: nil)
    do {
      guard let metadata = try model.tfliteMetadata() else { return nil }
      report.name = metadata.name
      report.description = metadata.description
      report.version = metadata.version
      report.author = metadata.author
      report.license = metadata.license
      report.minParserVersion = metadata.minParserVersion
      report.associatedFiles = metadata.associatedFiles.compactMap(\.name)
      if let subgraph = metadata.subgraphs.first {
        report.inputs = subgraph.inputs.map(entry)
        report.outputs = subgraph.outputs.map(entry)
        report.processUnits = (subgraph.inputProcessUnits + subgraph.outputProcessUnits).map(describe)
      }
      report.archive = try AssociatedFiles(modelData: data).names
    } catch {
      report.error = error.description
    }
    return report
  }

  private static func entry(_ tensor: TensorMetadata) -> TensorEntry {
    var normalization: Normalization?
    for unit in tensor.processUnits {
      if case .normalization(let mean, let std) = unit { normalization = Normalization(mean: mean, std: std) }
    }
    return TensorEntry(
      name: tensor.name, description: tensor.description, content: tensor.content?.properties.map(describe),
      normalization: normalization, min: tensor.stats?.min, max: tensor.stats?.max,
      associatedFiles: tensor.associatedFiles.map { "\($0.name ?? "?") (\($0.type))" })
  }

  private static func describe(_ properties: ContentProperties) -> String {
    switch properties {
    case .feature: "feature"
    case .image(let colorSpace): "image (\(colorSpace))"
    case .boundingBox(let index, _, _): "bounding box \(index)"
    case .audio(let rate, let channels): "audio \(rate) Hz, \(channels) channel\(channels == 1 ? "" : "s")"
    case .unknown(let raw): "unknown content \(raw)"
    }
  }

  private static func describe(_ unit: ProcessUnit) -> String {
    switch unit {
    case .normalization: "normalization"
    case .scoreCalibration: "score calibration"
    case .scoreThresholding(let threshold): "score threshold \(threshold)"
    case .bertTokenizer: "BERT tokenizer"
    case .sentencePieceTokenizer: "SentencePiece tokenizer"
    case .regexTokenizer(let regex, _): "regex tokenizer \(regex ?? "")"
    case .unknown(let raw): "unknown process unit \(raw)"
    }
  }

  /// Text lines for `inspect`.
  var lines: [String] {
    var lines: [String] = []
    if let error { return ["  TFLITE_METADATA cannot be read: \(error)"] }
    let about = [
      name, version.map { $0.hasPrefix("v") ? $0 : "v\($0)" }, author.map { "by \($0)" }, license.map { "(\($0))" },
    ].compactMap { $0 }
    if !about.isEmpty { lines.append("  " + about.joined(separator: " ")) }
    if let description, !description.isEmpty { lines.append("  \(description)") }
    func tensorLines(_ title: String, _ entries: [TensorEntry]) {
      for (index, entry) in entries.enumerated() {
        var line = "  \(title) [\(index)] \(entry.name ?? "(unnamed)")"
        if let content = entry.content { line += "  \(content)" }
        if let normalization = entry.normalization {
          line += "  normalize mean \(normalization.mean) std \(normalization.std)"
        }
        if let min = entry.min, let max = entry.max, !min.isEmpty { line += "  range \(min)…\(max)" }
        if !entry.associatedFiles.isEmpty { line += "  files: " + entry.associatedFiles.joined(separator: ", ") }
        lines.append(line)
      }
    }
    tensorLines("input", inputs)
    tensorLines("output", outputs)
    if !processUnits.isEmpty { lines.append("  process units: " + processUnits.joined(separator: ", ")) }
    if !archive.isEmpty { lines.append("  packed files: " + archive.joined(separator: ", ")) }
    return lines
  }
}
