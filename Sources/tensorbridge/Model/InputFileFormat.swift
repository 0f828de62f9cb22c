import Foundation

/// The format of a `--input` file: told by its extension (`.npy`, `.json`, `.bin`/`.raw`), or,
/// for a name without one of those (`/dev/stdin`, a pipe, a shell's `<(…)`), by its content: the
/// NumPy magic, or text that parses as JSON. Raw bytes need their extension.
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
    default:
      if contents.starts(with: Self.numpyMagic) {
        self = .npy
      } else if (try? JSONSerialization.jsonObject(with: contents, options: .fragmentsAllowed)) != nil {
        self = .json
      } else {
        throw CLIFailure(
          "\(path): unknown input format (use .npy, .json with numbers, or raw .bin; without one of those "
            + "extensions the content must be a .npy file or JSON)")
      }
    }
  }

  /// The first bytes of every `.npy` file.
  private static let numpyMagic: [UInt8] = [0x93] + Array("NUMPY".utf8)
}
