import Foundation
import ModelHubAPI
import Mustache

/// The console's templates, script and style sheet, read once from the ModelHub target's
/// resources (`Console/Resources`). Templates are rendered with HTML escaping (`{{ }}`); no
/// template uses the unescaped forms, so user-supplied text (names, tags, tensor names) is
/// always escaped.
struct ConsoleTemplates: Sendable {
  /// A static file served under `/console/static/`.
  struct Asset: Sendable {
    var contentType: String
    var bytes: [UInt8]
  }

  private let library: MustacheLibrary
  /// The static files by name (`console.js`, `console.css`).
  let assets: [String: Asset]

  /// Loads every `*.mustache` template and every static file.
  /// - Throws: ``ConsoleError/resourcesMissing(_:)`` or ``ConsoleError/templateInvalid(name:reason:)``.
  init() throws(ConsoleError) {
    guard let root = ResourceBundle.named("ModelHub")?.url(forResource: "Resources", withExtension: nil) else {
      throw .resourcesMissing("the Console/Resources folder: " + ResourceBundle.missing("ModelHub"))
    }
    let manager = FileManager.default
    let templatesFolder = root.appendingPathComponent("templates")
    guard let names = try? manager.contentsOfDirectory(atPath: templatesFolder.path) else {
      throw .resourcesMissing(templatesFolder.path)
    }
    var templates: [String: MustacheTemplate] = [:]
    for file in names where file.hasSuffix(".mustache") {
      let name = String(file.dropLast(".mustache".count))
      guard let text = try? String(contentsOf: templatesFolder.appendingPathComponent(file), encoding: .utf8) else {
        throw .resourcesMissing(file)
      }
      do { templates[name] = try MustacheTemplate(string: text) } catch {
        throw .templateInvalid(name: name, reason: "\(error)")
      }
    }
    library = MustacheLibrary(templates: templates)
    var assets: [String: Asset] = [:]
    let types = ["js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8"]
    let staticFolder = root.appendingPathComponent("static")
    for file in (try? manager.contentsOfDirectory(atPath: staticFolder.path)) ?? [] {
      guard let type = types[(file as NSString).pathExtension],
        let data = manager.contents(atPath: staticFolder.appendingPathComponent(file).path)
      else { continue }
      assets[file] = Asset(contentType: type, bytes: Array(data))
    }
    self.assets = assets
  }

  /// Renders template `name` with `page`.
  /// - Throws: ``ConsoleError/templateMissing(_:)`` when there is no such template.
  func render(_ name: String, _ page: Any) throws(ConsoleError) -> String {
    guard let html = library.render(page, withTemplate: name) else { throw .templateMissing(name) }
    return html
  }
}
