import Foundation
import ModelHubAPI
import TFLiteFormat

/// Checks an upload with the pure-Swift TFLite verifier and describes it.
enum ModelInspector {
  /// Verifies `data` and reports its main graph's inputs and outputs, operators and metadata.
  static func inspect(_ data: Data) throws(HubError) -> HubValidationReport {
    let model: TFLiteModel
    do { model = try TFLiteModel(data: data) } catch { throw .invalidModel(error.description) }
    guard let main = model.subgraphs.first else { throw .invalidModel("the model has no subgraphs") }
    func tensors(_ indices: [Int]) -> [HubValidationReport.Tensor] {
      indices.compactMap { index in
        guard main.tensors.indices.contains(index) else { return nil }
        let tensor = main.tensors[index]
        return .init(
          name: tensor.name, dtype: tensor.type.name.lowercased(), shape: tensor.shapeSignature ?? tensor.shape)
      }
    }
    let names = model.metadata.map(\.name)
    return HubValidationReport(
      inputs: tensors(main.inputs), outputs: tensors(main.outputs), operators: model.operatorNames,
      metadataNames: names, hasMetadata: names.contains("TFLITE_METADATA"), runtimeLoads: nil, runtimeError: nil)
  }
}
