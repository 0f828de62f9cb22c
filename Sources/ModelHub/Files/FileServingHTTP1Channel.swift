import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1.1 child channel (`HTTP1Channel`) with one handler more:
/// ``DirectFileHandler``, placed between NIO's HTTP/1 decoder/encoder and the conversion to HTTP
/// types, where it can still write a `FileRegion`, and two that enforce the hub's timeouts and
/// connection cap: ``ConnectionGuardHandler`` first (nearest the socket) and
/// ``RequestPhaseHandler`` right after the HTTP/1 codec. Everything else is set up as `HTTP1Channel`
/// does — no pipelining assistance or NIO error handling (Hummingbird reads requests in order
/// from the `NIOAsyncChannel` and answers errors itself), Hummingbird's connection-state handler
/// (idle timeout, graceful shutdown) and `handleHTTP` serving the router.
struct FileServingHTTP1Channel: ServerChildChannel, HTTPChannelHandler {
  typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

  /// The router (Hummingbird's responder).
  let responder: HTTPChannelHandler.Responder
  /// What the direct file path needs.
  let files: DirectFileService
  /// Timeouts and the connection cap.
  let connections: ConnectionEnvironment
  /// `HTTP1Channel`'s settings, honoured the same way (decoder limits, idle timeout, additional
  /// handlers after the conversion to HTTP types).
  let configuration: HTTP1Channel.Configuration

  /// Builds the pipeline of a new connection.
  func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
    channel.eventLoop.makeCompletedFuture {
      let pipeline = channel.pipeline.syncOperations
      let connectionGuard = ConnectionGuardHandler(environment: connections)
      try pipeline.addHandler(connectionGuard)
      var limits = NIOHTTPDecoderLimitConfiguration()
      limits.maxHeaderFieldSize = configuration.httpDecoder.maxHeaderFieldSize
      limits.maxHeaderListSize = configuration.httpDecoder.maxHeaderListSize
      limits.maxHeaderFieldCount = configuration.httpDecoder.maxHeaderFieldCount
      try pipeline.configureHTTPServerPipeline(
        withPipeliningAssistance: false, withErrorHandling: false, withOutboundHeaderValidation: false,
        withEncoderConfiguration: .init(), withDecoderLimitConfiguration: limits)
      try pipeline.addHandler(RequestPhaseHandler(reportingTo: connectionGuard))
      try pipeline.addHandler(DirectFileHandler(service: files))
      try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
      try pipeline.addHandlers(configuration.additionalChannelHandlers())
      try pipeline.addHandler(
        HTTPConnectionStateHandler(idleTimeout: configuration.idleTimeout.map { .init($0) }, logger: logger))
      return try NIOAsyncChannel(
        wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
    }
  }

  /// Serves the connection's requests that reach Hummingbird.
  func handle(value: Value, logger: Logger) async {
    await handleHTTP(asyncChannel: value, logger: logger)
  }
}

extension HTTPServerBuilder {
  /// HTTP/1.1 with the hub's direct (sendfile) file path.
  static func fileServingHTTP1(
    files: DirectFileService, connections: ConnectionEnvironment, configuration: HTTP1Channel.Configuration = .init()
  ) -> HTTPServerBuilder {
    HTTPServerBuilder { responder in
      FileServingHTTP1Channel(
        responder: responder, files: files, connections: connections, configuration: configuration)
    }
  }
}
