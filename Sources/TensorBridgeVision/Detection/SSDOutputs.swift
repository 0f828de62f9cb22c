import TFLiteFormat
import TensorBridge

/// Which interpreter outputs hold the SSD post-processed results (`TFLite_Detection_PostProcess`
/// and equivalents): boxes `[1, N, 4]` as `[ymin, xmin, ymax, xmax]` normalized, class indices
/// `[1, N]`, scores `[1, N]` and the count `[1]`. Found by name, never by position.
public struct SSDOutputs: Sendable, Equatable {
  /// Output index of the boxes.
  public let boxes: Int
  /// Output index of the class indices.
  public let classes: Int
  /// Output index of the scores.
  public let scores: Int
  /// Output index of the detection count.
  public let count: Int

  /// Creates a mapping.
  public init(boxes: Int, classes: Int, scores: Int, count: Int) {
    self.boxes = boxes
    self.classes = classes
    self.scores = scores
    self.count = count
  }

  /// Finds the outputs, in order of trust: AutoML's `tflite_metadata.json`, TFLite metadata
  /// tensor names (`location`, `category`, `score`, `number of detections`), the outputs of a
  /// `TFLite_Detection_PostProcess` operator in the graph, then tensor-name keywords.
  public static func locate(in interpreter: Interpreter, automl: AutoMLMetadata? = nil, layerNames: [String]? = nil)
    throws(VisionError) -> SSDOutputs
  {
    let count = interpreter.outputTensorCount
    guard count >= 4 else {
      throw .missingTensor(
        role: "SSD outputs", reason: "it has \(count) outputs; boxes, classes, scores and count are needed")
    }
    if let automl, let boxes = automl.tensorName(for: "bounding_boxes").flatMap(interpreter.outputIndex(named:)),
      let classes = automl.tensorName(for: "class_labels").flatMap(interpreter.outputIndex(named:)),
      let scores = automl.tensorName(for: "class_confidences", "class_confidence").flatMap(
        interpreter.outputIndex(named:)),
      let number = automl.tensorName(for: "num_of_boxes").flatMap(interpreter.outputIndex(named:))
    {
      return SSDOutputs(boxes: boxes, classes: classes, scores: scores, count: number)
    }
    if let layerNames, layerNames.count == count {
      func find(_ keys: [String]) -> Int? {
        layerNames.firstIndex { name in keys.contains { name.lowercased().contains($0) } }
      }
      if let boxes = find(["location", "box"]), let classes = find(["category", "class"]),
        let scores = find(["score"]), let number = find(["number", "count", "num_detections"]),
        Set([boxes, classes, scores, number]).count == 4
      {
        return SSDOutputs(boxes: boxes, classes: classes, scores: scores, count: number)
      }
    }
    if let found = fromPostProcessOperator(interpreter) { return found }
    let names = (0..<count).map { (try? interpreter.output(at: $0).name) ?? "" }
    func keyword(_ keys: [String]) -> Int? {
      names.firstIndex { name in keys.contains { name.lowercased().contains($0) } }
    }
    if let boxes = keyword(["box", "location"]), let classes = keyword(["class", "categor", "label"]),
      let scores = keyword(["score", "confidence"]), let number = keyword(["num", "count"]),
      Set([boxes, classes, scores, number]).count == 4
    {
      return SSDOutputs(boxes: boxes, classes: classes, scores: scores, count: number)
    }
    throw .missingTensor(
      role: "SSD outputs",
      reason:
        "no metadata, TFLite_Detection_PostProcess operator or tensor names say which output holds boxes, classes, scores and count (outputs: \(names.joined(separator: ", ")))"
    )
  }

  /// The outputs of the graph's `TFLite_Detection_PostProcess` operator, in its fixed order.
  static func fromPostProcessOperator(_ interpreter: Interpreter) -> SSDOutputs? {
    let model = interpreter.model
    guard let graph = model.subgraphs.first else { return nil }
    for op in graph.operators {
      guard let code = model.operatorCode(of: op), code.customCode == "TFLite_Detection_PostProcess",
        op.outputs.count == 4
      else { continue }
      let indices = op.outputs.map { tensor -> Int? in
        guard graph.tensors.indices.contains(tensor) else { return nil }
        return interpreter.outputIndex(named: graph.tensors[tensor].name)
      }
      guard let boxes = indices[0], let classes = indices[1], let scores = indices[2], let number = indices[3] else {
        continue
      }
      return SSDOutputs(boxes: boxes, classes: classes, scores: scores, count: number)
    }
    return nil
  }
}
