import Foundation
import TensorBridge

// Text layers: tokenizer, vocabulary and their options.
extension DescriptionParser {
  /// The keys only text layers have.
  static let textKeys = [
    "role", "tokenizer", "vocabulary", "delimiter", "lowercase", "start_token", "special_tokens", "max_word_length",
    "rules",
  ]

  mutating func parseText(_ object: [String: JSONValue], path: String, isInput: Bool) -> TextLayer? {
    guard isInput else {
      problems.append(BundleProblem("\(path).type", "\"text\" applies to inputs only"))
      return nil
    }
    for key in ["quantize", "normalize", "format"] where object[key] != nil {
      problems.append(BundleProblem("\(path).\(key)", "does not apply to \"text\" layers"))
    }
    var text = TextLayer()
    if let role = optionalString(object, "role", at: path) {
      if let value = TextLayer.Role(rawValue: role) {
        text.role = value
      } else {
        problems.append(BundleProblem("\(path).role", "\"\(role)\" is not \"ids\", \"mask\" or \"segment_ids\""))
      }
    }
    if let name = optionalString(object, "tokenizer", at: path) {
      text.tokenizer = TextLayer.Tokenizer(rawValue: name)
      if text.tokenizer == nil {
        problems.append(
          BundleProblem(
            "\(path).tokenizer", "\"\(name)\" is not \"word\", \"regex\", \"wordpiece\" or \"sentencepiece\""))
      }
    }
    if let name = optionalString(object, "rules", at: path) {
      text.rules = TextLayer.Rules(rawValue: name)
      if text.rules == nil {
        problems.append(BundleProblem("\(path).rules", "\"\(name)\" is not \"tensorbridge\" or \"task_library\""))
      }
    }
    text.vocabularyFile = optionalString(object, "vocabulary", at: path)
    text.delimiter = optionalString(object, "delimiter", at: path)
    text.lowercase = optionalBool(object, "lowercase", at: path)
    text.startToken = optionalBool(object, "start_token", at: path)
    if let value = object["max_word_length"] {
      if case .number(let number) = value, number.rounded() == number, number >= 1, number <= 1e6 {
        text.maxWordLength = Int(number)
      } else {
        problems.append(BundleProblem("\(path).max_word_length", "\(value) is not a positive whole number"))
      }
    }
    if let value = object["special_tokens"] {
      if case .object(let tokens) = value {
        for key in tokens.keys.sorted() {
          guard TextLayer.specialTokenRoles.contains(key) else {
            problems.append(
              BundleProblem(
                "\(path).special_tokens.\(key)",
                "is not one of \(TextLayer.specialTokenRoles.map { "\"\($0)\"" }.joined(separator: ", "))"))
            continue
          }
          if let name = optionalString(tokens, key, at: "\(path).special_tokens"), !name.isEmpty {
            text.specialTokens[key] = name
          } else if case .string? = tokens[key] {
            problems.append(BundleProblem("\(path).special_tokens.\(key)", "must not be empty"))
          }
        }
      } else {
        problems.append(BundleProblem("\(path).special_tokens", "must be an object, not \(value.typeName)"))
      }
    }
    if text.role == .ids {
      if text.tokenizer == nil, object["tokenizer"] == nil {
        problems.append(
          BundleProblem(
            "\(path).tokenizer",
            "is required for text ids layers (\"word\", \"regex\", \"wordpiece\" or \"sentencepiece\")"))
      }
      if text.vocabularyFile == nil, object["vocabulary"] == nil {
        problems.append(BundleProblem("\(path).vocabulary", "is required for text ids layers (a file in assets/)"))
      }
    } else {
      for key in Self.textKeys where key != "role" && object[key] != nil {
        problems.append(
          BundleProblem(
            "\(path).\(key)", "applies to the text layer with \"role\": \"ids\", not to \"\(text.role.rawValue)\""))
      }
    }
    if text.delimiter != nil, text.tokenizer != .regex {
      problems.append(BundleProblem("\(path).delimiter", "applies to \"tokenizer\": \"regex\" only"))
    }
    if let delimiter = text.delimiter {
      do { _ = try NSRegularExpression(pattern: delimiter) } catch {
        problems.append(BundleProblem("\(path).delimiter", "\"\(delimiter)\" is not a valid regular expression"))
      }
    }
    return text
  }
}
