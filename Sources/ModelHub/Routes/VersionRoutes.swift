import Foundation
import Hummingbird
import ModelHubAPI

/// Admin routes for versions: streamed upload with verification, listing, publish/unpublish,
/// and the rollout.
struct VersionRoutes: Sendable {
  let hub: HubContext

  func register(on router: Router<BasicRequestContext>) {
    router.on(HubAPI.uploadVersion, checkedBy: hub.authenticator, use: upload)
    router.on(HubAPI.listVersions, checkedBy: hub.authenticator, use: list)
    router.on(HubAPI.getVersion, checkedBy: hub.authenticator, use: get)
    // `HubAPI.publishVersion` and `HubAPI.unpublishVersion`: the verb is in the `{version}` segment.
    router.on(HubAPI.publishVersion, checkedBy: hub.authenticator, use: publish)
    router.on(HubAPI.getRollout, checkedBy: hub.authenticator, use: getRollout)
    router.on(HubAPI.setRollout, checkedBy: hub.authenticator, use: putRollout)
    router.on(HubAPI.deleteRollout, checkedBy: hub.authenticator, use: deleteRollout)
  }

  /// `POST /v1/models/{name}/versions[?publish=true]` with the model file as the body.
  @Sendable private func upload(_ request: Request, context: BasicRequestContext) async throws -> Response {
    let name = try HTTPHelpers.modelName(context)
    let publish = try HTTPHelpers.bool(request, "publish")
    _ = try await hub.metadata.model(name)
    let limit = hub.configuration.maxUploadBytes
    if let text = request.headers[.contentLength], let declared = Int64(text), declared > limit {
      throw HubError.payloadTooLarge(limit: limit)
    }
    let writer = try hub.store.staging.makeWriter()
    do {
      for try await buffer in request.body {
        guard writer.byteCount + Int64(buffer.readableBytes) <= limit else {
          throw HubError.payloadTooLarge(limit: limit)
        }
        try buffer.withUnsafeReadableBytes { try writer.write($0) }
      }
      guard writer.byteCount > 0 else { throw HubError.emptyBody }
      let size = writer.byteCount
      let hash = try writer.finish()
      let data = try Data(contentsOf: writer.url, options: .alwaysMapped)
      var report = try ModelInspector.inspect(data)
      if let checker = hub.loadChecker {
        let outcome = try await checker.check(model: writer.url)
        report.runtimeLoads = outcome.loads
        report.runtimeError = outcome.error
        report.runtimeInputSizesRequired = outcome.inputSizesRequired
      }
      let version = try await hub.metadata.addVersion(
        model: name, temporary: writer.url, hash: hash, size: size, validation: report, publish: publish,
        signer: publish ? try await hub.releaseSigner() : nil)
      hub.logger.info(
        "version uploaded",
        metadata: [
          "model": "\(name)", "version": "\(version.version)", "hash": "\(hash)", "bytes": "\(size)",
          "published": "\(publish)",
        ])
      return try HTTPHelpers.json(version, status: .created)
    } catch {
      writer.discard()
      hub.logger.notice("upload rejected", metadata: ["model": "\(name)", "error": "\(error)"])
      throw error
    }
  }

  @Sendable private func list(_ request: Request, context: BasicRequestContext) async throws -> Response {
    let name = try HTTPHelpers.modelName(context)
    return try HTTPHelpers.json(HubVersionList(versions: try await hub.metadata.versions(of: name)))
  }

  @Sendable private func get(_ request: Request, context: BasicRequestContext) async throws -> Response {
    let name = try HTTPHelpers.modelName(context)
    let (number, verb) = try versionAndVerb(context)
    guard verb == nil else { throw HubError.routeNotFound(method: "GET", path: request.uri.path) }
    return try HTTPHelpers.json(try await hub.metadata.version(name, number))
  }

  /// `POST /v1/models/{name}/versions/{version}:publish` and `…:unpublish`.
  @Sendable private func publish(_ request: Request, context: BasicRequestContext) async throws -> Response {
    let name = try HTTPHelpers.modelName(context)
    let (number, verb) = try versionAndVerb(context)
    let published: Bool
    switch verb {
    case "publish": published = true
    case "unpublish": published = false
    default: throw HubError.routeNotFound(method: "POST", path: request.uri.path)
    }
    let version = try await hub.metadata.setPublished(
      name, number, published, signer: published ? try await hub.releaseSigner() : nil)
    hub.logger.info(
      "version \(published ? "published" : "unpublished")", metadata: ["model": "\(name)", "version": "\(number)"])
    return try HTTPHelpers.json(version)
  }

  @Sendable private func getRollout(_ request: Request, context: BasicRequestContext) async throws -> Response {
    let name = try HTTPHelpers.modelName(context)
    guard let rollout = try await hub.metadata.rollout(of: name) else {
      return try HTTPHelpers.json(HubRollout(variants: []))
    }
    return try HTTPHelpers.json(rollout)
  }

  @Sendable private func putRollout(_ request: Request, context: BasicRequestContext) async throws -> Response {
    let name = try HTTPHelpers.modelName(context)
    let rollout = try await HTTPHelpers.decode(HubRollout.self, from: request, limit: HubLimits.rolloutBodyBytes)
    _ = try await hub.metadata.setRollout(name, rollout)
    hub.logger.info(
      "rollout set",
      metadata: [
        "model": "\(name)", "variants": "\(rollout.variants.map { "\($0.target?.label ?? "?")=\($0.weight)" })",
        "rules": "\(rollout.rules.count)",
      ])
    return try HTTPHelpers.json(rollout)
  }

  @Sendable private func deleteRollout(_ request: Request, context: BasicRequestContext) async throws -> Response {
    let name = try HTTPHelpers.modelName(context)
    _ = try await hub.metadata.setRollout(name, nil)
    return try HTTPHelpers.json(HubRollout(variants: []))
  }

  private func versionAndVerb(_ context: BasicRequestContext) throws(HubError) -> (Int, String?) {
    let (text, verb) = try HTTPHelpers.nameAndVerb(context, "version")
    return (try HTTPHelpers.versionNumber(text), verb)
  }
}
