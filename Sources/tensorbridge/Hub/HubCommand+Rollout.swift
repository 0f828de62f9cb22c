import ArgumentParser
import Foundation
import ModelHubAPI

extension HubCommand {
  /// `tensorbridge hub rollout NAME 3=10 stable=90 [--rules FILE.json] [--clear]`.
  struct Rollout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "rollout",
      abstract: "Split a model's traffic between published versions or aliases (VERSION=PERCENT or ALIAS=PERCENT …).",
      discussion: """
        Installations are assigned by a hash of the model name and their installation id, so each \
        keeps its version while the split stays the same. A share given to an alias (canary=10) \
        follows the alias: `hub alias set` moves it without a new rollout; write an all-digit \
        alias as @2025. --rules adds targeting rules from a JSON array of {version or alias, \
        platforms, minAppVersion, maxAppVersion, installationIds}, checked first.
        """)

    @Argument(help: "The model's name.")
    var name: String

    @Argument(help: "VERSION=PERCENT or ALIAS=PERCENT pairs adding up to 100, e.g. 3=10 2=90 or canary=10 stable=90.")
    var split: [String] = []

    @Option(name: .long, help: "A JSON file with an array of targeting rules.")
    var rules: String?

    @Flag(name: .long, help: "Remove the rollout (serve the latest published version).")
    var clear = false

    @OptionGroup var connection: HubConnectionOptions

    func variants() throws -> [HubRollout.Variant] {
      try split.map { pair in
        let parts = pair.split(separator: "=", omittingEmptySubsequences: false)
        guard parts.count == 2, let target = HubRolloutTarget(label: parts[0]), let weight = Int(parts[1]) else {
          throw ValidationError("'\(pair)' is not VERSION=PERCENT or ALIAS=PERCENT")
        }
        return HubRollout.Variant(target, weight: weight)
      }
    }

    func validate() throws {
      _ = try variants()
      if !clear && split.isEmpty && rules == nil {
        throw ValidationError("give VERSION=PERCENT pairs, --rules or --clear")
      }
    }

    func run() async throws {
      let client = try connection.client()
      if clear {
        _ = try await client.send(HubAPI.deleteRollout, ["name": name], as: HubRollout.self)
        print("\(name): rollout removed")
        return
      }
      var ruleList: [HubRollout.Rule] = []
      if let rules {
        let data = try CLIFailure.read("rules file", at: rules)
        do { ruleList = try HubJSON.decoder().decode([HubRollout.Rule].self, from: data) } catch {
          throw CLIFailure("\(rules) is not a JSON array of rules: \(error)")
        }
      }
      let rollout = HubRollout(variants: try variants(), rules: ruleList)
      let (result, raw) = try await client.send(
        HubAPI.setRollout, ["name": name], body: try HubJSON.encoder().encode(rollout), as: HubRollout.self)
      connection.report(raw) {
        let summary = result.variants.map { variant -> String in
          switch variant.target {
          case .version(let number)?: "v\(number) \(variant.weight)%"
          case .alias(let alias)?: "\(alias) \(variant.weight)%"
          case nil: "? \(variant.weight)%"
          }
        }.joined(separator: ", ")
        print(
          "\(name): \(summary.isEmpty ? "no variants" : summary)\(result.rules.isEmpty ? "" : ", \(result.rules.count) rules")"
        )
      }
    }
  }
}
