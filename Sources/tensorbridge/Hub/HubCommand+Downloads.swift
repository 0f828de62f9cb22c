import ArgumentParser
import Foundation
import ModelHubAPI

extension HubCommand {
  /// `tensorbridge hub downloads NAME [--days N]`: download answers per version per UTC day.
  struct Downloads: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "downloads",
      abstract: "Show how many times each version of a model was handed out, per UTC day (what the console charts).")

    @Argument(help: "The model's name.")
    var name: String

    @Option(name: .long, help: "How many days to cover, ending today (1-366).")
    var days = 30

    @OptionGroup var connection: HubConnectionOptions

    func validate() throws {
      guard (1...366).contains(days) else { throw ValidationError("--days must be between 1 and 366") }
    }

    func run() async throws {
      let client = try connection.client()
      let (counts, raw) = try await client.send(
        HubAPI.getDownloadCounts, ["name": name], query: [URLQueryItem(name: "days", value: String(days))],
        as: HubDownloadCounts.self)
      connection.report(raw) {
        guard !counts.days.isEmpty else {
          print("no downloads of \(counts.model) since \(counts.since)")
          return
        }
        var totals: [Int: Int] = [:]
        for entry in counts.days {
          print("\(entry.day)  v\(entry.version)  \(entry.count)")
          totals[entry.version, default: 0] += entry.count
        }
        let summary = totals.keys.sorted().map { "v\($0) \(totals[$0] ?? 0)" }.joined(separator: ", ")
        print("total since \(counts.since): \(summary)")
      }
    }
  }
}
