/// Tensor/IO's three-part model identifier: a model, one of its hyperparameter sets and one of
/// that set's checkpoints, as a model repository names a bundle it serves (`model.json`'s `id`
/// of such a bundle is its ``bundleId``, `tio:///models/<model>/hyperparameters/<set>/checkpoints/<checkpoint>`).
///
/// ```swift
/// let identifier = try ModelIdentifier(bundleId: "tio:///models/mnist/hyperparameters/h1/checkpoints/c9")
/// identifier.checkpointId  // "c9"
/// ```
public struct ModelIdentifier: Sendable, Hashable, CustomStringConvertible {
  /// The model's id.
  public var modelId: String
  /// The id of the model's hyperparameter set.
  public var hyperparametersId: String
  /// The id of the hyperparameter set's checkpoint.
  public var checkpointId: String

  /// An identifier from its three ids.
  public init(modelId: String, hyperparametersId: String, checkpointId: String) {
    self.modelId = modelId
    self.hyperparametersId = hyperparametersId
    self.checkpointId = checkpointId
  }

  /// The identifier a bundle id of the form
  /// `tio:///models/<model>/hyperparameters/<set>/checkpoints/<checkpoint>` names.
  ///
  /// - Throws: ``ModelIdentifierError/malformed(bundleId:reason:)`` for any other string (an
  ///   id such as `mobilenet-v2`, a missing or empty part, another scheme or host).
  public init(bundleId: String) throws(ModelIdentifierError) {
    let prefix = "tio:///"
    guard bundleId.hasPrefix(prefix) else {
      throw .malformed(bundleId: bundleId, reason: "it does not start with \"\(prefix)\"")
    }
    let parts = bundleId.dropFirst(prefix.count).split(separator: "/", omittingEmptySubsequences: false)
    let labels = ["models", "hyperparameters", "checkpoints"]
    guard parts.count == 2 * labels.count else {
      throw .malformed(
        bundleId: bundleId,
        reason: "its path is not models/<model>/hyperparameters/<set>/checkpoints/<checkpoint>")
    }
    var ids: [String] = []
    for (index, label) in labels.enumerated() {
      guard parts[2 * index] == label else {
        throw .malformed(
          bundleId: bundleId, reason: "part \(2 * index + 1) is \"\(parts[2 * index])\", not \"\(label)\"")
      }
      guard !parts[2 * index + 1].isEmpty else {
        throw .malformed(bundleId: bundleId, reason: "the id after \"\(label)/\" is empty")
      }
      ids.append(String(parts[2 * index + 1]))
    }
    self.init(modelId: ids[0], hyperparametersId: ids[1], checkpointId: ids[2])
  }

  /// The identifier as a bundle id: `tio:///models/<model>/hyperparameters/<set>/checkpoints/<checkpoint>`.
  public var bundleId: String {
    "tio:///models/\(modelId)/hyperparameters/\(hyperparametersId)/checkpoints/\(checkpointId)"
  }

  public var description: String { bundleId }
}

/// Why a string is not a ``ModelIdentifier``.
public enum ModelIdentifierError: Error, Sendable, Equatable, CustomStringConvertible {
  /// `bundleId` is not of the form `tio:///models/<model>/hyperparameters/<set>/checkpoints/<checkpoint>`.
  case malformed(bundleId: String, reason: String)

  public var description: String {
    switch self {
    case .malformed(let bundleId, let reason): "\"\(bundleId)\" is not a Tensor/IO model identifier: \(reason)."
    }
  }
}
