import Foundation
import ModelHubAPI
import ModelSigning

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Checks a version against its hub signature before it is installed: the bundle is made by a
/// trusted key, it signs this model and this version (``HubSignatureSubject``), the version is
/// not older than the installed one, and its digest is the downloaded bytes'.
struct ReleaseVerifier: Sendable {
  let verification: ModelSignatureVerification

  /// What a checked signature allows: the digest the downloaded bytes must have (nil when the
  /// version is unsigned and the policy allows that).
  struct Approval: Sendable {
    let verified: ModelSignatureVerifier.Verified?
  }

  /// Checks the signature `bundle` (nil when the hub has none) of `info`, before downloading.
  /// - Throws: ``ModelDownloaderError`` `.signatureMissing`, `.signatureInvalid`,
  ///   `.signatureSubjectMismatch` or `.rollback`.
  func approve(_ bundle: Data?, name: String, info: HubDownloadInfo, installedVersion: Int?)
    throws(ModelDownloaderError) -> Approval
  {
    guard let bundle else {
      guard verification.policy == .optional else { throw .signatureMissing(model: name, version: info.version) }
      return Approval(verified: nil)
    }
    let verified: ModelSignatureVerifier.Verified
    do {
      verified = try ModelSignatureVerifier(trustedKeys: verification.trustedKeys)
        .verifiedManifest(of: SigstoreBundle(jsonData: bundle))
    } catch {
      throw .signatureInvalid(model: name, version: info.version, reason: error)
    }
    let expected = HubSignatureSubject(model: name, version: info.version)
    guard HubSignatureSubject(name: verified.manifest.modelName) == expected else {
      throw .signatureSubjectMismatch(model: name, version: info.version, signedFor: verified.manifest.modelName)
    }
    if let installedVersion, info.version < installedVersion {
      throw .rollback(model: name, installedVersion: installedVersion, offeredVersion: info.version)
    }
    let approval = Approval(verified: verified)
    // Refuse before downloading when the hub announces other bytes than the signed ones.
    try check(approval, sha256Hex: info.modelHash, name: name, version: info.version)
    return approval
  }

  /// Checks the downloaded bytes' SHA-256 against the signed digest.
  func check(_ approval: Approval, sha256Hex: String, name: String, version: Int) throws(ModelDownloaderError) {
    guard let verified = approval.verified else { return }
    guard
      let resource = ModelSigningManifest.Resource(
        name: ModelSigningFormat.singleFileResourceName, digestHex: sha256Hex)
    else {
      throw .signatureInvalid(
        model: name, version: version, reason: .malformedStatement(field: "modelHash", problem: sha256Hex))
    }
    do {
      try verified.manifest.check(
        matches: ModelSigningManifest(modelName: verified.manifest.modelName, resources: [resource]))
    } catch {
      throw .signatureInvalid(model: name, version: version, reason: error)
    }
  }
}

extension HubDownloadClient {
  /// `GET /v1/models/{name}/versions/{version}/signature`: the bundle, or nil when the version is
  /// unsigned (`404 SIGNATURE_NOT_FOUND`).
  func signature(name: String, version: Int, session: URLSession) async throws -> Data? {
    let path = HubAPI.getVersionSignature.path(["name": name, "version": "\(version)"])
    guard HubName.isValid(name), let url = hubURL(path) else {
      throw ModelDownloaderError.invalidModelName(name)
    }
    let (data, status) = try await get(url, model: name, session: session)
    if status == 200 { return data }
    let answer = HubErrorAnswer(status: status, data: data)
    if status == 404, answer.code == "SIGNATURE_NOT_FOUND" { return nil }
    throw answer.error(url: url)
  }
}
