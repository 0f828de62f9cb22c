import ArgumentParser
import Foundation
import TFLiteFormat
import TensorBridge
import TensorBridgeModels

/// `tensorbridge run MODEL --input NAME_OR_INDEX=FILE ...`: run a model once.
struct RunCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run a model on inputs read from .npy, .json or raw .bin files.",
    discussion: """
      Each --input names a model input by index or by name (tensor name or signature name) \
      and a file: .npy (dtype must match), .json (a number or nested arrays of numbers, \
      converted exactly to the tensor's type), or raw .bin bytes (size must match). A dynamic \
      input is resized to the shape the file states. Outputs are written as \
      <index>_<name>.npy into --output-dir, printed as JSON with --json, or summarised.
      """)

  @Argument(
    help: "A .tflite model file, or a .tiobundle folder (values in by layer name, transformed and labelled outputs).")
  var model: String

  @Option(name: .long, parsing: .singleValue, help: "NAME_OR_INDEX=FILE for each input.")
  var input: [String] = []

  @Option(name: .long, help: "Folder to write each output as <index>_<name>.npy.")
  var outputDir: String?

  @Flag(name: .long, help: "Print outputs as JSON.")
  var json = false

  @Option(name: .long, help: "Run this signature (inputs and outputs by signature names).")
  var signature: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Several calls on one interpreter (state persists): a JSON list of {\"signature\": KEY or null, \"inputs\": {NAME_OR_INDEX: FILE}}.",
      discussion:
        "FILE paths are relative to the steps file. Step k's outputs go to <output-dir>/<k>/; --json prints {\"steps\": [{\"outputs\": [...]}, ...]}."
    ))
  var steps: String?

  @Option(name: .long, help: "Labelled outputs: how many top classes to show.")
  var top = 5

  @Flag(name: .long, help: "Run a .tflite with metadata tensor by tensor (no transforms or labels).")
  var raw = false

  @Option(
    name: .customLong("save-images"),
    help: "Bundles: write image outputs (and one-channel masks) as PNG files into this folder.")
  var saveImages: String?

  @OptionGroup var runtime: RuntimeOptions

  func validate() throws {
    for spec in input where !spec.contains("=") {
      throw ValidationError("--input '\(spec)' must be NAME_OR_INDEX=FILE")
    }
    if steps != nil, !input.isEmpty || signature != nil {
      throw ValidationError(
        "--steps gives each step's signature and inputs; do not combine it with --input or --signature")
    }
  }

  func run() throws {
    if let steps { return try runSteps(steps) }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: model, isDirectory: &isDirectory), isDirectory.boolValue {
      let folder = URL(fileURLWithPath: model)
      return try runBundle { () throws(ModelError) -> ModelBundle in
        do throws(ModelBundleError) { return try ModelBundle(contentsOf: folder) } catch { throw .bundle(error) }
      }
    }
    // One load: read and verify once; describe only a model with metadata; compile once.
    let verified: TFLiteModel
    do { verified = try TFLiteModel(modelPath: model) } catch { throw CLIFailure(error) }
    if !raw, signature == nil, let bundle = Self.numbersBundle(verified, path: model) {
      return try runBundle { bundle }
    }
    let outputs = try runtime.quietly { try runModel(verified) }
    if let outputDir {
      try OutputWriter.writeNPY(outputs, to: outputDir)
    }
    if json {
      print(try OutputWriter.json(outputs))
    } else if outputDir == nil {
      print(OutputWriter.summary(outputs))
    }
  }

  /// A bundle folder, or a .tflite with metadata: named layers, transforms and labels.
  private func runBundle(_ bundle: () throws(ModelError) -> ModelBundle) throws {
    let outputs = try runtime.quietly { () throws -> ModelOutputs in
      let model: Model
      do { model = try Model(bundle: try bundle(), options: runtime.interpreterOptions) } catch {
        throw CLIFailure(error)
      }
      let outputs = try BundleRunner(model: model).run(inputs: input)
      if let saveImages { try ImageOutputSaver.save(outputs, description: model.description, to: saveImages) }
      return outputs
    }
    if let outputDir {
      try OutputWriter.writeNPY(
        outputs.layers.enumerated().map { index, layer in
          let tensor = Tensor(
            name: layer.name, dataType: .float32, shape: Tensor.Shape(layer.shape),
            data: Data(copyingBufferOf: layer.values))
          return (index, layer.name, tensor)
        }, to: outputDir)
    }
    if json {
      print(try BundleRunner.json(outputs, top: top))
    } else if outputDir == nil {
      print(BundleRunner.summary(outputs, top: top))
    }
  }

  private func runModel(_ verified: TFLiteModel) throws -> [OutputWriter.Output] {
    let interpreter: Interpreter
    do { interpreter = try Interpreter(model: verified, options: runtime.interpreterOptions) } catch {
      throw CLIFailure(error)
    }
    // Not preparable at the stored size of its dynamic inputs: at the input files' sizes.
    if signature == nil || verified.signatures.first(where: { $0.key == signature })?.subgraphIndex == 0 {
      try InputShapeSettling.size(interpreter, from: input.map(Self.split))
    }
    let runner = try ModelRunner(interpreter: interpreter, signature: signature)
    try runner.loadAll(input.map(Self.split))
    try runner.invoke()
    return try runner.outputs()
  }

  /// A model carrying `TFLITE_METADATA` whose input layers all take numbers runs as a bundle
  /// (image layers need the vision pipeline; such models, and models whose metadata cannot be
  /// read, run tensor by tensor here). Describes the already verified model; compiles nothing.
  static func numbersBundle(_ model: TFLiteModel, path: String) -> ModelBundle? {
    guard model.metadata(named: "TFLITE_METADATA") != nil,
      let bundle = try? ModelBundle(model: model, modelFile: URL(fileURLWithPath: path)),
      bundle.description.inputs.allSatisfy({ $0.kind == .array })
    else { return nil }
    return bundle
  }

  /// `--steps`: every step on one interpreter; outputs into `<output-dir>/<k>/`.
  private func runSteps(_ path: String) throws {
    let steps = try RunSteps(path: path)
    let results = try runtime.quietly { () throws -> [[OutputWriter.Output]] in
      let interpreter: Interpreter
      do { interpreter = try Interpreter(modelPath: model, options: runtime.interpreterOptions) } catch {
        throw CLIFailure(error)
      }
      // Not preparable at the stored size of its dynamic inputs: at the first step's sizes.
      if let first = steps.steps.first,
        first.signature == nil
          || interpreter.model.signatures.first(where: { $0.key == first.signature })?.subgraphIndex == 0
      {
        try InputShapeSettling.size(
          interpreter, from: first.inputs.map { ($0.key, steps.folder.appendingPathComponent($0.value).path) })
      }
      return try steps.run(on: interpreter)
    }
    if let outputDir {
      for (number, outputs) in results.enumerated() {
        try OutputWriter.writeNPY(outputs, to: URL(fileURLWithPath: outputDir).appendingPathComponent("\(number)").path)
      }
    }
    if json {
      struct Step: Encodable { var outputs: [OutputWriter.JSONOutput] }
      var list: [Step] = []
      for outputs in results { list.append(Step(outputs: try OutputWriter.jsonOutputs(outputs))) }
      print(try OutputWriter.encodeJSON(["steps": list]))
    } else if outputDir == nil {
      for (number, outputs) in results.enumerated() {
        print("step \(number)")
        print(OutputWriter.summary(outputs))
      }
    }
  }

  static func split(_ spec: String) -> (String, String) {
    guard let equals = spec.firstIndex(of: "=") else { return (spec, "") }
    return (String(spec[..<equals]), String(spec[spec.index(after: equals)...]))
  }
}
