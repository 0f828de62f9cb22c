import TensorBridge

/// Compares a description with the loaded model and lists every difference.
enum DescriptionCheck {
  static func problems(_ description: ModelDescription, interpreter: Interpreter) -> [BundleProblem] {
    problems(description, interpreter: interpreter, binding: LayerBinding(description, interpreter: interpreter))
  }

  static func problems(_ description: ModelDescription, interpreter: Interpreter, binding: LayerBinding)
    -> [BundleProblem]
  {
    var problems: [BundleProblem] = []
    compare(description.inputs, binding.inputs, path: "inputs", count: interpreter.inputTensorCount, into: &problems) {
      try interpreter.input(at: $0)
    }
    compare(
      description.outputs, binding.outputs, path: "outputs", count: interpreter.outputTensorCount, into: &problems
    ) {
      try interpreter.output(at: $0)
    }
    return problems
  }

  private static func compare(
    _ layers: [LayerDescription], _ binding: [Int?], path: String, count: Int, into problems: inout [BundleProblem],
    tensor: (Int) throws -> Tensor
  ) {
    if layers.count != count {
      problems.append(
        BundleProblem(path, "describes \(layers.count) layer\(layers.count == 1 ? "" : "s") but the model has \(count)")
      )
    }
    for (index, layer) in layers.enumerated() {
      guard let tensorIndex = binding[index], let tensor = try? tensor(tensorIndex) else { continue }
      let modelShape =
        tensor.shapeSignature.rank == tensor.shape.rank ? tensor.shapeSignature.dimensions : tensor.shape.dimensions
      // A tensor the file gives no shape (the outputs of `TFLite_Detection_PostProcess` in every
      // SSD export) has one only once compiled; a description saying what the file says (nothing)
      // agrees with it.
      let fileGivesNoShape = tensor.shapeSignature.rank == 0 && tensor.shape.rank > 0 && layer.shape.isEmpty
      // A scalar layer holds one value, whether the tensor is rank 0 or all 1s.
      let scalarFits = layer.kind == .scalar && modelShape.allSatisfy { $0 == 1 }
      if !fileGivesNoShape, !scalarFits,
        !shapesMatch(declared: layer.shape, model: modelShape, isImage: layer.kind == .image)
      {
        problems.append(
          BundleProblem(
            "\(path)[\(index)].shape",
            "\(Tensor.Shape(layer.shape)) does not match the model's \(tensor.name) \(Tensor.Shape(modelShape))"))
      }
      if let declared = layer.dataType, declared != tensor.dataType {
        problems.append(
          BundleProblem(
            "\(path)[\(index)].dtype", "\"\(declared)\" but the model's \(tensor.name) is \(tensor.dataType)"))
      }
      if tensor.dataType.bitWidth == nil {
        problems.append(
          BundleProblem(
            "\(path)[\(index)]", "the model's \(tensor.name) is \(tensor.dataType), which model bundles do not support")
        )
      }
      if let labels = layer.labels, let count = tensor.shape.elementCount {
        let classes = tensor.shape.dimensions.last ?? count
        if labels.count != classes {
          problems.append(
            BundleProblem(
              "\(path)[\(index)].labels",
              "\(layer.labelsFile ?? "labels") has \(labels.count) labels but the model's \(tensor.name) has \(classes) classes"
            ))
        }
      }
    }
  }

  /// Shapes match when equal after dropping leading 1s, with -1 matching any size. Image
  /// layers are described as [height, width, channels]; the model's batch dimension is implied.
  static func shapesMatch(declared: [Int], model: [Int], isImage: Bool) -> Bool {
    func trimmed(_ shape: [Int]) -> [Int] {
      var shape = shape
      while shape.count > 1, shape.first == 1 || shape.first == -1 { shape.removeFirst() }
      return shape
    }
    let a = trimmed(declared)
    let b = trimmed(model)
    if a.count == b.count { return zip(a, b).allSatisfy { $0 == -1 || $1 == -1 || $0 == $1 } }
    return false
  }
}
