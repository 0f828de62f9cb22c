import Foundation

extension TFLiteModel {
  /// The operators whose `intermediates` TensorFlow Lite's kernel reads: the integer LSTMs
  /// (`lstm.cc` and `unidirectional_sequence_lstm.cc` with int8 input), which take their gate
  /// and hidden scales from them. Every other kernel ignores an operator's intermediates.
  func readsIntermediates(_ op: OperatorInfo, subgraph: Int) -> Bool {
    guard operatorCodes.indices.contains(op.opcodeIndex), !operatorCodes[op.opcodeIndex].isCustom else { return false }
    switch operatorCodes[op.opcodeIndex].builtinOperator {
    case .lstm, .unidirectionalSequenceLSTM:
      let tensors = subgraphs[subgraph].tensors
      return op.inputs.first.map { tensors.indices.contains($0) && tensors[$0].type == .int8 } ?? false
    default:
      return false
    }
  }

  /// The operators (subgraph, operator index) that list intermediate tensors their kernel
  /// ignores (see ``droppingIgnoredIntermediates()``).
  public var operatorsWithIgnoredIntermediates: [(subgraph: Int, operator: Int)] {
    subgraphs.indices.flatMap { s in
      subgraphs[s].operators.indices.compactMap { o -> (subgraph: Int, operator: Int)? in
        let op = subgraphs[s].operators[o]
        return !op.intermediates.isEmpty && !readsIntermediates(op, subgraph: s) ? (s, o) : nil
      }
    }
  }

  /// The model with the `intermediates` of every operator whose kernel ignores them marked
  /// absent, or nil when there are none.
  ///
  /// LiteRT's compiled-model loader refuses any operator with intermediate tensors
  /// ("Intermediate tensors not yet supported"), while the classic interpreter (Python's)
  /// hands them to the kernel, and only the integer LSTMs read them (TensorBridge lowers
  /// those; see ``loweringRecurrentState(loopingOverFixedSteps:)``). Converters leave them on other operators
  /// (calibration logging, hand-written files), where they change nothing.
  ///
  /// The field is dropped by zeroing its entry in the operator's vtable, which is how a
  /// flatbuffer says a field is absent; the file is otherwise byte for byte the same. A vtable
  /// may be shared by several tables: when one of an operator that reads its intermediates
  /// shares it, nothing is dropped (nil) and the loader's refusal stands.
  ///
  /// - Throws: ``TFLiteFormatError`` if the new bytes fail verification (they cannot, as only
  ///   absent fields are added, but the check is the same as for every rewrite).
  public func droppingIgnoredIntermediates() throws(TFLiteFormatError) -> TFLiteModel? {
    let targets = operatorsWithIgnoredIntermediates
    guard !targets.isEmpty else { return nil }
    typealias Slot = ModelDecoder.Slot
    let located: Result<(drop: Set<Int>, keep: Set<Int>), TFLiteFormatError> = data.withUnsafeBytes { raw in
      Result { () throws(TFLiteFormatError) -> (drop: Set<Int>, keep: Set<Int>) in
        let reader = FlatBufferReader(bytes: raw)
        let wanted = Set(targets.map { "\($0.subgraph).\($0.operator)" })
        let reading = Set(
          subgraphs.indices.flatMap { s in
            subgraphs[s].operators.indices.filter { readsIntermediates(subgraphs[s].operators[$0], subgraph: s) }
              .map { "\(s).\($0)" }
          })
        var drop = Set<Int>()
        var keep = Set<Int>()
        try reader.forEachSubgraphTable(slot: Slot.SubGraph.operators, name: "operators") { s, o, op, _ in
          guard reader.fieldOffset(op, slot: Slot.Operator.intermediates) != nil else { return }
          // The vtable entry of the field, inside the vtable (fieldOffset found it there).
          let entry = op.vtable + 4 + 2 * Slot.Operator.intermediates
          if wanted.contains("\(s).\(o)") {
            drop.insert(entry)
          } else if reading.contains("\(s).\(o)") {
            keep.insert(entry)
          }
        }
        return (drop, keep)
      }
    }
    let entries = try located.get()
    guard !entries.drop.isEmpty, entries.drop.isDisjoint(with: entries.keep) else { return nil }
    var bytes = data
    for entry in entries.drop {
      bytes[bytes.startIndex + entry] = 0
      bytes[bytes.startIndex + entry + 1] = 0
    }
    return try TFLiteModel(data: bytes, recording: .rewrite)
  }
}
