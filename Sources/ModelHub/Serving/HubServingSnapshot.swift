import Foundation
import ModelHubAPI

/// What a published version needs to answer a client: its hash and size.
struct HubServedVersion: Sendable, Equatable {
  var modelHash: String
  var sizeBytes: Int64
}

/// The serving state of one model: its rollout and published versions.
struct HubServedModel: Sendable, Equatable {
  var rollout: HubRollout?
  var published: [Int: HubServedVersion]
  /// Alias names and the (published) versions they name.
  var aliases: [String: Int] = [:]
}

/// Everything the hot path needs, immutable: the usable (unrevoked) API keys by the SHA-256 of
/// their secrets, and every model's serving state. Replaced as a whole, never edited in place.
struct HubServingSnapshot: Sendable {
  var keys: [String: HubKeyScope] = [:]
  var models: [String: HubServedModel] = [:]
}

/// Which part of the serving state a load reads.
enum HubServingPart: Sendable, Equatable {
  /// Keys and every model.
  case all
  /// The API keys only.
  case keys
  /// One model (absent from the load when it no longer exists).
  case model(String)
}

/// The result of a load of a ``HubServingPart``.
enum HubServingLoad: Sendable {
  /// Keys and every model, with the change marker read before loading.
  case all(HubServingSnapshot, marker: HubChangeMarker)
  /// The API keys.
  case keys([String: HubKeyScope])
  /// One model; nil when it does not exist.
  case model(String, HubServedModel?)
}

/// An opaque token that changes with every commit to a store (see
/// ``HubMetadataStore/changeMarker()``).
struct HubChangeMarker: Sendable, Equatable {
  var bytes: [UInt8]
}
