import Foundation
import TFLiteFormat
import TensorBridge

/// Sizes the dynamic inputs of a model LiteRT cannot prepare at the sizes its file stores
/// (openWakeWord's mel-spectrogram front end) from the `--input` files, before anything reads
/// a tensor: such an interpreter waits for sizes (``Interpreter/inputSizesRequired``), as
/// Python's waits for `resize_tensor_input`.
enum InputShapeSettling {
  /// Gives `interpreter`, when it waits for input sizes, the shapes of the `inputs` files (KEY
  /// a position or an input's tensor or signature name, and the file's path). Does nothing for
  /// an interpreter already compiled.
  static func size(_ interpreter: Interpreter, from inputs: [(key: String, path: String)]) throws(CLIFailure) {
    guard interpreter.inputSizesRequired != nil else { return }
    for (position, shape) in shapes(interpreter, inputs: inputs).sorted(by: { $0.key < $1.key }) {
      do { try interpreter.resizeInput(at: position, to: Tensor.Shape(shape)) } catch { throw CLIFailure(error) }
    }
    if let waiting = interpreter.inputSizesRequired {
      throw CLIFailure(
        "\(waiting) (Here: give every dynamic input as an .npy or nested .json array, whose shape sizes it.)")
    }
  }

  /// The input positions `inputs` are for (as ``Interpreter/inputIndex(named:)`` finds them),
  /// with the shapes their files state (`.npy` and nested JSON arrays; raw bytes state none). A
  /// file that does not load is left out: loading it into its input later says why.
  private static func shapes(_ interpreter: Interpreter, inputs: [(key: String, path: String)]) -> [Int: [Int]] {
    guard let main = interpreter.model.subgraphs.first else { return [:] }
    var shapes: [Int: [Int]] = [:]
    for (key, path) in inputs {
      guard let position = Int(key) ?? interpreter.inputIndex(named: key),
        main.inputs.indices.contains(position), main.tensors.indices.contains(main.inputs[position])
      else { continue }
      let declared = main.tensors[main.inputs[position]]
      let tensor = Tensor(
        name: declared.name, dataType: Tensor.DataType(declared.type), shape: Tensor.Shape(declared.shape),
        data: Data())
      if let shape = try? InputLoader.load(path: path, for: tensor).shape { shapes[position] = shape }
    }
    return shapes
  }
}
