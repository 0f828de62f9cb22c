import Foundation
import TensorBridgeDelivery
import TensorBridgeModels
import TestSupport
import XCTest

/// A Tensor/IO placeholder bundle (`"placeholder": true`, no model file) filled by
/// `ModelDownloader`: the model is deployed on a real loopback hub under the bundle's `id`,
/// downloaded into the local store, and the bundle runs on the stored file — also later, with
/// the hub gone, from `listDownloadedModels()`.
final class PlaceholderFillTests: XCTestCase {
  static let tensorio = TestPaths.fixtures.appendingPathComponent("tensorio")

  func testPlaceholderFilledByModelDownloaderRuns() async throws {
    let placeholder = try ModelBundle(contentsOf: Self.tensorio.appendingPathComponent("placeholder.tiobundle"))
    XCTAssertTrue(placeholder.isAwaitingModelFile)
    let name = try XCTUnwrap(placeholder.description.id)
    XCTAssertThrowsError(try Model(bundle: placeholder)) { error in
      guard case .placeholder? = error as? ModelError else { return XCTFail("\(error)") }
    }

    // The model Tensor/IO's placeholder stands for: y = 10x + 5 (one float in, one out).
    let modelData = try Data(
      contentsOf: Self.tensorio.appendingPathComponent("1_in_1_out_number_test.tiobundle/model.tflite"))
    let hub = try await TestHub.start(maxUploadBytes: 8 << 20)
    addTeardownBlock { await hub.stop() }
    let deployed = try await hub.deploy(name, modelData)
    let store = try Fixtures.temporaryDirectory("placeholder-store")
    let downloader = ModelDownloader(hubURL: hub.url, clientKey: hub.clientKey, directory: store)
    let downloaded = try await downloader.getModel(name: name, downloadType: .latestModel)
    XCTAssertEqual(downloaded.hash, deployed.modelHash)

    let filled = try ModelBundle(placeholder: placeholder, modelFile: downloaded.fileURL)
    XCTAssertFalse(filled.isAwaitingModelFile)
    XCTAssertEqual(filled.modelFile, downloaded.fileURL)
    XCTAssertEqual(filled.description.inputs.map(\.name), ["input_x"])
    let model = try Model(bundle: filled)
    XCTAssertEqual(try model.run(on: ["input_x": ModelValue.number(2)])["output_z"]?.scalar, 25)

    // Later, offline: the local store still has it.
    await hub.stop()
    let offline = ModelDownloader(hubURL: hub.url, clientKey: hub.clientKey, directory: store)
    let storedModels = await offline.listDownloadedModels()
    let stored = try XCTUnwrap(storedModels.first { $0.name == name })
    let again = try Model(bundle: ModelBundle(placeholder: placeholder, modelFile: stored.fileURL))
    XCTAssertEqual(try again.run(on: ModelValue.number(3))["output_z"]?.scalar, 35)
  }

  /// A file that is not there, a file that is not a model, and a bundle that is no placeholder
  /// are typed errors naming the file or the key.
  func testFillingRefusesWhatCannotBeFilled() throws {
    let placeholder = try ModelBundle(contentsOf: Self.tensorio.appendingPathComponent("placeholder.tiobundle"))
    let folder = try Fixtures.temporaryDirectory("placeholder-bad")
    let missing = folder.appendingPathComponent("absent.tflite")
    XCTAssertThrowsError(try ModelBundle(placeholder: placeholder, modelFile: missing)) { error in
      guard case .unreadable(let path, _)? = error as? ModelBundleError else { return XCTFail("\(error)") }
      XCTAssertEqual(path, missing.path)
    }
    let garbage = folder.appendingPathComponent("garbage.tflite")
    try Data("not a model".utf8).write(to: garbage)
    XCTAssertThrowsError(try ModelBundle(placeholder: placeholder, modelFile: garbage)) { error in
      guard case .unreadable(let path, _)? = error as? ModelBundleError else { return XCTFail("\(error)") }
      XCTAssertEqual(path, garbage.path)
    }
    let complete = try ModelBundle(
      contentsOf: Self.tensorio.appendingPathComponent("1_in_1_out_number_test.tiobundle"))
    XCTAssertThrowsError(try ModelBundle(placeholder: complete, modelFile: complete.modelFile)) { error in
      guard case .unsupported(let path, _)? = error as? ModelBundleError else { return XCTFail("\(error)") }
      XCTAssertEqual(path, "placeholder")
    }
  }
}
