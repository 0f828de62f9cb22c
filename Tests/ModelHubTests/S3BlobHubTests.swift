import Foundation
import ModelHub
import ModelHubAPI
import S3Client
import TestSupport
import XCTest

/// A hub with its blobs in S3 (the shared moto server, signatures checked), whatever
/// `TB_HUB_BLOBS` says: the redirect mode, recovery of the objects listed under the prefix, and
/// the start-up errors. The rest of the hub suite runs on S3 with `TB_HUB_BLOBS=s3`.
final class S3BlobHubTests: XCTestCase {
  /// moto 5.2.5 answers 500 to every presigned URL once authentication is on (its IAM check
  /// reads the `Authorization` header, which a presigned GET does not have), so the redirect is
  /// checked by boto3's own presigner making the same URL at the same time, and the object by
  /// a header-signed GET of the key the URL names.
  func testRedirectModeAnswers307ToAPresignedGETThatBoto3Signs() async throws {
    let prefix = TestBlobs.newPrefix()
    let location = try TestBlobs.location(prefix: prefix, downloads: .redirect(expires: 120))
    let hub = try await TestHub.start { $0.blobLocation = location }
    addTeardownBlock { await hub.stop() }
    let bytes = try HubFixtures.data("linear")
    let version = try await hub.deploy("m", bytes)
    let hash = version.modelHash
    let info = try await hub.download("m", installation: "i1").decode(HubDownloadInfo.self)
    let path = String(info.downloadUri.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" })

    let answer = try await hub.http.send("GET", path)
    XCTAssertEqual(answer.status, 307, answer.text)
    XCTAssertEqual(answer.header("Cache-Control"), "no-store")
    let endpoint = try TestBlobs.endpoint()
    let target = try XCTUnwrap(answer.header("Location"))
    let objectURL = "\(endpoint.url.absoluteString)/\(TestBlobs.bucket)/\(prefix)/\(hash)"
    XCTAssertTrue(target.hasPrefix(objectURL + "?X-Amz-Algorithm=AWS4-HMAC-SHA256"), target)
    let head = try await hub.http.send("HEAD", path)
    XCTAssertEqual(head.status, 307)
    let cached = try await hub.http.send("GET", path, headers: ["If-None-Match": "\"\(hash)\""])
    XCTAssertEqual(cached.status, 304, "the hub answers If-None-Match itself (S3's ETag is not the hash)")
    // The hub's own checks come first: a forged signature is refused, never redirected.
    let forged = try await hub.http.send("GET", path.replacingOccurrences(of: "signature=", with: "signature=0"))
    XCTAssertEqual(forged.status, 403)
    XCTAssertNil(forged.header("Location"))

    // boto3's presigner, at the same instant and for the same expiry, makes the same URL.
    let query = try XCTUnwrap(URLComponents(string: target)?.queryItems)
    let date = try XCTUnwrap(query.first { $0.name == "X-Amz-Date" }?.value)
    XCTAssertEqual(query.first { $0.name == "X-Amz-Expires" }?.value, "120")
    struct Case: Encodable {
      var method = "GET"
      var url: String
      var headers: [[String]] = []
      var body = ""
      var unsignedPayload = false
      var date: String
      var expires = 120
      var accessKeyID: String
      var secretAccessKey: String
      var sessionToken: String?
      var region: String
    }
    struct Signed: Decodable { let presignedURL: String }
    let input = try JSONEncoder().encode([
      Case(
        url: objectURL, date: date, accessKeyID: endpoint.credentials.accessKeyID,
        secretAccessKey: endpoint.credentials.secretAccessKey, region: endpoint.region)
    ])
    let script = TestPaths.repository.appendingPathComponent("scripts/s3/boto3_sign.py")
    let result = try ProcessRun.run(try MotoS3Server.python(), [script.path], stdin: input, timeLimit: 60)
    XCTAssertEqual(result.status, 0, result.stderr)
    let signed = try JSONDecoder().decode([Signed].self, from: Data(result.stdout.utf8))
    XCTAssertEqual(signed.first?.presignedURL, target)

    // The key the URL names holds the model's bytes.
    let client = S3Client(
      endpoint: S3Endpoint(url: endpoint.url), region: endpoint.region, credentials: endpoint.credentials)
    let object = try await client.getObject(bucket: TestBlobs.bucket, key: "\(prefix)/\(hash)")
    let body = try await object.body.collect(upTo: 1 << 20)
    XCTAssertEqual(Data(body.readableBytesView), bytes)
  }

  func testRecoveryRemovesOrphanObjectsUnderItsPrefixOnly() async throws {
    let folder = try TestPaths.temporaryDirectory(for: self, "s3-recover")
    let prefix = TestBlobs.newPrefix()
    let location = try TestBlobs.location(prefix: prefix)
    guard case .s3(let settings) = location else { return XCTFail("not S3") }
    let storage = settings.makeStorage()
    let neighbour = try TestBlobs.location(prefix: TestBlobs.newPrefix())
    guard case .s3(let neighbourSettings) = neighbour else { return XCTFail("not S3") }
    let other = neighbourSettings.makeStorage()
    // An orphan (a put whose metadata never committed) here, and a blob of another hub's prefix.
    let file = folder.appendingPathComponent("orphan")
    let bytes = Data("an upload whose transaction never committed".utf8)
    try bytes.write(to: file)
    let hash = Hex.sha256(bytes)
    try await storage.put(hash, from: file)
    try await other.put(hash, from: file)

    let store = try HubStore(directory: folder.appendingPathComponent("hub"), location: location)
    let before = try await store.verify()
    XCTAssertEqual(before, ["orphan blob \(hash)"])
    let report = try await store.recover()
    XCTAssertEqual(report.orphanBlobsRemoved, 1)
    XCTAssertEqual(report.damagedVersions, [])
    let after = try await store.verify()
    XCTAssertEqual(after, [])
    let neighbourSize = try await other.blobSize(hash)
    XCTAssertEqual(neighbourSize, Int64(bytes.count), "another prefix is not this hub's to clean")
  }

  func testStartUpErrorsNameWhatIsWrong() async throws {
    let endpoint = try TestBlobs.endpoint()
    let environment = [
      "AWS_ACCESS_KEY_ID": endpoint.credentials.accessKeyID,
      "AWS_SECRET_ACCESS_KEY": endpoint.credentials.secretAccessKey,
    ]
    let endpointText = endpoint.url.absoluteString
    let goodEnvironment = environment
    func settings(
      _ blobs: String, endpoint url: String? = nil, downloads: String = "redirect",
      environment: [String: String]? = nil
    ) -> HubBlobStorageError? {
      do {
        _ = try HubS3Settings(
          blobsURL: blobs, endpoint: url ?? endpointText, downloads: downloads,
          environment: environment ?? goodEnvironment)
        return nil
      } catch { return error }
    }
    XCTAssertNil(settings("s3://tb-hub-tests/some/prefix"))
    guard case .invalidBlobsURL? = settings("https://tb-hub-tests") else { return XCTFail("scheme") }
    guard case .invalidBlobsURL? = settings("s3://Bad_Bucket/x") else { return XCTFail("bucket name") }
    XCTAssertEqual(settings("s3://tb-hub-tests", endpoint: "localhost:9000"), .invalidEndpoint("localhost:9000"))
    XCTAssertEqual(
      settings("s3://tb-hub-tests", downloads: "proxy"),
      .invalidSetting(name: "--s3-downloads", value: "proxy", expected: "redirect or stream"))
    XCTAssertEqual(
      settings("s3://tb-hub-tests", environment: ["AWS_ACCESS_KEY_ID": "x"]),
      .missingCredentials(missing: ["AWS_SECRET_ACCESS_KEY"]))

    // A bucket that does not exist: the server refuses to start, naming the bucket and S3's answer.
    var configuration = HubConfiguration(
      dataDirectory: try TestPaths.temporaryDirectory(for: self, "s3-missing"), port: 0)
    configuration.blobLocation = .s3(
      try HubS3Settings(
        blobsURL: "s3://tb-no-such-bucket/p", endpoint: endpoint.url.absoluteString, environment: environment))
    let server = try ModelHubServer(configuration: configuration)
    do {
      try await server.run(handleSignals: false)
      XCTFail("started without its bucket")
    } catch let error as HubBlobStorageError {
      guard case .bucketUnreachable(let bucket, _, let reason) = error else { return XCTFail("\(error)") }
      XCTAssertEqual(bucket, "tb-no-such-bucket")
      XCTAssertTrue(reason.isNotFound, "\(reason)")
    }

    // The CLI says the same, and names missing credentials.
    let data = try TestPaths.temporaryDirectory(for: self, "s3-cli").appendingPathComponent("hub")
    let missingBucket = try CLIRun.run(
      [
        "hub", "serve", "--data", data.path, "--port", "0", "--blobs", "s3://tb-no-such-bucket",
        "--s3-endpoint", endpoint.url.absoluteString,
      ], environment: environment, timeLimit: 60)
    XCTAssertNotEqual(missingBucket.status, 0)
    XCTAssertTrue(missingBucket.stderr.contains("the bucket tb-no-such-bucket at"), missingBucket.stderr)
    let noCredentials = try CLIRun.run(
      [
        "hub", "serve", "--data", data.path, "--port", "0", "--blobs", "s3://tb-hub-tests",
        "--s3-endpoint", endpoint.url.absoluteString,
      ], environment: ["AWS_ACCESS_KEY_ID": "", "AWS_SECRET_ACCESS_KEY": ""], timeLimit: 60)
    XCTAssertNotEqual(noCredentials.status, 0)
    XCTAssertTrue(
      noCredentials.stderr.contains("set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY"), noCredentials.stderr)
  }
}
