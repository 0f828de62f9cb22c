import Logging
import NIOCore

/// The first handler of every hub connection (nearest the socket): enforces ``HubTimeouts`` and
/// the connection cap (``ConnectionRegistry``).
///
/// It sees the raw bytes and the reads and writes that reach the socket; ``RequestPhaseHandler``,
/// after the HTTP decoder, tells it where each request's head and end and each response's end
/// fall. From that it keeps one read deadline — first byte, request head, body progress or
/// keep-alive, whichever phase the connection is in — measured on a clock that runs only while
/// a read is pending (the hub waiting for the client), and one send deadline: while writes are
/// outstanding, one must complete every ``HubTimeouts/send``. File bodies are written in slices
/// of ``HubTimeouts/sendSliceBytes`` so that sendfile progress is visible too.
///
/// When a deadline passes, the connection is closed from here, past every handler that might
/// hold a close back (``DirectFileHandler`` waits for its file otherwise), logged and counted.
final class ConnectionGuardHandler: ChannelDuplexHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer
  typealias OutboundIn = IOData
  typealias OutboundOut = IOData

  private let environment: ConnectionEnvironment
  private var timeouts: HubTimeouts { environment.timeouts }
  private var context: ChannelHandlerContext?
  private var id: UInt64?
  private var refused = false
  private var closed = false
  private var opened = NIODeadline.now()
  private var evictCallback: (@Sendable () -> Void)?

  // The read clock: time spent with a read pending.
  private var readClock = TimeAmount.zero
  private var waitingSince: NIODeadline?
  private var readTimer: (task: Scheduled<Void>, at: NIODeadline)?

  // The request phase.
  private var requests = 0
  private var responsesOwed = 0
  private var inBody = false
  private var inputClosed = false
  private var headStart: TimeAmount?
  private var idleStart = TimeAmount.zero
  private var bodyWindowStart = TimeAmount.zero
  private var bodyWindowBytes = 0

  // Writes.
  private var pendingWrites = 0
  private var lastWriteProgress = NIODeadline.now()
  private var writeTimer: Scheduled<Void>?

  /// A guard for one new connection.
  init(environment: ConnectionEnvironment) {
    self.environment = environment
  }

  // MARK: Lifecycle

  func handlerAdded(context: ChannelHandlerContext) {
    self.context = context
  }

  func channelActive(context: ChannelHandlerContext) {
    opened = .now()
    environment.counters.recordOpened()
    let loop = context.eventLoop
    let bound = NIOLoopBound(self, eventLoop: loop)
    let evict: @Sendable () -> Void = { loop.execute { bound.value.evict() } }
    evictCallback = evict
    switch environment.registry.admit(evict: evict) {
    case .admitted(let id):
      self.id = id
      context.fireChannelActive()
    case .refused:
      refused = true
      environment.counters.recordRefused()
      environment.logger.notice(
        "connection refused: at the connection cap with none idle",
        metadata: [
          "hub.connection.cap": "\(environment.registry.limit)", "hub.connection.remote": "\(remote(context))",
        ])
      context.fireChannelActive()
      context.writeAndFlush(wrapOutboundOut(.byteBuffer(Self.refusal)), promise: nil)
      closed = true
      context.close(mode: .all, promise: nil)
    }
  }

  func channelInactive(context: ChannelHandlerContext) {
    closed = true
    cancelTimers()
    if let id { environment.registry.remove(id) }
    environment.counters.recordClosed()
    context.fireChannelInactive()
  }

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if case .inputClosed = event as? ChannelEvent {
      inputClosed = true
      stopWaiting()
      rearmRead()
    }
    context.fireUserInboundEventTriggered(event)
  }

  // MARK: Reads

  func read(context: ChannelHandlerContext) {
    if waitingSince == nil { waitingSince = .now() }
    rearmRead()
    context.read()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard !refused else { return }
    stopWaiting()
    let count = unwrapInboundIn(data).readableBytes
    if inBody { bodyWindowBytes += count } else if headStart == nil, count > 0 { headStart = readClock }
    context.fireChannelRead(data)
  }

  /// The read clock now.
  private var clock: TimeAmount {
    readClock + (waitingSince.map { NIODeadline.now() - $0 } ?? .zero)
  }

  private func stopWaiting() {
    guard let since = waitingSince else { return }
    readClock = readClock + (NIODeadline.now() - since)
    waitingSince = nil
  }

  /// The read deadline of the phase the connection is in, on the read clock.
  private var readDeadline: (at: TimeAmount, reason: ConnectionCut)? {
    guard !closed, !inputClosed else { return nil }
    if inBody { return (bodyWindowStart + .init(timeouts.body), .bodyProgress) }
    if responsesOwed > 0 { return nil }
    if let headStart { return (headStart + .init(timeouts.requestHead), .requestHead) }
    if requests == 0 { return (.init(timeouts.firstByte), .firstByte) }
    return (idleStart + .init(timeouts.keepAlive), .keepAlive)
  }

  /// Schedules the read timer for the current deadline, unless one already fires no later (it
  /// re-checks when it fires). No timer while no read is pending: the clock stands still.
  private func rearmRead() {
    guard let context, waitingSince != nil, let deadline = readDeadline else {
      readTimer?.task.cancel()
      readTimer = nil
      return
    }
    let at = NIODeadline.now() + max(.zero, deadline.at - clock)
    if let existing = readTimer, existing.at <= at { return }
    readTimer?.task.cancel()
    let task = context.eventLoop.assumeIsolated().scheduleTask(deadline: at) { [self] in
      readTimer = nil
      readTimerFired()
    }
    readTimer = (task, at)
  }

  private func readTimerFired() {
    guard let deadline = readDeadline else { return }
    let now = clock
    guard now >= deadline.at else { return rearmRead() }
    if deadline.reason == .bodyProgress, bodyWindowBytes >= timeouts.bodyMinimumBytes {
      bodyWindowStart = now
      bodyWindowBytes = 0
      return rearmRead()
    }
    cut(deadline.reason)
  }

  // MARK: Request phases (from RequestPhaseHandler)

  /// A request head was decoded.
  func requestHeadReceived() {
    requests += 1
    headStart = nil
    inBody = true
    bodyWindowStart = clock
    bodyWindowBytes = 0
    responsesOwed += 1
    if responsesOwed == 1, let id { environment.registry.setIdle(id, false) }
    rearmRead()
  }

  /// A request's end was decoded.
  func requestEndReceived() {
    inBody = false
    rearmRead()
  }

  /// A response's last write completed.
  func responseEnded() {
    guard responsesOwed > 0 else { return }
    responsesOwed -= 1
    if responsesOwed == 0 {
      idleStart = clock
      if let id { environment.registry.setIdle(id, true) }
    }
    rearmRead()
  }

  // MARK: Writes

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    let slice = HubTimeouts.sendSliceBytes
    guard case .fileRegion(let region) = unwrapOutboundIn(data), region.readableBytes > slice else {
      return track(data, promise: promise, context: context)
    }
    var start = region.readerIndex
    while start < region.endIndex {
      let end = min(start + slice, region.endIndex)
      let part = FileRegion(fileHandle: region.fileHandle, readerIndex: start, endIndex: end)
      track(wrapOutboundOut(.fileRegion(part)), promise: end == region.endIndex ? promise : nil, context: context)
      start = end
    }
  }

  private func track(_ data: NIOAny, promise: EventLoopPromise<Void>?, context: ChannelHandlerContext) {
    pendingWrites += 1
    if pendingWrites == 1 { lastWriteProgress = .now() }
    let written = promise ?? context.eventLoop.makePromise()
    written.futureResult.assumeIsolated().whenComplete { [self] _ in
      pendingWrites -= 1
      lastWriteProgress = .now()
    }
    context.write(data, promise: written)
    if writeTimer == nil, !closed { scheduleWriteTimer(at: lastWriteProgress + .init(timeouts.send), context: context) }
  }

  private func scheduleWriteTimer(at deadline: NIODeadline, context: ChannelHandlerContext) {
    writeTimer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
      writeTimer = nil
      guard pendingWrites > 0, !closed else { return }
      let due = lastWriteProgress + .init(timeouts.send)
      if NIODeadline.now() >= due { cut(.sendProgress) } else { scheduleWriteTimer(at: due, context: context) }
    }
  }

  // MARK: Closing

  /// Closes a connection chosen to make room at the cap, if it still owes nothing.
  private func evict() {
    guard !closed, let id else { return }
    guard responsesOwed == 0 else {
      if let evictCallback { environment.registry.readmit(id, evict: evictCallback) }
      return
    }
    cut(.evicted)
  }

  private func cut(_ reason: ConnectionCut) {
    guard !closed, let context else { return }
    closed = true
    environment.counters.recordCut(reason)
    environment.logger.info(
      "connection closed by the hub",
      metadata: [
        "hub.connection.cut": "\(reason.rawValue)", "hub.connection.remote": "\(remote(context))",
        "hub.connection.seconds": "\(Double((NIODeadline.now() - opened).nanoseconds) / 1e9)",
        "hub.connection.requests": "\(requests)",
      ])
    cancelTimers()
    context.close(mode: .all, promise: nil)
  }

  /// Stops both timers: the connection is closing.
  private func cancelTimers() {
    readTimer?.task.cancel()
    readTimer = nil
    writeTimer?.cancel()
    writeTimer = nil
  }

  private func remote(_ context: ChannelHandlerContext) -> String {
    context.channel.remoteAddress?.description ?? "unknown"
  }

  /// The answer to a connection over the cap.
  private static let refusal: ByteBuffer = {
    let body =
      #"{"error":{"code":"TOO_MANY_CONNECTIONS","message":"The hub is at its connection cap; retry shortly."}}"#
    return ByteBuffer(
      string: "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
        + "Retry-After: 1\r\nConnection: close\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
  }()
}

@available(*, unavailable)
extension ConnectionGuardHandler: Sendable {}
