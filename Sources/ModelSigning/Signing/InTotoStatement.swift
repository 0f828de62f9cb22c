import Foundation

/// The in-toto Statement v1 that model-signing signs: one subject (the model name and the root
/// digest) and a predicate listing the serialization and the resources (``ModelSigningFormat``).
enum InTotoStatement {
  /// The statement's JSON for `manifest`.
  static func payload(for manifest: ModelSigningManifest) -> Data {
    let statement = Statement(
      type: ModelSigningFormat.statementType,
      subject: [Subject(name: manifest.modelName, digest: ["sha256": HexDigest.string(manifest.rootDigest)])],
      predicateType: ModelSigningFormat.predicateType,
      predicate: Predicate(
        serialization: SerializationFields(
          method: ModelSigningFormat.filesMethod, hashType: manifest.serialization.digestAlgorithm.rawValue,
          allowSymlinks: manifest.serialization.allowSymlinks,
          ignorePaths: manifest.serialization.ignorePaths.isEmpty ? nil : manifest.serialization.ignorePaths),
        resources: manifest.resources.map {
          ResourceFields(
            name: $0.name, algorithm: manifest.serialization.digestAlgorithm.rawValue, digest: $0.digestHex)
        }))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Strings, booleans and arrays only: encoding cannot fail.
    return (try? encoder.encode(statement)) ?? Data()
  }

  /// The manifest a verified payload describes.
  /// - Throws: ``ModelSignatureError`` naming the field or the type that is wrong, or
  ///   ``ModelSignatureError/inconsistentManifest(expected:actual:)``.
  static func manifest(fromPayload payload: Data) throws(ModelSignatureError) -> ModelSigningManifest {
    let header = try decode(Header.self, payload)
    guard header.type == ModelSigningFormat.statementType else { throw .wrongStatementType(header.type) }
    guard header.predicateType == ModelSigningFormat.predicateType else {
      throw .wrongPredicateType(header.predicateType)
    }
    let method = try decode(MethodOnly.self, payload).predicate.serialization
    guard method.method == ModelSigningFormat.filesMethod else {
      throw .unsupportedSerialization(field: "predicate.serialization.method", value: method.method)
    }
    let statement = try decode(Statement.self, payload)
    guard statement.subject.count == 1, let subject = statement.subject.first else {
      throw .subjectCount(statement.subject.count)
    }
    let serialization = statement.predicate.serialization
    guard let algorithm = ModelSigningManifest.DigestAlgorithm(rawValue: serialization.hashType) else {
      throw .unsupportedSerialization(field: "predicate.serialization.hash_type", value: serialization.hashType)
    }
    var resources: [ModelSigningManifest.Resource] = []
    var names = Set<String>()
    for (index, fields) in statement.predicate.resources.enumerated() {
      guard fields.algorithm == algorithm.rawValue else {
        throw .unsupportedSerialization(field: "predicate.resources[\(index)].algorithm", value: fields.algorithm)
      }
      guard let digest = HexDigest.sha256(fields.digest) else {
        throw .malformedStatement(field: "predicate.resources[\(index)].digest", problem: "not 64 hex digits")
      }
      guard names.insert(fields.name).inserted else { throw .duplicateResource(fields.name) }
      resources.append(ModelSigningManifest.Resource(name: fields.name, digest: digest))
    }
    let manifest = ModelSigningManifest(
      modelName: subject.name, orderedResources: resources,
      serialization: ModelSigningManifest.Serialization(
        allowSymlinks: serialization.allowSymlinks, ignorePaths: serialization.ignorePaths ?? [],
        digestAlgorithm: algorithm))
    guard let expected = subject.digest["sha256"] else {
      throw .malformedStatement(field: "subject[0].digest.sha256", problem: "missing")
    }
    let actual = HexDigest.string(manifest.rootDigest)
    guard expected.lowercased() == actual else { throw .inconsistentManifest(expected: expected, actual: actual) }
    return manifest
  }

  private static func decode<T: Decodable>(_ type: T.Type, _ payload: Data) throws(ModelSignatureError) -> T {
    do {
      return try JSONDecoder().decode(type, from: payload)
    } catch let error as DecodingError {
      let (field, problem) = DecodingFailure.describe(error)
      throw .malformedStatement(field: field, problem: problem)
    } catch {
      throw .malformedStatement(field: "(document)", problem: String(describing: error))
    }
  }

  // MARK: JSON shapes

  private struct Header: Decodable {
    var type: String
    var predicateType: String
    enum CodingKeys: String, CodingKey { case type = "_type", predicateType }
  }

  private struct MethodOnly: Decodable {
    struct PredicateMethod: Decodable { var serialization: Method }
    struct Method: Decodable { var method: String }
    var predicate: PredicateMethod
  }

  private struct Statement: Codable {
    var type: String
    var subject: [Subject]
    var predicateType: String
    var predicate: Predicate
    enum CodingKeys: String, CodingKey { case type = "_type", subject, predicateType, predicate }
  }

  private struct Subject: Codable {
    var name: String
    var digest: [String: String]
  }

  private struct Predicate: Codable {
    var serialization: SerializationFields
    var resources: [ResourceFields]
  }

  private struct SerializationFields: Codable {
    var method: String
    var hashType: String
    var allowSymlinks: Bool
    var ignorePaths: [String]?
    enum CodingKeys: String, CodingKey {
      case method, hashType = "hash_type", allowSymlinks = "allow_symlinks", ignorePaths = "ignore_paths"
    }
  }

  private struct ResourceFields: Codable {
    var name: String
    var algorithm: String
    var digest: String
  }
}
