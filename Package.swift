// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "TensorBridge",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [
    .library(name: "TensorBridge", targets: ["TensorBridge"]),
    .library(name: "TensorBridgeModels", targets: ["TensorBridgeModels"]),
    .library(name: "TFLiteFormat", targets: ["TFLiteFormat"]),
    .executable(name: "tensorbridge", targets: ["tensorbridge"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
  ],
  targets: [
    // Our declarations of the LiteRT C API (handles, structs, function-pointer types). No linking.
    .target(name: "CLiteRT"),
    // Locating and binding libLiteRt at run time.
    .target(name: "LiteRTRuntime", dependencies: ["CLiteRT"]),
    // Pure-Swift reading and verification of the .tflite flatbuffer.
    .target(name: "TFLiteFormat"),
    // Interpreter, Tensor, DataType, signatures, errors.
    .target(name: "TensorBridge", dependencies: ["LiteRTRuntime", "TFLiteFormat"]),
    // Model bundles (Tensor/IO model.json, TFLite metadata), transforms, Model.run(on:).
    .target(name: "TensorBridgeModels", dependencies: ["TensorBridge", "TFLiteFormat"]),
    // The command line.
    .executableTarget(
      name: "tensorbridge",
      dependencies: [
        "TensorBridge",
        "TensorBridgeModels",
        "TFLiteFormat",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .testTarget(name: "TFLiteFormatTests", dependencies: ["TFLiteFormat"]),
    .testTarget(name: "TensorBridgeModelsTests", dependencies: ["TensorBridgeModels", "TensorBridge"]),
    .testTarget(
      name: "TensorBridgeTests",
      dependencies: ["TensorBridge", "LiteRTRuntime", "TFLiteFormat"]),
  ],
  swiftLanguageModes: [.v6]
)
