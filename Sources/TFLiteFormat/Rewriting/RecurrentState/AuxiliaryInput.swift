/// The auxiliary input (`aux_input`) of a bidirectional operator as its kernel reads it: a
/// sequence laid out like the operator's input, `width` values per batch entry and step.
///
/// The kernels read it in two ways (`bidirectional_sequence_rnn.cc`,
/// `bidirectional_sequence_lstm.cc`): with auxiliary weights ("cross-linked", as
/// `tf.contrib.rnn.stack_bidirectional_rnn` stacks them) each direction adds the auxiliary
/// weights times the auxiliary input of the same step to its input product; without them the
/// backward direction reads the auxiliary input instead of the input (as
/// `tf.nn.static_bidirectional_rnn` stacks them). See ``AuxiliaryMode``.
struct AuxiliarySequence {
  /// The `aux_input` tensor.
  let tensor: Int
  /// The values the kernel reads per batch entry and step.
  let width: Int
  /// nil when the kernel reads the tensor as laid out (`[…, width]`, like the input); else, by
  /// step then batch entry, the offset into the tensor's flat data of the `width` values the
  /// kernel reads there (the RNN kernel strides some of its paths by the input's width rather
  /// than the auxiliary input's).
  let rowOffsets: [[Int]]?
  /// How many values the tensor holds (for ``rowOffsets``).
  let elements: Int

  /// The sequence as the kernel reads it, laid out as `layout` with `width` values per step: the
  /// tensor itself, or the `GATHER` of its flat data at ``rowOffsets``.
  func emit(into g: inout LoweringGraph, layout: SequenceLayout) -> Int32 {
    guard let rowOffsets else { return Int32(tensor) }
    let shape = layout.sequenceShape(width: width)
    var indices = [Int32](repeating: 0, count: shape.reduce(1, *))
    for (step, rows) in rowOffsets.enumerated() {
      for (entry, offset) in rows.enumerated() {
        let first = layout.timeMajor ? (step * layout.batch + entry) * width : (entry * layout.steps + step) * width
        for k in 0..<width { indices[first + k] = Int32(offset + k) }
      }
    }
    let flat = g.reshape(Int32(tensor), "aux/flat", [elements])
    return g.gather(
      flat, indices: g.constant("aux/indices", shape, int32s: indices), axis: 0, "aux/sequence", shape)
  }
}

/// How a bidirectional operator's auxiliary input enters its directions.
enum AuxiliaryMode {
  /// No auxiliary input, or one the kernel does not read.
  case none
  /// Each direction adds its auxiliary weights times the auxiliary input of the same step.
  case crossLinked(AuxiliarySequence)
  /// The backward direction reads the auxiliary input instead of the input.
  case backwardInput(AuxiliarySequence)

  /// The auxiliary sequence, whichever way it is read.
  var sequence: AuxiliarySequence? {
    switch self {
    case .none: nil
    case .crossLinked(let sequence), .backwardInput(let sequence): sequence
    }
  }
}

extension OperandReader {
  /// Checks a bidirectional operator's auxiliary input `index` as a sequence laid out like the
  /// input (`layout`) but for its width — `width`, or any when nil — the way the kernels'
  /// prepare checks it; float32, since the kernels read its data as floats. Over a sequence of
  /// dynamic length its time axis must be dynamic too (Python's prepare checks it against the
  /// input each time the input is resized). Returns its width.
  func auxiliarySequence(_ index: Int, layout: SequenceLayout, width: Int? = nil) throws(RecurrentStateRefusal) -> Int {
    let name = tensors[index].name
    let shape = try float(index, role: "aux_input")
    guard shape.count == 3 else {
      throw .unexpectedRank(role: "aux_input", tensor: name, rank: shape.count, expected: 3)
    }
    let expected = layout.sequenceShape(width: width ?? shape[2])
    guard shape == expected else {
      throw .unexpectedShape(role: "aux_input", tensor: name, expected: expected, actual: shape)
    }
    // Its other dynamic dimensions are fixed as the input's are (see RecurrentFixedDimension).
    let signature = tensors[index].shapeSignature ?? shape
    if layout.dynamicSteps, signature.count != 3 || (signature[Int(layout.timeAxis)] >= 0 && !loopsOverFixedSteps) {
      throw .dynamicShape(role: "aux_input", tensor: name, shapeSignature: signature)
    }
    return shape[2]
  }
}
