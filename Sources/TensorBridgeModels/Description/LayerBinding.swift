import TensorBridge

/// Which model tensor each described layer reads or writes.
///
/// A layer binds to the tensor whose signature name or tensor name equals the layer's name
/// once both are normalized (case, `-`/`.`/space as `_`, `serving_default_` and `:0` removed),
/// so `"foo-features"` finds `serving_default_foo_features:0` wherever it sits. Layers no name
/// matches take the remaining tensors in order, as Tensor/IO matches TF Lite tensors by index.
struct LayerBinding: Sendable, Equatable {
  /// Tensor index per input layer (`nil` when there are more layers than tensors).
  let inputs: [Int?]
  /// Tensor index per output layer.
  let outputs: [Int?]

  init(_ description: ModelDescription, interpreter: Interpreter) {
    inputs = Self.bind(description.inputs.map(\.name), count: interpreter.inputTensorCount) { index in
      [interpreter.inputSignatureName(at: index), try? interpreter.input(at: index).name].compactMap { $0 }
    }
    outputs = Self.bind(description.outputs.map(\.name), count: interpreter.outputTensorCount) { index in
      [interpreter.outputSignatureName(at: index), try? interpreter.output(at: index).name].compactMap { $0 }
    }
  }

  static func bind(_ layers: [String], count: Int, names: (Int) -> [String]) -> [Int?] {
    let tensorNames = (0..<count).map { Set(names($0).map(normalize)) }
    var result = [Int?](repeating: nil, count: layers.count)
    var taken = Set<Int>()
    for (layer, name) in layers.enumerated() {
      let key = normalize(name)
      let matches = (0..<count).filter { tensorNames[$0].contains(key) && !taken.contains($0) }
      if matches.count == 1, let match = matches.first {
        result[layer] = match
        taken.insert(match)
      }
    }
    var free = (0..<count).filter { !taken.contains($0) }.makeIterator()
    for layer in layers.indices where result[layer] == nil {
      result[layer] = free.next()
    }
    return result
  }

  static func normalize(_ name: String) -> String {
    var text = name.lowercased()
    if text.hasPrefix("serving_default_") { text.removeFirst("serving_default_".count) }
    if let colon = text.lastIndex(of: ":"), text[text.index(after: colon)...].allSatisfy(\.isNumber) {
      text = String(text[..<colon])
    }
    return String(text.map { "-. ".contains($0) ? "_" : $0 })
  }
}
