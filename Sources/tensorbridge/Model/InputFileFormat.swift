import Foundation

/// The format of a `--input` file: told by its extension (`.npy`, `.json`, `.bin`/`.raw`), or,
/// for a name without any extension (`/dev/stdin`, a pipe, a shell's `<(…)`), by its content:
/// the NumPy magic, or text that parses as JSON. Raw bytes need their extension; another one
/// (`.csv`) is refused.
enum InputFileFormat {
  case npy
  case json
  case raw

  /// The format of `contents`, read from `path`; fails naming the formats it knows.
  init(path: String, contents: Data) throws(CLIFailure) {
    switch URL(fileURLWithPath: path).pathExtension.lowercased() {
    case "npy": self = .npy
    case "json": self = .json
    case "bin", "raw": self = .raw
    case "":
      if contents.starts(with: Self.numpyMagic) {
        self = .npy
      } else if (try? JSONSerialization.jsonObject(with: contents, options: .fragmentsAllowed)) != nil {
        self = .json
      } else {
        throw CLIFailure("\(path): unknown input format (without an extension, the content must be .npy or JSON)")
      }
    default:
      throw CLIFailure("\(path): unknown input format (use .npy, .json with numbers, or raw .bin)")
    }
  }

  /// The first bytes of every `.npy` file.
  private static let numpyMagic: [UInt8] = [0x93] + Array("NUMPY".utf8)
}
