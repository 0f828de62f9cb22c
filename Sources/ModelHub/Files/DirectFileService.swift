import Logging
import NIOPosix

/// What ``DirectFileHandler`` needs from the hub, shared by every connection: the URL signer,
/// where blobs live, the thread pool that opens them, the server name, the logger and counters,
/// and the version checks it answers with a `304` itself.
struct DirectFileService: Sendable {
  let signer: DownloadSigner
  /// Where blobs live; nil when they are not in the data folder (S3), and every file request
  /// goes on to the router.
  let paths: HubPaths?
  let fileIO: NonBlockingFileIO
  /// Written in the `Server` header, as Hummingbird does for the responses it builds.
  let serverName: String?
  let logger: Logger
  let counters: DirectFileCounters
  /// Answers version checks whose answer is `304` (nil: the router answers them all).
  let versionChecks: VersionCheckAnswerer?

  /// Takes the signer, blob folder and logger from `hub`; files are opened on `threadPool`.
  init(
    hub: HubContext, serverName: String?, counters: DirectFileCounters, answerVersionChecks: Bool = true,
    threadPool: NIOThreadPool = .singleton
  ) {
    signer = hub.signer
    paths = hub.store.local?.paths
    fileIO = NonBlockingFileIO(threadPool: threadPool)
    self.serverName = serverName
    logger = hub.logger
    self.counters = counters
    versionChecks =
      answerVersionChecks
      ? VersionCheckAnswerer(serving: hub.metadata, serverName: serverName, logger: hub.logger) : nil
  }

  /// The path of blob `hash` (which must already have passed ``FileResponsePlan/checkURL(hash:expires:signature:signer:)``).
  func blobPath(_ hash: String) -> String? { paths?.blob(hash).path }
}
