import Foundation
import TensorBridge

/// `run --steps STEPS.json`: several calls on one interpreter, so that state the model keeps
/// (resource variables, hash tables) carries from one call — and one signature — to the next.
///
/// STEPS.json is a list of `{"signature": KEY or null, "inputs": {NAME_OR_INDEX: FILE}}`; FILE
/// paths are relative to the folder of STEPS.json. A `null` signature addresses the model's
/// main subgraph as plain `run` does.
struct RunSteps {
  struct Step: Decodable {
    var signature: String?
    var inputs: [String: String]

    enum CodingKeys: String, CodingKey { case signature, inputs }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      signature = try container.decodeIfPresent(String.self, forKey: .signature)
      inputs = try container.decodeIfPresent([String: String].self, forKey: .inputs) ?? [:]
    }
  }

  let steps: [Step]
  let folder: URL

  /// Reads and checks STEPS.json; errors name the JSON path.
  init(path: String) throws(CLIFailure) {
    let file = try CLIFailure.read("steps file", at: path)
    do {
      steps = try JSONDecoder().decode([Step].self, from: file)
    } catch let DecodingError.typeMismatch(_, context), let DecodingError.dataCorrupted(context),
      let DecodingError.valueNotFound(_, context), let DecodingError.keyNotFound(_, context)
    {
      let at = "$" + context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
      throw CLIFailure(
        "\(path) at \(at): \(context.debugDescription) (expected a list of {\"signature\": KEY or null, \"inputs\": {NAME_OR_INDEX: FILE}})"
      )
    } catch {
      throw CLIFailure("\(path) is not a steps file: \(error)")
    }
    guard !steps.isEmpty else { throw CLIFailure("\(path) lists no steps") }
    folder = URL(fileURLWithPath: path).deletingLastPathComponent()
  }

  /// Runs every step in order on `interpreter`; returns each step's outputs.
  func run(on interpreter: Interpreter, progress: (Int) -> Void = { _ in }) throws(CLIFailure) -> [[OutputWriter
    .Output]]
  {
    // One runner per signature, kept for the whole sequence (buffers are made once).
    var runners: [String: ModelRunner] = [:]
    var results: [[OutputWriter.Output]] = []
    for (number, step) in steps.enumerated() {
      let key = step.signature ?? ""
      let runner: ModelRunner
      if let existing = runners[key] {
        runner = existing
      } else {
        do { runner = try ModelRunner(interpreter: interpreter, signature: step.signature) } catch {
          throw CLIFailure("step \(number): \(error)")
        }
        runners[key] = runner
      }
      do {
        let inputs = step.inputs.map { (key: $0.key, path: resolve($0.value)) }.sorted { $0.key < $1.key }
        try runner.loadAll(inputs)
        try runner.invoke()
        results.append(try runner.outputs())
      } catch {
        throw CLIFailure("step \(number)\(step.signature.map { " (signature '\($0)')" } ?? ""): \(error)")
      }
      progress(number)
    }
    return results
  }

  private func resolve(_ path: String) -> String {
    path.hasPrefix("/") ? path : folder.appendingPathComponent(path).path
  }
}
