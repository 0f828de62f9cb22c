// swift-tools-version: 6.0
// An app-shaped example built from outside the TensorBridge package, against its library
// products only: `swift build --package-path Examples` (what `make examples` and CI run).
import PackageDescription

let package = Package(
  name: "TensorBridgeExamples",
  platforms: [.macOS(.v13), .iOS(.v16)],
  dependencies: [
    // An app would write `.package(url: "https://github.com/<you>/TensorBridge", from: "0.1.0")`.
    .package(name: "TensorBridge", path: ".."),
  ],
  targets: [
    // Downloads an image classifier from a ModelHub and classifies photos with it.
    .executableTarget(
      name: "hub-classifier",
      dependencies: [
        .product(name: "TensorBridgeDelivery", package: "TensorBridge"),
        .product(name: "TensorBridgeVision", package: "TensorBridge"),
      ],
      path: "Sources/HubClassifier"),
  ],
  swiftLanguageModes: [.v6]
)
