import Foundation
import Logging

/// Splits what standard error received while LiteRT ran into LiteRT's own lines and the rest.
///
/// LiteRT (and the TensorFlow Lite code inside it) starts each message with its severity —
/// `INFO: `, `WARNING: `, `ERROR: ` or `VERBOSE: ` — and its unresolved-custom-op error carries
/// one continuation line, `See instructions: https://www.tensorflow.org/lite/guide/ops_custom`.
/// Everything else is someone else's output and is passed through.
struct RuntimeLogLines: Equatable {
  /// One LiteRT message: its severity word and its text without the prefix.
  struct Message: Equatable {
    var severity: String
    var text: String
  }

  /// LiteRT's messages in order.
  var messages: [Message] = []
  /// Text that is not LiteRT's, in order, with its line breaks.
  var passthrough = ""

  private static let severities = ["VERBOSE", "INFO", "WARNING", "ERROR"]
  private static let continuation = "See instructions: "

  init(splitting text: String) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    // The text after the last line break (usually empty) is a line only if it has characters.
    if lines.last?.isEmpty == true { lines.removeLast() }
    let endsWithBreak = text.hasSuffix("\n")
    for (index, line) in lines.enumerated() {
      let isLast = index == lines.count - 1
      if let message = Self.message(in: line) {
        messages.append(message)
      } else if line.hasPrefix(Self.continuation), !messages.isEmpty {
        messages[messages.count - 1].text += "\n" + line
      } else {
        passthrough += line + (isLast && !endsWithBreak ? "" : "\n")
      }
    }
  }

  private static func message(in line: Substring) -> Message? {
    for severity in severities where line.hasPrefix(severity + ": ") {
      let text = line.dropFirst(severity.count + 2)
      return Message(severity: severity, text: String(text.hasSuffix(" ") ? text.dropLast() : text))
    }
    return nil
  }

  /// The operator LiteRT's log says failed at `stage`, and the errors it logged before saying
  /// so (the kernel's reason), as in `ERROR: Only update, Add, … for stablehlo.scatter.` then
  /// `ERROR: Node number 4 (STABLEHLO_SCATTER) failed to prepare.` (`… failed to invoke.` when
  /// running); the last such failure.
  func failedOperator(at stage: InterpreterError.Stage) -> (node: Int, operatorName: String, reason: String)? {
    var reasons: [String] = []
    var failure: (node: Int, operatorName: String, reason: String)?
    let suffix = stage == .compile ? ") failed to prepare." : ") failed to invoke."
    for message in messages where message.severity == "ERROR" {
      if let (node, name) = Self.failedNode(in: message.text, suffix: suffix) {
        failure = (node, name, reasons.joined(separator: " "))
        reasons = []
      } else if message.text.hasPrefix("Node number ") {
        reasons = []  // another node's failure (at the other stage) ends its reasons
      } else {
        reasons.append(message.text)
      }
    }
    return failure
  }

  /// The node number and operator name of `Node number N (NAME)` followed by `suffix`.
  private static func failedNode(in text: String, suffix: String) -> (Int, String)? {
    let prefix = "Node number "
    guard text.hasPrefix(prefix), text.hasSuffix(suffix) else { return nil }
    let body = text.dropFirst(prefix.count).dropLast(suffix.count)
    guard let open = body.firstIndex(of: "("), let node = Int(body[..<open].trimmingCharacters(in: .whitespaces))
    else { return nil }
    let name = body[body.index(after: open)...]
    return name.isEmpty ? nil : (node, String(name))
  }

  /// The swift-log level for a LiteRT severity word.
  static func level(for severity: String) -> Logger.Level {
    switch severity {
    case "VERBOSE": return .trace
    case "INFO": return .info
    case "WARNING": return .warning
    default: return .error
    }
  }
}
