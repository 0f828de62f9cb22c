import Foundation
import ModelHubAPI

/// What the routes need from the hub's metadata: API keys, models, versions and rollouts.
///
/// ``HubStore`` (SQLite through GRDB, in the data folder) is the embedded default;
/// ``PostgresHubStore`` serves several hubs sharing one database. Every write is a single transaction:
/// nothing half-written is ever visible to a reader. The routes reach the store through
/// ``HubServingStore``, which keeps the serving state in memory on top of any implementation.
protocol HubMetadataStore: Sendable {
  // MARK: Local folder
  /// The node's local data folder (temporary uploads, the download-URL key, local blobs).
  var paths: HubPaths { get }
  /// The data folder's `tmp/`, where uploads are written, whatever the blob storage.
  var staging: BlobStore { get }
  /// Where blobs are kept: the data folder's `blobs/` or an S3 bucket.
  var blobs: any BlobStorage { get }
  /// The data folder's blob store when blobs are kept there (nil for S3): downloads then go out
  /// with sendfile.
  var local: BlobStore? { get }

  // MARK: Models
  /// Creates a model.
  func createModel(_ request: HubCreateModelRequest, now: Date) async throws -> HubModel
  /// Reads one model.
  func model(_ name: String) async throws -> HubModel
  /// Updates display name and tags, optionally only if the etag still matches.
  func updateModel(_ name: String, _ request: HubUpdateModelRequest, ifMatch: String?, now: Date) async throws
    -> HubModel
  /// Deletes a model, its versions, and the blobs no other version uses.
  func deleteModel(_ name: String) async throws
  /// One page of models ordered by name, optionally only those carrying `tag`.
  func listModels(tag: String?, pageSize: Int, pageToken: String?) async throws -> HubModelPage

  // MARK: Versions
  /// Stores a verified upload (a temporary file) as the model's next version.
  func addVersion(
    model name: String, temporary: URL, hash: String, size: Int64, validation: HubValidationReport,
    publish: Bool, signer: HubReleaseSigner?, now: Date
  ) async throws -> HubModelVersion
  /// A model's versions, newest first.
  func versions(of name: String) async throws -> [HubModelVersion]
  /// One version.
  func version(_ name: String, _ number: Int) async throws -> HubModelVersion
  /// Publishes or unpublishes a version.
  func setPublished(
    _ name: String, _ number: Int, _ published: Bool, signer: HubReleaseSigner?,
    now: Date
  ) async throws -> HubModelVersion

  // MARK: Rollouts
  /// Sets (or with nil clears) a model's rollout.
  func setRollout(_ name: String, _ rollout: HubRollout?, now: Date) async throws -> HubRollout?
  /// A model's rollout, if any.
  func rollout(of name: String) async throws -> HubRollout?

  // MARK: Aliases
  /// Points `alias` of model `name` at published `version`, creating or moving it atomically.
  func setAlias(_ name: String, _ alias: String, version: Int, now: Date) async throws -> HubModelVersion
  /// Removes `alias` of model `name`; returns the version it named.
  func removeAlias(_ name: String, _ alias: String) async throws -> HubModelVersion

  // MARK: Signatures
  /// The signature bundle of a version, as served.
  func signature(_ name: String, _ number: Int) async throws -> Data
  /// What signs versions published now (nil when the hub has no signing key).
  func releaseSigner(_ credentials: HubSigningCredentials?) async throws -> HubReleaseSigner?
  /// Adds a signing key (the signing one when there is none yet, else a verifying one).
  func createSigningKey(_ key: HubNewSigningKey, now: Date) async throws -> HubSigningKeyInfo
  /// Adds a key as the signing key; the previous one becomes a verifying key.
  func rotateSigningKey(_ key: HubNewSigningKey, now: Date) async throws -> HubSigningKeyInfo
  /// Retires a verifying key.
  func retireSigningKey(id: String, now: Date) async throws -> HubSigningKeyInfo
  /// Every signing key, oldest first.
  func listSigningKeys() async throws -> [HubSigningKeyInfo]

  // MARK: Keys
  /// Creates an API key; the secret is returned once.
  func createKey(scope: HubKeyScope, now: Date) async throws -> HubCreatedKey
  /// Every key, oldest first (no secrets, no hashes).
  func listKeys() async throws -> [HubAPIKeyInfo]
  /// Revokes key `id`.
  func revokeKey(id: String, now: Date) async throws -> HubAPIKeyInfo

  // MARK: Download URLs
  /// The key download URLs are signed with, shared by every node on this store: the stored one,
  /// or `candidate` (this node's `signing.key`) stored first when there is none.
  func downloadURLKey(candidate: Data, now: Date) async throws -> Data

  // MARK: Download counts
  /// Adds `counts` to the stored counts in one transaction; counts of versions deleted since
  /// they were collected are dropped.
  func addDownloadCounts(_ counts: [DownloadTally.Key: Int]) async throws
  /// The counts of model `name` from UTC day `since` (`YYYY-MM-DD`) on, by day then version.
  func downloadCounts(_ name: String, since: String) async throws -> HubDownloadCounts

  // MARK: Consistency
  /// Removes what a crash left behind (temporary files, unreferenced blobs); run before serving.
  func recover() async throws -> HubStore.RecoveryReport
  /// Re-hashes every blob and lists inconsistencies (empty when there are none).
  func verify() async throws -> [String]

  // MARK: Serving state
  /// Reads the committed serving state of `part`, serialized with the store's writes (so that
  /// successive loads never go back in time), and hands it to `apply` before the next write
  /// can commit.
  func loadServing(_ part: HubServingPart, apply: @escaping @Sendable (HubServingLoad) -> Void) async throws
  /// A cheap token that changes whenever anything — this process or another one sharing the
  /// store — commits a change. Read on every request: no database round trip.
  func changeMarker() -> HubChangeMarker
}
