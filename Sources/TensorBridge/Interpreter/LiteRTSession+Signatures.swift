import Foundation
import LiteRTRuntime
import TFLiteFormat

// Reading the compiled model's signatures and the main subgraph's input/output order.
extension LiteRTSession {
  /// Every signature of the compiled model: key, input and output names and tensors.
  static func readSignatures(library: LiteRTLibrary, model: LiteRtModel) throws(InterpreterError)
    -> [SignatureInfo]
  {
    var count = 0
    try check(library.getNumModelSignatures(model, &count), "LiteRtGetNumModelSignatures")
    var result: [SignatureInfo] = []
    for index in 0..<count {
      var signature: LiteRtSignature?
      try check(library.getModelSignature(model, index, &signature), "LiteRtGetModelSignature")
      guard let signature else { throw .liteRTCallFailed(function: "LiteRtGetModelSignature", status: .notFound) }
      var keyPointer: UnsafePointer<CChar>?
      try check(library.getSignatureKey(signature, &keyPointer), "LiteRtGetSignatureKey")
      let key = keyPointer.map { String(cString: $0) } ?? ""
      var inputCount = 0
      var outputCount = 0
      try check(library.getNumSignatureInputs(signature, &inputCount), "LiteRtGetNumSignatureInputs")
      try check(library.getNumSignatureOutputs(signature, &outputCount), "LiteRtGetNumSignatureOutputs")
      let inputs = try signatureIO(
        signature, count: inputCount, side: "Input",
        getName: library.getSignatureInputName, getTensor: library.getSignatureInputTensorByIndex)
      let outputs = try signatureIO(
        signature, count: outputCount, side: "Output",
        getName: library.getSignatureOutputName, getTensor: library.getSignatureOutputTensorByIndex)
      result.append(
        SignatureInfo(
          key: key, inputNames: inputs.names, outputNames: outputs.names,
          inputTensors: inputs.tensors, outputTensors: outputs.tensors))
    }
    guard !result.isEmpty else {
      throw .liteRTCallFailed(function: "LiteRtGetNumModelSignatures", status: .notFound)
    }
    return result
  }

  /// The names and tensors of a signature's inputs or outputs, read with LiteRT's functions for
  /// that `side` ("Input" or "Output", as in their names, which errors give).
  static func signatureIO(
    _ signature: LiteRtSignature, count: Int, side: String,
    getName: LiteRtGetSignatureIOName_fn, getTensor: LiteRtGetSignatureIOTensorByIndex_fn
  ) throws(InterpreterError) -> (names: [String], tensors: [LiteRtTensor]) {
    var names: [String] = []
    var tensors: [LiteRtTensor] = []
    for i in 0..<count {
      var name: UnsafePointer<CChar>?
      var tensor: LiteRtTensor?
      try check(getName(signature, i, &name), "LiteRtGetSignature\(side)Name")
      try check(getTensor(signature, i, &tensor), "LiteRtGetSignature\(side)TensorByIndex")
      guard let tensor else {
        throw .liteRTCallFailed(function: "LiteRtGetSignature\(side)TensorByIndex", status: .notFound)
      }
      names.append(name.map { String(cString: $0) } ?? "")
      tensors.append(tensor)
    }
    return (names, tensors)
  }

  /// Finds the signature over the main subgraph and maps the subgraph's input/output order
  /// (what TensorFlow Lite and Python's `get_input_details` use) onto the signature's order.
  static func mainSignature(
    library: LiteRTLibrary, model: LiteRtModel, signatures: [SignatureInfo]
  ) throws(InterpreterError) -> (signature: Int, inputs: [Int], outputs: [Int]) {
    var mainIndex = 0
    try check(library.getMainModelSubgraphIndex(model, &mainIndex), "LiteRtGetMainModelSubgraphIndex")
    var subgraph: LiteRtSubgraph?
    try check(library.getModelSubgraph(model, mainIndex, &subgraph), "LiteRtGetModelSubgraph")
    guard let subgraph else { throw .liteRTCallFailed(function: "LiteRtGetModelSubgraph", status: .notFound) }

    func tensorIndices(
      count: (LiteRtSubgraph, UnsafeMutablePointer<Int>?) -> Int32,
      get: (LiteRtSubgraph, Int, UnsafeMutablePointer<LiteRtTensor?>?) -> Int32
    ) -> [UInt32] {
      var n = 0
      guard count(subgraph, &n) == 0 else { return [] }
      return (0..<n).compactMap { i in
        var tensor: LiteRtTensor?
        guard get(subgraph, i, &tensor) == 0, let tensor else { return nil }
        var index: UInt32 = 0
        return library.getTensorIndex(tensor, &index) == 0 ? index : nil
      }
    }
    let subgraphInputs = tensorIndices(count: library.getNumSubgraphInputs, get: library.getSubgraphInput)
    let subgraphOutputs = tensorIndices(count: library.getNumSubgraphOutputs, get: library.getSubgraphOutput)

    func indices(of tensors: [LiteRtTensor]) -> [UInt32] {
      tensors.map { tensor in
        var index: UInt32 = .max
        _ = library.getTensorIndex(tensor, &index)
        return index
      }
    }
    func order(subgraph: [UInt32], signature: [UInt32]) -> [Int]? {
      guard subgraph.count == signature.count else { return nil }
      let positions = subgraph.compactMap { signature.firstIndex(of: $0) }
      return positions.count == subgraph.count ? positions : nil
    }
    for (index, info) in signatures.enumerated() {
      if let inputs = order(subgraph: subgraphInputs, signature: indices(of: info.inputTensors)),
        let outputs = order(subgraph: subgraphOutputs, signature: indices(of: info.outputTensors))
      {
        return (index, inputs, outputs)
      }
    }
    // No signature covers the main subgraph exactly: address the first one in its own order.
    return (0, Array(signatures[0].inputTensors.indices), Array(signatures[0].outputTensors.indices))
  }
}
