import ArgumentParser
import Foundation
import TensorBridge
import TensorBridgeModels
import TensorBridgeText

/// `tensorbridge classify-text MODEL "text"`: classify text with a text model.
struct ClassifyTextCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "classify-text",
    abstract:
      "Classify text with a text model (a bundle with a \"text\" input, a .tflite with tokenizer metadata, or a string-input .tflite).",
    discussion: """
      Classifies TEXT, or else every line of --file, or else every line of standard input. \
      Prints a table (one row per text: the best categories with scores) or, with --json, \
      one JSON array of {text, categories: [{index, label, score}]}.

      Models with TFLite metadata tokenize as the TFLite Task Library does (regex: RE2 \\w, no \
      lowercasing; BERT and SentencePiece: ASCII lowercasing). The tensor options \
      (--input-tensor, --score-tensor, --label-tensor and their --…-index forms, or \
      --nl-classifier) run the Task Library's NLClassifier instead, with its defaults: input \
      INPUT or index 0, scores OUTPUT_SCORE or index 0, labels OUTPUT_LABEL or none. Models \
      with a string input and no text layer use it too.
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

  @Option(name: .long, help: "Lowercase the text first (true/false), whatever the model's text layer says.")
  var lowercase: Bool?

  @Flag(
    name: .long,
    help: "Run the Task Library's NLClassifier (single input, tensor options below) even without tensor options.")
  var nlClassifier = false

  @Option(name: .long, help: "NLClassifier: the input tensor's name (default INPUT).")
  var inputTensor: String?

  @Option(
    name: .long, parsing: .unconditional,
    help: "NLClassifier: the input tensor's index when no tensor has the name (default 0).")
  var inputIndex: Int?

  @Option(name: .long, help: "NLClassifier: the score tensor's name (default OUTPUT_SCORE).")
  var scoreTensor: String?

  @Option(
    name: .long, parsing: .unconditional,
    help: "NLClassifier: the score tensor's index when no tensor has the name (default 0).")
  var scoreIndex: Int?

  @Option(name: .long, help: "NLClassifier: the label tensor's name, a string or int32 tensor (default OUTPUT_LABEL).")
  var labelTensor: String?

  @Option(
    name: .long, parsing: .unconditional,
    help: "NLClassifier: the label tensor's index when no tensor has the name (default -1: none).")
  var labelIndex: Int?

  @OptionGroup var runtime: RuntimeOptions

  func validate() throws {
    if text != nil, file != nil { throw ValidationError("give either TEXT or --file, not both") }
    if ids, usesNLClassifier { throw ValidationError("--ids is not available with the NLClassifier tensor options") }
    if lowercase != nil, usesNLClassifier {
      throw ValidationError("--lowercase does not apply to the NLClassifier (the Task Library never lowercases there)")
    }
  }

  /// Whether a tensor option asks for the Task Library's NLClassifier.
  private var usesNLClassifier: Bool {
    nlClassifier || inputTensor != nil || inputIndex != nil || scoreTensor != nil || scoreIndex != nil
      || labelTensor != nil || labelIndex != nil
  }

  private var nlOptions: NLClassifierOptions {
    let defaults = NLClassifierOptions()
    return NLClassifierOptions(
      inputTensorName: inputTensor ?? defaults.inputTensorName,
      inputTensorIndex: inputIndex ?? defaults.inputTensorIndex,
      outputScoreTensorName: scoreTensor ?? defaults.outputScoreTensorName,
      outputScoreTensorIndex: scoreIndex ?? defaults.outputScoreTensorIndex,
      outputLabelTensorName: labelTensor ?? defaults.outputLabelTensorName,
      outputLabelTensorIndex: labelIndex ?? defaults.outputLabelTensorIndex)
  }

  func run() throws {
    let texts = try TextInput.texts(text, file: file)
    let options = TextClassifierOptions(
      maxResults: maxResults, scoreThreshold: scoreThreshold, categoryAllowlist: allowlist, categoryDenylist: denylist,
      lowercase: lowercase)
    let results = try runtime.quietly { () throws -> [Result] in
      let url = URL(fileURLWithPath: model)
      var classify: (String) throws -> (categories: [Category], ids: [Int32]?)
      if usesNLClassifier {
        classify = try nlClassify(url, options: options)
      } else {
        do {
          let classifier = try TextClassifier(
            contentsOf: url, options: options, interpreterOptions: runtime.interpreterOptions)
          classify = { text in
            do {
              return (
                try classifier.classify(text).categories,
                ids ? try classifier.withTextModel { model throws(TextError) in try model.encode(text).ids } : nil
              )
            } catch { throw CLIFailure(error) }
          }
        } catch let error as TextError {
          switch error {
          case .noTextLayer, .nonTextInput, .model:
            // No text layer (e.g. a string input): the Task Library's NLClassifier, if it can
            // run the model; else the text layer's error stands.
            guard let fallback = try? nlClassify(url, options: options) else { throw CLIFailure(error) }
            classify = fallback
          default: throw CLIFailure(error)
          }
        } catch { throw CLIFailure(error) }
      }
      return try texts.map { text in
        let (categories, tokenIDs) = try classify(text)
        return Result(text: text, categories: categories.map(ResultCategory.init), ids: tokenIDs)
      }
    }
    if json {
      try JSONEncoder.pretty.printJSON(results)
    } else {
      for result in results { print(Self.row(result)) }
    }
  }

  /// A classify function over the Task Library's NLClassifier, sorted and filtered like TextClassifier's.
  private func nlClassify(_ url: URL, options: TextClassifierOptions) throws -> (String) throws -> (
    [Category], [Int32]?
  ) {
    do { try options.validate() } catch { throw CLIFailure(error) }
    let classifier: NLClassifier
    do {
      classifier = try NLClassifier(contentsOf: url, options: nlOptions, interpreterOptions: runtime.interpreterOptions)
    } catch { throw CLIFailure(error) }
    return { text in
      do { return (options.categoryFilter.apply(try classifier.classify(text).categories), nil) } catch {
        throw CLIFailure(error)
      }
    }
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
