/// Writes the builtin operators of a lowering into one subgraph: each helper adds its output
/// tensor (float32 unless said otherwise) and the operator computing it, and returns the
/// output's index.
struct LoweringGraph {
  /// `BuiltinOptions` union types of the options tables written here.
  private enum OptionsType {
    static let fullyConnected: UInt8 = 8
    static let concatenation: UInt8 = 10
    static let add: UInt8 = 11
    static let mul: UInt8 = 21
    static let reducer: UInt8 = 27
    static let sub: UInt8 = 28
    static let split: UInt8 = 35
    static let pack: UInt8 = 59
    static let unpack: UInt8 = 64
    static let callOnce: UInt8 = 103
    static let varHandle: UInt8 = 111
  }

  var additions: ModelAdditions
  var graph: SubgraphAppender
  /// Put in front of every new tensor's name.
  var prefix: String
  /// The tensor tables of the subgraph the lowered operator is in, when this graph is another
  /// subgraph (a loop's body): ``operand(_:)`` copies the ones it uses into this one.
  var importable: [FlatBufferComposer.Reference]? = nil
  /// The operand tensors already copied in, by their index in the lowered operator's subgraph.
  var imported: [Int: Int32] = [:]
  /// The tensor tables of this subgraph (the lowered operator's), for a loop body to import.
  var ownTables: [FlatBufferComposer.Reference] = []
  /// The index the next subgraph appended to the model gets.
  var nextSubgraphIndex = 0
  /// The subgraphs written for this one (loop conditions and bodies), in index order.
  var appended: [AppendedSubgraph] = []

  // MARK: Tensors

  /// A new computed tensor; `signature` is its shape signature when a dimension is dynamic.
  mutating func tensor(_ name: String, _ shape: [Int], type: TensorType = .float32, signature: [Int]? = nil) -> Int32 {
    graph.addTensor(
      prefix + name, type: type, shape: shape.map(Int32.init), signature: signature?.map(Int32.init),
      additions: &additions)
  }

  /// The tensor `index` of the lowered operator's subgraph (a constant operand), as a tensor
  /// of this graph: itself, or in a loop body a copy of its table (same buffer, same
  /// quantization; a table the lowering wrote, such as weights that drop out, copied anew).
  mutating func operand(_ index: Int) -> Int32 {
    guard let importable, importable.indices.contains(index) else { return Int32(index) }
    if let copy = imported[index] { return copy }
    let copy = graph.addExisting(additions.composer.copy(importable[index]))
    imported[index] = copy
    return copy
  }

  /// A new float32 constant holding `bytes` (little-endian floats).
  mutating func constant(_ name: String, _ shape: [Int], bytes: [UInt8]) -> Int32 {
    graph.addConstant(prefix + name, type: .float32, shape: shape.map(Int32.init), bytes: bytes, additions: &additions)
  }

  /// A new float32 constant.
  mutating func constant(_ name: String, _ shape: [Int], floats: [Float]) -> Int32 {
    constant(name, shape, bytes: floats.flatMap { littleEndianBytes($0.bitPattern) })
  }

  /// A new int32 constant.
  mutating func constant(_ name: String, _ shape: [Int], int32s: [Int32]) -> Int32 {
    graph.addConstant(
      prefix + name, type: .int32, shape: shape.map(Int32.init),
      bytes: int32s.flatMap(littleEndianBytes), additions: &additions)
  }

  /// A new int32 constant whose data starts on a 64-byte boundary of the file (as LiteRT
  /// requires of the host memory it hands a custom operator; the file is loaded 64-aligned).
  mutating func alignedConstant(_ name: String, _ shape: [Int], int32s: [Int32]) -> Int32 {
    let buffer = additions.addBuffer(int32s.flatMap(littleEndianBytes), alignment: 64)
    return graph.addTensor(
      prefix + name, type: .int32, shape: shape.map(Int32.init), buffer: buffer, additions: &additions)
  }

  // MARK: Operators

  mutating func operation(
    _ code: BuiltinOperator, _ inputs: [Int32], _ outputs: [Int32], options: SubgraphAppender.Options? = nil
  ) {
    graph.addOperator(
      additions.builtinCode(code), inputs: inputs, outputs: outputs, options: options, additions: &additions)
  }

  /// `code(x)` for an operator without options (`LOGISTIC`, `TANH`, `RELU`, `RSQRT`, …).
  mutating func unary(_ code: BuiltinOperator, _ x: Int32, _ name: String, _ shape: [Int]) -> Int32 {
    let y = tensor(name, shape)
    operation(code, [x], [y])
    return y
  }

  /// An elementwise binary operator (`ADD`, `MUL`, `SUB`, `MINIMUM`, `MAXIMUM`, `LESS`),
  /// broadcasting; its output is of `type`.
  mutating func binary(
    _ code: BuiltinOperator, _ a: Int32, _ b: Int32, _ name: String, _ shape: [Int], type: TensorType = .float32
  ) -> Int32 {
    let y = tensor(name, shape, type: type)
    let options: SubgraphAppender.Options? =
      switch code {
      case .add: .init(OptionsType.add)
      case .mul: .init(OptionsType.mul)
      case .sub: .init(OptionsType.sub)
      default: nil
      }
    operation(code, [a, b], [y], options: options)
    return y
  }

  /// `FULLY_CONNECTED`: `x · weightsᵀ (+ bias)`; `bias` -1 for none. With int8 `weights` over
  /// float32 `x` LiteRT runs its hybrid kernel, which quantizes each row of `x` at run time —
  /// asymmetrically when `asymmetricInputs` (`asymmetric_quantize_inputs`).
  mutating func fullyConnected(
    _ x: Int32, _ weights: Int32, bias: Int32, _ name: String, _ shape: [Int], asymmetricInputs: Bool = false
  ) -> Int32 {
    let y = tensor(name, shape)
    let fields: [Int: FlatBufferComposer.Field] = asymmetricInputs ? [3: .bool(true)] : [:]
    operation(.fullyConnected, [x, weights, bias], [y], options: .init(OptionsType.fullyConnected, fields))
    return y
  }

  /// `RESHAPE` to a fixed shape (given as a constant input); the output is of `type`.
  mutating func reshape(_ x: Int32, _ name: String, _ shape: [Int], type: TensorType = .float32) -> Int32 {
    let target = constant(name + "/shape", [shape.count], int32s: shape.map(Int32.init))
    let y = tensor(name, shape, type: type)
    operation(.reshape, [x, target], [y])
    return y
  }

  /// `SPLIT` of `x` into `count` equal parts along the axis held by the int32 scalar `axis`.
  mutating func split(_ x: Int32, axis: Int32, count: Int, _ name: String, partShape: [Int]) -> [Int32] {
    let parts = (0..<count).map { tensor("\(name)\($0)", partShape) }
    operation(.split, [axis, x], parts, options: .init(OptionsType.split, [0: .int32(Int32(count))]))
    return parts
  }

  /// `UNPACK` of `x` along `axis` into `count` tensors.
  mutating func unpack(_ x: Int32, axis: Int32, count: Int, _ name: String, partShape: [Int]) -> [Int32] {
    let parts = (0..<count).map { tensor("\(name)\($0)", partShape) }
    operation(.unpack, [x], parts, options: .init(OptionsType.unpack, [0: .int32(Int32(count)), 1: .int32(axis)]))
    return parts
  }

  /// `PACK` of `values` along `axis` into the existing tensor `output`.
  mutating func pack(_ values: [Int32], axis: Int32, into output: Int32) {
    operation(
      .pack, values, [output], options: .init(OptionsType.pack, [0: .int32(Int32(values.count)), 1: .int32(axis)]))
  }

  /// `CONCATENATION` of `values` along `axis` into the existing tensor `output`.
  mutating func concatenate(_ values: [Int32], axis: Int32, into output: Int32) {
    operation(.concatenation, values, [output], options: .init(OptionsType.concatenation, [0: .int32(axis)]))
  }

  /// `x` copied into the existing tensor `output` of the same shape (a `CONCATENATION` of the
  /// one tensor).
  mutating func copy(_ x: Int32, into output: Int32) {
    concatenate([x], axis: 0, into: output)
  }

  /// `MEAN` over the axes held by the int32 constant `axes`, keeping dimensions.
  mutating func mean(_ x: Int32, axes: Int32, _ name: String, _ shape: [Int]) -> Int32 {
    let y = tensor(name, shape)
    operation(.mean, [x, axes], [y], options: .init(OptionsType.reducer, [0: .bool(true)]))
    return y
  }

  /// `REDUCE_MAX` over the axes held by the int32 constant `axes`, keeping dimensions.
  mutating func reduceMax(_ x: Int32, axes: Int32, _ name: String, _ shape: [Int]) -> Int32 {
    let y = tensor(name, shape)
    operation(.reduceMax, [x, axes], [y], options: .init(OptionsType.reducer, [0: .bool(true)]))
    return y
  }

  /// `SUM` over the axes held by the int32 constant `axes`, dropping them.
  mutating func sum(_ x: Int32, axes: Int32, _ name: String, _ shape: [Int]) -> Int32 {
    let y = tensor(name, shape)
    operation(.sum, [x, axes], [y], options: .init(OptionsType.reducer, [0: .bool(false)]))
    return y
  }

  /// `SLICE` of `x`: `size` elements from `begin` along each axis.
  mutating func slice(_ x: Int32, begin: [Int], size: [Int], _ name: String) -> Int32 {
    let from = constant(name + "/begin", [begin.count], int32s: begin.map(Int32.init))
    let count = constant(name + "/size", [size.count], int32s: size.map(Int32.init))
    let y = tensor(name, size)
    operation(.slice, [x, from, count], [y])
    return y
  }

  /// Zeros of `shape`, made at run time by `FILL` (a constant would put `4 × elements` bytes in
  /// the file, and a state's size is set by the batch, which the file does not bound).
  mutating func zeros(_ name: String, _ shape: [Int]) -> Int32 {
    let dimensions = constant(name + "/dimensions", [shape.count], int32s: shape.map(Int32.init))
    let zero = constant(name + "/zero", [], floats: [0])
    let y = tensor(name, shape)
    operation(.fill, [dimensions, zero], [y])
    return y
  }

  /// A tensor of `shape` and the integer `type` (int8, int16 or int32) holding `value`
  /// everywhere, made at run time by `FILL`.
  mutating func filled(_ name: String, _ shape: [Int], type: TensorType, value: Int32) -> Int32 {
    let dimensions = constant(name + "/dimensions", [shape.count], int32s: shape.map(Int32.init))
    let bytes: [UInt8] =
      switch type {
      case .int8: [UInt8(truncatingIfNeeded: value)]
      case .int16: littleEndianBytes(Int16(truncatingIfNeeded: value))
      default: littleEndianBytes(value)
      }
    let scalar = graph.addConstant(prefix + name + "/value", type: type, shape: [], bytes: bytes, additions: &additions)
    let y = tensor(name, shape, type: type)
    operation(.fill, [dimensions, scalar], [y])
    return y
  }

  /// `clamp(x, -limit, limit)` as `MAXIMUM(MINIMUM(x, limit), -limit)` — TensorFlow Lite's
  /// `CwiseClipping` (`max(min(limit, x), -limit)`).
  mutating func clip(_ x: Int32, limit: Float, _ name: String, _ shape: [Int]) -> Int32 {
    let upper = constant(name + "/max", [1], floats: [limit])
    let lower = constant(name + "/min", [1], floats: [-limit])
    let clipped = binary(.minimum, x, upper, name + "/upper", shape)
    return binary(.maximum, clipped, lower, name, shape)
  }

  /// A fused activation applied to `x` (`x` itself for `none`).
  mutating func activation(_ activation: FusedActivation, _ x: Int32, _ name: String, _ shape: [Int]) -> Int32 {
    if activation == .signBit { return signBit(x, name, shape) }
    guard let code = activation.builtinOperator else { return x }
    return unary(code, x, name, shape)
  }

  /// `SIGN_BIT` as TensorFlow Lite's kernels apply it (`std::signbit`, as 1 or 0): the float's
  /// bits `BITCAST` to int32, `LESS` than 0 exactly when the sign bit is set (-0 included, which a
  /// comparison of the float would miss), `CAST` back to float32.
  mutating func signBit(_ x: Int32, _ name: String, _ shape: [Int]) -> Int32 {
    let bits = tensor(name + "/bits", shape, type: .int32)
    operation(.bitcast, [x], [bits])
    let zero = constant(name + "/zero", [1], int32s: [0])
    let negative = binary(.less, bits, zero, name + "/negative", shape, type: .bool)
    let y = tensor(name, shape)
    operation(.cast, [negative], [y])
    return y
  }

  /// A `CUSTOM` operator `name` (no custom options) from `inputs` to the existing `outputs`.
  mutating func custom(_ name: String, _ inputs: [Int32], _ outputs: [Int32]) {
    graph.addOperator(
      additions.customCode(name), inputs: inputs, outputs: outputs, options: nil, additions: &additions)
  }

  // MARK: Resource variables

  /// `VAR_HANDLE` of the resource variable `sharedName` (shared by every subgraph of the model).
  mutating func variableHandle(_ sharedName: String, _ name: String) -> Int32 {
    let handle = tensor(name, [], type: .resource)
    let container = additions.composer.reference(to: .string(""))
    let shared = additions.composer.reference(to: .string(sharedName))
    operation(
      .varHandle, [], [handle],
      options: .init(OptionsType.varHandle, [0: .reference(container), 1: .reference(shared)]))
    return handle
  }

  /// `READ_VARIABLE` of `handle` into the existing tensor `value`.
  mutating func readVariable(_ handle: Int32, into value: Int32) {
    operation(.readVariable, [handle], [value])
  }

  /// `ASSIGN_VARIABLE` of `value` to `handle`.
  mutating func assignVariable(_ handle: Int32, _ value: Int32) {
    operation(.assignVariable, [handle, value], [])
  }

  /// `CALL_ONCE` of subgraph `index`: runs it the first time the subgraph runs, once per
  /// interpreter.
  mutating func callOnce(_ index: Int) {
    operation(.callOnce, [], [], options: .init(OptionsType.callOnce, [0: .int32(Int32(index))]))
  }
}
