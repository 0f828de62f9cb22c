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

    /// Buffers added to the model (constants), after the model's own.
    struct Buffers {
        /// Index the first added buffer gets.
        let firstIndex: Int
        /// The added `Buffer` tables.
        private(set) var tables: [FlatBufferComposer.Reference] = []

        init(firstIndex: Int) { self.firstIndex = firstIndex }

        /// Adds a buffer holding `bytes` (16-byte aligned, like the converter's); returns its index.
        mutating func add(_ bytes: [UInt8], composer: inout FlatBufferComposer) -> Int {
            let data = composer.reference(to: .scalars(bytes: bytes, elementSize: 1, alignment: 16))
            tables.append(composer.reference(to: .table([BufferSlot.data: .reference(data)])))
            return firstIndex + tables.count - 1
        }

        /// Adds an empty buffer (for computed tensors); returns its index.
        mutating func addEmpty(composer: inout FlatBufferComposer) -> Int {
            tables.append(composer.reference(to: .table([:])))
            return firstIndex + tables.count - 1
        }
    }

    private typealias Slot = ModelDecoder.Slot
    private enum BufferSlot { static let data = ModelDecoder.Slot.Buffer.data }
    /// `BuiltinOptions` union types.
    private enum OptionsType {
        static let concatenation: UInt8 = 10
        static let cast: UInt8 = 37
        static let shape: UInt8 = 55
    }

    let opcodes: Opcodes
    /// The buffer index of tensors without constant data.
    let computedBuffer: Int
    /// The new `Tensor` tables, in index order after the subgraph's own tensors.
    private(set) var tensors: [FlatBufferComposer.Reference] = []
    /// The new `Operator` tables, to run after the subgraph's own operators.
    private(set) var operators: [FlatBufferComposer.Reference] = []
    private let firstTensor: Int
    /// The shared `[-1]` shape constant, once created.
    private var minusOne: Int32?

    init(opcodes: Opcodes, computedBuffer: Int, firstTensor: Int) {
        self.opcodes = opcodes
        self.computedBuffer = computedBuffer
        self.firstTensor = firstTensor
    }

    /// Adds the operators that capture tensor `index` (described by `tensor`) under `id`, with
    /// the capture operator's code `opcode`.
    mutating func capture(
        _ tensor: TensorInfo, index: Int, id: Int32, opcode: Int, composer: inout FlatBufferComposer, buffers: inout Buffers
    ) {
        let name = "tensorbridge_capture_\(id)"
        let unranked = !tensor.hasRank && tensor.shape.isEmpty && tensor.shapeSignature == nil
        let rank = Int32(tensor.shape.count)
        // Initial shapes only: TensorFlow Lite sizes every one of these in Prepare, so `flat` and
        // `data` start at one element (plus padding) whatever `tensor`'s declared size.

        let idConstant = addTensor(
            "\(name)/id_constant", type: .int32, shape: [1],
            buffer: buffers.add(littleEndianBytes(id), composer: &composer), composer: &composer)
        let idValue = addTensor("\(name)/id", type: .int32, shape: [1], composer: &composer)
        addOperator(opcodes.cast, inputs: [idConstant], outputs: [idValue],
                    options: castOptions(to: .int32), composer: &composer)

        let shape = addTensor("\(name)/shape", type: .int32, shape: unranked ? [1] : [rank],
                              signature: unranked ? [-1] : nil, composer: &composer)
        addOperator(opcodes.shape, inputs: [Int32(index)], outputs: [shape],
                    options: (OptionsType.shape, [0: .int8(TensorType.int32.rawValue)]), composer: &composer)
        let header = addTensor("\(name)/header", type: .int32, shape: unranked ? [2] : [rank + 1],
                               signature: unranked ? [-1] : nil, composer: &composer)
        addOperator(opcodes.concatenation, inputs: [shape, idValue], outputs: [header],
                    options: concatenationOptions, composer: &composer)

        let minusOne = minusOneConstant(composer: &composer, buffers: &buffers)
        let flat = addTensor("\(name)/flat", type: tensor.type, shape: [1], signature: [-1], composer: &composer)
        addOperator(opcodes.reshape, inputs: [Int32(index), minusOne], outputs: [flat], options: nil, composer: &composer)
        var pad = idValue
        if tensor.type != .int32 {
            pad = addTensor("\(name)/pad", type: tensor.type, shape: [1], composer: &composer)
            addOperator(opcodes.cast, inputs: [idConstant], outputs: [pad],
                        options: castOptions(to: tensor.type), composer: &composer)
        }
        let data = addTensor("\(name)/data", type: tensor.type, shape: [2], signature: [-1], composer: &composer)
        addOperator(opcodes.concatenation, inputs: [flat, pad], outputs: [data],
                    options: concatenationOptions, composer: &composer)

        addOperator(opcode, inputs: [header, data], outputs: [], options: nil, composer: &composer)
    }

    // MARK: - Pieces

    private var concatenationOptions: (UInt8, [Int: FlatBufferComposer.Field]) {
        (OptionsType.concatenation, [0: .int32(0)])  // axis 0, no fused activation
    }

    private func castOptions(to type: TensorType) -> (UInt8, [Int: FlatBufferComposer.Field]) {
        (OptionsType.cast, [0: .int8(TensorType.int32.rawValue), 1: .int8(type.rawValue)])
    }

    private mutating func minusOneConstant(composer: inout FlatBufferComposer, buffers: inout Buffers) -> Int32 {
        if let minusOne { return minusOne }
        let index = addTensor("tensorbridge_capture/flat_shape", type: .int32, shape: [1],
                              buffer: buffers.add(littleEndianBytes(Int32(-1)), composer: &composer), composer: &composer)
        minusOne = index
        return index
    }

    /// Adds a `Tensor` table; returns its index in the subgraph.
    private mutating func addTensor(
        _ name: String, type: TensorType, shape: [Int32], signature: [Int32]? = nil, buffer: Int? = nil,
        composer: inout FlatBufferComposer
    ) -> Int32 {
        var fields: [Int: FlatBufferComposer.Field] = [
            Slot.Tensor.shape: .reference(composer.reference(to: .int32s(shape))),
            Slot.Tensor.type: .int8(type.rawValue),
            Slot.Tensor.buffer: .uint32(UInt32(buffer ?? computedBuffer)),
            Slot.Tensor.name: .reference(composer.reference(to: .string(name))),
            Slot.Tensor.hasRank: .bool(true),
        ]
        if let signature {
            fields[Slot.Tensor.shapeSignature] = .reference(composer.reference(to: .int32s(signature)))
        }
        tensors.append(composer.reference(to: .table(fields)))
        return Int32(firstTensor + tensors.count - 1)
    }

    /// Adds an `Operator` table.
    private mutating func addOperator(
        _ opcode: Int, inputs: [Int32], outputs: [Int32], options: (UInt8, [Int: FlatBufferComposer.Field])?,
        composer: inout FlatBufferComposer
    ) {
        var fields: [Int: FlatBufferComposer.Field] = [
            Slot.Operator.opcodeIndex: .uint32(UInt32(opcode)),
            Slot.Operator.inputs: .reference(composer.reference(to: .int32s(inputs))),
            Slot.Operator.outputs: .reference(composer.reference(to: .int32s(outputs))),
        ]
        if let (type, optionFields) = options {
            fields[Slot.Operator.builtinOptionsType] = .uint8(type)
            fields[Slot.Operator.builtinOptions] = .reference(composer.reference(to: .table(optionFields)))
        }
        operators.append(composer.reference(to: .table(fields)))
    }
}
