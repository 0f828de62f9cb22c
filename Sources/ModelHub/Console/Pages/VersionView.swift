import Foundation
import ModelHubAPI

/// One version as the model page shows it: size, hash, date, published and signature state,
/// aliases, and the validation report.
struct VersionView: Sendable {
  /// A tensor of the report.
  struct TensorView: Sendable {
    var name: String
    var dtype: String
    var shape: String

    init(_ tensor: HubValidationReport.Tensor) {
      name = tensor.name
      dtype = tensor.dtype
      shape = ConsoleFormat.shape(tensor.shape)
    }
  }

  var number: Int
  var size: String
  var hash: String
  var shortHash: String
  var created: String
  var published: Bool
  var signed: Bool
  var signingKeyID: String
  var aliases: [String]
  var hasAliases: Bool
  var inputs: [TensorView]
  var outputs: [TensorView]
  var operators: [String]
  var metadataNames: [String]
  var hasMetadata: Bool
  var runtimeCheck: String
  var runtimeFailed: Bool
  /// The newest version's report is shown open.
  var newest = false

  init(_ version: HubModelVersion) {
    number = version.version
    size = ConsoleFormat.bytes(version.sizeBytes)
    hash = version.modelHash
    shortHash = String(version.modelHash.prefix(12))
    created = ConsoleFormat.time(version.createTime)
    published = version.published
    signed = version.signingKeyID != nil
    signingKeyID = version.signingKeyID ?? ""
    aliases = version.aliases ?? []
    hasAliases = !aliases.isEmpty
    let report = version.validation
    inputs = report.inputs.map(TensorView.init)
    outputs = report.outputs.map(TensorView.init)
    operators = report.operators
    metadataNames = report.metadataNames
    hasMetadata = report.hasMetadata
    switch report.runtimeLoads {
    case nil: runtimeCheck = "not run (the hub checks with the Swift verifier only)"
    case true?:
      runtimeCheck =
        report.runtimeInputSizesRequired.map {
          "LiteRT loaded it; it prepares only once its dynamic inputs are sized (resize them before running): \($0)"
        } ?? "LiteRT loaded it"
    case false?: runtimeCheck = "LiteRT could not load it: " + (report.runtimeError ?? "no reason given")
    }
    runtimeFailed = report.runtimeLoads == false
  }
}
