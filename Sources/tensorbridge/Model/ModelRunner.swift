import Foundation
import TensorBridge

/// One model run from the CLI, over the interpreter's main signature or a named one.
struct ModelRunner {
  let interpreter: Interpreter
  let runner: SignatureRunner?

  init(interpreter: Interpreter, signature: String?) throws(CLIFailure) {
    self.interpreter = interpreter
    if let signature {
      do { runner = try interpreter.signatureRunner(with: signature) } catch { throw CLIFailure(error) }
    } else {
      runner = nil
    }
  }

  var inputCount: Int { runner?.inputs.count ?? interpreter.inputTensorCount }

  func inputName(at index: Int) -> String {
    if let runner { return runner.inputs[index] }
    return (try? interpreter.input(at: index).name) ?? "\(index)"
  }

  func inputIndex(for key: String) throws(CLIFailure) -> Int {
    if let runner {
      if let index = runner.inputs.firstIndex(of: key) { return index }
      if let number = Int(key), runner.inputs.indices.contains(number) { return number }
      throw CLIFailure(
        "signature '\(runner.signatureKey)' has no input '\(key)'; inputs: \(runner.inputs.joined(separator: ", "))")
    }
    if let number = Int(key) {
      guard number >= 0 && number < interpreter.inputTensorCount else {
        throw CLIFailure(
          InterpreterError.invalidTensorIndex(role: .input, index: number, count: interpreter.inputTensorCount))
      }
      return number
    }
    if let index = interpreter.inputIndex(named: key) { return index }
    let names = (0..<interpreter.inputTensorCount).map { inputName(at: $0) }
    throw CLIFailure("the model has no input '\(key)'; inputs: \(names.joined(separator: ", "))")
  }

  private func tensor(_ index: Int) throws(InterpreterError) -> Tensor {
    if let runner { return try runner.input(named: runner.inputs[index]) }
    return try interpreter.input(at: index)
  }

  /// Reads the file, resizes the input to the file's shape when it is dynamic (or when the
  /// file, of the same rank, holds another number of values: a batch of a model stored at batch
  /// 1, as Python's `resize_tensor_input` allows), and copies the values in.
  func load(path: String, intoInputAt index: Int) throws(CLIFailure) {
    do {
      var tensor = try tensor(index)
      let loaded = try InputLoader.load(path: path, for: tensor)
      if let shape = loaded.shape, shape != tensor.shape.dimensions,
        tensor.shapeSignature.isDynamic || tensor.isUnranked
          || (shape.count == tensor.shape.rank && Tensor.Shape(shape).elementCount != tensor.shape.elementCount)
      {
        if let runner {
          try runner.resizeInput(named: runner.inputs[index], toShape: Tensor.Shape(shape))
        } else {
          try interpreter.resizeInput(at: index, to: Tensor.Shape(shape))
        }
        tensor = try self.tensor(index)
      }
      if let strings = loaded.strings {
        let expected = tensor.shape.elementCount ?? 0
        guard strings.count == expected else {
          throw CLIFailure(
            "\(path) gives \(strings.count) strings\(loaded.shape.map { " (shape \(Tensor.Shape($0)))" } ?? "") "
              + "but input \(index) '\(tensor.name)' takes \(expected) (string \(tensor.shape))")
        }
        if let runner {
          try runner.copy(strings, toInputNamed: runner.inputs[index])
        } else {
          try interpreter.copy(strings, toInputAt: index)
        }
        return
      }
      guard loaded.data.count == tensor.data.count else {
        throw CLIFailure(
          "\(path) gives \(loaded.data.count) bytes\(loaded.shape.map { " (shape \(Tensor.Shape($0)))" } ?? "") "
            + "but input \(index) '\(tensor.name)' takes \(tensor.data.count) bytes (\(tensor.dataType) \(tensor.shape))"
        )
      }
      if let runner {
        try runner.copy(loaded.data, toInputNamed: runner.inputs[index])
      } else {
        try interpreter.copy(loaded.data, toInputAt: index)
      }
    } catch let error as CLIFailure {
      throw error
    } catch {
      throw CLIFailure(error)
    }
  }

  /// Loads every `(NAME_OR_INDEX, FILE)` pair; each input must be given exactly once.
  func loadAll(_ specs: [(String, String)]) throws(CLIFailure) {
    var given = Set<Int>()
    for (key, path) in specs {
      let index = try inputIndex(for: key)
      guard given.insert(index).inserted else { throw CLIFailure("input '\(key)' is given twice") }
      try load(path: path, intoInputAt: index)
    }
    let missing = (0..<inputCount).filter { !given.contains($0) }
    if !missing.isEmpty {
      let names = missing.map { "\($0) ('\(inputName(at: $0))')" }.joined(separator: ", ")
      throw CLIFailure("no --input given for input \(names)")
    }
  }

  func invoke() throws(CLIFailure) {
    do {
      if let runner { try runner.invoke() } else { try interpreter.invoke() }
    } catch { throw CLIFailure(error) }
  }

  /// Every output with the name to show for it.
  func outputs() throws(CLIFailure) -> [(index: Int, label: String, tensor: Tensor)] {
    do {
      if let runner {
        return try runner.outputs.enumerated().map { (offset, name) in
          (offset, name, try runner.output(named: name))
        }
      }
      return try (0..<interpreter.outputTensorCount).map { index in
        let tensor = try interpreter.output(at: index)
        return (index, tensor.name, tensor)
      }
    } catch { throw CLIFailure(error) }
  }
}
