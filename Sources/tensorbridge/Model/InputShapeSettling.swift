import Foundation
import TFLiteFormat
import TensorBridge

/// Sizes a model's dynamic inputs from the `--input` files before LiteRT compiles it.
///
/// LiteRT's compiled model prepares every operator when it is created, at the stored size of
/// dynamic inputs (each `-1` stored as 1); Python resizes first and prepares after. A model
/// that cannot prepare at size 1 (openWakeWord's mel-spectrogram front end) is loaded again
/// with the files' shapes written in (``TFLiteModel/settingInputShapes(_:)``).
enum InputShapeSettling {
  /// `model` with the shapes of the `.npy` files among `inputs` (KEY a position or a
  /// main-subgraph input's tensor or signature name, and the file's path) set, or nil when none
  /// applies.
  static func sized(_ model: TFLiteModel, inputs: [(key: String, path: String)]) -> TFLiteModel? {
    guard let main = model.subgraphs.first else { return nil }
    let signature = model.signatures.first { $0.subgraphIndex == 0 }
    var shapes: [Int: [Int]] = [:]
    for (key, path) in inputs {
      guard URL(fileURLWithPath: path).pathExtension.lowercased() == "npy",
        let file = try? Data(contentsOf: URL(fileURLWithPath: path)), let array = try? NPYFile.read(file)
      else { continue }
      let tensorIndex =
        main.tensors.indices.first { main.tensors[$0].name == key }
        ?? signature?.inputs.first { $0.name == key }?.tensorIndex
      guard let position = Int(key) ?? tensorIndex.flatMap({ main.inputs.firstIndex(of: $0) }),
        main.inputs.indices.contains(position)
      else { continue }
      shapes[position] = array.shape
    }
    guard !shapes.isEmpty else { return nil }
    return try? model.settingInputShapes(shapes)
  }

  /// An interpreter for `model` sized by `inputs` (see ``sized(_:inputs:)``), for a model that
  /// failed to load at its stored sizes; nil when sizing does not apply or does not help.
  static func interpreter(
    retrying model: TFLiteModel, inputs: [(key: String, path: String)], options: Interpreter.Options
  ) -> Interpreter? {
    guard let sized = sized(model, inputs: inputs) else { return nil }
    return try? Interpreter(model: sized, options: options)
  }
}
