import Foundation

extension TFLiteModel {
  /// The model with the stored `shape` of some main-subgraph inputs set, so that it is prepared
  /// at that size from the start; their `shape_signature` (which dimensions may change) stays.
  ///
  /// LiteRT's compiled model prepares every operator when it is created, at the stored shapes
  /// of dynamic inputs (each `-1` stored as 1); Python's interpreter prepares only at
  /// `allocate_tensors()`, after `resize_tensor_input`. A model whose kernels cannot prepare at
  /// size 1 (an audio front end whose frames need more samples) therefore loads in TensorBridge
  /// only with its inputs given their size first; TensorBridge's `Interpreter` can then resize them again.
  ///
  /// The new dimensions are written over the old ones in the file's `shape` vectors (same
  /// rank, same length); nothing else changes.
  ///
  /// - Parameters:
  ///   - shapes: The new shape of each input, by position in the main subgraph's inputs.
  ///   - allowingFixedChanges: Whether a dimension the signature fixes may change too, as
  ///     Python's non-strict `resize_tensor_input` lets it (the operators decide when LiteRT
  ///     prepares them); otherwise only the dimensions the signature marks `-1` may.
  /// - Throws: ``TFLiteFormatError/invalidInputShape(position:shape:reason:)`` for a position
  ///   out of range, another rank, a fixed dimension changed (unless allowed), a dimension
  ///   below 1, or a shape vector the file shares with another tensor.
  public func settingInputShapes(_ shapes: [Int: [Int]], allowingFixedChanges: Bool = false) throws(TFLiteFormatError)
    -> TFLiteModel
  {
    guard let main = subgraphs.first else { return self }
    var targets: [(position: Int, tensor: Int, shape: [Int])] = []
    for (position, shape) in shapes.sorted(by: { $0.key < $1.key }) {
      guard main.inputs.indices.contains(position), main.tensors.indices.contains(main.inputs[position]) else {
        throw .invalidInputShape(position: position, shape: shape, reason: "the model has \(main.inputs.count) inputs")
      }
      let tensor = main.tensors[main.inputs[position]]
      let signature = tensor.shapeSignature ?? tensor.shape
      guard shape.count == tensor.shape.count, signature.count == shape.count else {
        throw .invalidInputShape(
          position: position, shape: shape, reason: "the input '\(tensor.name)' has rank \(tensor.shape.count)")
      }
      for (axis, size) in shape.enumerated() {
        guard size >= 1, size <= Int(Int32.max) else {
          throw .invalidInputShape(position: position, shape: shape, reason: "dimension \(axis) must be from 1")
        }
        guard allowingFixedChanges || signature[axis] < 0 || size == tensor.shape[axis] else {
          throw .invalidInputShape(
            position: position, shape: shape,
            reason: "dimension \(axis) of '\(tensor.name)' is fixed at \(tensor.shape[axis])")
        }
      }
      if shape != tensor.shape { targets.append((position, main.inputs[position], shape)) }
    }
    guard !targets.isEmpty else { return self }
    let starts = try locateShapeVectors(of: Set(targets.map(\.tensor))).get()
    var bytes = data
    for target in targets {
      guard let start = starts[target.tensor] else {
        throw .invalidInputShape(
          position: target.position, shape: target.shape,
          reason: "its shape vector is shared with another tensor of the file")
      }
      for (axis, size) in target.shape.enumerated() {
        withUnsafeBytes(of: Int32(size).littleEndian) { value in
          bytes.replaceSubrange(
            (bytes.startIndex + start + 4 * axis)..<(bytes.startIndex + start + 4 * axis + 4), with: value)
        }
      }
    }
    return try TFLiteModel(data: bytes, recording: .rewrite)
  }

  /// The offset of the first element of each wanted main-subgraph tensor's `shape` vector,
  /// left out for a vector another tensor of the file points at too.
  private func locateShapeVectors(of wanted: Set<Int>) -> Result<[Int: Int], TFLiteFormatError> {
    typealias Slot = ModelDecoder.Slot
    return data.withUnsafeBytes { raw in
      Result { () throws(TFLiteFormatError) -> [Int: Int] in
        let reader = FlatBufferReader(bytes: raw)
        var starts: [Int: Int] = [:]
        var users: [Int: Int] = [:]
        try reader.forEachSubgraphTable(slot: Slot.SubGraph.tensors, name: "tensors") {
          s, t, tensor, path throws(TFLiteFormatError) in
          guard let shape = try reader.vector(tensor, slot: Slot.Tensor.shape, elementSize: 4, path + ".shape")
          else { return }
          users[shape.start, default: 0] += 1
          if s == 0, wanted.contains(t) { starts[t] = shape.start }
        }
        return starts.filter { users[$0.value] == 1 }
      }
    }
  }
}
