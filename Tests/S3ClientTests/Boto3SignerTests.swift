import Foundation
import TestSupport
import Testing

@testable import S3Client

/// The same requests signed by ``SigV4Signer`` and by boto3's own signer
/// (`scripts/s3/boto3_sign.py`, in `.venv-s3`): the Authorization header and the presigned URL
/// must be equal byte for byte.
@Suite struct Boto3SignerTests {
  struct Case: Encodable {
    var method: String
    var url: String
    var headers: [[String]]
    var body: String
    var unsignedPayload: Bool
    var date: String
    var expires: Int
    var accessKeyID = "AKIAIOSFODNN7EXAMPLE"
    var secretAccessKey = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"
    var sessionToken: String?
    var region: String
  }

  struct Answer: Decodable {
    let authorization: String
    let presignedURL: String
  }

  static let cases: [Case] = [
    Case(
      method: "GET", url: "https://examplebucket.s3.amazonaws.com/test.txt", headers: [["Range", "bytes=0-9"]],
      body: "", unsignedPayload: false, date: "20130524T000000Z", expires: 86400, region: "us-east-1"),
    Case(
      method: "PUT",
      url: "http://127.0.0.1:9000/models/blobs/3a7bd3e2360a3d29eea436fcfb7e44c735d117c42d1c1835420b6b9942dd4f1b",
      headers: [["Content-Type", "application/octet-stream"]], body: "a model's bytes", unsignedPayload: false,
      date: "20261125T020304Z", expires: 300, region: "us-east-1"),
    Case(
      method: "PUT", url: "http://localhost:5000/bucket/key%20with%20spaces/%C3%A9t%C3%A9.bin",
      headers: [["Content-Type", "application/octet-stream"]], body: "streamed", unsignedPayload: true,
      date: "20261125T235959Z", expires: 3600, region: "eu-west-1"),
    Case(
      method: "POST", url: "https://bucket.s3.eu-central-1.amazonaws.com/big.bin?uploads",
      headers: [], body: "", unsignedPayload: false, date: "20260101T000000Z", expires: 604800, region: "eu-central-1"),
    Case(
      method: "PUT", url: "https://s3.us-west-2.amazonaws.com/bucket/big.bin?partNumber=2&uploadId=VXBsb2FkIElE~.-_",
      headers: [], body: String(repeating: "part ", count: 1000), unsignedPayload: false, date: "20261231T120000Z",
      expires: 60, sessionToken: "FwoGZXIvYXdzEJr//////////wEaDEXAMPLETOKEN+/=", region: "us-west-2"),
    Case(
      method: "DELETE", url: "https://r2.example.com:8443/bucket/prefix/abc",
      headers: [["X-Amz-Meta-Note", "  two   spaces "]],
      body: "", unsignedPayload: true, date: "20261125T020304Z", expires: 1, region: "auto"),
  ]

  @Test func headersAndPresignedURLsMatchBoto3() throws {
    let python = try MotoS3Server.python()
    let script = TestPaths.repository.appendingPathComponent("scripts/s3/boto3_sign.py")
    let input = try JSONEncoder().encode(Self.cases)
    let result = try ProcessRun.run(python, [script.path], stdin: input, timeLimit: 60)
    #expect(result.status == 0, "\(result.stderr)")
    let answers = try JSONDecoder().decode([Answer].self, from: Data(result.stdout.utf8))
    try #require(answers.count == Self.cases.count)
    for (testCase, answer) in zip(Self.cases, answers) {
      let signer = SigV4Signer(
        credentials: S3Credentials(
          accessKeyID: testCase.accessKeyID, secretAccessKey: testCase.secretAccessKey,
          sessionToken: testCase.sessionToken),
        region: testCase.region)
      let url = try #require(URL(string: testCase.url))
      let date = try #require(AWSTestSuiteTests.parse(testCase.date))
      let payload: SigV4Payload = testCase.unsignedPayload ? .unsigned : .bytes(Data(testCase.body.utf8))
      let headers = testCase.headers.map { ($0[0], $0[1]) }
      let signed = signer.signHeaders(method: testCase.method, url: url, headers: headers, payload: payload, date: date)
      let authorization = signed.first { $0.name == "authorization" }?.value
      #expect(authorization == answer.authorization, "\(testCase.method) \(testCase.url)")
      let presigned = signer.presignedURL(method: "GET", url: url, expires: testCase.expires, date: date)
      #expect(presigned?.absoluteString == answer.presignedURL, "presigned \(testCase.url)")
    }
  }
}
