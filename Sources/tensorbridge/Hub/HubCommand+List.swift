import ArgumentParser
import Foundation
import ModelHubAPI

extension HubCommand {
  /// `tensorbridge hub list [--tag T]`: every model (all pages).
  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the hub's models.")

    @Option(name: .long, help: "Only models with this tag.")
    var tag: String?

    @OptionGroup var connection: HubConnectionOptions

    func run() async throws {
      let client = try connection.client()
      var models: [HubModel] = []
      var token: String?
      repeat {
        var query = [URLQueryItem(name: "pageSize", value: "100")]
        if let tag { query.append(URLQueryItem(name: "tag", value: tag)) }
        if let token { query.append(URLQueryItem(name: "pageToken", value: token)) }
        let (page, _) = try await client.send(HubAPI.listModels, query: query, as: HubModelPage.self)
        models += page.models
        token = page.nextPageToken
      } while token != nil
      connection.report(try HubJSON.encoder().encode(HubModelPage(models: models, nextPageToken: nil))) {
        for model in models {
          let published = model.latestPublishedVersion.map { "published v\($0)" } ?? "not published"
          let latest = model.latestVersion.map { "latest v\($0)" } ?? "no versions"
          let tags = model.tags.isEmpty ? "" : "  [\(model.tags.joined(separator: ","))]"
          print("\(model.name)  \(latest), \(published)\(tags)")
        }
      }
    }
  }
}
