import Foundation
import ModelHubAPI

/// The store's operations as the routes call them: reads go to the store, writes go to the
/// store and then refresh the part of the serving state they changed (write-through).
extension HubServingStore {
  func createModel(_ request: HubCreateModelRequest) async throws -> HubModel {
    let model = try await store.createModel(request, now: Date())
    await refresh(.model(model.name))
    return model
  }

  func model(_ name: String) async throws -> HubModel { try await store.model(name) }

  func updateModel(_ name: String, _ request: HubUpdateModelRequest, ifMatch: String?) async throws -> HubModel {
    try await store.updateModel(name, request, ifMatch: ifMatch, now: Date())
  }

  func deleteModel(_ name: String) async throws {
    try await store.deleteModel(name)
    await refresh(.model(name))
  }

  func listModels(tag: String?, pageSize: Int, pageToken: String?) async throws -> HubModelPage {
    try await store.listModels(tag: tag, pageSize: pageSize, pageToken: pageToken)
  }

  func addVersion(
    model name: String, temporary: URL, hash: String, size: Int64, validation: HubValidationReport,
    publish: Bool, signer: HubReleaseSigner?
  ) async throws -> HubModelVersion {
    let version = try await store.addVersion(
      model: name, temporary: temporary, hash: hash, size: size, validation: validation, publish: publish,
      signer: signer, now: Date())
    await refresh(.model(name))
    return version
  }

  func versions(of name: String) async throws -> [HubModelVersion] { try await store.versions(of: name) }

  func version(_ name: String, _ number: Int) async throws -> HubModelVersion { try await store.version(name, number) }

  func setPublished(_ name: String, _ number: Int, _ published: Bool, signer: HubReleaseSigner?) async throws
    -> HubModelVersion
  {
    let version = try await store.setPublished(name, number, published, signer: signer, now: Date())
    await refresh(.model(name))
    return version
  }

  func setRollout(_ name: String, _ rollout: HubRollout?) async throws -> HubRollout? {
    let result = try await store.setRollout(name, rollout, now: Date())
    await refresh(.model(name))
    return result
  }

  func rollout(of name: String) async throws -> HubRollout? { try await store.rollout(of: name) }

  func setAlias(_ name: String, _ alias: String, version: Int) async throws -> HubModelVersion {
    let result = try await store.setAlias(name, alias, version: version, now: Date())
    await refresh(.model(name))
    return result
  }

  func removeAlias(_ name: String, _ alias: String) async throws -> HubModelVersion {
    let result = try await store.removeAlias(name, alias)
    await refresh(.model(name))
    return result
  }

  func createKey(scope: HubKeyScope) async throws -> HubCreatedKey {
    let key = try await store.createKey(scope: scope, now: Date())
    await refresh(.keys)
    return key
  }

  func listKeys() async throws -> [HubAPIKeyInfo] { try await store.listKeys() }

  func revokeKey(id: String) async throws -> HubAPIKeyInfo {
    let key = try await store.revokeKey(id: id, now: Date())
    await refresh(.keys)
    return key
  }
}
