import Foundation
import TensorBridgeVision

/// The per-image loop of `classify` and `detect`: a progress line for more than three images,
/// and a ``VisionError`` for one image reported (a JSON line with `--json`, else on stderr) and
/// counted without stopping the others; any other error stops the command.
enum ImageBatch {
  /// Runs `body(position, path)` for every image.
  /// - Throws: ``CLIFailure`` naming how many images failed (`"could not be \(verb)"`).
  static func run(_ images: [String], json: Bool, verb: String, _ body: (Int, String) throws -> Void) throws {
    let progress = ProgressLine(total: images.count, enabled: images.count > 3 && isatty(2) != 0)
    var failures = 0
    for (position, path) in images.enumerated() {
      progress.update(position, path)
      do { try body(position, path) } catch let error as VisionError {
        failures += 1
        progress.clear()
        if json {
          print(ClassifyCommand.json(path: path, error: error.description))
        } else {
          FileHandle.standardError.write(Data("error: \(path): \(error.description)\n".utf8))
        }
      }
    }
    progress.finish()
    if failures > 0 { throw CLIFailure("\(failures) of \(images.count) images could not be \(verb)") }
  }
}
