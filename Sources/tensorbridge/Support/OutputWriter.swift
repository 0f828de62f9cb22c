import Foundation
import TensorBridge

/// Writes run outputs as .npy files, JSON or a short summary.
enum OutputWriter {
  typealias Output = (index: Int, label: String, tensor: Tensor)

  /// `3_StatefulPartitionedCall_0.npy` from index 3 and `StatefulPartitionedCall:0`.
  static func fileName(index: Int, name: String) -> String {
    let safe = String(
      name.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == ".") ? $0 : "_" })
    return "\(index)_\(safe.isEmpty ? "output" : String(safe.prefix(100))).npy"
  }

  static func writeNPY(_ outputs: [Output], to folder: String) throws(CLIFailure) {
    let url = URL(fileURLWithPath: folder)
    do { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) } catch {
      throw CLIFailure("cannot create output folder \(folder): \(fileErrorReason(error))")
    }
    for output in outputs {
      let array = NPYArray(
        dataType: output.tensor.dataType, shape: output.tensor.shape.dimensions, data: output.tensor.data)
      let encoded: Data?
      if output.tensor.dataType == .string {
        do { encoded = NPYStrings.encode(try output.tensor.byteStrings(), shape: output.tensor.shape.dimensions) } catch
        {
          throw CLIFailure(error)
        }
      } else {
        encoded = NPYFile.encode(array)
      }
      guard let bytes = encoded else {
        throw CLIFailure(
          "output \(output.index) '\(output.label)' has type \(output.tensor.dataType), which .npy output does not support"
        )
      }
      let file = url.appendingPathComponent(fileName(index: output.index, name: output.label))
      do { try bytes.write(to: file, options: .atomic) } catch {
        throw CLIFailure("cannot write \(file.path): \(fileErrorReason(error))")
      }
    }
  }

  struct JSONOutput: Encodable {
    var index: Int
    var name: String
    var dtype: String
    var shape: [Int]
    var data: Values

    /// Numbers, or the strings of a string tensor (UTF-8, invalid bytes replaced).
    enum Values: Encodable {
      case numbers([Double])
      case strings([String])

      func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .numbers(let values): try container.encode(values)
        case .strings(let values): try container.encode(values)
        }
      }
    }
  }

  static func jsonOutputs(_ outputs: [Output]) throws(CLIFailure) -> [JSONOutput] {
    var list: [JSONOutput] = []
    for output in outputs {
      let values: JSONOutput.Values
      if output.tensor.dataType == .string {
        do { values = .strings(try output.tensor.strings()) } catch { throw CLIFailure(error) }
      } else if let numbers = output.tensor.floatValues() {
        values = .numbers(numbers.map { Double($0) })
      } else {
        throw CLIFailure(
          "output \(output.index) '\(output.label)' has type \(output.tensor.dataType), which JSON output does not support"
        )
      }
      list.append(
        JSONOutput(
          index: output.index, name: output.label, dtype: output.tensor.dataType.name,
          shape: output.tensor.shape.dimensions, data: values))
    }
    return list
  }

  static func json(_ outputs: [Output]) throws(CLIFailure) -> String {
    try encodeJSON(["outputs": try jsonOutputs(outputs)])
  }

  /// Compact JSON with sorted keys; non-finite floats as "inf", "-inf", "nan".
  static func encodeJSON<T: Encodable>(_ value: T) throws(CLIFailure) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    do {
      return String(decoding: try encoder.encode(value), as: UTF8.self)
    } catch { throw CLIFailure("cannot encode outputs as JSON: \(error)") }
  }

  static func summary(_ outputs: [Output]) -> String {
    outputs.map { output in
      if output.tensor.dataType == .string, let strings = try? output.tensor.strings() {
        let shown = strings.prefix(10).map { "\"\($0)\"" }.joined(separator: ", ")
        let more = strings.count > 10 ? ", … (\(strings.count) strings)" : ""
        return "[\(output.index)] \(output.label)  string \(output.tensor.shape)  [\(shown)\(more)]"
      }
      let values = output.tensor.floatValues() ?? []
      let shown = values.prefix(10).map { String(format: "%.6g", $0) }.joined(separator: ", ")
      let more = values.count > 10 ? ", … (\(values.count) values)" : ""
      return "[\(output.index)] \(output.label)  \(output.tensor.dataType) \(output.tensor.shape)  [\(shown)\(more)]"
    }.joined(separator: "\n")
  }
}
