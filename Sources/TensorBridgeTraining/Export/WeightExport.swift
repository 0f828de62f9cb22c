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
/// (same size, same type).
///
/// The converter stores identical constants once, so two weights with the same initial values
/// (two zero biases of one shape) can be assigned from one buffer, or one tensor — and a
/// constant that initializes a weight can also be read by another operator. Before anything is
/// overwritten, each such assignment is given a constant of its own
/// (``TFLiteFormat/TFLiteModel/givingOwnConstants(to:)``), so that every weight gets its own
/// bytes and nothing else in the model changes.
enum WeightExport {
  static let assignVariable: Int32 = 144

  /// The model bytes with `weights` in place of their initial constants.
  static func exported(_ original: TFLiteModel, weights: [String: Tensor], saveSignature: String)
    throws(TrainingError) -> Data
  {
    let model = try separatingSharedConstants(original)
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

  /// The constant inputs of `ASSIGN_VARIABLE` operators (their value, input 1) that hold
  /// float32 data in a buffer.
  static func assignedConstants(_ model: TFLiteModel) -> [ConstantInput] {
    var inputs: [ConstantInput] = []
    for (subgraphIndex, subgraph) in model.subgraphs.enumerated() {
      for (operatorIndex, op) in subgraph.operators.enumerated()
      where model.operatorCode(of: op)?.builtinCode == assignVariable && op.inputs.count == 2 {
        let tensorIndex = op.inputs[1]
        guard subgraph.tensors.indices.contains(tensorIndex) else { continue }
        let tensor = subgraph.tensors[tensorIndex]
        guard tensor.hasConstantData, tensor.type == .float32, model.buffers.indices.contains(tensor.bufferIndex),
          model.buffers[tensor.bufferIndex].byteRange != nil
        else { continue }
        inputs.append(ConstantInput(subgraph: subgraphIndex, operatorIndex: operatorIndex, input: 1))
      }
    }
    return inputs
  }

  /// `model`, or a rewrite of it in which every assigned constant is read by that assignment
  /// alone: its bytes in no other tensor's buffer, its tensor read by no other operator input
  /// nor listed as a subgraph input or output.
  static func separatingSharedConstants(_ model: TFLiteModel) throws(TrainingError) -> TFLiteModel {
    var tensorsByRange: [Range<Int>: Int] = [:]
    for subgraph in model.subgraphs {
      for tensor in subgraph.tensors where tensor.hasConstantData && model.buffers.indices.contains(tensor.bufferIndex)
      {
        if let range = model.buffers[tensor.bufferIndex].byteRange { tensorsByRange[range, default: 0] += 1 }
      }
    }
    var shared: [ConstantInput] = []
    for input in assignedConstants(model) {
      let subgraph = model.subgraphs[input.subgraph]
      let tensorIndex = subgraph.operators[input.operatorIndex].inputs[input.input]
      let reads = subgraph.operators.reduce(0) { count, op in count + op.inputs.filter { $0 == tensorIndex }.count }
      let listed = subgraph.inputs.contains(tensorIndex) || subgraph.outputs.contains(tensorIndex)
      let range = model.buffers[subgraph.tensors[tensorIndex].bufferIndex].byteRange
      if reads > 1 || listed || range.map({ tensorsByRange[$0, default: 0] > 1 }) == true { shared.append(input) }
    }
    guard !shared.isEmpty else { return model }
    do {
      return try TFLiteModel(data: try model.givingOwnConstants(to: shared))
    } catch let error as ConstantCopyError {
      throw .export(weight: "*", reason: "its initial constants cannot be given one buffer each (\(error.description))")
    } catch {
      throw .export(weight: "*", reason: "the rewritten model does not load (\(error))")
    }
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
