/// Builds, for one subgraph, the tensors and operators that feed its captured outputs to the
/// capture operator (see ``OutputCaptureRewrite`` for what the operator receives).
///
/// For an output `t` of type `T` and capture id `k`:
///
/// ```
/// id     = CAST(constant [k])                      int32 [1]      (not constant: arena memory)
/// header = CONCATENATION(SHAPE(t), id)             int32 [rank + 1]
/// pad    = CAST(constant [k]) to T                 T [1]          (id itself when T is int32)
/// data   = CONCATENATION(RESHAPE(t, [-1]), pad)    T [n + 1]
/// TensorBridgeCapture_k(header, data)              no outputs
/// ```
///
/// `SHAPE` always yields a constant-folded (heap) tensor and `CONCATENATION` of folded inputs is
/// folded too; TensorFlow Lite aligns such tensors to 16 bytes only, and LiteRT refuses host
/// buffers that are not 64-byte aligned. `CAST` never folds, so concatenating with a `CAST`
/// output keeps both capture inputs in the arena.
struct CaptureGraphBuilder {
  /// Operator code indices of the operators the capture uses.
  struct Opcodes {
    let shape: Int
    let cast: Int
    let concatenation: Int
    let reshape: Int
  }

  /// `BuiltinOptions` union types.
  private enum OptionsType {
    static let concatenation: UInt8 = 10
    static let cast: UInt8 = 37
    static let shape: UInt8 = 55
  }

  let opcodes: Opcodes
  /// The new tensors and operators, after the subgraph's own.
  private(set) var graph: SubgraphAppender
  /// The shared `[-1]` shape constant, once created.
  private var minusOne: Int32?

  init(opcodes: Opcodes, graph: SubgraphAppender) {
    self.opcodes = opcodes
    self.graph = graph
  }

  /// Adds the operators that capture tensor `index` (described by `tensor`) under `id`, with
  /// the capture operator's code `opcode`.
  mutating func capture(
    _ tensor: TensorInfo, index: Int, id: Int32, opcode: Int, additions: inout ModelAdditions
  ) {
    let name = "tensorbridge_capture_\(id)"
    let unranked = !tensor.hasRank && tensor.shape.isEmpty && tensor.shapeSignature == nil
    let rank = Int32(tensor.shape.count)
    // Initial shapes only: TensorFlow Lite sizes every one of these in Prepare, so `flat` and
    // `data` start at one element (plus padding) whatever `tensor`'s declared size.

    let idConstant = addTensor(
      "\(name)/id_constant", type: .int32, shape: [1],
      buffer: additions.addBuffer(littleEndianBytes(id)), additions: &additions)
    let idValue = addTensor("\(name)/id", type: .int32, shape: [1], additions: &additions)
    addOperator(
      opcodes.cast, inputs: [idConstant], outputs: [idValue],
      options: castOptions(to: .int32), additions: &additions)

    let shape = addTensor(
      "\(name)/shape", type: .int32, shape: unranked ? [1] : [rank],
      signature: unranked ? [-1] : nil, additions: &additions)
    addOperator(
      opcodes.shape, inputs: [Int32(index)], outputs: [shape],
      options: .init(OptionsType.shape, [0: .int8(TensorType.int32.rawValue)]), additions: &additions)
    let header = addTensor(
      "\(name)/header", type: .int32, shape: unranked ? [2] : [rank + 1],
      signature: unranked ? [-1] : nil, additions: &additions)
    addOperator(
      opcodes.concatenation, inputs: [shape, idValue], outputs: [header],
      options: concatenationOptions, additions: &additions)

    let minusOne = minusOneConstant(additions: &additions)
    let flat = addTensor("\(name)/flat", type: tensor.type, shape: [1], signature: [-1], additions: &additions)
    addOperator(
      opcodes.reshape, inputs: [Int32(index), minusOne], outputs: [flat], options: nil, additions: &additions)
    var pad = idValue
    if tensor.type != .int32 {
      pad = addTensor("\(name)/pad", type: tensor.type, shape: [1], additions: &additions)
      addOperator(
        opcodes.cast, inputs: [idConstant], outputs: [pad],
        options: castOptions(to: tensor.type), additions: &additions)
    }
    let data = addTensor("\(name)/data", type: tensor.type, shape: [2], signature: [-1], additions: &additions)
    addOperator(
      opcodes.concatenation, inputs: [flat, pad], outputs: [data],
      options: concatenationOptions, additions: &additions)

    addOperator(opcode, inputs: [header, data], outputs: [], options: nil, additions: &additions)
  }

  // MARK: - Pieces

  private var concatenationOptions: SubgraphAppender.Options {
    .init(OptionsType.concatenation, [0: .int32(0)])  // axis 0, no fused activation
  }

  private func castOptions(to type: TensorType) -> SubgraphAppender.Options {
    .init(OptionsType.cast, [0: .int8(TensorType.int32.rawValue), 1: .int8(type.rawValue)])
  }

  private mutating func minusOneConstant(additions: inout ModelAdditions) -> Int32 {
    if let minusOne { return minusOne }
    let index = addTensor(
      "tensorbridge_capture/flat_shape", type: .int32, shape: [1],
      buffer: additions.addBuffer(littleEndianBytes(Int32(-1))), additions: &additions)
    minusOne = index
    return index
  }

  private mutating func addTensor(
    _ name: String, type: TensorType, shape: [Int32], signature: [Int32]? = nil, buffer: Int? = nil,
    additions: inout ModelAdditions
  ) -> Int32 {
    graph.addTensor(name, type: type, shape: shape, signature: signature, buffer: buffer, additions: &additions)
  }

  private mutating func addOperator(
    _ opcode: Int, inputs: [Int32], outputs: [Int32], options: SubgraphAppender.Options?,
    additions: inout ModelAdditions
  ) {
    graph.addOperator(opcode, inputs: inputs, outputs: outputs, options: options, additions: &additions)
  }
}
