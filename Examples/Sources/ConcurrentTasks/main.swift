// Swift 6 strict concurrency: every TensorBridge task loaded once and shared by many concurrent
// `Task`s. The tasks are `Sendable` (each serializes its model's runs), so this compiles without
// a warning in Swift 6 mode (the target builds with -warnings-as-errors), and every concurrent
// result must equal the same input's sequential result.
//
//   concurrent-tasks <Tests/Fixtures folder>
import Foundation
import TensorBridgeText
import TensorBridgeVision

/// How many times each input is sent, all at once.
let rounds = 8

/// Runs `task` on every input sequentially, then `rounds` times over from concurrent child
/// tasks (`process(_:)`, the async form), and fails unless every concurrent result equals the
/// sequential one for that input.
func check<T: InferenceTask>(_ name: String, _ task: T, inputs: [T.Input]) async throws -> String
where T.Output: Equatable {
  let expected = try inputs.map { input throws(T.Failure) in try task.results(in: input) }
  let started = Date()
  let results = try await withThrowingTaskGroup(of: (Int, T.Output).self) { group in
    for _ in 0..<rounds {
      for (index, input) in inputs.enumerated() {
        group.addTask { (index, try await task.process(input)) }
      }
    }
    var results: [(Int, T.Output)] = []
    for try await result in group { results.append(result) }
    return results
  }
  for (index, result) in results where result != expected[index] {
    throw SampleFailure("\(name): a concurrent run of input \(index) gave \(result), not \(expected[index])")
  }
  let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
  return
    "\(name): \(results.count) concurrent runs (\(inputs.count) inputs × \(rounds)) equal the sequential results (\(seconds) s)"
}

/// What went wrong, said plainly.
struct SampleFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// Decodes the images of a folder with the given names.
func images(_ folder: URL, _ names: [String]) throws -> [PixelBuffer] {
  try names.map { name throws(ImageError) in try PixelBuffer(contentsOf: folder.appendingPathComponent(name)) }
}

let arguments = CommandLine.arguments.dropFirst()
guard let fixturesPath = arguments.first else {
  FileHandle.standardError.write(Data("usage: concurrent-tasks <Tests/Fixtures folder>\n".utf8))
  exit(2)
}
let fixtures = URL(fileURLWithPath: fixturesPath)
let vision = fixtures.appendingPathComponent("vision")
let text = fixtures.appendingPathComponent("text")
let sentences = [
  "What a wonderful day!", "This is the worst film I have ever seen.", "It was fine, I suppose.",
  "Strongly recommend it!", "What a waste of my time.",
]
do {
  let classifier = try ImageClassifier(contentsOf: vision.appendingPathComponent("shapes_metadata.tflite"))
  let detector = try ObjectDetector(contentsOf: vision.appendingPathComponent("ssd_colors.automl"))
  let segmenter = try ImageSegmenter(contentsOf: vision.appendingPathComponent("tasklibrary/deeplabv3.tflite"))
  let textClassifier = try TextClassifier(contentsOf: text.appendingPathComponent("sentiment_metadata.tflite"))
  let nlClassifier = try NLClassifier(
    contentsOf: text.appendingPathComponent("tasklibrary/google/test_model_nl_classifier_with_regex_tokenizer.tflite"))

  // The five tasks at once, each from many child tasks of its own.
  let reports = try await withThrowingTaskGroup(of: String.self) { group in
    let samples = vision.appendingPathComponent("samples")
    let shapes = try images(
      samples, ["0_red_circle.png", "1_green_square.png", "2_blue_triangle.png", "4_blue_triangle.jpg"])
    let scenes = try images(
      vision.appendingPathComponent("detector_samples"), ["0_red_green.png", "1_blue.png", "2_three.jpg"])
    let street = try images(vision.appendingPathComponent("tasklibrary"), ["segmentation_input_rotation0.jpg"])
    group.addTask { try await check("ImageClassifier", classifier, inputs: shapes) }
    group.addTask { try await check("ObjectDetector", detector, inputs: scenes) }
    group.addTask { try await check("ImageSegmenter", segmenter, inputs: street) }
    group.addTask { try await check("TextClassifier", textClassifier, inputs: sentences) }
    group.addTask { try await check("NLClassifier", nlClassifier, inputs: sentences) }
    var reports: [String] = []
    for try await report in group { reports.append(report) }
    return reports.sorted()
  }
  reports.forEach { print($0) }

  // The models themselves, reached under each task's lock.
  let inputs = classifier.withModel { model in model.description.inputs.map(\.name) }
  let vocabulary = textClassifier.withTextModel { model in model.encoder.vocabulary.count }
  print("withModel: the classifier's inputs are \(inputs); the text model's vocabulary has \(vocabulary) tokens")
} catch {
  FileHandle.standardError.write(Data("concurrent-tasks: \(error)\n".utf8))
  exit(1)
}
