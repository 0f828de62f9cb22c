// Inputs and outputs by name: their tensor names, or their names in the main signature.
extension Interpreter {
  /// The index of the input whose tensor name, or name in the main signature, is `name`.
  public func inputIndex(named name: String) -> Int? {
    guard let (session, state) = compiledNow else {
      return DeclaredInterface(model: model).index(named: name, role: .input)
    }
    return Self.index(named: name, slots: state.inputs, order: session.mainInputOrder)
  }

  /// The index of the output whose tensor name, or name in the main signature, is `name`.
  public func outputIndex(named name: String) -> Int? {
    guard let (session, state) = compiledNow else {
      return DeclaredInterface(model: model).index(named: name, role: .output)
    }
    return Self.index(named: name, slots: state.outputs, order: session.mainOutputOrder)
  }

  /// The main signature's name for the input at `index` (e.g. `x`), or `nil` for a bad index.
  public func inputSignatureName(at index: Int) -> String? {
    guard let (session, state) = compiledNow else {
      return DeclaredInterface(model: model).signatureName(at: index, role: .input)
    }
    return session.mainInputOrder.indices.contains(index)
      ? state.inputs[session.mainInputOrder[index]].signatureName : nil
  }

  /// The main signature's name for the output at `index`, or `nil` for a bad index.
  public func outputSignatureName(at index: Int) -> String? {
    guard let (session, state) = compiledNow else {
      return DeclaredInterface(model: model).signatureName(at: index, role: .output)
    }
    return session.mainOutputOrder.indices.contains(index)
      ? state.outputs[session.mainOutputOrder[index]].signatureName : nil
  }

  private static func index(named name: String, slots: [TensorSlot], order: [Int]) -> Int? {
    order.firstIndex { slots[$0].name == name } ?? order.firstIndex { slots[$0].signatureName == name }
  }
}
