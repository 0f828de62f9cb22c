import AsyncHTTPClient
import Foundation
import NIOCore
import TestSupport
import Testing

@testable import S3Client

/// ``S3Client`` against a real moto server on loopback that checks every signature.
@Suite(.serialized) struct S3ClientMotoTests {
  static func client(_ server: MotoS3Server, addressing: S3Endpoint.Addressing = .path, secret: String? = nil)
    -> S3Client
  {
    S3Client(
      endpoint: S3Endpoint(url: server.endpoint, addressing: addressing), region: server.region,
      credentials: S3Credentials(accessKeyID: server.accessKeyID, secretAccessKey: secret ?? server.secretAccessKey))
  }

  @Test func objectsRoundTripWithSignaturesChecked() async throws {
    let server = try MotoS3Server()
    defer { server.stop() }
    let s3 = Self.client(server)
    try await s3.createBucket("tb-objects")
    try await s3.createBucket("tb-objects")  // already yours: fine
    let bytes = ByteBuffer(bytes: (0..<70_000).map { UInt8($0 % 251) })
    try await s3.putObject(bucket: "tb-objects", key: "a/b c/é.bin", body: .bytes(bytes))
    let info = try #require(try await s3.headObject(bucket: "tb-objects", key: "a/b c/é.bin"))
    #expect(info.contentLength == 70_000)
    let object = try await s3.getObject(bucket: "tb-objects", key: "a/b c/é.bin")
    #expect(object.contentLength == 70_000)
    #expect(try await object.body.collect(upTo: 1 << 20) == bytes)
    let part = try await s3.getObject(bucket: "tb-objects", key: "a/b c/é.bin", range: "bytes=100-199")
    #expect(try await part.body.collect(upTo: 1 << 20) == bytes.getSlice(at: 100, length: 100))
    try await s3.deleteObject(bucket: "tb-objects", key: "a/b c/é.bin")
    #expect(try await s3.headObject(bucket: "tb-objects", key: "a/b c/é.bin") == nil)
    do {
      _ = try await s3.getObject(bucket: "tb-objects", key: "missing")
      Issue.record("a missing object was returned")
    } catch {
      #expect(error.isNotFound)
    }
  }

  @Test func streamedBodiesSignedWithTheirHashOrUnsigned() async throws {
    let server = try MotoS3Server()
    defer { server.stop() }
    let s3 = Self.client(server)
    try await s3.createBucket("tb-stream")
    let data = Data((0..<10_000).map { UInt8($0 % 7) })
    func chunks() -> AsyncThrowingStream<ByteBuffer, any Error> {
      AsyncThrowingStream { continuation in
        continuation.yield(ByteBuffer(bytes: data.prefix(4000)))
        continuation.yield(ByteBuffer(bytes: data.dropFirst(4000)))
        continuation.finish()
      }
    }
    try await s3.putObject(
      bucket: "tb-stream", key: "signed",
      body: .stream(length: 10_000, sha256: SigV4Signer.hexSHA256(data), chunks: chunks()))
    try await s3.putObject(
      bucket: "tb-stream", key: "unsigned", body: .stream(length: 10_000, sha256: nil, chunks: chunks()))
    #expect(try await s3.headObject(bucket: "tb-stream", key: "signed")?.contentLength == 10_000)
    #expect(try await s3.headObject(bucket: "tb-stream", key: "unsigned")?.contentLength == 10_000)
    // (moto does not compare a body with its signed x-amz-content-sha256, as AWS S3 does with
    // XAmzContentSHA256Mismatch; the signature over the declared hash is what it checks.)
    let back = try await s3.getObject(bucket: "tb-stream", key: "signed").body.collect(upTo: 1 << 20)
    #expect(Data(back.readableBytesView) == data)
  }

  @Test func aWronglySignedRequestIsRefused() async throws {
    let server = try MotoS3Server()
    defer { server.stop() }
    try await Self.client(server).createBucket("tb-refused")
    let forged = Self.client(server, secret: "not-the-secret")
    do {
      try await forged.putObject(bucket: "tb-refused", key: "x", body: .bytes(ByteBuffer(string: "x")))
      Issue.record("a request signed with the wrong secret was accepted")
    } catch {
      #expect(error == .service(status: 403, code: "SignatureDoesNotMatch", message: error.serviceMessage))
    }
  }

  @Test func multipartUploadJoinsPartsAndAbortLeavesNothing() async throws {
    let server = try MotoS3Server()
    defer { server.stop() }
    let s3 = Self.client(server)
    try await s3.createBucket("tb-multipart")
    let part1 = ByteBuffer(repeating: 0x41, count: 5 << 20)
    let part2 = ByteBuffer(string: "the tail")
    let upload = try await s3.createMultipartUpload(bucket: "tb-multipart", key: "big")
    let first = try await s3.uploadPart(
      bucket: "tb-multipart", key: "big", uploadID: upload, partNumber: 1, body: .bytes(part1))
    let second = try await s3.uploadPart(
      bucket: "tb-multipart", key: "big", uploadID: upload, partNumber: 2, body: .bytes(part2))
    try await s3.completeMultipartUpload(bucket: "tb-multipart", key: "big", uploadID: upload, parts: [second, first])
    #expect(try await s3.headObject(bucket: "tb-multipart", key: "big")?.contentLength == Int64((5 << 20) + 8))
    let tail = try await s3.getObject(bucket: "tb-multipart", key: "big", range: "bytes=\(5 << 20)-\((5 << 20) + 7)")
    #expect(try await tail.body.collect(upTo: 100) == part2)

    let aborted = try await s3.createMultipartUpload(bucket: "tb-multipart", key: "gone")
    _ = try await s3.uploadPart(
      bucket: "tb-multipart", key: "gone", uploadID: aborted, partNumber: 1, body: .bytes(part2))
    try await s3.abortMultipartUpload(bucket: "tb-multipart", key: "gone", uploadID: aborted)
    #expect(try await s3.headObject(bucket: "tb-multipart", key: "gone") == nil)
  }

  @Test func virtualHostAddressingNamesTheBucketInTheHost() throws {
    let endpoint = S3Endpoint(
      url: try #require(URL(string: "https://s3.eu-west-1.amazonaws.com")), addressing: .virtualHost)
    #expect(
      try endpoint.objectURL(bucket: "models", key: "p/ab c").absoluteString
        == "https://models.s3.eu-west-1.amazonaws.com/p/ab%20c")
    let path = S3Endpoint(url: try #require(URL(string: "http://127.0.0.1:9000/")), addressing: .path)
    #expect(
      try path.objectURL(bucket: "models", key: "p/x", query: "uploads").absoluteString
        == "http://127.0.0.1:9000/models/p/x?uploads")
  }
}

extension S3Error {
  /// The message of a service error (to compare the status and code alone).
  var serviceMessage: String {
    if case .service(_, _, let message) = self { return message }
    return ""
  }
}
