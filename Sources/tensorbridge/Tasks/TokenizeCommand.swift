import ArgumentParser
import Foundation
import TensorBridgeText

extension RegexTokenizer.Syntax: ExpressibleByArgument {}

/// `tensorbridge tokenize`: text to token ids with a vocabulary, and a throughput benchmark.
struct TokenizeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tokenize",
    abstract:
      "Turn text into token ids (word, regex, WordPiece or SentencePiece tokenizer) with a vocabulary or .model file.",
    discussion: """
      Prints one JSON array of ids per text (TEXT, or each line of --file or standard input): \
      the sequence padded or truncated to --length, or all ids with their special tokens. \
      With --bench, encodes every line of --file at --length (default 128) and prints one JSON \
      object: bytes, seconds, MB/s, token count and a checksum (the sum of all sequence ids). \
      SentencePiece takes the .model file as --vocabulary and gives its piece ids alone \
      (no special tokens; padded with <pad>, or 0).
      """)

  enum Kind: String, ExpressibleByArgument, CaseIterable {
    case word, regex, wordpiece, sentencepiece
  }

  @Option(
    name: .long,
    help:
      "word (word-index vocabulary), regex (word-index), wordpiece (one token per line) or sentencepiece (a .model file)."
  )
  var tokenizer: Kind

  @Option(name: .long, help: "The vocabulary file.")
  var vocabulary: String

  @Option(name: .long, help: "Sequence length (pad or truncate).")
  var length: Int?

  @Option(name: .long, help: "Delimiter regex of the regex tokenizer.")
  var delimiter: String = RegexTokenizer.modelMakerDelimiter

  @Option(
    name: .long, help: "Regex dialect of --delimiter: icu (Unicode \\w) or re2 (ASCII \\w, as the TFLite Task Library)."
  )
  var syntax: RegexTokenizer.Syntax = .icu

  @Option(name: .long, help: "Read one text per line from this file ('-' for standard input).")
  var file: String?

  @Flag(name: .long, help: "Measure encoding throughput over --file.")
  var bench = false

  @Argument(help: "The text (default: one text per line from --file or standard input).")
  var text: String?

  func validate() throws {
    if let length, length < 1 { throw ValidationError("--length must be at least 1") }
    if bench, file == nil { throw ValidationError("--bench needs --file") }
  }

  func run() throws {
    let encoder = try makeEncoder()
    if bench { return try runBench(encoder) }
    for text in try TextInput.texts(text, file: file) {
      let ids: [Int32]
      if let length {
        do { ids = try encoder.encode(text, length: length).ids } catch { throw CLIFailure(error) }
      } else {
        ids = encoder.encode(text).ids
      }
      print("[" + ids.map(String.init).joined(separator: ", ") + "]")
    }
  }

  private func makeEncoder() throws -> TextEncoder {
    let url = URL(fileURLWithPath: vocabulary)
    do {
      switch tokenizer {
      case .word:
        return try TextEncoder(tokenizer: WordTokenizer(), vocabulary: Vocabulary(contentsOf: url, format: .wordIndex))
      case .regex:
        return try TextEncoder(
          tokenizer: RegexTokenizer(delimiter: delimiter, syntax: syntax),
          vocabulary: Vocabulary(contentsOf: url, format: .wordIndex))
      case .wordpiece:
        return try TextEncoder.bert(vocabulary: Vocabulary(contentsOf: url, format: .tokenList))
      case .sentencepiece:
        return TextEncoder.sentencePiece(try SentencePieceTokenizer(contentsOf: url), framing: .words)
      }
    } catch {
      throw CLIFailure(error)
    }
  }

  private func runBench(_ encoder: TextEncoder) throws {
    let path = file ?? "-"
    let data = try CLIFailure.read("text file", at: path)
    let lines: [String]
    do { lines = try TextLines.parse(data, source: path) } catch { throw CLIFailure(error) }
    let length = self.length ?? 128
    let clock = ContinuousClock()
    var checksum = 0
    var tokens = 0
    let elapsed = try clock.measure {
      for line in lines {
        let encoded = try encoder.encode(line, length: length)
        tokens += encoded.tokenCount
        for id in encoded.ids { checksum &+= Int(id) }
      }
    }
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let megabytes = Double(data.count) / 1_000_000
    print(
      #"{"bytes": \#(data.count), "lines": \#(lines.count), "seconds": \#(seconds), "mb_per_s": \#(megabytes / seconds), "tokens": \#(tokens), "checksum": \#(checksum)}"#
    )
  }
}
