import Foundation
import Logging

/// What every route handler shares: the store, authentication, signing and settings.
struct HubContext: Sendable {
  let configuration: HubConfiguration
  /// The metadata store itself (either backend) and the node's local folder.
  let store: any HubMetadataStore
  /// The metadata with the serving state in memory; routes read and write through it.
  let metadata: HubServingStore
  let authenticator: HubAuthenticator
  let signer: DownloadSigner
  let loadChecker: LoadChecker?
  let logger: Logger
  /// Download answers counted in memory, written to the store in batches.
  let downloads: DownloadTally
  /// The console's signed-in sessions.
  let sessions: ConsoleSessions
}
