import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Debian's nginx as a load balancer in front of hub nodes: one round-robin upstream of
/// `127.0.0.1:<port>` servers, run in the foreground (`daemon off`) from a temporary folder on a
/// free loopback port, as `bench/hub/run.sh` runs it. `scripts/nginx/setup.sh` installs
/// `nginx-light` when missing (`make test` runs it); `$NGINX` names another binary.
public final class NginxBalancer: @unchecked Sendable {
  /// The loopback port nginx listens on.
  public let port: Int
  /// The temporary folder with `nginx.conf`, its log and its temporary files.
  public let folder: URL
  private let process: Process

  /// `http://127.0.0.1:<port>`.
  public var base: String { "http://127.0.0.1:\(port)" }

  /// Starts nginx in front of the servers on `upstreamPorts` and waits until it accepts connections.
  /// - Throws: ``TestFailure`` when nginx is missing or does not start on any of five free ports.
  public init(upstreamPorts: [Int]) throws {
    let binary = try Self.binary()
    folder = try TestPaths.temporaryDirectory("tb-nginx")
    // nginx's workers run as an unprivileged user when we are root: let them use the folder.
    let temporary = folder.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    _ = chmod(folder.path, 0o755)
    _ = chmod(temporary.path, 0o777)
    var lastLog = ""
    for _ in 0..<5 {
      let port = try Self.freePort()
      let configuration = folder.appendingPathComponent("nginx.conf")
      try Self.configuration(folder: folder, port: port, upstreamPorts: upstreamPorts)
        .write(to: configuration, atomically: true, encoding: .utf8)
      let process = Process()
      process.executableURL = binary
      process.arguments = ["-c", configuration.path, "-p", folder.path]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      let deadline = Date().addingTimeInterval(10)
      while Date() < deadline, process.isRunning {
        if (try? RawConnection(port: port)) != nil {
          self.port = port
          self.process = process
          return
        }
        usleep(20_000)
      }
      if process.isRunning {
        process.terminate()
        process.waitUntilExit()
      }
      lastLog = (try? String(contentsOf: folder.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
    }
    throw TestFailure("nginx did not start: \(lastLog)")
  }

  deinit { stop() }

  /// Stops nginx (SIGTERM, a fast shutdown) and waits for it.
  public func stop() {
    guard process.isRunning else { return }
    process.terminate()
    process.waitUntilExit()
  }

  /// The nginx binary `scripts/nginx/setup.sh` prints (installing it when missing).
  private static func binary() throws -> URL {
    let script = TestPaths.repository.appendingPathComponent("scripts/nginx/setup.sh")
    let result = try ProcessRun.run(URL(fileURLWithPath: "/bin/bash"), [script.path], timeLimit: 300)
    let path = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    guard result.status == 0, FileManager.default.isExecutableFile(atPath: path) else {
      throw TestFailure("no nginx (scripts/nginx/setup.sh): \(result.stderr)")
    }
    return URL(fileURLWithPath: path)
  }

  /// A loopback port nothing listens on right now (the kernel's pick for port 0).
  private static func freePort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw TestFailure("socket() failed") }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0 else { throw TestFailure("bind to a free loopback port failed") }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    guard named == 0 else { throw TestFailure("getsockname failed") }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  /// The whole `nginx.conf`: requests and bodies passed through unbuffered (an upload reaches a
  /// node as it is sent), the client's `Host` kept (the hub builds download URLs from it), and a
  /// node that refuses connections skipped for a second.
  private static func configuration(folder: URL, port: Int, upstreamPorts: [Int]) -> String {
    let servers = upstreamPorts.map { "    server 127.0.0.1:\($0) max_fails=1 fail_timeout=1s;" }
      .joined(separator: "\n")
    let temporary = folder.appendingPathComponent("tmp").path
    return """
      daemon off;
      worker_processes 1;
      pid \(folder.path)/nginx.pid;
      error_log \(folder.path)/error.log;
      events { worker_connections 512; }
      http {
        access_log off;
        client_body_temp_path \(temporary)/body;
        proxy_temp_path \(temporary)/proxy;
        fastcgi_temp_path \(temporary)/fastcgi;
        uwsgi_temp_path \(temporary)/uwsgi;
        scgi_temp_path \(temporary)/scgi;
        upstream hubs {
      \(servers)
          keepalive 16;
        }
        server {
          listen 127.0.0.1:\(port);
          client_max_body_size 0;
          location / {
            proxy_pass http://hubs;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $http_host;
            proxy_request_buffering off;
            proxy_buffering off;
            proxy_connect_timeout 1s;
            proxy_next_upstream error timeout;
          }
        }
      }

      """
  }
}
