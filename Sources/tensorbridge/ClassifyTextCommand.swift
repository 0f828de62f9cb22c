import ArgumentParser
import Foundation
import TensorBridge
import TensorBridgeModels
import TensorBridgeText

/// `tensorbridge classify-text MODEL "text"`: classify text with a text model.
struct ClassifyTextCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "classify-text",
    abstract: "Classify text with a text model (a bundle with a \"text\" input, or a .tflite with tokenizer metadata).",
    discussion: """
      Classifies TEXT, or else every line of --file, or else every line of standard input. \
      Prints a table (one row per text: the best categories with scores) or, with --json, \
      one JSON array of {text, categories: [{index, label, score}]}.
      """)

  @Argument(help: "A .tiobundle folder or a .tflite with tokenizer metadata.")
  var model: String

  @Argument(help: "The text to classify (default: one text per line from --file or standard input).")
  var text: String?

  @Option(name: .long, help: "Read one text per line from this file ('-' for standard input).")
  var file: String?

  @Option(name: .long, help: "At most this many categories per text (-1: all).")
  var maxResults = -1

  @Option(name: .long, help: "Leave out categories scoring below this.")
  var scoreThreshold: Float?

  @Option(name: .customLong("allow"), parsing: .singleValue, help: "Only return this category (repeatable).")
  var allowlist: [String] = []

  @Option(name: .customLong("deny"), parsing: .singleValue, help: "Never return this category (repeatable).")
  var denylist: [String] = []

  @Flag(name: .long, help: "Print JSON.")
  var json = false

  @Flag(name: .long, help: "Also print each text's token ids.")
  var ids = false

  @OptionGroup var runtime: RuntimeOptions

  func validate() throws {
    if text != nil, file != nil { throw ValidationError("give either TEXT or --file, not both") }
  }

  func run() throws {
    let texts = try readTexts()
    let options = TextClassifierOptions(
      maxResults: maxResults, scoreThreshold: scoreThreshold, categoryAllowlist: allowlist, categoryDenylist: denylist)
    let results = try runtime.quietly { () throws -> [Result] in
      let classifier: TextClassifier
      do {
        classifier = try TextClassifier(contentsOf: URL(fileURLWithPath: model), options: options,
                                        interpreterOptions: runtime.interpreterOptions)
      } catch { throw CLIFailure(error) }
      var results: [Result] = []
      for text in texts {
        do {
          let categories = try classifier.classify(text)
          let tokenIDs = ids ? try classifier.textModel.encode(text).ids : nil
          results.append(Result(text: text, categories: categories.map(ResultCategory.init), ids: tokenIDs))
        } catch { throw CLIFailure(error) }
      }
      return results
    }
    if json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      print(String(decoding: try encoder.encode(results), as: UTF8.self))
    } else {
      for result in results { print(Self.row(result)) }
    }
  }

  private func readTexts() throws -> [String] {
    if let text { return [text] }
    let data: Data
    let source: String
    if let file, file != "-" {
      data = try CLIFailure.read("text file", at: file)
      source = file
    } else {
      data = FileHandle.standardInput.readDataToEndOfFile()
      source = "standard input"
    }
    do { return try TextLines.parse(data, source: source) } catch { throw CLIFailure(error) }
  }

  private static func row(_ result: Result) -> String {
    var shown = result.text.replacingOccurrences(of: "\t", with: " ")
    if shown.count > 48 { shown = String(shown.prefix(47)) + "…" }
    let padded = shown.padding(toLength: 48, withPad: " ", startingAt: 0)
    let categories = result.categories.map { "\($0.label ?? "#\($0.index)") \(String(format: "%.4f", $0.score))" }
    var line = "\(padded)  \(categories.isEmpty ? "(no category)" : categories.joined(separator: "  "))"
    if let ids = result.ids { line += "\n  ids: \(ids.map(String.init).joined(separator: " "))" }
    return line
  }

  struct Result: Encodable {
    var text: String
    var categories: [ResultCategory]
    var ids: [Int32]?
  }

  struct ResultCategory: Encodable {
    var index: Int
    var label: String?
    var score: Float
    init(_ category: Category) {
      index = category.index
      label = category.label
      score = category.score
    }
  }
}
