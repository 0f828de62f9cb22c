import Foundation
import XCTest

@testable import TensorBridgeVision

/// Crop, resize (against Pillow), fit modes and their transforms.
final class GeometryTests: XCTestCase {
  func testResizeMatchesPillow() throws {
    let reference = try VisionFixtures.imageReference()
    let resizes = try XCTUnwrap(reference["resizes"] as? [[String: Any]])
    let photo = try PixelBuffer(contentsOf: VisionFixtures.image("photo_160x120.png"))
    XCTAssertEqual(photo.format, .rgb8)
    var reducedCount = 0
    for entry in resizes {
      let width = try XCTUnwrap(entry["width"] as? Int)
      let height = try XCTUnwrap(entry["height"] as? Int)
      let box = try XCTUnwrap(entry["box"] as? [Double])
      let filter: ResizeFilter = entry["filter"] as? String == "box" ? .area : .bilinear
      // Pillow's reducing_gap: absent means a direct resize.
      let gap = entry["reducing_gap"] as? Double
      let gray = entry["mode"] as? String == "L"
      let source = gray ? photo.converted(to: .gray8) : photo
      let region = ImageRect(x: box[0], y: box[1], width: box[2] - box[0], height: box[3] - box[1])
      let label = "\(filter) \(width)x\(height) from \(box) gap \(gap.map { "\($0)" } ?? "none")\(gray ? " gray" : "")"
      // Also through an odd stride and BGRA: the result must not depend on the layout.
      let resized = try source.resized(width: width, height: height, from: region, filter: filter, reducingGap: gap)
      if !gray {
        let viaBGRA = try photo.converted(to: .bgra8).resized(
          width: width, height: height, from: region, filter: filter, reducingGap: gap)
        XCTAssertEqual(viaBGRA.converted(to: .rgb8), resized, "layout independence, \(label)")
      }
      let channels = resized.format.bytesPerPixel
      let rows = try XCTUnwrap(entry["sha_rows"] as? [Int])
      for y in 0..<height {
        let sum = resized.bytes[(y * resized.bytesPerRow)..<(y * resized.bytesPerRow + width * channels)].reduce(0) {
          $0 + Int($1)
        }
        XCTAssertEqual(sum, rows[y], "row \(y) of \(label)")
      }
      if let expected = entry["rgb"] as? [Int] {
        XCTAssertEqual(resized.bytes.map(Int.init), expected, "pixels of \(label)")
      }
      if let gap, gap * 2 <= max((box[2] - box[0]) / Double(width), (box[3] - box[1]) / Double(height)) {
        reducedCount += 1
        // The reduction changes the result (else this entry would not test it).
        let direct = try source.resized(width: width, height: height, from: region, filter: filter, reducingGap: nil)
        XCTAssertNotEqual(direct, resized, "block reduction had no effect, \(label)")
      }
    }
    XCTAssertGreaterThanOrEqual(reducedCount, 8, "entries that reduce before filtering")
  }

  func testOddStrideResizeEqualsPacked() throws {
    let photo = try PixelBuffer(contentsOf: VisionFixtures.image("photo_160x120.png")).converted(to: .argb8)
    let stride = photo.width * 4 + 13
    var bytes = [UInt8](repeating: 7, count: stride * photo.height)
    for y in 0..<photo.height {
      for x in 0..<photo.width * 4 { bytes[y * stride + x] = photo.bytes[y * photo.bytesPerRow + x] }
    }
    let strided = try PixelBuffer(
      width: photo.width, height: photo.height, format: .argb8, bytesPerRow: stride, bytes: bytes)
    XCTAssertEqual(try strided.resized(width: 33, height: 21), try photo.resized(width: 33, height: 21))
    XCTAssertEqual(
      try strided.cropped(to: ImageRect(x: 3, y: 5, width: 20, height: 9)),
      try photo.cropped(to: ImageRect(x: 3, y: 5, width: 20, height: 9)))
  }

  func testCrop() throws {
    let photo = try PixelBuffer(contentsOf: VisionFixtures.image("photo_160x120.png"))
    let crop = try photo.cropped(to: ImageRect(x: 10, y: 20, width: 30, height: 15))
    XCTAssertEqual(crop.width, 30)
    XCTAssertEqual(crop.height, 15)
    XCTAssertEqual(crop.pixel(x: 0, y: 0), photo.pixel(x: 10, y: 20))
    XCTAssertEqual(crop.pixel(x: 29, y: 14), photo.pixel(x: 39, y: 34))
    let square = photo.centerSquareCropped()
    XCTAssertEqual(square.width, 120)
    XCTAssertEqual(square.pixel(x: 0, y: 0), photo.pixel(x: 20, y: 0))
    for bad in [
      ImageRect(x: -1, y: 0, width: 5, height: 5), ImageRect(x: 150, y: 0, width: 20, height: 5),
      ImageRect(x: 0, y: 0, width: 0, height: 5), ImageRect(x: .nan, y: 0, width: 3, height: 3),
    ] {
      XCTAssertThrowsError(try photo.cropped(to: bad)) { error in
        guard case ImageError.regionOutOfBounds = error else { return XCTFail("\(error)") }
      }
      XCTAssertThrowsError(try photo.resized(width: 4, height: 4, from: bad))
    }
    XCTAssertThrowsError(try photo.resized(width: 0, height: 4))
  }

  func testFitModesAndTheirTransforms() throws {
    let photo = try PixelBuffer(contentsOf: VisionFixtures.image("photo_160x120.png"))
    // stretch: corners map to corners.
    let (stretched, stretch) = try photo.fitted(width: 32, height: 32, mode: .stretch)
    XCTAssertEqual(stretched.width, 32)
    XCTAssertEqual(stretch.apply(x: 32, y: 32).x, 160, accuracy: 1e-9)
    XCTAssertEqual(stretch.apply(x: 32, y: 32).y, 120, accuracy: 1e-9)
    // center crop: model x 0…32 covers source 20…140.
    let (_, crop) = try photo.fitted(width: 32, height: 32, mode: .centerCrop)
    XCTAssertEqual(crop.apply(x: 0, y: 0).x, 20, accuracy: 1e-9)
    XCTAssertEqual(crop.apply(x: 32, y: 32).x, 140, accuracy: 1e-9)
    XCTAssertEqual(crop.apply(x: 32, y: 32).y, 120, accuracy: 1e-9)
    // letterbox: 160x120 into 32x32 → 32x24 at y 4; the border is the fill value.
    let (boxed, letterbox) = try photo.fitted(width: 32, height: 32, mode: .letterbox(fill: 9))
    XCTAssertEqual(boxed.pixel(x: 5, y: 0), [9, 9, 9])
    XCTAssertEqual(boxed.pixel(x: 5, y: 31), [9, 9, 9])
    XCTAssertNotEqual(boxed.pixel(x: 5, y: 4), [9, 9, 9])
    XCTAssertEqual(letterbox.apply(x: 0, y: 4).y, 0, accuracy: 1e-9)
    XCTAssertEqual(letterbox.apply(x: 32, y: 28).y, 120, accuracy: 1e-9)
    XCTAssertEqual(letterbox.apply(x: 32, y: 28).x, 160, accuracy: 1e-9)
    // The crop part of the image equals a plain resize of the same region.
    let (fitted, _) = try photo.fitted(width: 40, height: 40, mode: .centerCrop)
    XCTAssertEqual(
      fitted, try photo.resized(width: 40, height: 40, from: ImageRect(x: 20, y: 0, width: 120, height: 120)))
  }

  func testTransformAlgebra() {
    let t = ImageTransform(scaleX: 2, scaleY: 3, translationX: 5, translationY: -1)
    let u = ImageOrientation.right.uprightToStored(storedWidth: 10, storedHeight: 20)
    let both = u.concatenating(after: t)
    let p = t.apply(x: 1.5, y: 2)
    let q = u.apply(x: p.x, y: p.y)
    XCTAssertEqual(both.apply(x: 1.5, y: 2).x, q.x, accuracy: 1e-12)
    XCTAssertEqual(both.apply(x: 1.5, y: 2).y, q.y, accuracy: 1e-12)
    let rect = ImageRect(x: 0, y: 0, width: 4, height: 4)
    XCTAssertEqual(rect.intersectionOverUnion(ImageRect(x: 2, y: 0, width: 4, height: 4)), 8.0 / 24.0, accuracy: 1e-12)
  }

  func testUprightPixelUndoesStoredPixelForEveryOrientation() {
    let (width, height) = (3, 2)
    for orientation in (1...8).compactMap(ImageOrientation.init(rawValue:)) {
      let (uprightWidth, uprightHeight) = orientation.swapsDimensions ? (height, width) : (width, height)
      var seen = Set<Int>()
      for y in 0..<uprightHeight {
        for x in 0..<uprightWidth {
          let stored = orientation.storedPixel(uprightX: x, y: y, storedWidth: width, storedHeight: height)
          XCTAssertTrue((0..<width).contains(stored.x) && (0..<height).contains(stored.y), "\(orientation) \(x),\(y)")
          seen.insert(stored.y * width + stored.x)
          let back = orientation.uprightPixel(storedX: stored.x, y: stored.y, storedWidth: width, storedHeight: height)
          XCTAssertEqual([back.x, back.y], [x, y], "\(orientation)")
        }
      }
      XCTAssertEqual(seen.count, width * height, "\(orientation) maps onto every stored pixel")
      XCTAssertEqual(orientation.inverse.inverse, orientation)
    }
  }
}
