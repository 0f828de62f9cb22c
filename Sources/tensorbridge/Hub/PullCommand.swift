import ArgumentParser
import Foundation
import ModelHubAPI
import ModelSigning
import TensorBridgeDelivery

/// `tensorbridge pull NAME --hub URL`: fetch a model into the local store with `ModelDownloader`.
struct PullCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pull",
    abstract: "Download a model from a hub into the local store, verified by SHA-256.",
    discussion: """
      Uses the client key in $TENSORBRIDGE_CLIENT_KEY (else $TENSORBRIDGE_HUB_KEY). Prints the \
      installed file's path on standard output; progress goes to standard error. With \
      --trusted-key, the version's hub signature must verify with one of the keys before it is \
      installed (unsigned, mis-signed, replayed and older versions are refused).
      """)

  /// How to pick the model, as `ModelDownloadType`.
  enum PullType: String, ExpressibleByArgument, CaseIterable {
    case latest, local, background

    var downloadType: ModelDownloadType {
      switch self {
      case .latest: .latestModel
      case .local: .localModel
      case .background: .localModelUpdateInBackground
      }
    }
  }

  @Argument(help: "The model's name on the hub.")
  var name: String

  @Option(name: .long, help: "The hub's URL (default: $TENSORBRIDGE_HUB_URL, else http://127.0.0.1:8080).")
  var hub: String?

  @Option(
    name: .long,
    help:
      "latest (ask the hub, download if newer), local (use the local copy if any), background (local now, update for next time)."
  )
  var type: PullType = .latest

  @OptionGroup var store: ModelStoreOptions

  @Option(
    name: .long, help: "Pull the version this alias names on the hub (stable, canary…) instead of the rollout's choice."
  )
  var alias: String?

  @Option(name: .long, help: "The installation id for rollouts (default: the one saved in the store).")
  var installationID: String?

  @Option(
    name: .customLong("trusted-key"),
    help: "A PEM public key the version must be signed with (repeatable, e.g. during a key rotation).")
  var trustedKeys: [String] = []

  @Flag(name: .customLong("no-cellular"), help: "Set allowsCellularAccess = false (no effect on Linux).")
  var noCellular = false

  @Flag(name: .long, help: "Print the model as JSON instead of its path.")
  var json = false

  @Flag(name: .customLong("report-peak-memory"), help: .hidden)
  var reportPeakMemory = false

  func run() async throws {
    let url = try HubConnectionOptions.url(hub: hub)
    let environment = ProcessInfo.processInfo.environment
    guard let key = environment["TENSORBRIDGE_CLIENT_KEY"] ?? environment["TENSORBRIDGE_HUB_KEY"], !key.isEmpty else {
      throw CLIFailure(
        "set TENSORBRIDGE_CLIENT_KEY to a client key (create one with `tensorbridge hub keys create --data DIR --scope client`)"
      )
    }
    let keys = try trustedKeys.flatMap(VerifyCommand.publicKeys)
    let downloader = ModelDownloader(
      configuration: ModelDownloaderConfiguration(
        hubURL: url, clientKey: key, directory: store.directoryURL, installationID: installationID,
        signatureVerification: ModelSignatureVerification(trustedKeys: keys)))
    let conditions = ModelDownloadConditions(allowsCellularAccess: !noCellular)
    let (name, type) = (self.name, self.type)
    let bar = ProgressBar(name: name)
    let events = downloader.events  // subscribed before the first call, so no event is missed
    let watcher = Task {
      for await event in events { bar.show(event) }
    }
    let outcome: Result<CustomModel, ModelDownloaderError>
    do {
      let model = try await downloader.getModel(
        name: name, alias: alias, downloadType: type.downloadType, conditions: conditions)
      if type == .background {
        // A one-shot command waits for the background update it started before exiting.
        _ = try? await downloader.getModel(name: name, alias: alias, downloadType: .latestModel, conditions: conditions)
      }
      outcome = .success(model)
    } catch let error as ModelDownloaderError {
      outcome = .failure(error)
    } catch {
      watcher.cancel()
      throw error
    }
    // The downloader sent every event of these calls before they returned. Cancelling ends the
    // stream after what it holds, so the bar draws all of it, and closes its line, before the
    // command prints anything else (or exits).
    watcher.cancel()
    await watcher.value
    bar.finish()
    let model: CustomModel
    switch outcome {
    case .success(let value): model = value
    case .failure(let error): throw CLIFailure(error.description)
    }
    if json {
      try HubJSON.encoder().printJSON(model)
    } else {
      print(model.path)
    }
    if reportPeakMemory, let peak = PeakMemory.kilobytes() {
      FileHandle.standardError.write(Data("peak-memory-kb: \(peak)\n".utf8))
    }
  }
}
