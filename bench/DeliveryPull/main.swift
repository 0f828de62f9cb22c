// delivery-pull: what an app that only downloads models links — TensorBridgeDelivery (with
// ModelHubAPI, Foundation and swift-crypto), nothing else. Pulls one model with `ModelDownloader`
// (.latestModel), prints the stored file's path, and reports the process's peak resident memory
// (VmHWM) on standard error, so that tests and bench/delivery/pull.sh can measure a download's
// true footprint.
//
//   TENSORBRIDGE_CLIENT_KEY=… delivery-pull HUB_URL NAME DIR
import Foundation
import TensorBridgeDelivery

let arguments = CommandLine.arguments
guard arguments.count == 4, let hub = URL(string: arguments[1]),
  let key = ProcessInfo.processInfo.environment["TENSORBRIDGE_CLIENT_KEY"]
else {
  FileHandle.standardError.write(Data("usage: TENSORBRIDGE_CLIENT_KEY=… delivery-pull HUB_URL NAME DIR\n".utf8))
  exit(2)
}
let downloader = ModelDownloader(
  hubURL: hub, clientKey: key, directory: URL(fileURLWithPath: arguments[3], isDirectory: true))
do {
  let model = try await downloader.getModel(name: arguments[2], downloadType: .latestModel)
  print(model.path)
} catch {
  FileHandle.standardError.write(Data("error: \(error)\n".utf8))
  exit(1)
}
if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
  let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
{
  let kilobytes = line.dropFirst("VmHWM:".count).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? ""
  FileHandle.standardError.write(Data("peak-memory-kb: \(kilobytes)\n".utf8))
}
