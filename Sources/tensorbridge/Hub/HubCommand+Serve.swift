import ArgumentParser
import Foundation
import Logging
import ModelHub

extension HubCommand {
  /// `tensorbridge hub serve --data DIR [--database postgres://…]`: run the hub until SIGTERM/SIGINT.
  struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "serve",
      abstract:
        "Serve models from a data folder (SQLite metadata and content-addressed files) or a PostgreSQL database, the files optionally in S3."
    )

    @Option(name: .long, help: "The data folder (created if missing; with --database, temporary uploads and blobs).")
    var data: String

    @Option(
      name: .long,
      help: "Keep metadata in PostgreSQL, shared with other hubs: postgres://user[:password]@host[:port]/database.")
    var database: String?

    @Option(name: .long, help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(name: .long, help: "The port to listen on (0 picks a free one).")
    var port = 8080

    @Option(name: .customLong("max-upload-mb"), help: "The largest model accepted, in MiB.")
    var maxUploadMB = 512

    @Option(name: .customLong("load-check-timeout"), help: "Seconds a full load of an upload may take.")
    var loadCheckTimeout = 20.0

    @Flag(
      name: .customLong("no-load-check"),
      help: "Skip the full load of uploads in a child process (the Swift verifier still runs).")
    var noLoadCheck = false

    @Option(name: .customLong("public-url"), help: "The URL clients reach the hub at, for download URLs.")
    var publicURL: String?

    @Option(name: .customLong("url-lifetime"), help: "Seconds a download URL stays valid.")
    var urlLifetime = 3600.0

    @Option(
      name: .customLong("chunk-kib"),
      help:
        "KiB read and sent per step when a model file is streamed through the router (most downloads use sendfile instead)."
    )
    var chunkKiB = 256

    @Flag(
      inversion: .prefixedNo,
      help: "Answer version checks whose answer is 304 on the connection, without the router (off: for benchmarks).")
    var directVersionChecks = true

    @Option(name: .customLong("first-byte-timeout"), help: "Seconds a new connection may wait before its first byte.")
    var firstByteTimeout = 60.0

    @Option(name: .customLong("header-timeout"), help: "Seconds from a request's first byte to the end of its headers.")
    var headerTimeout = 60.0

    @Option(name: .customLong("body-timeout"), help: "Seconds in which a request body must bring --body-min-bytes.")
    var bodyTimeout = 60.0

    @Option(name: .customLong("body-min-bytes"), help: "Bytes a request body must bring per --body-timeout.")
    var bodyMinBytes = 4096

    @Option(name: .customLong("keep-alive-timeout"), help: "Seconds an idle keep-alive connection stays open.")
    var keepAliveTimeout = 75.0

    @Option(
      name: .customLong("send-timeout"), help: "Seconds a response may make no progress (the client not reading).")
    var sendTimeout = 60.0

    @Option(
      name: .customLong("max-connections"), help: "Connections open at once (default: from the descriptor limit).")
    var maxConnections: Int?

    @Option(name: .customLong("log-format"), help: "Log lines as 'text' or 'json' (standard error).")
    var logFormat = "text"

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning or error.")
    var logLevel = "info"

    @Option(
      name: .customLong("signing-secret"),
      help:
        "The secret that opens the signing keys (or an external key's PEM private key); default $TENSORBRIDGE_HUB_SIGNING_SECRET."
    )
    var signingSecret: String?

    @OptionGroup var blobOptions: BlobStorageOptions

    func validate() throws {
      guard (1...1_000_000).contains(maxUploadMB) else { throw ValidationError("--max-upload-mb must be positive") }
      guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535") }
      guard (4...65536).contains(chunkKiB) else { throw ValidationError("--chunk-kib must be 4 to 65536") }
      guard loadCheckTimeout > 0, urlLifetime > 0 else { throw ValidationError("times must be positive") }
      for (flag, seconds) in [
        ("--first-byte-timeout", firstByteTimeout), ("--header-timeout", headerTimeout),
        ("--body-timeout", bodyTimeout),
        ("--keep-alive-timeout", keepAliveTimeout), ("--send-timeout", sendTimeout),
      ] where !(seconds > 0 && seconds <= 86_400) {
        throw ValidationError("\(flag) must be more than 0 and at most 86400 seconds")
      }
      guard bodyMinBytes >= 1 else { throw ValidationError("--body-min-bytes must be at least 1") }
      if let maxConnections, maxConnections < 1 { throw ValidationError("--max-connections must be at least 1") }
      guard ["text", "json"].contains(logFormat) else { throw ValidationError("--log-format is text or json") }
      guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("unknown --log-level \(logLevel)") }
      try HubStoreOptions.validate(database: database)
    }

    func run() async throws {
      let level = Logger.Level(rawValue: logLevel) ?? .info
      let json = logFormat == "json"
      LoggingSystem.bootstrap { label in
        var handler: any LogHandler =
          json ? HubJSONLogHandler(label: label) : StreamLogHandler.standardError(label: label)
        handler.logLevel = level
        return handler
      }
      var configuration = HubConfiguration(
        dataDirectory: URL(fileURLWithPath: data), host: host, port: port,
        maxUploadBytes: Int64(maxUploadMB) * 1024 * 1024,
        loadCheck: noLoadCheck
          ? nil
          : LoadCheckCommand(
            executable: Self.ownExecutable, arguments: ["inspect", "--json"], timeLimit: loadCheckTimeout),
        downloadURLLifetime: urlLifetime, publicURL: publicURL, fileChunkBytes: chunkKiB * 1024,
        timeouts: HubTimeouts(
          firstByte: .seconds(firstByteTimeout), requestHead: .seconds(headerTimeout), body: .seconds(bodyTimeout),
          bodyMinimumBytes: bodyMinBytes, keepAlive: .seconds(keepAliveTimeout), send: .seconds(sendTimeout)),
        maxConnections: maxConnections, signingCredentials: try SigningSecretSource.credentials(file: signingSecret))
      configuration.directVersionChecks = directVersionChecks
      do {
        configuration.blobLocation = try blobOptions.location(environment: ProcessInfo.processInfo.environment)
      } catch {
        throw CLIFailure(error)
      }
      // Serving many connections needs descriptors: use all the hard limit allows.
      ConnectionCap.raiseDescriptorLimit()
      let server: ModelHubServer
      let postgres = try database.map { try HubPostgresURL($0) }
      do {
        server = try await ModelHubServer.open(configuration: configuration, database: postgres)
      } catch let error as DataFolderLockError {
        throw CLIFailure(error)
      } catch let error as HubSchemaError {
        throw CLIFailure(error.description)
      } catch {
        throw CLIFailure("cannot open the hub's store \(postgres?.description ?? data): \(error)")
      }
      let host = self.host
      // ModelHubServer stops gracefully on SIGTERM and SIGINT (its service group handles them).
      do {
        try await server.run { port in
          FileHandle.standardOutput.write(Data("ModelHub listening on http://\(host):\(port)\n".utf8))
        }
      } catch let error as HubBlobStorageError {
        throw CLIFailure(error)
      }
    }

    /// This program, run as `inspect --json MODEL` to load uploads in a child process.
    static var ownExecutable: URL {
      #if os(Linux)
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
      #else
        Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
      #endif
    }
  }
}
