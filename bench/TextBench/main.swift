// text-bench: the Swift side of bench/text_bench.sh. Encodes every line of a text file with
// TensorBridgeText and prints one JSON object (bytes, seconds, MB/s per CPU second and per
// wall second, tokens, checksum).
//
//   text-bench word|regex|wordpiece VOCABULARY TEXT_FILE LENGTH
//   text-bench sentencepiece MODEL_FILE TEXT_FILE 0    (piece ids only: tokens and their sum)
import Foundation
import TensorBridgeText

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("error: \(message)\n".utf8))
  exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count == 5, let length = Int(arguments[4]), length >= 2 || arguments[1] == "sentencepiece" else {
  fail("usage: text-bench word|regex|wordpiece|sentencepiece VOCABULARY TEXT_FILE LENGTH")
}
let vocabularyURL = URL(fileURLWithPath: arguments[2])
var encoder: TextEncoder?
var sentencePiece: SentencePieceTokenizer?
do {
  switch arguments[1] {
  case "sentencepiece": sentencePiece = try SentencePieceTokenizer(contentsOf: vocabularyURL)
  case "word":
    encoder = try TextEncoder(
      tokenizer: WordTokenizer(), vocabulary: Vocabulary(contentsOf: vocabularyURL, format: .wordIndex))
  case "regex":
    encoder = try TextEncoder(
      tokenizer: RegexTokenizer(), vocabulary: Vocabulary(contentsOf: vocabularyURL, format: .wordIndex))
  case "wordpiece":
    encoder = try TextEncoder.bert(vocabulary: Vocabulary(contentsOf: vocabularyURL, format: .tokenList))
  default: fail("unknown tokenizer \(arguments[1])")
  }
} catch { fail("\(error)") }

let data: Data
do { data = try Data(contentsOf: URL(fileURLWithPath: arguments[3])) } catch {
  fail("cannot read \(arguments[3]): \(error)")
}
let lines: [String]
do { lines = try TextLines.parse(data, source: arguments[3]) } catch { fail("\(error)") }

var checksum = 0
var tokens = 0
let cpuStart = clock()
let wallClock = ContinuousClock()
let elapsed: Duration
do {
  elapsed = try wallClock.measure {
    if let sentencePiece {
      for line in lines {
        let ids = sentencePiece.encode(line)
        tokens += ids.count
        for id in ids { checksum &+= id }
      }
    } else if let encoder {
      for line in lines {
        let encoded = try encoder.encode(line, length: length)
        tokens += encoded.tokenCount
        for id in encoded.ids { checksum &+= Int(id) }
      }
    }
  }
} catch { fail("\(error)") }
let cpu = Double(clock() - cpuStart) / Double(CLOCKS_PER_SEC)
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
let megabytes = Double(data.count) / 1e6
print(
  #"{"bytes": \#(data.count), "lines": \#(lines.count), "seconds": \#(seconds), "cpu_seconds": \#(cpu), "mb_per_s": \#(megabytes / cpu), "wall_mb_per_s": \#(megabytes / seconds), "tokens": \#(tokens), "checksum": \#(checksum)}"#
)
