import Crypto
import Foundation
import ModelHubAPI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One HTTP transfer of a model file into its `.partial` file, streamed through a
/// `URLSessionDataDelegate`: bytes are hashed and written as they arrive (never held whole in
/// memory), an existing partial file is resumed with `Range` and `If-Range`, and the size is
/// checked against what the hub announced.
///
/// With a `key` (an encrypted store) each received piece is sealed in memory as one
/// ``SealedRecords`` record before it is written, so the partial file never holds plaintext;
/// the hash is still taken over the plaintext, and a resume opens the records already written.
final class FileTransfer: NSObject, URLSessionDataDelegate, Sendable {
  /// What a finished transfer produced: the whole file is in the partial file, synced.
  struct Outcome: Sendable {
    let hash: String
    let size: Int64
    let resumedFrom: Int64
  }

  private struct State {
    var handle: FileHandle?
    var digest = SHA256()
    var written: Int64 = 0
    /// Records written to the partial file (encrypted store only).
    var records: UInt64 = 0
    var resumedFrom: Int64 = 0
    var status = 0
    var errorBody = Data()
    var failure: ModelDownloaderError?
    var continuation: CheckedContinuation<Void, any Error>?
    var requestEnd: Int64 = 0
    var reportedStart = false
    var cancelled = false
  }

  private let url: URL
  private let destination: URL
  private let expectedSize: Int64
  private let expectedHash: String
  private let encryption: ModelStoreEncryption?
  private let model: String
  private let onStart: @Sendable (_ resumedFrom: Int64) -> Void
  private let onProgress: @Sendable (_ written: Int64) -> Void
  private let state = LockedValue(State())
  /// Delegate calls run one at a time on this queue, so writes happen in order.
  private let queue: OperationQueue
  /// Received bytes are written and hashed in order on this queue.
  private let writer = DispatchQueue(label: "TensorBridgeDelivery.FileTransfer.writer")

  init(
    url: URL, destination: URL, model: String, expectedSize: Int64, expectedHash: String,
    encryption: ModelStoreEncryption? = nil, onStart: @escaping @Sendable (Int64) -> Void,
    onProgress: @escaping @Sendable (Int64) -> Void
  ) {
    self.url = url
    self.destination = destination
    self.model = model
    self.expectedSize = expectedSize
    self.expectedHash = expectedHash
    self.encryption = encryption
    self.onStart = onStart
    self.onProgress = onProgress
    queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    queue.name = "TensorBridgeDelivery.FileTransfer"
  }

  /// Runs the transfer. Connection failures, 5xx and short bodies throw with the partial file
  /// kept for a resume; a refused or oversized answer throws after discarding it.
  ///
  /// The file is asked for in ranges of ``rangeSize`` bytes, one request after another: on
  /// Linux, URLSession queues every received piece for the delegate with no flow control (and
  /// pausing a task with `suspend()` mid-transfer was seen to deliver more bytes than were sent), so bounding each request is what bounds
  /// memory. A server that ignores `Range` sends the whole file in one streamed answer.
  func run(configuration: URLSessionConfiguration) async throws -> Outcome {
    let offset = try openPartial()
    if offset == expectedSize {
      onStart(offset)
      return try finish()
    }
    let session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
    defer { session.finishTasksAndInvalidate() }
    while state.withLock({ $0.written }) < expectedSize {
      try await request(from: state.withLock { $0.written }, session: session)
    }
    return try finish()
  }

  /// One ranged request, continuing at `offset`.
  private func request(from offset: Int64, session: URLSession) async throws {
    let end = min(offset + Self.rangeSize, expectedSize) - 1
    var request = URLRequest(url: url)
    request.httpMethod = "GET"
    request.setValue("bytes=\(offset)-\(end)", forHTTPHeaderField: "Range")
    request.setValue("\"\(expectedHash)\"", forHTTPHeaderField: "If-Range")
    state.withLock {
      $0.status = 0
      $0.errorBody = Data()
      $0.requestEnd = end
    }
    let task = session.dataTask(with: request)
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        state.withLock { $0.continuation = continuation }
        task.resume()
      }
    } onCancel: {
      state.withLock { $0.cancelled = true }
      task.cancel()
    }
  }

  /// Bytes asked for per request. URLSession on Linux buffers whatever arrives for the delegate
  /// with no flow control, so this bounds the memory a download adds: with 512 KiB ranges a whole
  /// process linking only TensorBridgeDelivery peaked at 38.7 MB pulling 200 MB (4 MiB ranges:
  /// 50 MB; Foundation and URLSession alone take about 35 MB), tested by `PullCLITests`.
  static let rangeSize: Int64 = 512 << 10

  /// Opens the partial file for appending, hashing what an earlier attempt left; returns its size.
  private func openPartial() throws(ModelDownloaderError) -> Int64 {
    let fm = FileManager.default
    var existing: Int64 = 0
    var digest = SHA256()
    var keep: Int64 = 0
    var records: UInt64 = 0
    let size = ((try? fm.attributesOfItem(atPath: destination.path))?[.size] as? NSNumber)?.int64Value ?? 0
    if let key = encryption?.key, size > 0 {
      // Keep the whole records that authenticate and hold no more than the file.
      let scan = try? SealedRecords.scan(destination, key: key) { digest.update(data: $0) }
      if let scan, scan.plaintextSize <= expectedSize {
        (existing, keep, records) = (scan.plaintextSize, scan.validLength, scan.records)
      } else {
        digest = SHA256()
      }
    } else if encryption == nil, size > 0, size <= expectedSize {
      existing = try ModelStore.update(&digest, withContentsOf: destination)
      keep = existing
    } else if !fm.createFile(atPath: destination.path, contents: nil) {
      throw .storeFailure(path: destination.path, operation: "create", reason: ModelStore.errnoReason())
    }
    let handle: FileHandle
    do {
      handle = try FileHandle(forWritingTo: destination)
      try handle.truncate(atOffset: UInt64(keep))
      try handle.seekToEnd()
    } catch {
      throw .storeFailure(path: destination.path, operation: "open for writing", reason: ModelStore.reason(error))
    }
    state.withLock {
      $0.handle = handle
      $0.digest = digest
      $0.written = existing
      $0.records = records
      $0.resumedFrom = existing
    }
    return existing
  }

  /// Syncs and closes the file and returns its hash; checks the size.
  private func finish() throws -> Outcome {
    let (handle, digest, written, resumedFrom) = state.withLock { ($0.handle, $0.digest, $0.written, $0.resumedFrom) }
    state.withLock { $0.handle = nil }
    do {
      try handle?.synchronize()
      try handle?.close()
    } catch {
      throw ModelDownloaderError.storeFailure(
        path: destination.path, operation: "sync", reason: ModelStore.reason(error))
    }
    guard written == expectedSize else {
      throw ModelDownloaderError.network(
        url: url.absoluteString, reason: "the body ended after \(written) of \(expectedSize) bytes", attempts: 1)
    }
    return Outcome(hash: HubHash.hex(digest.finalize()), size: written, resumedFrom: resumedFrom)
  }

  /// Discards the partial file (its bytes cannot be resumed).
  private func discard() {
    let handle = state.withLock { state -> FileHandle? in
      defer { state.handle = nil }
      return state.handle
    }
    try? handle?.close()
    try? FileManager.default.removeItem(at: destination)
  }

  // MARK: URLSessionDataDelegate

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    let header = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Range")
    let failure: ModelDownloaderError? = state.withLock { state in
      state.status = status
      switch status {
      case 200:
        if state.written > 0 {  // the server ignored the range: start over
          do {
            try state.handle?.truncate(atOffset: 0)
            try state.handle?.seek(toOffset: 0)
          } catch {
            return .storeFailure(path: destination.path, operation: "truncate", reason: ModelStore.reason(error))
          }
          state.written = 0
          state.records = 0
          state.resumedFrom = 0
          state.digest = SHA256()
        }
      case 206:
        guard let header, let start = Self.rangeStart(header), start == state.written else {
          return .invalidResponse(
            url: url.absoluteString,
            reason: "Content-Range '\(header ?? "")' does not continue at byte \(state.written)")
        }
      default:
        break
      }
      return nil
    }
    if let failure {
      state.withLock { $0.failure = failure }
      completionHandler(.cancel)
      return
    }
    let report = state.withLock { state -> Bool in
      guard status == 200 || status == 206, !state.reportedStart else { return false }
      state.reportedStart = true
      return true
    }
    if report { onStart(state.withLock { $0.resumedFrom }) }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let task = TaskHandle(task: dataTask)
    writer.async { self.write(data, task: task) }
  }

  /// Writes and hashes one piece (on the writer queue), resuming a paused transfer once the
  /// queue has drained.
  private func write(_ data: Data, task: TaskHandle) {
    let result: (ModelDownloaderError?, Int64?) = state.withLock { state in
      guard state.failure == nil else { return (nil, nil) }
      guard state.status == 200 || state.status == 206 else {
        if state.errorBody.count < 65536 { state.errorBody.append(data.prefix(65536 - state.errorBody.count)) }
        return (nil, nil)
      }
      guard state.written + Int64(data.count) <= expectedSize else {
        return (.sizeMismatch(model: model, expected: expectedSize, actual: state.written + Int64(data.count)), nil)
      }
      do {
        if let key = encryption?.key {
          try state.handle?.write(contentsOf: SealedRecords.seal(data, index: state.records, key: key))
          state.records += 1
        } else {
          try state.handle?.write(contentsOf: data)
        }
      } catch {
        return (.storeFailure(path: destination.path, operation: "write", reason: ModelStore.reason(error)), nil)
      }
      state.digest.update(data: data)
      state.written += Int64(data.count)
      return (nil, state.written)
    }
    if let failure = result.0 {
      state.withLock { if $0.failure == nil { $0.failure = failure } }
      task.task.cancel()
    } else if let written = result.1 {
      onProgress(written)
    }
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    // After every queued piece is written.
    writer.async { self.complete(error: error) }
  }

  private func complete(error: (any Error)?) {
    let (continuation, failure, status, body, cancelled) = state.withLock { state in
      defer { state.continuation = nil }
      return (state.continuation, state.failure, state.status, state.errorBody, state.cancelled)
    }
    guard let continuation else { return }
    if let failure {
      switch failure {
      case .sizeMismatch, .invalidResponse: discard()
      default: try? state.withLock { $0.handle }?.close()
      }
      continuation.resume(throwing: failure)
      return
    }
    if let error {
      try? state.withLock { $0.handle }?.close()
      if cancelled {
        continuation.resume(throwing: ModelDownloaderError.cancelled(model: model))
      } else {
        continuation.resume(
          throwing: ModelDownloaderError.network(url: url.absoluteString, reason: Self.reason(error), attempts: 1))
      }
      return
    }
    guard status == 200 || status == 206 else {
      try? state.withLock { $0.handle }?.close()
      let hubError = try? HubJSON.decoder().decode(HubErrorBody.self, from: body)
      if status == 416 { discard() }
      continuation.resume(
        throwing: ModelDownloaderError.httpStatus(
          url: url.absoluteString, status: status, code: hubError?.error.code,
          message: hubError?.error.message ?? String(decoding: body.prefix(200), as: UTF8.self)))
      return
    }
    let (written, end) = state.withLock { ($0.written, $0.requestEnd) }
    // A 200 is the whole file: one that ends early (a proxy that ignores Range and cuts the
    // answer, with a matching Content-Length) would otherwise be asked for again and again.
    if status == 200, written < expectedSize {
      continuation.resume(
        throwing: ModelDownloaderError.network(
          url: url.absoluteString,
          reason: "the whole-file answer (200, Range not honoured) ended at byte \(written) of \(expectedSize)",
          attempts: 1))
      return
    }
    if status == 206, written <= end {
      continuation.resume(
        throwing: ModelDownloaderError.network(
          url: url.absoluteString, reason: "the answer ended at byte \(written) before \(end + 1)", attempts: 1))
      return
    }
    continuation.resume()
  }

  /// The first byte of `bytes START-END/TOTAL`.
  static func rangeStart(_ header: String) -> Int64? {
    guard header.hasPrefix("bytes ") else { return nil }
    return Int64(header.dropFirst(6).prefix { $0 != "-" })
  }

  /// A short reason for a URLSession error.
  static func reason(_ error: any Error) -> String {
    if let error = error as? URLError {
      return "\(error.localizedDescription) (URLError \(error.code.rawValue))"
    }
    return (error as NSError).localizedDescription
  }
}

/// A data task handed to the writer queue; URLSession tasks are thread-safe to cancel.
private struct TaskHandle: @unchecked Sendable {
  let task: URLSessionDataTask
}
