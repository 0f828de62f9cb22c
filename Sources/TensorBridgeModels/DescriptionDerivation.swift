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
        return LayerDescription(name: name, kind: .array, dataType: tensor.dataType, shape: tensor.shapeSignature.dimensions)
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
}
