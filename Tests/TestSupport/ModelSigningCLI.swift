import Foundation
import XCTest

/// The PyPI `model-signing` package's CLI, installed by `scripts/signing/setup.sh` into
/// `.venv-signing/` (the script is idempotent: it only installs when the pin changed).
public enum ModelSigningCLI {
  /// The `model_signing` executable; `$MODEL_SIGNING_CLI` overrides.
  public static func executable() throws -> URL {
    switch located {
    case .found(let url): return url
    case .failed(let reason): throw TestFailure(reason)
    }
  }

  private enum Location { case found(URL), failed(String) }

  /// Run once per test process.
  private static let located: Location = {
    if let path = ProcessInfo.processInfo.environment["MODEL_SIGNING_CLI"] { return .found(URL(fileURLWithPath: path)) }
    let script = TestPaths.repository.appendingPathComponent("scripts/signing/setup.sh")
    do {
      let result = try ProcessRun.run(URL(fileURLWithPath: "/bin/bash"), [script.path], timeLimit: 600)
      guard result.status == 0, let path = result.stdout.split(separator: "\n").last else {
        return .failed("scripts/signing/setup.sh failed (\(result.status)): \(result.stderr)")
      }
      return .found(URL(fileURLWithPath: String(path)))
    } catch {
      return .failed("scripts/signing/setup.sh could not run: \(error)")
    }
  }()

  /// The venv's Python (to write keys in formats Swift does not write).
  public static func python() throws -> URL {
    try executable().deletingLastPathComponent().appendingPathComponent("python")
  }

  /// `model_signing sign key MODEL --private_key KEY --signature SIG`.
  public static func sign(model: URL, privateKey: URL, signature: URL) throws -> ProcessResult {
    try ProcessRun.run(
      try executable(),
      [
        "sign", "key", model.path, "--private_key", privateKey.path,
        "--signature", signature.path,
      ], timeLimit: 120)
  }

  /// `model_signing sign certificate MODEL --private_key KEY --signing_certificate CERT
  /// [--certificate_chain C]… --signature SIG`.
  public static func signWithCertificate(
    model: URL, privateKey: URL, certificate: URL, chain: [URL], signature: URL
  ) throws -> ProcessResult {
    try ProcessRun.run(
      try executable(),
      [
        "sign", "certificate", model.path, "--private_key", privateKey.path, "--signing_certificate",
        certificate.path, "--signature", signature.path,
      ] + chain.flatMap { ["--certificate_chain", $0.path] }, timeLimit: 120)
  }

  /// `model_signing verify certificate MODEL --signature SIG [--certificate_chain C]…`.
  public static func verifyCertificate(model: URL, trusted: [URL], signature: URL) throws -> ProcessResult {
    try ProcessRun.run(
      try executable(),
      ["verify", "certificate", model.path, "--signature", signature.path]
        + trusted.flatMap { ["--certificate_chain", $0.path] }, timeLimit: 120)
  }

  /// Writes a small X.509 PKI into `folder` (`scripts/signing/make_pki.py`: `NAME.pem`, `NAME.key`).
  public static func makePKI(in folder: URL) throws {
    let script = TestPaths.repository.appendingPathComponent("scripts/signing/make_pki.py")
    let result = try ProcessRun.run(try python(), [script.path, folder.path], timeLimit: 120)
    guard result.status == 0 else { throw TestFailure("make_pki.py failed (\(result.status)): \(result.stderr)") }
  }

  /// `model_signing verify key MODEL --public_key KEY --signature SIG`.
  public static func verify(model: URL, publicKey: URL, signature: URL) throws -> ProcessResult {
    try ProcessRun.run(
      try executable(),
      [
        "verify", "key", model.path, "--public_key", publicKey.path,
        "--signature", signature.path,
      ], timeLimit: 120)
  }
}
