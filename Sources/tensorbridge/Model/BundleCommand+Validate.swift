import ArgumentParser
import Foundation
import TensorBridge
import TensorBridgeModels

extension BundleCommand {
  /// `tensorbridge bundle validate DIR`: every problem at once.
  struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "validate",
      abstract: "Check a bundle's model.json, files and labels against its model; print every problem.")

    @Argument(help: "A .tiobundle folder (or the deprecated .tfbundle).")
    var bundle: String

    @OptionGroup var runtime: RuntimeOptions

    func run() throws {
      let problems = runtime.quietly {
        ModelBundle.validate(URL(fileURLWithPath: bundle), options: runtime.interpreterOptions)
      }
      if problems.isEmpty {
        print("\(bundle): OK")
        return
      }
      for problem in problems { print("\(bundle): \(problem)") }
      throw CLIFailure("\(bundle) has \(problems.count) problem\(problems.count == 1 ? "" : "s")")
    }
  }
}
