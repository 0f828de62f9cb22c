import ArgumentParser
import Foundation
import TensorBridge
import TensorBridgeModels

extension BundleCommand {
  /// `tensorbridge bundle init MODEL.tflite [--labels FILE] [--out DIR.tiobundle]`.
  struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "init",
      abstract: "Write a bundle (model.json, the model, assets) describing a .tflite model.")

    @Argument(help: "A .tflite model file.")
    var model: String

    @Option(
      name: .long, help: "A labels file (one label per line) for the output whose last dimension matches its count.")
    var labels: String?

    @Option(name: .long, help: "The bundle folder to write (default: <model name>.tiobundle next to the model).")
    var out: String?

    @Flag(name: .long, help: "Replace an existing bundle folder.")
    var force = false

    @OptionGroup var runtime: RuntimeOptions

    func run() throws {
      let modelURL = URL(fileURLWithPath: model)
      let bundle: ModelBundle
      do { bundle = try ModelBundle(modelFile: modelURL) } catch {
        throw CLIFailure(error)
      }
      // Describing compiles nothing: make sure the runtime takes the model before writing a
      // bundle for it (the written bundle is validated, loading it again, below).
      if let verified = bundle.verifiedModel {
        do { _ = try runtime.quietly { try Interpreter(model: verified, options: runtime.interpreterOptions) } } catch {
          throw CLIFailure(ModelBundleError.unreadable(path: modelURL.path, reason: String(describing: error)))
        }
      }
      var description = bundle.description
      var labelData: Data?
      if let labels {
        let data = try CLIFailure.read("labels file", at: labels)
        let names: [String]
        do { names = try Labels.parse(data, file: labels) } catch { throw CLIFailure(error) }
        let matching = description.outputs.indices.filter { description.outputs[$0].shape.last == names.count }
        guard let index = matching.first else {
          let shapes = description.outputs.map { "\($0.name) \(Tensor.Shape($0.shape))" }.joined(separator: ", ")
          throw CLIFailure(
            "\(labels) has \(names.count) labels but no output has \(names.count) classes (outputs: \(shapes))")
        }
        description.outputs[index].labelsFile = "labels.txt"
        labelData = data
      }
      let folder = URL(fileURLWithPath: out ?? modelURL.deletingPathExtension().path + ".tiobundle")
      try write(description, model: modelURL, labels: labelData, to: folder)
      let problems = runtime.quietly { ModelBundle.validate(folder, options: runtime.interpreterOptions) }
      guard problems.isEmpty else {
        throw CLIFailure("the written bundle has problems: " + problems.map(\.description).joined(separator: "; "))
      }
      print("Wrote \(folder.path)")
      print(description.jsonText(), terminator: "")
    }

    private func write(_ description: ModelDescription, model: URL, labels: Data?, to folder: URL) throws(CLIFailure) {
      let manager = FileManager.default
      if manager.fileExists(atPath: folder.path) {
        guard force else { throw CLIFailure("\(folder.path) already exists (use --force to replace it)") }
        do { try manager.removeItem(at: folder) } catch {
          throw CLIFailure("cannot replace \(folder.path): \(fileErrorReason(error))")
        }
      }
      do {
        try manager.createDirectory(
          at: folder.appendingPathComponent(ModelBundle.assetsFolderName), withIntermediateDirectories: true)
        try manager.copyItem(at: model, to: folder.appendingPathComponent(description.model.file))
        try Data(description.jsonText().utf8).write(to: folder.appendingPathComponent(ModelBundle.descriptionFileName))
        let assets = folder.appendingPathComponent(ModelBundle.assetsFolderName)
        if let labels {
          try labels.write(to: assets.appendingPathComponent("labels.txt"))
        }
        // Labels that came from the model's metadata archive.
        for output in description.outputs {
          guard let name = output.labelsFile, let list = output.labels,
            !FileManager.default.fileExists(atPath: assets.appendingPathComponent(name).path)
          else { continue }
          try Data((list.joined(separator: "\n") + "\n").utf8).write(to: assets.appendingPathComponent(name))
        }
        // Text vocabularies that came from the model's metadata archive.
        for input in description.inputs {
          guard let name = input.text?.vocabularyFile, let data = input.text?.vocabulary,
            !FileManager.default.fileExists(atPath: assets.appendingPathComponent(name).path)
          else { continue }
          try data.write(to: assets.appendingPathComponent(name))
        }
      } catch {
        throw CLIFailure("cannot write the bundle \(folder.path): \(fileErrorReason(error))")
      }
    }
  }
}
