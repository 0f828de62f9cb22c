import NIOCore
import NIOHTTP1

/// Sits right after NIO's HTTP/1 decoder and encoder and tells the connection's
/// ``ConnectionGuardHandler`` where requests begin and end (heads and ends decoded) and when
/// each response has been written completely (its `.end` write completed), whichever handler
/// wrote it — the router or ``DirectFileHandler``.
final class RequestPhaseHandler: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart
  typealias OutboundIn = HTTPServerResponsePart
  typealias OutboundOut = HTTPServerResponsePart

  private let connection: ConnectionGuardHandler

  /// Reports to `connection`.
  init(reportingTo connection: ConnectionGuardHandler) {
    self.connection = connection
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head: connection.requestHeadReceived()
    case .end: connection.requestEndReceived()
    case .body: break
    }
    context.fireChannelRead(data)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    guard case .end = unwrapOutboundIn(data) else { return context.write(data, promise: promise) }
    let written = promise ?? context.eventLoop.makePromise()
    let connection = self.connection
    written.futureResult.assumeIsolated().whenComplete { _ in connection.responseEnded() }
    context.write(data, promise: written)
  }
}

@available(*, unavailable)
extension RequestPhaseHandler: Sendable {}
