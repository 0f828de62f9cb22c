import Foundation
import TensorBridge

/// A failure the CLI reports as one `error:` line with exit status 1 (bad model or input).
struct CLIFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
  init(_ error: any Error) { self.description = String(describing: error) }
}

extension CLIFailure {
  /// Reads a whole file, or fails with "cannot read <what> <path>: <reason>".
  static func read(_ what: String, at path: String) throws(CLIFailure) -> Data {
    do { return try FileContents.read(URL(fileURLWithPath: path)) } catch {
      throw CLIFailure("cannot read \(what) \(path): \(fileErrorReason(error))")
    }
  }
}
