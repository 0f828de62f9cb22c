import AsyncHTTPClient
import NIOCore
import NIOHTTP1

/// One uploaded part of a multipart upload.
public struct S3UploadedPart: Sendable, Equatable {
  /// 1…10000.
  public var partNumber: Int
  /// The ETag UploadPart answered, quotes included.
  public var eTag: String

  /// A part from its number and ETag.
  public init(partNumber: Int, eTag: String) {
    self.partNumber = partNumber
    self.eTag = eTag
  }
}

extension S3Client {
  /// CreateMultipartUpload: starts an upload of `key` and returns its upload id.
  public func createMultipartUpload(
    bucket: String, key: String, contentType: String = "application/octet-stream"
  ) async throws(S3Error) -> String {
    let (_, text) = try await sendReadingText(
      method: .POST, bucket: bucket, key: key, query: "uploads", headers: [("content-type", contentType)])
    guard let uploadID = S3XML.firstValue(of: "UploadId", in: text), !uploadID.isEmpty else {
      throw .invalidResponse("CreateMultipartUpload for \(bucket)/\(key) gave no UploadId")
    }
    return uploadID
  }

  /// UploadPart: sends part `partNumber` (every part but the last at least 5 MiB) and returns it
  /// with its ETag.
  public func uploadPart(
    bucket: String, key: String, uploadID: String, partNumber: Int, body: Body
  ) async throws(S3Error) -> S3UploadedPart {
    let query = "partNumber=\(partNumber)&uploadId=\(SigV4Encoding.uriEncode(uploadID))"
    let (response, _) = try await sendReadingText(method: .PUT, bucket: bucket, key: key, query: query, body: body)
    guard let eTag = response.headers.first(name: "etag") else {
      throw .invalidResponse("UploadPart \(partNumber) of \(bucket)/\(key) gave no ETag")
    }
    return S3UploadedPart(partNumber: partNumber, eTag: eTag)
  }

  /// CompleteMultipartUpload: joins `parts` (in part-number order) into the object.
  public func completeMultipartUpload(
    bucket: String, key: String, uploadID: String, parts: [S3UploadedPart]
  ) async throws(S3Error) {
    let list = parts.sorted { $0.partNumber < $1.partNumber }.map {
      "<Part><PartNumber>\($0.partNumber)</PartNumber><ETag>\(S3XML.escape($0.eTag))</ETag></Part>"
    }.joined()
    let xml =
      "<CompleteMultipartUpload xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">\(list)</CompleteMultipartUpload>"
    let query = "uploadId=\(SigV4Encoding.uriEncode(uploadID))"
    let (_, text) = try await sendReadingText(
      method: .POST, bucket: bucket, key: key, query: query, headers: [("content-type", "application/xml")],
      body: .bytes(ByteBuffer(string: xml)))
    // S3 may answer 200 with an <Error> body when the join fails late.
    if let code = S3XML.firstValue(of: "Code", in: text), text.contains("<Error>") {
      throw .service(status: 200, code: code, message: S3XML.firstValue(of: "Message", in: text) ?? "")
    }
  }

  /// AbortMultipartUpload: discards the upload and its parts.
  public func abortMultipartUpload(bucket: String, key: String, uploadID: String) async throws(S3Error) {
    let query = "uploadId=\(SigV4Encoding.uriEncode(uploadID))"
    _ = try await sendReadingText(method: .DELETE, bucket: bucket, key: key, query: query)
  }
}
