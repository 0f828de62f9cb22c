/// The tensors and operators a rewrite appends to one subgraph (or writes for a new one).
///
/// New tensors get the indices after the subgraph's own (`firstTensor`, `firstTensor + 1`, …);
/// new operators are collected in order, for the rewrite to place among the old ones.
struct SubgraphAppender {
  private typealias Slot = ModelDecoder.Slot

  /// A builtin options table: its `BuiltinOptions` union type and fields by slot.
  struct Options {
    let type: UInt8
    let fields: [Int: FlatBufferComposer.Field]

    init(_ type: UInt8, _ fields: [Int: FlatBufferComposer.Field] = [:]) {
      self.type = type
      self.fields = fields
    }
  }

  /// The index the first new tensor gets.
  let firstTensor: Int
  /// The buffer index of tensors without constant data.
  let computedBuffer: Int
  /// The new `Tensor` tables, in index order.
  private(set) var tensors: [FlatBufferComposer.Reference] = []
  /// The new `Operator` tables, in the order they were added.
  private(set) var operators: [FlatBufferComposer.Reference] = []

  init(firstTensor: Int, computedBuffer: Int) {
    self.firstTensor = firstTensor
    self.computedBuffer = computedBuffer
  }

  /// Adds a `Tensor` table; returns its index in the subgraph.
  mutating func addTensor(
    _ name: String, type: TensorType, shape: [Int32], signature: [Int32]? = nil, buffer: Int? = nil,
    additions: inout ModelAdditions
  ) -> Int32 {
    tensors.append(
      Self.tensorTable(
        name, type: type, shape: shape, signature: signature,
        buffer: buffer ?? computedBuffer, additions: &additions))
    return Int32(firstTensor + tensors.count - 1)
  }

  /// Adds an existing `Tensor` table (one of another subgraph's, shared); returns its index.
  mutating func addExisting(_ table: FlatBufferComposer.Reference) -> Int32 {
    tensors.append(table)
    return Int32(firstTensor + tensors.count - 1)
  }

  /// Adds a constant tensor holding `bytes` in a new buffer; returns its index.
  mutating func addConstant(
    _ name: String, type: TensorType, shape: [Int32], bytes: [UInt8], additions: inout ModelAdditions
  ) -> Int32 {
    addTensor(name, type: type, shape: shape, buffer: additions.addBuffer(bytes), additions: &additions)
  }

  /// Adds an `Operator` table.
  mutating func addOperator(
    _ opcode: Int, inputs: [Int32], outputs: [Int32], options: Options?, additions: inout ModelAdditions
  ) {
    var fields: [Int: FlatBufferComposer.Field] = [
      Slot.Operator.opcodeIndex: .uint32(UInt32(opcode)),
      Slot.Operator.inputs: .reference(additions.composer.reference(to: .int32s(inputs))),
      Slot.Operator.outputs: .reference(additions.composer.reference(to: .int32s(outputs))),
    ]
    if let options {
      fields[Slot.Operator.builtinOptionsType] = .uint8(options.type)
      fields[Slot.Operator.builtinOptions] = .reference(additions.composer.reference(to: .table(options.fields)))
    }
    operators.append(additions.composer.reference(to: .table(fields)))
  }

  /// A `Tensor` table that is not appended (to replace one of the subgraph's own tensors).
  static func tensorTable(
    _ name: String, type: TensorType, shape: [Int32], signature: [Int32]? = nil, buffer: Int,
    quantization: (scale: Float, zeroPoint: Int64)? = nil, additions: inout ModelAdditions
  ) -> FlatBufferComposer.Reference {
    var fields: [Int: FlatBufferComposer.Field] = [
      Slot.Tensor.shape: .reference(additions.composer.reference(to: .int32s(shape))),
      Slot.Tensor.type: .int8(type.rawValue),
      Slot.Tensor.buffer: .uint32(UInt32(buffer)),
      Slot.Tensor.name: .reference(additions.composer.reference(to: .string(name))),
      Slot.Tensor.hasRank: .bool(true),
    ]
    if let signature {
      fields[Slot.Tensor.shapeSignature] = .reference(additions.composer.reference(to: .int32s(signature)))
    }
    if let quantization {
      // Per-tensor: one scale, one zero point.
      let scale = additions.composer.reference(
        to: .scalars(bytes: littleEndianBytes(quantization.scale.bitPattern), elementSize: 4, alignment: 4))
      let zeroPoint = additions.composer.reference(
        to: .scalars(bytes: littleEndianBytes(quantization.zeroPoint), elementSize: 8, alignment: 8))
      fields[Slot.Tensor.quantization] = .reference(
        additions.composer.reference(
          to: .table([Slot.Quantization.scale: .reference(scale), Slot.Quantization.zeroPoint: .reference(zeroPoint)])))
    }
    return additions.composer.reference(to: .table(fields))
  }
}
