import Foundation
import ModelHubAPI

/// The model list's paging, the same on every metadata store: a page size within
/// ``HubLimits/pageSize`` and an opaque token naming the last model of the previous page (its name,
/// base64), so a page starts after that name.
enum HubModelPaging {
  /// The name a page starts after ("" for the first page), after checking `pageSize` and `pageToken`.
  static func start(pageSize: Int, pageToken: String?) throws -> String {
    guard (1...HubLimits.pageSize).contains(pageSize) else {
      throw HubError.invalidArgument("pageSize must be between 1 and \(HubLimits.pageSize).")
    }
    guard let pageToken else { return "" }
    guard let data = Data(base64Encoded: pageToken), let name = String(data: data, encoding: .utf8),
      HubName.isValid(name)
    else { throw HubError.invalidArgument("pageToken is not one this hub issued.") }
    return name
  }

  /// The token of the page after `page` (the last name on it), when more than a page was read.
  static func nextToken(readCount: Int, pageSize: Int, lastName: String?) -> String? {
    readCount > pageSize ? lastName.map { Data($0.utf8).base64EncodedString() } : nil
  }
}
