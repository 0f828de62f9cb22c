import Foundation
import TestSupport
import Testing

@testable import S3Client

/// AWS's published Signature Version 4 test suite (Tests/Fixtures/sigv4/aws-sigv4-test-suite.json):
/// every case's canonical request and Authorization header, byte for byte.
@Suite struct AWSTestSuiteTests {
  struct Suite: Decodable {
    let accessKeyID: String
    let secretAccessKey: String
    let region: String
    let service: String
    let date: String
    let sessionToken: String
    let notes: String
    let cases: [Case]
  }

  struct Case: Decodable, CustomTestStringConvertible {
    let name: String
    let group: String
    let method: String
    let path: String
    let query: String
    let headers: [[String]]
    let body: String
    let canonicalRequest: String
    let authorization: String
    /// The headers the suite's signature was made over, where its files disagree (see `notes`).
    let signatureHeaders: [[String]]?
    var testDescription: String { name }
  }

  static let suite: Suite? = {
    let url = TestPaths.fixtures.appendingPathComponent("sigv4/aws-sigv4-test-suite.json")
    guard let data = try? Data(contentsOf: url) else { return nil }
    return try? JSONDecoder().decode(Suite.self, from: data)
  }()

  static var cases: [Case] { suite?.cases ?? [] }

  @Test func theSuiteIsLoaded() throws {
    let suite = try #require(Self.suite)
    #expect(suite.cases.count == 28)
  }

  @Test(arguments: cases)
  func caseMatches(_ testCase: Case) throws {
    let suite = try #require(Self.suite)
    let date = try #require(Self.parse(suite.date))
    let signer = SigV4Signer(
      credentials: S3Credentials(accessKeyID: suite.accessKeyID, secretAccessKey: suite.secretAccessKey),
      region: suite.region, service: suite.service)
    #expect(signer.normalizesPath)
    let host = try #require(testCase.headers.first { $0.first?.lowercased() == "host" }?.last)
    var text = "https://\(host)\(testCase.path)"
    if !testCase.query.isEmpty {
      text += "?" + (try #require(testCase.query.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed)))
    }
    let url = try #require(URL(string: text))
    let headers = Self.pairs(testCase.headers)
    let payload = SigV4Payload.bytes(Data(testCase.body.utf8))
    let (canonical, _) = signer.canonicalRequest(method: testCase.method, url: url, headers: headers, payload: payload)
    #expect(canonical == testCase.canonicalRequest)
    let signed = testCase.signatureHeaders.map(Self.pairs) ?? headers
    #expect(
      signer.authorization(method: testCase.method, url: url, headers: signed, payload: payload, date: date)
        == testCase.authorization)
  }

  static func pairs(_ list: [[String]]) -> [SigV4Signer.Header] {
    list.compactMap { pair -> SigV4Signer.Header? in pair.count == 2 ? (pair[0], pair[1]) : nil }
  }

  static func parse(_ stamp: String) -> Date? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
    return formatter.date(from: stamp)
  }
}
