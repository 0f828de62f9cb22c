import ArgumentParser
import Foundation
import ModelHub

/// `hub serve`'s blob storage options: the data folder (default) or an S3-compatible bucket.
struct BlobStorageOptions: ParsableArguments {
  @Option(
    name: .long,
    help:
      "Where model files are kept: omit for the data folder's blobs/, or s3://bucket[/prefix] (needs --s3-endpoint).")
  var blobs: String?

  @Option(
    name: .customLong("s3-endpoint"),
    help: "The S3-compatible service, e.g. https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000.")
  var s3Endpoint: String?

  @Option(name: .customLong("s3-region"), help: "The region requests are signed for.")
  var s3Region = "us-east-1"

  @Option(
    name: .customLong("s3-downloads"),
    help: "redirect: answer file downloads with a 307 to a presigned GET; stream: send the bytes through the hub.")
  var s3Downloads = "redirect"

  @Option(name: .customLong("s3-presign-seconds"), help: "How long a presigned GET stays valid.")
  var s3PresignSeconds = 300

  func validate() throws {
    if blobs == nil, s3Endpoint != nil { throw ValidationError("--s3-endpoint needs --blobs s3://bucket[/prefix]") }
    if blobs != nil, s3Endpoint == nil { throw ValidationError("--blobs s3://… needs --s3-endpoint URL") }
  }

  /// The location these options name; S3 credentials come from `AWS_ACCESS_KEY_ID`,
  /// `AWS_SECRET_ACCESS_KEY` and `AWS_SESSION_TOKEN` in `environment`.
  /// - Throws: ``HubBlobStorageError`` naming what is wrong.
  func location(environment: [String: String]) throws(HubBlobStorageError) -> HubBlobLocation {
    guard let blobs, let s3Endpoint else { return .dataFolder }
    return .s3(
      try HubS3Settings(
        blobsURL: blobs, endpoint: s3Endpoint, region: s3Region, downloads: s3Downloads,
        presignSeconds: s3PresignSeconds, environment: environment))
  }
}
