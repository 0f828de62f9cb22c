import Foundation
import ModelHubAPI
import TFLiteFormat
import TensorBridge

/// What `inspect` reports about a model. Structure comes from TensorBridge's own reader (so
/// a model LiteRT cannot run can still be inspected); `runtime` says whether LiteRT runs it.
/// Its JSON is a `LoadCheckReport` (and more): `hub serve` runs `inspect --json` as its load check.
struct ModelReport: Codable {
  struct TensorReport: Codable {
    var index: Int
    var name: String
    var signatureName: String?
    var dtype: String
    var shape: [Int]
    var shapeSignature: [Int]
    var quantization: QuantizationReport?
  }
  struct QuantizationReport: Codable {
    var scales: [Float]
    var zeroPoints: [Int64]
    var quantizedDimension: Int
  }
  struct SignatureReport: Codable {
    var key: String
    var inputs: [String]
    var outputs: [String]
  }
  struct OperatorReport: Codable {
    var name: String
    var count: Int
    var custom: Bool
  }
  struct MetadataReport: Codable {
    var name: String
    var bytes: Int
    var text: String?
  }
  /// What the TFLite metadata (`TFLITE_METADATA`) says.
  struct TFLiteMetadataReport: Codable {
    struct TensorEntry: Codable {
      var name: String?
      var description: String?
      var content: String?
      var normalization: Normalization?
      var min: [Float]?
      var max: [Float]?
      var associatedFiles: [String]
    }
    struct Normalization: Codable {
      var mean: [Float]
      var std: [Float]
    }
    var name: String?
    var description: String?
    var version: String?
    var author: String?
    var license: String?
    var minParserVersion: String?
    var inputs: [TensorEntry]
    var outputs: [TensorEntry]
    var processUnits: [String]
    var associatedFiles: [String]
    var archive: [String]
    var error: String?
  }
  /// Whether LiteRT loads the model: the part of this report the hub's load check reads.
  typealias RuntimeReport = LoadCheckReport.Runtime

  var file: String
  var sizeBytes: Int
  var schemaVersion: UInt32
  var description: String?
  var subgraphs: Int
  var signatures: [SignatureReport]
  var inputs: [TensorReport]
  var outputs: [TensorReport]
  var operators: [OperatorReport]
  var metadata: [MetadataReport]
  var hasTFLiteMetadata: Bool
  var tfliteMetadata: TFLiteMetadataReport?
  var runtime: RuntimeReport

  static func make(path: String, runtime: RuntimeOptions) throws(CLIFailure) -> ModelReport {
    let data: Data
    LoadObserver.record(.read)
    data = try CLIFailure.read("model file", at: path)
    let model: TFLiteModel
    do { model = try TFLiteModel(data: data) } catch {
      throw CLIFailure("\(path) is not a valid TensorFlow Lite model: \(error)")
    }
    guard let main = model.subgraphs.first else { throw CLIFailure("\(path) has no subgraphs") }
    let mainSignature = model.signatures.first { $0.subgraphIndex == 0 }

    func tensorReport(_ position: Int, tensorIndex: Int, names: [SignatureTensor]?) -> TensorReport? {
      guard main.tensors.indices.contains(tensorIndex) else { return nil }
      let tensor = main.tensors[tensorIndex]
      let quantization = tensor.quantization.flatMap { q -> QuantizationReport? in
        q.scales.isEmpty
          ? nil
          : QuantizationReport(scales: q.scales, zeroPoints: q.zeroPoints, quantizedDimension: q.quantizedDimension)
      }
      return TensorReport(
        index: position, name: tensor.name,
        signatureName: names?.first { $0.tensorIndex == tensorIndex }?.name,
        dtype: tensor.type.name.lowercased(), shape: tensor.shape,
        shapeSignature: tensor.shapeSignature ?? tensor.shape,
        quantization: quantization)
    }

    var counts: [String: (Int, Bool)] = [:]
    var order: [String] = []
    for subgraph in model.subgraphs {
      for op in subgraph.operators where model.operatorCodes.indices.contains(op.opcodeIndex) {
        let code = model.operatorCodes[op.opcodeIndex]
        if counts[code.name] == nil { order.append(code.name) }
        counts[code.name, default: (0, code.isCustom)].0 += 1
      }
    }
    let metadata = model.metadata.map { entry -> MetadataReport in
      let bytes = model.metadata(named: entry.name) ?? Data()
      let text =
        bytes.count <= 64
        ? String(data: bytes, encoding: .utf8)
          .flatMap {
            $0.allSatisfy { !$0.isASCII || $0.isLetter || $0.isNumber || $0.isPunctuation || $0 == " " } ? $0 : nil
          } : nil
      return MetadataReport(name: entry.name, bytes: bytes.count, text: text)
    }

    var runtimeReport = RuntimeReport(loads: false, library: nil, error: nil)
    do {
      let interpreter = try Interpreter(model: model, options: runtime.interpreterOptions)
      runtimeReport = RuntimeReport(
        loads: true, library: interpreter.runtimeLibraryPath, error: nil,
        loweredOperators: model.recurrentStateOperators.filter(\.isLowerable).map { op in
          // A fully quantized LSTM (sequence or builtin) or SVDF (int8 input) runs on one of
          // TensorBridge's operators.
          op.location + (op.customOperatorName.map { " (as \($0))" } ?? "")
        },
        fixedDimensions: interpreter.recurrentFixedDimensions.map(\.reason),
        inputSizesRequired: Self.inputSizesRequired(interpreter))
    } catch {
      runtimeReport.error = error.description
    }

    return ModelReport(
      file: path, sizeBytes: data.count, schemaVersion: model.version, description: model.description,
      subgraphs: model.subgraphs.count,
      signatures: model.signatures.map {
        SignatureReport(key: $0.key, inputs: $0.inputs.map(\.name), outputs: $0.outputs.map(\.name))
      },
      inputs: main.inputs.enumerated().compactMap {
        tensorReport($0.offset, tensorIndex: $0.element, names: mainSignature?.inputs)
      },
      outputs: main.outputs.enumerated().compactMap {
        tensorReport($0.offset, tensorIndex: $0.element, names: mainSignature?.outputs)
      },
      operators: order.map { OperatorReport(name: $0, count: counts[$0]?.0 ?? 0, custom: counts[$0]?.1 ?? false) },
      metadata: metadata,
      hasTFLiteMetadata: model.metadata.contains { $0.name == "TFLITE_METADATA" },
      tfliteMetadata: TFLiteMetadataReport.make(model: model, data: data),
      runtime: runtimeReport)
  }

  /// The dynamic inputs LiteRT cannot prepare at their stored sizes, with its reason: the main
  /// signature's (then the model waits as a whole), or else each other signature's, whose runner
  /// waits (`'a' [1, -1] (signature 'spectrum'): …`). Nil when every signature prepares.
  private static func inputSizesRequired(_ interpreter: Interpreter) -> String? {
    func describe(_ error: InterpreterError, signature: String?) -> String {
      guard case .inputSizesRequired(let inputs, let reason) = error else { return error.description }
      return inputs.joined(separator: ", ") + (signature.map { " (signature '\($0)')" } ?? "") + ": \(reason)"
    }
    if let waiting = interpreter.inputSizesRequired { return describe(waiting, signature: nil) }
    let signatures = interpreter.signatureKeys.compactMap { key -> String? in
      guard let runner = try? interpreter.signatureRunner(with: key), let waiting = runner.inputSizesRequired else {
        return nil
      }
      return describe(waiting, signature: key)
    }
    return signatures.isEmpty ? nil : signatures.joined(separator: "; ")
  }

  /// The human-readable form.
  var text: String {
    var lines: [String] = []
    lines.append(
      "Model        \(file) (\(sizeBytes) bytes, schema v\(schemaVersion), \(subgraphs) subgraph\(subgraphs == 1 ? "" : "s"))"
    )
    // Whether it runs comes first: a model this runtime refuses should say so up front.
    if runtime.loads {
      if let sizes = runtime.inputSizesRequired {
        lines.append("Runtime      LiteRT loads the model (\(runtime.library ?? "?")) and prepares it once its")
        lines.append(
          "             dynamic inputs are sized (run it with .npy or .json inputs): at the stored sizes of \(sizes)")
      } else {
        lines.append("Runtime      LiteRT loads and prepares the model (\(runtime.library ?? "?"))")
      }
      if !runtime.loweredOperators.isEmpty {
        let count = runtime.loweredOperators.count
        // An operator run by one of TensorBridge's kernels is listed "(as <kernel>)".
        let target =
          runtime.loweredOperators.contains { $0.contains("(as ") }
          ? "builtin operators or TensorBridge's own kernels" : "builtin operators"
        lines.append(
          "             after lowering \(count) fused recurrent operator\(count == 1 ? "" : "s") with variable-tensor state to \(target): \(runtime.loweredOperators.joined(separator: ", "))"
        )
      }
      for fixed in runtime.fixedDimensions { lines.append("             runs only at the file's size: \(fixed)") }
    } else {
      lines.append("Runtime      LiteRT cannot run it: \(runtime.error ?? "unknown error")")
    }
    if let description, !description.isEmpty { lines.append("Description  \(description)") }
    if signatures.isEmpty {
      lines.append("Signatures   none (LiteRT uses \"<placeholder signature>\")")
    } else {
      lines.append("Signatures")
      for signature in signatures {
        lines.append(
          "  \(signature.key)(\(signature.inputs.joined(separator: ", "))) -> (\(signature.outputs.joined(separator: ", ")))"
        )
      }
    }
    func tensorLines(_ title: String, _ tensors: [TensorReport]) {
      lines.append(title)
      for tensor in tensors {
        var line = "  [\(tensor.index)] \(tensor.name)  \(tensor.dtype)  \(Tensor.Shape(tensor.shapeSignature))"
        if let name = tensor.signatureName, name != tensor.name { line += "  (signature: \(name))" }
        if let q = tensor.quantization {
          line +=
            q.scales.count == 1
            ? "  quantized: scale \(q.scales[0]), zero point \(q.zeroPoints.first ?? 0)"
            : "  quantized per channel: \(q.scales.count) scales along dimension \(q.quantizedDimension)"
        }
        lines.append(line)
      }
    }
    tensorLines("Inputs", inputs)
    tensorLines("Outputs", outputs)
    let total = operators.reduce(0) { $0 + $1.count }
    lines.append("Operators    \(total) in all, \(operators.count) kinds")
    for op in operators {
      lines.append("  \(op.name)\(op.custom ? " (custom)" : "")  x\(op.count)")
    }
    lines.append("Metadata     \(hasTFLiteMetadata ? "TFLITE_METADATA present" : "no TFLITE_METADATA")")
    if let meta = tfliteMetadata { lines.append(contentsOf: meta.lines) }
    for entry in metadata {
      lines.append("  \(entry.name)  \(entry.bytes) bytes\(entry.text.map { "  \"\($0)\"" } ?? "")")
    }
    return lines.joined(separator: "\n")
  }
}
