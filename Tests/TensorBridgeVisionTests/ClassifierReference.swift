import Foundation

/// classifier.reference.json, written by scripts/fixtures/make_vision_models.py.
struct ClassifierReference: Decodable {
  struct ModelOutput: Decodable {
    let input: [Int]?
    let scores: [Double]
  }
  struct TensorCase: Decodable {
    let image: String
    let input: [Double]
    let outputs: [String: ModelOutput]
  }
  struct PipelineModel: Decodable {
    let scores: [Double]
    let top: String
  }
  struct PipelineCase: Decodable {
    let image: String
    let models: [String: PipelineModel]
  }
  let labels: [String]
  let tolerance: Double
  let tensors: [TensorCase]
  let pipeline: [PipelineCase]

  static func load() throws -> ClassifierReference {
    try JSONDecoder().decode(
      ClassifierReference.self, from: Data(contentsOf: VisionFixtures.url("classifier.reference.json")))
  }

  /// The model file (bundles: their model.tflite) and the URL to load as a classifier.
  static func model(_ stem: String) -> (tflite: URL, load: URL) {
    if stem == "shapes_metadata" {
      let url = VisionFixtures.url("shapes_metadata.tflite")
      return (url, url)
    }
    let bundle = VisionFixtures.url("\(stem).tiobundle")
    return (bundle.appendingPathComponent("model.tflite"), bundle)
  }
}
