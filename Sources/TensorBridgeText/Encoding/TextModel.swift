import Foundation
import TensorBridge
import TensorBridgeModels

/// A model whose inputs are text layers, ready to run on strings: the vocabulary is parsed and
/// the tokenizer built once.
///
/// Text layers come from `model.json` (`"type": "text"`, see `TextLayer`) or from TFLite
/// metadata (a `RegexTokenizer` or `BertTokenizer` process unit with its vocabulary as an
/// associated file — Model Maker's text models need no JSON). The sequence length is the input
/// tensor's; a dynamic length (−1) is resized to the text's own length. BERT models fill their
/// `ids`, `mask` and `segment_ids` tensors, found by name, from the one text.
///
/// ```swift
/// let model = try TextModel(contentsOf: URL(fileURLWithPath: "sentiment.tiobundle"))
/// let outputs = try model.run(on: "What a wonderful day!")
/// outputs[0]?.top(1)   // [positive: 0.99…]
/// let same = try model.model.run(on: try model.encode("What a wonderful day!"))
/// ```
///
/// Not thread-safe (it owns a `Model` and its interpreter); use one per task or thread.
public final class TextModel {
  /// The underlying model.
  public let model: Model
  /// The encoder of the `ids` layer.
  public let encoder: TextEncoder
  private let layers: [(input: Model.BoundInput, role: TextLayer.Role)]

  /// Loads a bundle folder or a `.tflite` with tokenizer metadata.
  ///
  /// - Parameters:
  ///   - url: The bundle folder (with `model.json`) or the `.tflite` file.
  ///   - options: How the interpreter runs the model (threads, delegates, runtime).
  ///   - lowercase: Overrides the text layer's lowercasing (`nil`: the layer's own).
  public convenience init(
    contentsOf url: URL, options: Interpreter.Options = Interpreter.Options(), lowercase: Bool? = nil
  ) throws(TextError) {
    let model: Model
    do { model = try Model(contentsOf: url, options: options) } catch { throw .model(error) }
    try self.init(model: model, lowercase: lowercase)
  }

  /// Prepares a loaded model: every input must be a text layer, one of them the `ids` layer
  /// with a tokenizer and vocabulary.
  ///
  /// - Parameters:
  ///   - model: The loaded model.
  ///   - lowercase: Overrides the text layer's lowercasing (`nil`: the layer's own).
  public init(model: Model, lowercase: Bool? = nil) throws(TextError) {
    self.model = model
    let inputs = model.boundInputs
    if !inputs.contains(where: { $0.layer.kind == .text }) {
      throw .noTextLayer(inputs: model.description.inputs.map(\.name))
    }
    var layers: [(Model.BoundInput, TextLayer.Role)] = []
    var ids: (Model.BoundInput, TextLayer)?
    for input in inputs {
      guard input.layer.kind == .text, let text = input.layer.text else { throw .nonTextInput(layer: input.layer.name) }
      if text.role == .ids {
        if let ids {
          throw .incompleteLayer(
            layer: input.layer.name, reason: "layer '\(ids.0.layer.name)' already holds the token ids")
        }
        var text = text
        if let lowercase { text.lowercase = lowercase }
        ids = (input, text)
      }
      layers.append((input, text.role))
    }
    guard let ids else {
      throw .incompleteLayer(layer: inputs.first?.layer.name ?? "", reason: "no text layer has \"role\": \"ids\"")
    }
    self.layers = layers
    encoder = try Self.encoder(for: ids.1, layer: ids.0.layer.name)
    for (input, _) in layers {
      let tensor: Tensor
      do { tensor = try model.interpreter.input(at: input.tensorIndex) } catch { throw .model(.interpreter(error)) }
      guard TextSequenceWriter.supportedTypes.contains(tensor.dataType) else {
        throw .unsupportedElementType(layer: input.layer.name, tensor: tensor.name, type: tensor.dataType)
      }
      _ = try Self.sequenceLength(tensor, layer: input.layer.name)
    }
  }

  /// Builds the encoder a text layer describes. Under `TextLayer/Rules/taskLibrary` (layers
  /// derived from TFLite metadata) tokenization is the TFLite Task Library's: the regex
  /// tokenizer reads its delimiter as RE2, does not lowercase and needs `<UNKNOWN>` and `<PAD>`;
  /// WordPiece and SentencePiece lowercase ASCII letters only (unless `lowercase` is false),
  /// WordPiece splits as ``TaskLibraryBertSplitter`` does, and BERT sequences pad with 0.
  ///
  /// - Throws: ``TextError`` naming what the layer lacks or what is wrong with its vocabulary.
  public static func encoder(for text: TextLayer, layer: String) throws(TextError) -> TextEncoder {
    guard let tokenizer = text.tokenizer else { throw .incompleteLayer(layer: layer, reason: "it names no tokenizer") }
    guard let data = text.vocabulary else {
      throw .incompleteLayer(
        layer: layer, reason: "its vocabulary \(text.vocabularyFile ?? "(none named)") is not loaded")
    }
    let file = text.vocabularyFile ?? "vocabulary"
    let taskLibrary = text.rules == .taskLibrary
    do {
      switch tokenizer {
      case .word:
        let vocabulary = try Vocabulary(data: data, format: .wordIndex, file: file)
        return try TextEncoder(
          tokenizer: WordTokenizer(lowercase: text.lowercase ?? true), vocabulary: vocabulary,
          specialTokens: SpecialTokens.wordIndex.overridden(by: text.specialTokens), startToken: text.startToken)
      case .regex:
        let vocabulary = try Vocabulary(data: data, format: .wordIndex, file: file)
        let special = SpecialTokens.wordIndex.overridden(by: text.specialTokens)
        let regex = try RegexTokenizer(
          delimiter: text.delimiter ?? RegexTokenizer.modelMakerDelimiter,
          lowercase: text.lowercase ?? !taskLibrary, syntax: taskLibrary ? .re2 : .icu)
        if taskLibrary {
          // The Task Library refuses a regex vocabulary without these two.
          if vocabulary.specialTokenID(named: special.unknown) == nil {
            throw TextError.missingSpecialToken(role: "unknown", name: special.unknown)
          }
          if vocabulary.specialTokenID(named: special.pad) == nil {
            throw TextError.missingSpecialToken(role: "pad", name: special.pad)
          }
        }
        return try TextEncoder(
          tokenizer: regex, vocabulary: vocabulary, specialTokens: special, startToken: text.startToken)
      case .wordpiece:
        let vocabulary = try Vocabulary(data: data, format: .tokenList, file: file)
        return try TextEncoder.bert(
          vocabulary: vocabulary, specialTokens: SpecialTokens.bert.overridden(by: text.specialTokens),
          maxWordLength: text.maxWordLength ?? 100, lowercase: text.lowercase ?? true,
          rules: taskLibrary ? .taskLibrary : .googleResearch)
      case .sentencepiece:
        let sentencePiece = try SentencePieceTokenizer(data: data, lowercasesASCII: text.lowercase ?? taskLibrary)
        let special = SpecialTokens(pad: "<pad>", start: "[CLS]", unknown: "<unk>").overridden(by: text.specialTokens)
        let framed =
          taskLibrary
          || (sentencePiece.id(of: special.classification) != sentencePiece.unknownID
            && sentencePiece.id(of: special.separator) != sentencePiece.unknownID)
        return TextEncoder.sentencePiece(sentencePiece, specialTokens: special, framing: framed ? .bert : .words)
      }
    } catch let error as VocabularyError {
      throw .vocabulary(error)
    } catch let error as SentencePieceError {
      throw .sentencePiece(error)
    } catch let error as TextError {
      throw error
    } catch {
      throw .incompleteLayer(layer: layer, reason: String(describing: error))
    }
  }

  /// The sequence length of a `[length]` or `[1, length]` tensor; `nil` when it is dynamic.
  static func sequenceLength(_ tensor: Tensor, layer: String) throws(TextError) -> Int? {
    let signature = tensor.shapeSignature.dimensions
    let shape = tensor.shape.dimensions
    let valid = signature.count == 1 || (signature.count == 2 && (signature[0] == 1 || signature[0] == -1))
    guard valid, let last = signature.last else {
      throw .notASequence(layer: layer, tensor: tensor.name, shape: signature)
    }
    if last == -1 { return nil }
    guard last >= 1, shape.last == last else {
      throw .notASequence(layer: layer, tensor: tensor.name, shape: signature)
    }
    return last
  }

  /// The sequences `text` becomes for this model (at the model's length, or the text's own
  /// length when the model's is dynamic).
  public func encode(_ text: String) throws(TextError) -> EncodedText {
    var length: Int?
    var lengthLayer = ""
    for (input, _) in layers {
      let tensor: Tensor
      do { tensor = try model.interpreter.input(at: input.tensorIndex) } catch { throw .model(.interpreter(error)) }
      guard let own = try Self.sequenceLength(tensor, layer: input.layer.name) else { continue }
      if let length, length != own {
        throw .lengthMismatch(layer: input.layer.name, length: own, otherLayer: lengthLayer, otherLength: length)
      }
      length = own
      lengthLayer = input.layer.name
    }
    if let length { return try encoder.encode(text, length: length) }
    let natural = encoder.encode(text)
    return try encoder.encode(text, length: max(natural.tokenCount, 1))
  }

  /// Tokenizes `text` into every text layer's tensor and runs the model (as
  /// `model.run(on: encode(text))`).
  ///
  /// - Throws: ``TextError`` when the text cannot be encoded or written, ``TextError/model(_:)``
  ///   when the model fails.
  public func run(on text: String) throws(TextError) -> ModelOutputs {
    let encoded = try encode(text)
    do { return try model.run(on: encoded) } catch { throw TextError(running: error) }
  }
}
