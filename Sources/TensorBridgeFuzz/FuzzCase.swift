import Foundation
import TensorBridge

/// A model file the fuzzer mutates: its path, display name and bytes.
public struct FuzzSeedModel: Sendable {
  /// The file's path, as given.
  public let path: String
  /// The file's contents.
  public let bytes: [UInt8]

  /// A seed model from bytes already read (`path` names it in reports and crasher files).
  public init(path: String, bytes: [UInt8]) {
    self.path = path
    self.bytes = bytes
  }

  /// The file name, e.g. `linear.tflite`.
  public var name: String { URL(fileURLWithPath: path).lastPathComponent }
  /// The file name without its extension, e.g. `linear` (used in crasher file names).
  public var stem: String { URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent }

  /// Reads every file in `paths`, in order.
  /// - Throws: ``FuzzError/cannotReadModel(path:underlying:)`` for the first file that cannot be read.
  public static func load(_ paths: [String]) throws(FuzzError) -> [FuzzSeedModel] {
    var models: [FuzzSeedModel] = []
    for path in paths {
      do {
        let data = try FileContents.read(URL(fileURLWithPath: path))
        models.append(FuzzSeedModel(path: path, bytes: [UInt8](data)))
      } catch {
        throw .cannotReadModel(path: path, underlying: error)
      }
    }
    return models
  }
}

/// One fuzz case: which model it came from and the bytes to load.
///
/// Case `index` of a campaign is a pure function of the seed, the index and the list of model
/// files, so the parent and any worker regenerate exactly the same bytes.
public struct FuzzCase: Sendable {
  /// The case number within the campaign.
  public let index: Int
  /// Position of the source model in the campaign's model list.
  public let modelIndex: Int
  /// The bytes handed to `Interpreter(modelData:)`.
  public let bytes: [UInt8]
  /// What was done to the source model, in one line.
  public let mutation: String

  /// Case `index` of the campaign with `seed` over `models` (round-robin over the models, so
  /// each gets the same share; the splice donor is another model chosen at random).
  /// - Returns: The case, or `nil` when `models` is empty.
  public static func make(seed: UInt64, index: Int, models: [FuzzSeedModel]) -> FuzzCase? {
    guard !models.isEmpty else { return nil }
    var random = FuzzRandom(seed: seed, caseIndex: index)
    let modelIndex = index % models.count
    let donorIndex = random.below(models.count)
    let result = FuzzMutator.mutate(
      models[modelIndex].bytes, donor: models[donorIndex].bytes, donorName: models[donorIndex].name,
      random: &random)
    return FuzzCase(index: index, modelIndex: modelIndex, bytes: result.bytes, mutation: result.description)
  }

  /// Replay case `index`: the file `models[index]` unchanged.
  /// - Returns: The case, or `nil` when `index` is not a position in `models`.
  public static func replay(index: Int, models: [FuzzSeedModel]) -> FuzzCase? {
    guard models.indices.contains(index) else { return nil }
    return FuzzCase(index: index, modelIndex: index, bytes: models[index].bytes, mutation: "replay unchanged")
  }
}
