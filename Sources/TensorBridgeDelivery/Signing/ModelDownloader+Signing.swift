import Foundation
import ModelHubAPI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension ModelDownloader {
  /// Fetches and checks the signature of the version `info` describes, before its bytes are
  /// downloaded (nothing is fetched when signature verification is off).
  /// - Throws: ``ModelDownloaderError`` from ``ReleaseVerifier/approve(_:name:info:installedVersion:)``
  ///   or from fetching the signature.
  func approve(_ name: String, info: HubDownloadInfo, session: URLSession) async throws -> ReleaseVerifier.Approval {
    let verification = configuration.signatureVerification
    guard verification.isOn else { return ReleaseVerifier.Approval(verified: nil) }
    let client = HubDownloadClient(configuration: configuration)
    let bundle = try await retrying { try await client.signature(name: name, version: info.version, session: session) }
    return try ReleaseVerifier(verification: verification)
      .approve(bundle, name: name, info: info, installedVersion: store.installed(name)?.version)
  }
}
