import Hummingbird
import Logging
import NIOCore
import NIOHTTP1

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Answers signed file downloads on the connection itself, writing the body as a `FileRegion`
/// (sendfile: from the page cache to the socket inside the kernel, no copy through user space),
/// which Hummingbird's response writer cannot do (it takes `ByteBuffer`s only); and version checks
/// whose answer is `304` (``VersionCheckAnswerer``), synchronously, with no hop to the router.
///
/// It sits between NIO's HTTP/1 decoder/encoder and `HTTP1ToHTTPServerCodec` (see
/// ``FileServingHTTP1Channel``). A request head for `GET`/`HEAD /v1/files/{hash}` with a valid,
/// unexpired signature is answered here when the blob can be opened and
/// ``FileResponsePlan/make(hash:size:method:ifNoneMatch:range:ifRange:)`` accepts it (`200`, `206`,
/// `304`); that request's body and end are dropped. Everything else — other paths, bad or expired
/// signatures, missing blobs, unsatisfiable ranges — goes on to Hummingbird unchanged, so the
/// router answers it (with its JSON errors).
///
/// Order on a pipelined connection: Hummingbird answers requests one after another, so a file
/// is only answered here when every request passed on has been answered (each forwarded head is
/// matched by an outgoing `.end`); otherwise it is passed on too. While a file response is being
/// prepared or written, inbound parts, errors and events are queued (and reads from the socket
/// held back) and replayed in order once its `.end` is written. A close asked for meanwhile
/// (Hummingbird's end of output, an idle timeout) waits for the file to finish, except
/// `close(mode: .input)`, which Hummingbird sends when the connection's task is cancelled (the
/// server stopping after its grace period): that aborts the file, as it aborts a streamed one.
final class DirectFileHandler: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart
  typealias OutboundIn = HTTPServerResponsePart
  typealias OutboundOut = HTTPServerResponsePart

  /// Something received that Hummingbird has not seen yet.
  private enum Inbound {
    case part(HTTPServerRequestPart)
    case error(any Error)
    case event(Any)
  }

  private let service: DirectFileService
  private var queue = CircularBuffer<Inbound>()
  /// Heads passed on whose response's `.end` has not been written yet.
  private var forwardedInProgress = 0
  /// A file response is being prepared or written: the queue waits.
  private var busy = false
  /// Dropping the body and end of the request answered here.
  private var skippingRequestBody = false
  /// Set once the connection is shutting down (quiesce, close): everything is passed on.
  private var passingEverything = false
  private var draining = false
  private var readHeld = false
  private var isActive = true
  private var heldCloses: [(CloseMode, EventLoopPromise<Void>?)] = []
  /// What this connection's version checks worked out (its key's hash, its last `304`).
  private var versionCheckMemo = VersionCheckAnswerer.ConnectionMemo()

  /// A handler for one connection.
  init(service: DirectFileService) {
    self.service = service
  }

  // MARK: Inbound

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    queue.append(.part(unwrapInboundIn(data)))
    drain(context: context)
  }

  func channelReadComplete(context: ChannelHandlerContext) {
    context.fireChannelReadComplete()
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    queue.append(.error(error))
    drain(context: context)
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    queue.append(.event(event))
    drain(context: context)
  }

  func channelInactive(context: ChannelHandlerContext) {
    isActive = false
    queue.removeAll()
    context.fireChannelInactive()
  }

  // MARK: Outbound

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    if case .end = unwrapOutboundIn(data), forwardedInProgress > 0 { forwardedInProgress -= 1 }
    context.write(data, promise: promise)
  }

  func read(context: ChannelHandlerContext) {
    if busy { readHeld = true } else { context.read() }
  }

  func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
    if busy {
      if mode == .input {
        context.close(mode: .all, promise: promise)
      } else {
        heldCloses.append((mode, promise))
      }
      return
    }
    if mode != .input { passingEverything = true }
    context.close(mode: mode, promise: promise)
  }

  // MARK: The queue

  /// Hands queued items to Hummingbird until one is a file request answered here.
  private func drain(context: ChannelHandlerContext) {
    guard !draining else { return }
    draining = true
    defer { draining = false }
    while !busy, let item = queue.popFirst() {
      switch item {
      case .part(let part):
        if skippingRequestBody {
          if case .end = part { skippingRequestBody = false }
          continue
        }
        if case .head(let head) = part {
          if answerVersionCheck(head, context: context) || startFile(head, context: context) { continue }
          forwardedInProgress += 1
        }
        context.fireChannelRead(wrapInboundOut(part))
      case .error(let error):
        context.fireErrorCaught(error)
      case .event(let event):
        if event is ChannelShouldQuiesceEvent { passingEverything = true }
        context.fireUserInboundEventTriggered(event)
      }
    }
  }

  /// The file response ended (or was never started): closes held back, else the queue resumes.
  private func finish(context: ChannelHandlerContext, closeAfterwards: Bool = false) {
    busy = false
    if closeAfterwards || !heldCloses.isEmpty || !isActive {
      passingEverything = true
      queue.removeAll()
      let closes = heldCloses
      heldCloses = []
      if closeAfterwards { context.close(promise: nil) }
      for (mode, promise) in closes { context.close(mode: mode, promise: promise) }
      return
    }
    drain(context: context)
    context.fireChannelReadComplete()
    if !busy, readHeld {
      readHeld = false
      context.read()
    }
  }

  // MARK: Answering a version check

  /// Answers `head` with a `304` here if ``VersionCheckAnswerer`` can and nothing passed on is
  /// still being answered; the request's body and end are dropped.
  private func answerVersionCheck(_ head: HTTPRequestHead, context: ChannelHandlerContext) -> Bool {
    guard !passingEverything, forwardedInProgress == 0, let answerer = service.versionChecks,
      let response = answerer.answer(head, memo: &versionCheckMemo)
    else { return false }
    skippingRequestBody = true
    service.counters.recordVersionCheck()  // Before the client can read the answer.
    context.write(wrapOutboundOut(.head(response)), promise: nil)
    context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    return true
  }

  // MARK: Answering a file request

  /// Starts answering `head` here if it is a file request this handler may answer now.
  private func startFile(_ head: HTTPRequestHead, context: ChannelHandlerContext) -> Bool {
    guard !passingEverything, forwardedInProgress == 0, let request = DirectFileRequest(head),
      (try? FileResponsePlan.checkURL(
        hash: request.hash, expires: request.expires, signature: request.signature, signer: service.signer)) != nil,
      let path = service.blobPath(request.hash)
    else { return false }
    busy = true
    service.fileIO.openFile(_deprecatedPath: path, eventLoop: context.eventLoop)
      .assumeIsolated()
      .whenComplete { result in
        self.opened(result, request: request, head: head, context: context)
      }
    return true
  }

  private func opened(
    _ result: Result<(NIOFileHandle, FileRegion), any Error>, request: DirectFileRequest, head: HTTPRequestHead,
    context: ChannelHandlerContext
  ) {
    switch result {
    case .failure(let error):
      if (error as? IOError)?.errnoCode != ENOENT {
        service.counters.recordFailure()
        service.logger.error("cannot open a model file", metadata: ["hash": "\(request.hash)", "error": "\(error)"])
      }
      passOn(head, context: context)
    case .success(let (handle, region)):
      guard isActive else {
        try? handle.close()
        finish(context: context)
        return
      }
      let plan: FileResponsePlan
      do {
        plan = try FileResponsePlan.make(
          hash: request.hash, size: Int64(region.readableBytes), method: request.isHead ? .head : .get,
          ifNoneMatch: request.fields[.ifNoneMatch],
          range: request.fields[.range], ifRange: request.fields[.ifRange])
      } catch {
        try? handle.close()
        passOn(head, context: context)
        return
      }
      respond(plan, handle: handle, request: request, head: head, context: context)
    }
  }

  /// Not answered here after all (missing blob, unsatisfiable range): the router answers it.
  private func passOn(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
    guard isActive else { return finish(context: context) }
    forwardedInProgress += 1
    context.fireChannelRead(wrapInboundOut(.head(head)))
    finish(context: context)
  }

  private func respond(
    _ plan: FileResponsePlan, handle: NIOFileHandle, request: DirectFileRequest, head: HTTPRequestHead,
    context: ChannelHandlerContext
  ) {
    skippingRequestBody = true
    let logger = service.logger
    let metadata: Logger.Metadata = [
      "hb.request.id": "\(RequestID())", "hb.request.method": "\(request.method)", "hb.request.path": "\(request.uri)",
      "hub.status": "\(plan.status.code)", "hub.sendfile": "true",
    ]
    logger.debug("Request", metadata: metadata)
    context.write(
      wrapOutboundOut(.head(DirectFileResponse.head(for: plan, request: head, serverName: service.serverName))),
      promise: nil)
    if !request.isHead, case .bytes(let range) = plan.body {
      let region = FileRegion(fileHandle: handle, readerIndex: range.lowerBound, endIndex: range.upperBound + 1)
      context.write(wrapOutboundOut(.body(.fileRegion(region))), promise: nil)
    }
    let written = context.eventLoop.makePromise(of: Void.self)
    context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: written)
    let counters = service.counters
    written.futureResult.assumeIsolated().whenComplete { result in
      try? handle.close()
      switch result {
      case .success:
        counters.recordServed()
      case .failure(let error):
        counters.recordFailure()
        logger.debug("file response failed", metadata: metadata.merging(["error": "\(error)"]) { $1 })
      }
      self.finish(context: context, closeAfterwards: !head.isKeepAlive)
    }
  }
}

@available(*, unavailable)
extension DirectFileHandler: Sendable {}
