import Foundation
import TFLiteFormat
import TensorBridge

/// Writes trained weights into a copy of the model file, in place of the constants its
/// initializer assigns to the resource variables — so the exported `.tflite` starts from the
/// trained weights (and can be deployed as the model's next version).
///
/// The constants are found as the value inputs of `ASSIGN_VARIABLE` operators that hold
/// constant data. Which constant is which weight is established on the runtime itself: a probe
/// copy of the model with a distinct marker in every candidate constant is loaded, and its
/// `save` signature says which marker each weight received. The bytes are overwritten in place
/// (same size, same type), so nothing else in the file moves.
enum WeightExport {
  static let assignVariable: Int32 = 144

  /// The model bytes with `weights` in place of their initial constants.
  static func exported(_ model: TFLiteModel, weights: [String: Tensor], saveSignature: String) throws(TrainingError)
    -> Data
  {
    let candidates = constantCandidates(model)
    var probe = model.data
    for (index, range) in candidates.enumerated() {
      let marker = Float(index + 1) * 1000 + 0.5
      let count = range.count / MemoryLayout<Float>.size
      let bytes = [Float](repeating: marker, count: count).withUnsafeBytes { Data($0) }
      probe.replaceSubrange(range, with: bytes)
    }
    let markers: [String: Tensor]
    do {
      let interpreter = try Interpreter(modelData: probe)
      let save = try interpreter.signatureRunner(with: saveSignature)
      try save.invoke()
      var result: [String: Tensor] = [:]
      for name in save.outputs { result[name] = try save.output(named: name) }
      markers = result
    } catch { throw .interpreter(error) }
    var data = model.data
    var used: [Int: String] = [:]
    for (name, trained) in weights.sorted(by: { $0.key < $1.key }) {
      guard let marker = markers[name]?.floatValues()?.first, marker > 999 else {
        throw .export(weight: name, reason: "no constant in the model initializes it")
      }
      let index = Int((marker - 0.5) / 1000) - 1
      guard candidates.indices.contains(index) else {
        throw .export(weight: name, reason: "no constant in the model initializes it")
      }
      if let other = used[index] {
        throw .export(weight: name, reason: "it shares its initial constant with '\(other)'; the file cannot hold both")
      }
      used[index] = name
      let range = candidates[index]
      guard trained.dataType == .float32, trained.data.count == range.count else {
        throw .export(
          weight: name,
          reason:
            "its \(trained.data.count) bytes of \(trained.dataType) do not fit the \(range.count) bytes of its constant"
        )
      }
      data.replaceSubrange(range, with: trained.data)
    }
    return data
  }

  /// The byte ranges of float32 constants assigned to resource variables, each once.
  static func constantCandidates(_ model: TFLiteModel) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    for subgraph in model.subgraphs {
      for op in subgraph.operators
      where model.operatorCode(of: op)?.builtinCode == assignVariable && op.inputs.count == 2 {
        let tensorIndex = op.inputs[1]
        guard subgraph.tensors.indices.contains(tensorIndex) else { continue }
        let tensor = subgraph.tensors[tensorIndex]
        guard tensor.hasConstantData, tensor.type == .float32, model.buffers.indices.contains(tensor.bufferIndex),
          let range = model.buffers[tensor.bufferIndex].byteRange, !ranges.contains(range)
        else { continue }
        ranges.append(range)
      }
    }
    return ranges
  }
}
