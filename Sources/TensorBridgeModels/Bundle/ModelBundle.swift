import Foundation
import TFLiteFormat
import TensorBridge

/// A model and its description: a Tensor/IO `.tiobundle` folder (`model.json`, the model file it
/// names, `assets/`), read as-is.
///
/// ```swift
/// let bundle = try ModelBundle(contentsOf: URL(fileURLWithPath: "mobilenet.tiobundle"))
/// let model = try Model(bundle: bundle)
/// ```
public struct ModelBundle: Sendable {
  /// The bundle folder.
  public let folder: URL
  /// The description, labels loaded.
  public let description: ModelDescription
  /// The model file inside the bundle.
  public let modelFile: URL
  /// The model as read and verified while opening the bundle (to describe it, or to look for
  /// TFLite metadata next to `model.json`), so that ``Model/init(bundle:options:)`` compiles it
  /// without reading or verifying it again; `nil` when it could not be read or verified here
  /// (then ``Model`` reads it and reports why).
  public let verifiedModel: TFLiteModel?

  /// The folder extensions Tensor/IO's validator accepts for a bundle: `tiobundle`, and the
  /// deprecated `tfbundle` it still reads.
  public static let folderExtensions = ["tiobundle", "tfbundle"]

  /// Whether this is a placeholder bundle (`"placeholder": true`) whose model file has not
  /// arrived: it describes the model, and ``Model/init(bundle:options:)`` says which file is
  /// missing.
  public var isAwaitingModelFile: Bool {
    description.placeholder
      && (description.model.file.isEmpty || !FileManager.default.fileExists(atPath: modelFile.path))
  }

  /// The name of the description file in a bundle folder.
  public static let descriptionFileName = "model.json"
  /// The folder inside a bundle holding labels and other assets.
  public static let assetsFolderName = "assets"

  /// Reads and checks a bundle folder: JSON syntax, every field, the model file and labels.
  /// Problems are collected and thrown together.
  public init(contentsOf folder: URL) throws(ModelBundleError) {
    let (description, modelFile, verifiedModel, problems) = try Self.read(folder)
    guard problems.isEmpty, let description, let modelFile else { throw .invalidDescription(problems) }
    self.folder = folder
    self.description = description
    self.modelFile = modelFile
    self.verifiedModel = verifiedModel
  }

  /// A plain `.tflite` as a bundle: the description is derived from the model itself (its
  /// tensors, and its TFLite metadata when it has some), so no `model.json` is needed.
  ///
  /// The file is read and verified once, and kept as ``verifiedModel``; describing it compiles
  /// nothing (the runtime first sees the model in ``Model/init(bundle:options:)``).
  ///
  /// - Throws: ``ModelBundleError/unreadable(path:reason:)`` when the file cannot be read or is
  ///   not a valid model; ``ModelBundleError/invalidDescription(_:)`` for bad metadata.
  public init(modelFile: URL) throws(ModelBundleError) {
    let model: TFLiteModel
    do { model = try TFLiteModel(modelPath: modelFile.path) } catch {
      throw .unreadable(path: modelFile.path, reason: error.description)
    }
    try self.init(model: model, modelFile: modelFile)
  }

  /// A plain `.tflite` already read and verified (e.g. to inspect it first), as a bundle; see
  /// ``init(modelFile:)``. `modelFile` names the model in the description.
  public init(model: TFLiteModel, modelFile: URL) throws(ModelBundleError) {
    folder = modelFile.deletingLastPathComponent()
    self.modelFile = modelFile
    description = try DescriptionDerivation.describe(model, modelFile: modelFile)
    verifiedModel = model
  }

  /// A plain `.tflite` as a bundle; the options are not needed to describe a model any more
  /// (see ``init(modelFile:)``) and are ignored.
  @available(
    *, deprecated, message: "describing compiles nothing now; use init(modelFile:) and pass the options to Model"
  )
  public init(modelFile: URL, options: Interpreter.Options) throws(ModelBundleError) {
    try self.init(modelFile: modelFile)
  }

  /// A bundle folder, or a plain `.tflite` file (see ``init(modelFile:)``).
  ///
  /// - Throws: ``ModelBundleError/unreadable(path:reason:)`` naming `url` itself when nothing is
  ///   there (neither a model file nor a bundle folder), or naming its `model.json` when `url`
  ///   is a folder without one; otherwise what ``init(modelFile:)`` or ``init(contentsOf:)`` throw.
  public static func open(_ url: URL) throws(ModelBundleError) -> ModelBundle {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      throw .unreadable(
        path: url.path,
        reason: "no such file or folder: a model is a .tflite file or a bundle folder with \(descriptionFileName)")
    }
    if !isDirectory.boolValue {
      return try ModelBundle(modelFile: url)
    }
    let jsonPath = url.appendingPathComponent(descriptionFileName).path
    guard FileManager.default.fileExists(atPath: jsonPath) else {
      throw .unreadable(
        path: jsonPath, reason: "\(url.path) is a folder but not a bundle: it has no \(descriptionFileName)")
    }
    return try ModelBundle(contentsOf: url)
  }

  /// A bundle folder or a plain `.tflite`; the options are ignored (see ``open(_:)``).
  @available(*, deprecated, message: "describing compiles nothing now; use open(_:) and pass the options to Model")
  public static func open(_ url: URL, options: Interpreter.Options) throws(ModelBundleError) -> ModelBundle {
    try open(url)
  }

  /// Every problem with a bundle at once: the folder's extension (Tensor/IO's validator rule,
  /// ``folderExtensions``), description fields, files, and — when the model loads — the
  /// description checked against the model. Empty when the bundle is good. A placeholder
  /// bundle whose model file has not arrived is checked without its model.
  public static func validate(_ folder: URL, options: Interpreter.Options = Interpreter.Options()) -> [BundleProblem] {
    let description: ModelDescription?
    let modelFile: URL?
    let verifiedModel: TFLiteModel?
    var problems: [BundleProblem] = []
    if !folderExtensions.contains(folder.pathExtension) {
      let name = folder.lastPathComponent
      problems.append(
        BundleProblem(name, "a bundle folder needs a bundle extension (.tiobundle, or the deprecated .tfbundle)"))
    }
    do {
      let found: [BundleProblem]
      (description, modelFile, verifiedModel, found) = try read(folder)
      problems += found
    } catch { return problems + error.problems }
    guard let description, let modelFile, !description.model.file.isEmpty,
      FileManager.default.fileExists(atPath: modelFile.path)
    else { return problems }
    do {
      let model: TFLiteModel
      if let verifiedModel { model = verifiedModel } else { model = try TFLiteModel(modelPath: modelFile.path) }
      let interpreter = try Interpreter(model: model, options: options)
      problems += DescriptionCheck.problems(description, interpreter: interpreter)
    } catch {
      problems.append(BundleProblem("model.file", "\(description.model.file) cannot be loaded: \(error.description)"))
    }
    return problems
  }

  private static func read(_ folder: URL) throws(ModelBundleError) -> (
    ModelDescription?, URL?, TFLiteModel?, [BundleProblem]
  ) {
    let jsonURL = folder.appendingPathComponent(descriptionFileName)
    let data: Data
    do { data = try Data(contentsOf: jsonURL) } catch {
      throw .unreadable(path: jsonURL.path, reason: fileErrorReason(error))
    }
    let root: JSONValue
    do { root = try JSONValue.parse(data) } catch {
      throw .invalidJSON(path: jsonURL.path, reason: Self.reason(error))
    }
    var parser = DescriptionParser()
    guard var description = parser.parse(root) else { return (nil, nil, nil, parser.problems) }
    if ModelBackend(rawValue: description.model.backend)?.runs == false {
      throw .unsupported(
        path: "model.backend",
        reason: "\"tensorflow\" models do not run in TensorBridge; convert the SavedModel to TensorFlow Lite "
          + "(tf.lite.TFLiteConverter.from_saved_model) and set \"backend\": \"tflite\"")
    }
    var problems: [BundleProblem] = []
    // A placeholder naming no file yet stands for the folder; Model says the file is missing.
    let awaitsFile = description.placeholder && description.model.file.isEmpty
    let modelFile =
      awaitsFile ? folder : resolve(description.model.file, in: folder, path: "model.file", problems: &problems)
    if let modelFile, !description.placeholder, !FileManager.default.fileExists(atPath: modelFile.path) {
      problems.append(
        BundleProblem("model.file", "\"\(description.model.file)\" does not exist in \(folder.lastPathComponent)"))
    }
    for index in description.outputs.indices {
      guard let name = description.outputs[index].labelsFile else { continue }
      let path = "outputs[\(index)].labels"
      guard let url = resolve("\(assetsFolderName)/\(name)", in: folder, path: path, problems: &problems) else {
        continue
      }
      do {
        description.outputs[index].labels = try Labels.parse(try Data(contentsOf: url), file: url.path)
      } catch let error as ModelBundleError {
        problems.append(BundleProblem(path, error.problems.first?.message ?? error.description))
      } catch {
        problems.append(BundleProblem(path, "\(assetsFolderName)/\(name) cannot be read: \(fileErrorReason(error))"))
      }
    }
    for index in description.inputs.indices {
      guard let name = description.inputs[index].text?.vocabularyFile else { continue }
      let path = "inputs[\(index)].vocabulary"
      guard let url = resolve("\(assetsFolderName)/\(name)", in: folder, path: path, problems: &problems) else {
        continue
      }
      do { description.inputs[index].text?.vocabulary = try Data(contentsOf: url) } catch {
        problems.append(BundleProblem(path, "\(assetsFolderName)/\(name) cannot be read: \(fileErrorReason(error))"))
      }
    }
    var verifiedModel: TFLiteModel?
    if problems.isEmpty, !awaitsFile, let modelFile, FileManager.default.fileExists(atPath: modelFile.path) {
      let merged: ModelDescription?
      (merged, verifiedModel) = metadataMerged(description, modelFile: modelFile, problems: &problems)
      if let merged { description = merged }
    }
    return (description, modelFile, verifiedModel, problems)
  }

  /// The JSON description with what the model's TFLite metadata adds (JSON wins, field by
  /// field), or `nil` when the model has no metadata or cannot be read here; and the model read
  /// and verified to find out, for ``Model`` to compile without reading it again.
  private static func metadataMerged(
    _ description: ModelDescription, modelFile: URL, problems: inout [BundleProblem]
  ) -> (ModelDescription?, TFLiteModel?) {
    guard let model = try? TFLiteModel(modelPath: modelFile.path) else { return (nil, nil) }
    guard model.metadata(named: "TFLITE_METADATA") != nil else { return (nil, model) }
    do {
      LoadObserver.record(.describe)
      guard let derived = try MetadataDerivation.describe(model, tensors: ModelTensors(model), modelFile: modelFile)
      else { return (nil, model) }
      return (MetadataDerivation.merge(json: description, metadata: derived), model)
    } catch {
      problems += error.problems
      return (nil, model)
    }
  }

  /// A file named by the description, refusing absolute paths and paths leaving the bundle.
  private static func resolve(_ name: String, in folder: URL, path: String, problems: inout [BundleProblem]) -> URL? {
    let components = name.split(separator: "/")
    guard !name.hasPrefix("/"), !components.contains(".."), !name.isEmpty else {
      problems.append(BundleProblem(path, "\"\(name)\" must be a file inside the bundle"))
      return nil
    }
    return folder.appendingPathComponent(name)
  }

  private static func reason(_ error: any Error) -> String {
    if case DecodingError.dataCorrupted(let context) = error {
      let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
      return underlying ?? context.debugDescription
    }
    return String(describing: error)
  }
}
