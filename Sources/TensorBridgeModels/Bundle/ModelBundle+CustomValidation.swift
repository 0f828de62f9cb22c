import Foundation
import TensorBridge

extension ModelBundle {
  /// A check of your own for ``validate(_:options:custom:)``: given the bundle folder and its
  /// parsed `model.json` (fields TensorBridge does not read included), the problems it finds;
  /// none means the bundle passes it. Tensor/IO's validator takes the same kind of block.
  public typealias CustomCheck = @Sendable (_ folder: URL, _ json: JSONValue) -> [BundleProblem]

  /// Every problem ``validate(_:options:)`` finds, then those `custom` finds. `custom` runs
  /// whenever `model.json` can be read and parsed as JSON, so that its problems are reported
  /// together with the built-in ones.
  public static func validate(
    _ folder: URL, options: Interpreter.Options = Interpreter.Options(), custom: CustomCheck
  ) -> [BundleProblem] {
    let problems = validate(folder, options: options)
    let jsonURL = folder.appendingPathComponent(descriptionFileName)
    guard let data = try? Data(contentsOf: jsonURL), let json = try? JSONValue.parse(data) else { return problems }
    return problems + custom(folder, json)
  }
}
