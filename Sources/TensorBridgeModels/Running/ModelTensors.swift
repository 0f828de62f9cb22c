import TFLiteFormat
import TensorBridge

/// The main subgraph's inputs and outputs as the verified model declares them, in the order an
/// `Interpreter` addresses them, with the main signature's names: what a description needs,
/// read without compiling the model.
struct ModelTensors {
  /// One input or output tensor.
  struct Entry {
    /// The tensor's name in the file.
    var name: String
    /// The main signature's name for it, if the model has signatures over the main subgraph.
    var signatureName: String?
    var dataType: Tensor.DataType
    /// Dimensions as the file gives them (a dynamic one as 1).
    var shape: [Int]
    /// Dimensions with dynamic ones as -1 (the shape signature, or the shape when the file has none).
    var shapeSignature: [Int]
    /// Per-tensor quantization, as ``Tensor/quantizationParameters``.
    var quantization: QuantizationParameters?

    /// The signature name, else the tensor name.
    var layerName: String { signatureName.flatMap { $0.isEmpty ? nil : $0 } ?? name }
  }

  let inputs: [Entry]
  let outputs: [Entry]

  init(_ model: TFLiteModel) {
    guard let main = model.subgraphs.first else {
      (inputs, outputs) = ([], [])
      return
    }
    let signature = model.signatures.first {
      $0.subgraphIndex == 0 && Set($0.inputs.map(\.tensorIndex)) == Set(main.inputs)
        && Set($0.outputs.map(\.tensorIndex)) == Set(main.outputs)
    }
    func entries(_ indices: [Int], _ names: [SignatureTensor]?) -> [Entry] {
      indices.map { index in
        let tensor = main.tensors[index]
        var quantization: QuantizationParameters?
        if let q = tensor.quantization, q.scales.count == 1 {
          quantization = QuantizationParameters(scale: q.scales[0], zeroPoint: Int(q.zeroPoints.first ?? 0))
        }
        return Entry(
          name: tensor.name, signatureName: names?.first { $0.tensorIndex == index }?.name,
          dataType: Tensor.DataType(tensor.type), shape: tensor.shape,
          shapeSignature: tensor.shapeSignature ?? tensor.shape, quantization: quantization)
      }
    }
    inputs = entries(main.inputs, signature?.inputs)
    outputs = entries(main.outputs, signature?.outputs)
  }
}
