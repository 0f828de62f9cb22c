import Foundation

extension TFLiteModel {
  /// Reroutes every output that may change shape with the data to a capture operator.
  ///
  /// Looks at the main subgraph (0) and every subgraph a signature runs, except subgraphs that
  /// control-flow operators call (their outputs are their caller's data). An output is captured
  /// when ``OutputCaptureRewrite/needsCapture(_:)`` holds for its tensor, or — in a subgraph
  /// reaching any dynamic tensor (``OutputCaptureRewrite/isDynamic(_:)``) — when its type is
  /// capturable; and an operator of the subgraph writes it (or it is a subgraph input). Each captured output
  /// is removed from the subgraph's `outputs` and from every signature listing it, and fed to a
  /// ``OutputCaptureRewrite/operatorName(forCapture:)`` operator appended to the subgraph (see
  /// ``OutputCaptureRewrite`` for its inputs).
  ///
  /// The new file is the old one, unchanged, behind a new root table and the new and changed
  /// objects; every field the rewrite does not touch (metadata, description, other signatures,
  /// other subgraphs) is kept as it was. Buffers and custom options stored after the flatbuffer
  /// (`offset` fields, counted from the start of the file) are moved along with it.
  ///
  /// - Returns: the rewritten model, or `nil` when no output needs capturing.
  /// - Throws: ``OutputCaptureError`` when the model cannot be rewritten faithfully; the
  ///   original model stays usable.
  public func capturingDynamicOutputs() throws(OutputCaptureError) -> OutputCaptureRewrite? {
    let targets = captureTargets()
    guard !targets.isEmpty else { return nil }
    if let taken = customOperatorNames.first(where: { $0.hasPrefix(OutputCaptureRewrite.operatorNamePrefix) }) {
      throw .operatorNameTaken(name: taken)
    }
    let result: Result<Data, OutputCaptureError> = data.withUnsafeBytes { raw in
      Result { () throws(OutputCaptureError) -> Data in
        let rewriter = OutputCaptureRewriter(model: self, copier: TableCopier(reader: FlatBufferReader(bytes: raw)))
        return try rewriter.rewrite(targets)
      }
    }
    let rewritten = try result.get()
    do {
      _ = try TFLiteModel(data: rewritten, recording: .rewrite)
    } catch {
      throw .rewrite(.rewrittenModelInvalid(error))
    }
    return OutputCaptureRewrite(data: rewritten, captures: describe(targets))
  }

  /// The outputs to capture: (subgraph, output position, tensor index, capture id).
  func captureTargets() -> [(subgraph: Int, position: Int, tensor: Int, id: Int32)] {
    let called = Set(subgraphs.flatMap { $0.operators.flatMap(\.calledSubgraphs) })
    let entryPoints = Set([0] + signatures.map(\.subgraphIndex)).subtracting(called).sorted()
    // One dynamic tensor in an entry subgraph, or in a subgraph it calls (control-flow
    // bodies), puts every output of that entry point at risk.
    let dynamic = subgraphs.map { $0.tensors.contains(where: OutputCaptureRewrite.isDynamic) }
    func reachesDynamic(_ start: Int) -> Bool {
      var seen: Set<Int> = [start]
      var stack = [start]
      while let next = stack.popLast() {
        if dynamic[next] { return true }
        for callee in subgraphs[next].operators.flatMap(\.calledSubgraphs)
        where subgraphs.indices.contains(callee) && seen.insert(callee).inserted { stack.append(callee) }
      }
      return false
    }
    var targets: [(subgraph: Int, position: Int, tensor: Int, id: Int32)] = []
    var nextID: Int32 = 0
    for subgraphIndex in entryPoints {
      var ids: [Int: Int32] = [:]
      let subgraph = subgraphs[subgraphIndex]
      let dynamicGraph = reachesDynamic(subgraphIndex)
      // Only tensors the subgraph computes or receives: a tensor nothing writes has no
      // values to capture (and reading it would make the rewritten model invalid).
      let produced = Set(subgraph.inputs + subgraph.operators.flatMap(\.outputs))
      for (position, tensorIndex) in subgraph.outputs.enumerated()
      where produced.contains(tensorIndex)
        && (OutputCaptureRewrite.needsCapture(subgraph.tensors[tensorIndex])
          || (dynamicGraph && OutputCaptureRewrite.capturableTypes.contains(subgraph.tensors[tensorIndex].type)))
      {
        let id = ids[tensorIndex] ?? nextID
        if ids[tensorIndex] == nil {
          ids[tensorIndex] = id
          nextID += 1
        }
        targets.append((subgraphIndex, position, tensorIndex, id))
      }
    }
    return targets
  }

  private func describe(_ targets: [(subgraph: Int, position: Int, tensor: Int, id: Int32)]) -> [CapturedOutput] {
    targets.map { target in
      let tensor = subgraphs[target.subgraph].tensors[target.tensor]
      var names: [String: String] = [:]
      for signature in signatures where signature.subgraphIndex == target.subgraph {
        if let entry = signature.outputs.first(where: { $0.tensorIndex == target.tensor }) {
          names[signature.key] = entry.name
        }
      }
      return CapturedOutput(
        captureID: target.id, subgraphIndex: target.subgraph, outputPosition: target.position,
        tensorIndex: target.tensor, name: tensor.name, type: tensor.type, signatureNames: names)
    }
  }
}

/// Assembles the rewritten file: new `Model`, `SubGraph` and `SignatureDef` tables copied from
/// the old ones with changed lists, new operator codes, buffers, tensors and operators, all in
/// front of the old file (see ``FlatBufferComposer``).
struct OutputCaptureRewriter {
  private typealias Slot = ModelDecoder.Slot
  private typealias Reference = FlatBufferComposer.Reference

  let model: TFLiteModel
  /// Reads the model's file.
  let copier: TableCopier<OutputCaptureError>

  func rewrite(_ targets: [(subgraph: Int, position: Int, tensor: Int, id: Int32)]) throws(OutputCaptureError) -> Data {
    var rewrite = try ModelRewrite(model: model, copier: copier)

    // Operator codes: reuse the model's own version-1 codes, append the missing ones, and one
    // custom code per capture.
    let opcodes = CaptureGraphBuilder.Opcodes(
      shape: rewrite.additions.builtinCode(.shape), cast: rewrite.additions.builtinCode(.cast),
      concatenation: rewrite.additions.builtinCode(.concatenation), reshape: rewrite.additions.builtinCode(.reshape))
    var captureCodes: [Int32: Int] = [:]
    for id in Set(targets.map(\.id)).sorted() {
      captureCodes[id] = rewrite.additions.appendCode(
        builtin: BuiltinOperator.custom.rawValue, custom: OutputCaptureRewrite.operatorName(forCapture: id))
    }

    // Buffers: computed tensors need an empty one; buffer 0 is, unless the file says otherwise.
    let computedBuffer = rewrite.additions.computedBuffer()

    // Subgraphs: the captured ones are new tables; the others stay where they are.
    let bySubgraph = Dictionary(grouping: targets, by: \.subgraph)
    let subgraphs = try rewrite.editingSubgraphs(bySubgraph.keys) { rewrite, subgraph throws(OutputCaptureError) in
      let captures = bySubgraph[subgraph.index] ?? []
      let info = model.subgraphs[subgraph.index]
      var builder = CaptureGraphBuilder(
        opcodes: opcodes, graph: SubgraphAppender(firstTensor: info.tensors.count, computedBuffer: computedBuffer))
      var captured = Set<Int>()
      for capture in captures where captured.insert(capture.tensor).inserted {
        builder.capture(
          info.tensors[capture.tensor], index: capture.tensor, id: capture.id,
          opcode: captureCodes[capture.id] ?? 0, additions: &rewrite.additions)
      }
      let tensors = try rewrite.oldTensors(of: subgraph)
      let operators = try rewrite.oldOperators(of: subgraph)
      let positions = Set(captures.map(\.position))
      let outputs = info.outputs.enumerated().filter { !positions.contains($0.offset) }.map { Int32($0.element) }
      subgraph.fields[Slot.SubGraph.tensors] = rewrite.list(tensors.map(Reference.old) + builder.graph.tensors)
      subgraph.fields[Slot.SubGraph.operators] = rewrite.list(operators.map(Reference.old) + builder.graph.operators)
      subgraph.fields[Slot.SubGraph.outputs] = .reference(rewrite.additions.composer.reference(to: .int32s(outputs)))
    }
    rewrite.setLists(subgraphs: subgraphs)

    // Signatures that list a captured tensor lose it from their outputs.
    let capturedTensors = Dictionary(grouping: targets, by: \.subgraph).mapValues { Set($0.map(\.tensor)) }
    let oldSignatures = try copier.elements(of: rewrite.root, slot: Slot.Model.signatureDefs, path: "signature_defs")
    var signatures = oldSignatures.map(Reference.old)
    var signaturesChanged = false
    for (index, signature) in model.signatures.enumerated() {
      guard let removed = capturedTensors[signature.subgraphIndex],
        signature.outputs.contains(where: { removed.contains($0.tensorIndex) })
      else { continue }
      let path = "signature_defs[\(index)]"
      let table = try copier.table(at: oldSignatures[index], path: path)
      var fields = try copier.fields(of: table, kinds: TableSchema.signatureDef, path: path)
      let maps = try copier.elements(of: table, slot: Slot.SignatureDef.outputs, path: path + ".outputs")
      let kept = zip(signature.outputs, maps).filter { !removed.contains($0.0.tensorIndex) }.map { Reference.old($0.1) }
      fields[Slot.SignatureDef.outputs] = rewrite.list(kept)
      signatures[index] = rewrite.additions.composer.reference(to: .table(fields))
      signaturesChanged = true
    }
    if signaturesChanged {
      rewrite.modelFields[Slot.Model.signatureDefs] = rewrite.list(signatures)
    }

    return try rewrite.serialize()
  }
}
