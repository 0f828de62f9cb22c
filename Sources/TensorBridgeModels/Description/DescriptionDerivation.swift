import Foundation
import TFLiteFormat
import TensorBridge

/// Describes a plain `.tflite` from its tensors, so a model without `model.json` is a bundle
/// too: one array layer per tensor, named by the signature (or tensor) name, with the model's
/// element types and shapes. Quantized tensors need no transform (their own scale and zero
/// point apply). Read from the verified model: describing compiles nothing.
enum DescriptionDerivation {
  static func describe(_ tensors: ModelTensors, modelFile: URL) -> ModelDescription {
    let stem = modelFile.deletingPathExtension().lastPathComponent
    func layers(_ entries: [ModelTensors.Entry]) -> [LayerDescription] {
      entries.map {
        LayerDescription(name: $0.layerName, kind: .array, dataType: $0.dataType, shape: $0.shapeSignature)
      }
    }
    let quantized = (tensors.inputs + tensors.outputs).contains { $0.quantization != nil }
    return ModelDescription(
      name: stem, details: "Described from the tensors of \(modelFile.lastPathComponent).", id: stem, version: "1",
      author: "", license: "",
      model: .init(file: modelFile.lastPathComponent, quantized: quantized),
      inputs: layers(tensors.inputs), outputs: layers(tensors.outputs))
  }

  /// The description of a `.tflite`: from its TFLite metadata when it has some, else from its
  /// tensors. Counted as one ``LoadObserver/Step/describe``.
  static func describe(_ model: TFLiteModel, modelFile: URL) throws(ModelBundleError) -> ModelDescription {
    LoadObserver.record(.describe)
    let tensors = ModelTensors(model)
    return try MetadataDerivation.describe(model, tensors: tensors, modelFile: modelFile)
      ?? describe(tensors, modelFile: modelFile)
  }
}
