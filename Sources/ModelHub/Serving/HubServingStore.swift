import Foundation
import ModelHubAPI
import NIOConcurrencyHelpers

/// The hub's serving state in memory on top of a ``HubMetadataStore``: API keys (hashes,
/// scopes, revocation), models, published versions and rollouts, loaded at start and replaced
/// atomically, so that authenticating a client and answering its version check read memory only.
///
/// Write-through: every write goes to the store (one transaction), and once it has committed the
/// affected part is re-read and swapped in; readers see the state before or after a write, never
/// part of one. Writes made outside this value — the CLI on the same data folder, another
/// process, a row edited by hand — are noticed through the store's change marker, read on every
/// request without a database round trip, and trigger a full reload before that request is
/// answered: a key revoked anywhere is refused from the next request on.
///
/// Across nodes: hubs on several machines sharing a PostgreSQL database learn of each other's
/// commits through LISTEN/NOTIFY (``PostgresHubStore``'s marker), within milliseconds.
final class HubServingStore: Sendable {
  private struct State {
    var snapshot: HubServingSnapshot?
    /// The store's marker when `snapshot` was fully loaded; nil forces a reload.
    var marker: HubChangeMarker?
    /// Moves with every change applied to `snapshot` (a full load or a part).
    var generation: UInt64 = 0
  }

  /// The store written to and loaded from.
  let store: any HubMetadataStore
  private let state = NIOLockedValueBox(State())

  init(store: any HubMetadataStore) { self.store = store }

  /// Loads the whole serving state (at start, and whenever the store changed behind our back).
  func load() async throws {
    try await store.loadServing(.all) { [state] load in state.withLockedValue { Self.apply(load, to: &$0) } }
  }

  /// The current serving state: from memory unless the store's marker shows a change not made
  /// through this value, in which case it is reloaded first.
  func snapshot() async throws -> HubServingSnapshot {
    if let current = currentSnapshot() { return current }
    try await load()
    guard let loaded = state.withLockedValue({ $0.snapshot }) else {
      throw HubError.internalError("the serving state could not be loaded")
    }
    return loaded
  }

  /// The serving state if it is current — the store's marker has not moved since it was loaded —
  /// without waiting; nil when a reload is due (``snapshot()`` does it).
  func currentSnapshot() -> HubServingSnapshot? { current()?.snapshot }

  /// ``currentSnapshot()`` with its generation: a number that is the same for two reads exactly
  /// when nothing was applied in between, so that an answer worked out from one snapshot can be
  /// reused while the generation stands (``VersionCheckAnswerer`` does, per connection).
  func current() -> (snapshot: HubServingSnapshot, generation: UInt64)? {
    let marker = store.changeMarker()
    return state.withLockedValue { state in
      guard state.marker == marker, let snapshot = state.snapshot else { return nil }
      return (snapshot, state.generation)
    }
  }

  /// Re-reads `part` after a committed write and swaps it in. Does not throw: the write has
  /// committed whatever happens here; if the read fails, the next request reloads everything.
  func refresh(_ part: HubServingPart) async {
    do {
      try await store.loadServing(part) { [state] load in state.withLockedValue { Self.apply(load, to: &$0) } }
    } catch {
      state.withLockedValue { $0.marker = nil }
    }
  }

  private static func apply(_ load: HubServingLoad, to state: inout State) {
    state.generation &+= 1
    switch load {
    case .all(let snapshot, let marker):
      state.snapshot = snapshot
      state.marker = marker
    case .keys(let keys):
      state.snapshot?.keys = keys
    case .model(let name, let model):
      state.snapshot?.models[name] = model
    }
  }
}
