import ArgumentParser
import Foundation
import TFLiteFormat
import TensorBridge

/// `tensorbridge inspect MODEL`: signatures, tensors, operators and metadata of a model.
struct InspectCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "inspect",
    abstract: "Show a model's signatures, inputs, outputs, operators and metadata.")

  @Argument(help: "A .tflite model file.")
  var model: String

  @Flag(name: .long, help: "Print JSON instead of text.")
  var json = false

  @OptionGroup var runtime: RuntimeOptions

  func run() throws {
    let report = try runtime.quietly { try ModelReport.make(path: model, runtime: runtime) }
    if json {
      try JSONEncoder.pretty.printJSON(report)
    } else {
      print(report.text)
    }
  }
}
