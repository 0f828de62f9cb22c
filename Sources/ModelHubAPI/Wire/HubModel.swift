import Foundation

/// A model hosted by ModelHub: a name under which versions are uploaded, as in Firebase ML.
public struct HubModel: Codable, Sendable, Equatable {
  /// The model's identifier, matching `^[A-Za-z0-9_-]{1,60}$`.
  public var name: String
  /// A human-readable name.
  public var displayName: String
  /// Free-form labels used to filter listings.
  public var tags: [String]
  /// When the model was created.
  public var createTime: Date
  /// When the model, one of its versions or its rollout last changed.
  public var updateTime: Date
  /// Changes whenever ``updateTime`` does; send it as `If-Match` to update safely.
  public var etag: String
  /// The highest version number uploaded, if any.
  public var latestVersion: Int?
  /// The highest published version number, if any: what clients get without a rollout.
  public var latestPublishedVersion: Int?

  /// Creates a model description.
  public init(
    name: String, displayName: String, tags: [String], createTime: Date, updateTime: Date,
    etag: String, latestVersion: Int?, latestPublishedVersion: Int?
  ) {
    self.name = name
    self.displayName = displayName
    self.tags = tags
    self.createTime = createTime
    self.updateTime = updateTime
    self.etag = etag
    self.latestVersion = latestVersion
    self.latestPublishedVersion = latestPublishedVersion
  }
}

/// The body of `POST /v1/models`.
public struct HubCreateModelRequest: Codable, Sendable, Equatable {
  /// The new model's name, matching `^[A-Za-z0-9_-]{1,60}$`.
  public var name: String
  /// A human-readable name (defaults to `name`).
  public var displayName: String?
  /// Labels (defaults to none).
  public var tags: [String]?

  /// Creates a request.
  public init(name: String, displayName: String? = nil, tags: [String]? = nil) {
    self.name = name
    self.displayName = displayName
    self.tags = tags
  }
}

/// The body of `PATCH /v1/models/{name}`: the fields present are replaced.
public struct HubUpdateModelRequest: Codable, Sendable, Equatable {
  /// A new display name.
  public var displayName: String?
  /// A new set of tags.
  public var tags: [String]?

  /// Creates a request.
  public init(displayName: String? = nil, tags: [String]? = nil) {
    self.displayName = displayName
    self.tags = tags
  }
}

/// A page of `GET /v1/models`.
public struct HubModelPage: Codable, Sendable, Equatable {
  /// The models on this page, ordered by name.
  public var models: [HubModel]
  /// Pass as `pageToken` to get the next page; absent on the last page.
  public var nextPageToken: String?

  /// Creates a page.
  public init(models: [HubModel], nextPageToken: String?) {
    self.models = models
    self.nextPageToken = nextPageToken
  }
}
