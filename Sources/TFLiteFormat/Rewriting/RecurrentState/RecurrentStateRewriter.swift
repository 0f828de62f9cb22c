import Foundation

/// Assembles a model with its fused recurrent operators lowered (see
/// ``RecurrentStateLowering``): new `Model` and `SubGraph` tables copied from the old ones,
/// each lowered operator replaced in its subgraph's operator list by its builtin operators, its
/// state tensors by plain (non-variable) copies that `READ_VARIABLE` fills, an init subgraph
/// appended, and the reset signature added — all in front of the old file (see
/// ``FlatBufferComposer``). Everything else (weights, metadata, other subgraphs, signatures)
/// is kept as it was.
struct RecurrentStateRewriter {
  private typealias Slot = ModelDecoder.Slot
  private typealias Reference = FlatBufferComposer.Reference

  /// The key LiteRT gives the signature it makes up for a model without signature definitions
  /// (`kDefaultSignatureKey` in `litert/cc/internal/litert_consts.h`).
  static let placeholderSignatureKey = "<placeholder signature>"
  /// The name of the appended init (and reset) subgraph.
  static let initSubgraphName = "tensorbridge_recurrent_state_init"

  let model: TFLiteModel
  /// Reads the model's file.
  let copier: TableCopier<RecurrentStateError>

  /// A state to create and zero in the init subgraph.
  private struct State {
    let sharedName: String
    let shape: [Int]
    let type: TensorType
    /// What TensorFlow Lite resets the variable tensor to: its zero point for int8
    /// (`ResetVariableTensor`), otherwise 0.
    let initialValue: Int32
  }

  /// Rewrites the model, lowering `plans` (by subgraph).
  ///
  /// - Returns: the new file, and whether it has the reset signature.
  func rewrite(_ plans: [Int: [RecurrentPlan]]) throws(RecurrentStateError) -> (data: Data, hasResetSignature: Bool) {
    var rewrite = try ModelRewrite(model: model, copier: copier)
    let computedBuffer = rewrite.additions.computedBuffer()
    let initIndex = model.subgraphs.count

    var states: [State] = []
    var appended: [AppendedSubgraph] = []
    var subgraphs = try rewrite.editingSubgraphs(plans.keys) { rewrite, subgraph throws(RecurrentStateError) in
      try lowerSubgraph(
        &subgraph, plans: plans[subgraph.index] ?? [], initIndex: initIndex, computedBuffer: computedBuffer,
        rewrite: &rewrite, states: &states, appended: &appended)
    }
    subgraphs.append(initSubgraph(states, computedBuffer: computedBuffer, additions: &rewrite.additions))
    // Loop conditions and bodies, after the init subgraph (their indices were given out so).
    for sub in appended {
      subgraphs.append(
        Self.subgraphTable(
          name: sub.name, graph: sub.graph, inputs: sub.inputs, outputs: sub.outputs, additions: &rewrite.additions))
    }

    let oldSignatures = try copier.elements(of: rewrite.root, slot: Slot.Model.signatureDefs, path: "signature_defs")
    var signatures = oldSignatures.map(Reference.old)
    var hasReset = true
    if model.signatures.isEmpty {
      // LiteRT makes up a signature for the main subgraph only when a model has no
      // signature definitions: adding the reset signature means writing that one as well.
      if let placeholder = placeholderSignature(additions: &rewrite.additions) {
        signatures.append(placeholder)
      } else {
        hasReset = false
      }
    }
    if hasReset {
      signatures.append(
        signatureDef(
          key: RecurrentStateLowering.resetSignatureKey, subgraph: initIndex, inputs: [], outputs: [],
          additions: &rewrite.additions))
      rewrite.modelFields[Slot.Model.signatureDefs] = rewrite.list(signatures)
    }

    rewrite.setLists(subgraphs: subgraphs)
    return (try rewrite.serialize(), hasReset)
  }

  // MARK: - Subgraphs

  /// Lowers `subgraph`'s fields: `CALL_ONCE` of the init subgraph first, then the old operators
  /// with each planned one replaced by its lowering. Subgraphs the lowerings write (loops) are
  /// added to `appended`, to follow the init subgraph.
  private func lowerSubgraph(
    _ subgraph: inout SubgraphTable, plans: [RecurrentPlan], initIndex: Int, computedBuffer: Int,
    rewrite: inout ModelRewrite<RecurrentStateError>, states: inout [State], appended: inout [AppendedSubgraph]
  ) throws(RecurrentStateError) {
    let index = subgraph.index
    let info = model.subgraphs[index]
    var g = LoweringGraph(
      additions: rewrite.additions,
      graph: SubgraphAppender(firstTensor: info.tensors.count, computedBuffer: computedBuffer),
      prefix: "tensorbridge/", nextSubgraphIndex: initIndex + 1 + appended.count)
    g.callOnce(initIndex)

    var blocks: [Int: Range<Int>] = [:]
    var tensors = try rewrite.oldTensors(of: subgraph).map(Reference.old)
    for plan in plans.sorted(by: { $0.operatorIndex < $1.operatorIndex }) {
      let start = g.graph.operators.count
      let name = model.operatorCodes[info.operators[plan.operatorIndex].opcodeIndex].name.lowercased()
      g.prefix = "tensorbridge/\(name)/\(index).\(plan.operatorIndex)/"
      var handles: [Int32] = []
      for (tensor, role, loweredShape) in plan.states {
        let sharedName = "\(RecurrentStateLowering.variablePrefix)\(index).\(plan.operatorIndex)/\(role)"
        let state = info.tensors[tensor]
        let shape = loweredShape ?? state.shape
        // A reset fills an int8 state with its legacy zero point (ResetVariableTensor): the one
        // zero point, or 0 with several scales.
        let legacy = state.quantization.map { $0.scales.count == 1 && $0.zeroPoints.count == 1 } ?? false
        let zeroPoint = legacy ? state.quantization?.zeroPoints.first.flatMap { Int32(exactly: $0) } ?? 0 : 0
        states.append(
          State(
            sharedName: sharedName, shape: shape, type: state.type,
            initialValue: state.type == .int8 ? zeroPoint : 0))
        // The variable tensor becomes a plain one that READ_VARIABLE fills (in the shape the
        // lowering reads it in).
        tensors[tensor] = SubgraphAppender.tensorTable(
          state.name, type: state.type, shape: shape.map(Int32.init), buffer: computedBuffer,
          additions: &g.additions)
        let handle = g.variableHandle(sharedName, role)
        g.readVariable(handle, into: Int32(tensor))
        handles.append(handle)
      }
      // Hybrid weights that drop out in Python (legacy scale 0, see OperandReader.dropsOut) become
      // zeros with a scale of 1: every product with them is then 0 here too. Sparse hybrid
      // weights (only a builtin LSTM's get here, see OperandReader.checkSparseOperands) become
      // the dense weights they stand for, which its sparse path multiplies by.
      if !plan.isInteger {
        for tensor in Set(info.operators[plan.operatorIndex].inputs) where info.tensors.indices.contains(tensor) {
          let weights = info.tensors[tensor]
          if OperandReader.dropsOut(weights) {
            tensors[tensor] = SubgraphAppender.tensorTable(
              weights.name, type: .int8, shape: weights.shape.map(Int32.init),
              buffer: g.additions.addBuffer([UInt8](repeating: 0, count: weights.elementCount)), quantization: (1, 0),
              additions: &g.additions)
          } else if let sparsity = weights.sparsity {
            guard let data = model.constantData(subgraph: index, tensor: tensor),
              let dense = sparsity.denseBytes(of: [UInt8](data), shape: weights.shape, elementSize: 1),
              let scale = weights.quantization?.scales.first
            else { throw .rewrite(.compositionFailed(reason: "the sparse weights '\(weights.name)' do not densify")) }
            tensors[tensor] = SubgraphAppender.tensorTable(
              weights.name, type: .int8, shape: weights.shape.map(Int32.init), buffer: g.additions.addBuffer(dense),
              quantization: (scale, 0), additions: &g.additions)
          }
        }
      }
      g.ownTables = tensors
      let finals =
        switch plan {
        case .lstm(let lstm): lstm.emitSteps(into: &g)
        case .rnn(let rnn): rnn.emitSteps(into: &g)
        case .bidirectionalLSTM(let lstm): lstm.emitSteps(into: &g)
        case .bidirectionalRNN(let rnn): rnn.emitSteps(into: &g)
        case .svdf(let svdf): svdf.emitSteps(into: &g)
        case .integerLSTM(let lstm): lstm.emitSteps(into: &g)
        case .integerLSTM8x8_8(let lstm): lstm.emitSteps(into: &g)
        case .integerSVDF(let svdf): svdf.emitSteps(into: &g)
        }
      for (handle, value) in zip(handles, finals) { g.assignVariable(handle, value) }
      blocks[plan.operatorIndex] = start..<g.graph.operators.count
    }
    rewrite.additions = g.additions
    appended += g.appended

    let oldOperators = try rewrite.oldOperators(of: subgraph)
    var operators = [g.graph.operators[0]]  // CALL_ONCE
    for (operatorIndex, position) in oldOperators.enumerated() {
      if let block = blocks[operatorIndex] {
        operators += g.graph.operators[block]
      } else {
        operators.append(.old(position))
      }
    }
    subgraph.fields[Slot.SubGraph.tensors] = rewrite.list(tensors + g.graph.tensors)
    subgraph.fields[Slot.SubGraph.operators] = rewrite.list(operators)
  }

  /// The appended subgraph that assigns zeros to every state (no inputs, no outputs).
  private func initSubgraph(_ states: [State], computedBuffer: Int, additions: inout ModelAdditions) -> Reference {
    var g = LoweringGraph(
      additions: additions, graph: SubgraphAppender(firstTensor: 0, computedBuffer: computedBuffer), prefix: "")
    for state in states {
      let handle = g.variableHandle(state.sharedName, state.sharedName)
      let zeros =
        state.type == .float32
        ? g.zeros(state.sharedName + "/zeros", state.shape)
        : g.filled(state.sharedName + "/zeros", state.shape, type: state.type, value: state.initialValue)
      g.assignVariable(handle, zeros)
    }
    additions = g.additions
    return Self.subgraphTable(
      name: Self.initSubgraphName, graph: g.graph, inputs: [], outputs: [], additions: &additions)
  }

  /// A new `SubGraph` table of the tensors and operators of `graph`.
  private static func subgraphTable(
    name: String, graph: SubgraphAppender, inputs: [Int32], outputs: [Int32], additions: inout ModelAdditions
  ) -> Reference {
    let composer = { (object: FlatBufferComposer.Object, additions: inout ModelAdditions) in
      FlatBufferComposer.Field.reference(additions.composer.reference(to: object))
    }
    let fields: [Int: FlatBufferComposer.Field] = [
      Slot.SubGraph.tensors: composer(.references(graph.tensors), &additions),
      Slot.SubGraph.inputs: composer(.int32s(inputs), &additions),
      Slot.SubGraph.outputs: composer(.int32s(outputs), &additions),
      Slot.SubGraph.operators: composer(.references(graph.operators), &additions),
      Slot.SubGraph.name: composer(.string(name), &additions),
    ]
    return additions.composer.reference(to: .table(fields))
  }

  // MARK: - Signatures

  /// The signature LiteRT makes up for the main subgraph of a model without signature
  /// definitions (`MakeDefaultSignature`: its inputs and outputs named by their tensors), or
  /// nil when those names are missing or repeated (they would not address the tensors).
  private func placeholderSignature(additions: inout ModelAdditions) -> Reference? {
    let main = model.subgraphs[0]
    let inputs = main.inputs.map { ($0, main.tensors[$0].name) }
    let outputs = main.outputs.map { ($0, main.tensors[$0].name) }
    for names in [inputs.map(\.1), outputs.map(\.1)] {
      guard !names.contains(""), Set(names).count == names.count else { return nil }
    }
    return signatureDef(
      key: Self.placeholderSignatureKey, subgraph: 0, inputs: inputs, outputs: outputs, additions: &additions)
  }

  /// A new `SignatureDef` table.
  private func signatureDef(
    key: String, subgraph: Int, inputs: [(Int, String)], outputs: [(Int, String)], additions: inout ModelAdditions
  ) -> Reference {
    func maps(_ entries: [(Int, String)], _ additions: inout ModelAdditions) -> Reference {
      let tables = entries.map { index, name in
        additions.composer.reference(
          to: .table([
            Slot.TensorMap.name: .reference(additions.composer.reference(to: .string(name))),
            Slot.TensorMap.tensorIndex: .uint32(UInt32(index)),
          ]))
      }
      return additions.composer.reference(to: .references(tables))
    }
    let fields: [Int: FlatBufferComposer.Field] = [
      Slot.SignatureDef.inputs: .reference(maps(inputs, &additions)),
      Slot.SignatureDef.outputs: .reference(maps(outputs, &additions)),
      Slot.SignatureDef.signatureKey: .reference(additions.composer.reference(to: .string(key))),
      Slot.SignatureDef.subgraphIndex: .uint32(UInt32(subgraph)),
    ]
    return additions.composer.reference(to: .table(fields))
  }
}
