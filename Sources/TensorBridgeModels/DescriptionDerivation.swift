import Foundation
import TensorBridge

/// Describes a plain `.tflite` from its tensors, so a model without `model.json` is a bundle
/// too: one array layer per tensor, named by the signature (or tensor) name, with the model's
/// element types and shapes. Quantized tensors need no transform (their own scale and zero
/// point apply).
enum DescriptionDerivation {
  static func describe(_ interpreter: Interpreter, modelFile: URL) -> ModelDescription {
    let stem = modelFile.deletingPathExtension().lastPathComponent
    func layers(_ count: Int, _ tensor: (Int) -> Tensor?, _ signatureName: (Int) -> String?) -> [LayerDescription] {
      (0..<count).compactMap { index in
        guard let tensor = tensor(index) else { return nil }
        let name = signatureName(index).flatMap { $0.isEmpty ? nil : $0 } ?? tensor.name
        return LayerDescription(name: name, kind: .array, dataType: tensor.dataType, shape: declaredShape(tensor))
      }
    }
    let inputs = layers(interpreter.inputTensorCount, { try? interpreter.input(at: $0) }, interpreter.inputSignatureName(at:))
    let outputs = layers(interpreter.outputTensorCount, { try? interpreter.output(at: $0) }, interpreter.outputSignatureName(at:))
    let quantized = (0..<interpreter.inputTensorCount).contains { (try? interpreter.input(at: $0))?.quantizationParameters != nil }
      || (0..<interpreter.outputTensorCount).contains { (try? interpreter.output(at: $0))?.quantizationParameters != nil }
    return ModelDescription(
      name: stem, details: "Described from the tensors of \(modelFile.lastPathComponent).", id: stem, version: "1",
      author: "", license: "",
      model: .init(file: modelFile.lastPathComponent, quantized: quantized),
      inputs: inputs, outputs: outputs)
  }

  /// The shape a layer declares: the file's shape signature, or the compiled model's shape when
  /// the file gives none. Custom operators' outputs (`TFLite_Detection_PostProcess` in every
  /// SSD export) have no shape in the file; LiteRT computes it when compiling.
  static func declaredShape(_ tensor: Tensor) -> [Int] {
    if tensor.shapeSignature.rank == 0, tensor.shape.rank > 0 { return tensor.shape.dimensions }
    return tensor.shapeSignature.dimensions
  }
}
