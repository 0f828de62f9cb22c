import Foundation

/// The small JSON file in each model's folder naming the installed, verified file.
struct ModelManifest: Codable, Sendable, Equatable {
  /// The format of this file, for later changes.
  var formatVersion = 1
  var name: String
  var version: Int
  var hash: String
  var size: Int64
  /// The file's name inside the model's folder (`<hash>.tflite`).
  var file: String
  var installTime: Date
}
