// Signature checks: the tensors a signature names belong to its subgraph's inputs or outputs.

extension ModelValidator {
  /// Signature inputs (outputs) must be distinct names for inputs (outputs)
  /// of the signature's subgraph: runtimes resize and fill them by name, and
  /// a constant or intermediate tensor there crashes LiteRT.
  static func checkSignatureTensors(_ entries: [SignatureTensor], of subgraph: Subgraph, role: String, _ path: String)
    throws(TFLiteFormatError)
  {
    let allowed = Set(role == "input" ? subgraph.inputs : subgraph.outputs)
    var names = Set<String>()
    var tensors = Set<Int>()
    for (entry, tensor) in entries.enumerated() {
      try checkIndex(tensor.tensorIndex, count: subgraph.tensors.count, "\(path)[\(entry)].tensor_index")
      guard allowed.contains(tensor.tensorIndex) else {
        throw .signatureTensorMismatch(path: "\(path)[\(entry)].tensor_index", tensor: tensor.tensorIndex, role: role)
      }
      // LiteRT aborts when two entries of one signature name the same tensor.
      guard tensors.insert(tensor.tensorIndex).inserted else {
        throw .duplicateSignatureTensor(path: "\(path)[\(entry)].tensor_index", tensor: tensor.tensorIndex)
      }
      guard names.insert(tensor.name).inserted else {
        throw .duplicateName(path: "\(path)[\(entry)].name", name: tensor.name)
      }
    }
  }
}
