import Foundation
import ModelHubAPI

/// The models page: search by name (substring, case-insensitive) and tag, sort, paging.
struct ModelsPage: Sendable {
  /// One row of the table.
  struct Row: Sendable {
    var name: String
    var displayName: String
    var tags: [String]
    var latestVersion: String
    var latestPublishedVersion: String
    var updated: String
  }

  /// A sort order offered in the form.
  struct SortOption: Sendable {
    var value: String
    var label: String
    var selected: Bool
  }

  /// How many models a page shows.
  static let pageSize = 20
  static let sorts = [("name", "Name"), ("updated", "Last updated"), ("versions", "Most versions")]

  var frame: ConsoleFrame
  var query: String
  var tag: String
  var sortOptions: [SortOption]
  var rows: [Row]
  var total: Int
  var pageNumber: Int
  var pageCount: Int
  var previousHref: String?
  var nextHref: String?
  var isEmpty: Bool

  /// Filters, sorts and cuts one page out of `models`.
  init(frame: ConsoleFrame, models: [HubModel], query: String, tag: String, sort: String, page: Int) {
    self.frame = frame
    self.query = query
    self.tag = tag
    let sort = Self.sorts.contains { $0.0 == sort } ? sort : "name"
    sortOptions = Self.sorts.map { SortOption(value: $0.0, label: $0.1, selected: $0.0 == sort) }
    let needle = query.lowercased()
    var matching = models.filter { model in
      (needle.isEmpty || model.name.lowercased().contains(needle) || model.displayName.lowercased().contains(needle))
        && (tag.isEmpty || model.tags.contains(tag))
    }
    switch sort {
    case "updated": matching.sort { ($0.updateTime, $0.name) > ($1.updateTime, $1.name) }
    case "versions": matching.sort { ($0.latestVersion ?? 0, $1.name) > ($1.latestVersion ?? 0, $0.name) }
    default: matching.sort { $0.name < $1.name }
    }
    total = matching.count
    pageCount = max(1, (matching.count + Self.pageSize - 1) / Self.pageSize)
    pageNumber = min(max(1, page), pageCount)
    rows = matching.dropFirst((pageNumber - 1) * Self.pageSize).prefix(Self.pageSize).map { model in
      Row(
        name: model.name, displayName: model.displayName, tags: model.tags,
        latestVersion: model.latestVersion.map(String.init) ?? "none",
        latestPublishedVersion: model.latestPublishedVersion.map(String.init) ?? "none",
        updated: ConsoleFormat.time(model.updateTime))
    }
    isEmpty = rows.isEmpty
    func href(_ number: Int) -> String {
      var items = [URLQueryItem(name: "page", value: String(number)), URLQueryItem(name: "sort", value: sort)]
      if !query.isEmpty { items.append(URLQueryItem(name: "q", value: query)) }
      if !tag.isEmpty { items.append(URLQueryItem(name: "tag", value: tag)) }
      var components = URLComponents()
      components.path = "/console/models"
      components.queryItems = items
      return components.string ?? "/console/models"
    }
    previousHref = pageNumber > 1 ? href(pageNumber - 1) : nil
    nextHref = pageNumber < pageCount ? href(pageNumber + 1) : nil
  }
}
