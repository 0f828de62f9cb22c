// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "TensorBridge",
  platforms: [.macOS(.v13), .iOS(.v16)],
  products: [
    .library(name: "TensorBridge", targets: ["TensorBridge"]),
    .library(name: "TensorBridgeModels", targets: ["TensorBridgeModels"]),
    .library(name: "TensorBridgeTraining", targets: ["TensorBridgeTraining"]),
    .library(name: "TFLiteFormat", targets: ["TFLiteFormat"]),
    .library(name: "TensorBridgeVision", targets: ["TensorBridgeVision"]),
    .library(name: "TensorBridgeText", targets: ["TensorBridgeText"]),
    .library(name: "TensorBridgeDelivery", targets: ["TensorBridgeDelivery"]),
    .library(name: "TensorBridgeMLKit", targets: ["TensorBridgeMLKit"]),
    .library(name: "ModelHubAPI", targets: ["ModelHubAPI"]),
    .library(name: "ModelHub", targets: ["ModelHub"]),
    .library(name: "ModelSigning", targets: ["ModelSigning"]),
    .executable(name: "tensorbridge", targets: ["tensorbridge"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
    .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    // Already in the graph through Hummingbird; ModelHub's sendfile path uses them directly.
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
    .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
    // `swift package generate-documentation` (DocC) for scripts/docs/docc.sh; a plugin only, so
    // nothing of it is linked into the products.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    // S3Client's HTTP transport (ModelHub's S3-compatible blob storage).
    .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
    // ModelHub's PostgreSQL metadata store (PostgresHubStore).
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    // The web console's server-rendered HTML (ModelHub's Console/Templates).
    .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
  ],
  targets: [
    // Our declarations of the LiteRT C API (handles, structs, function-pointer types). No linking.
    .target(name: "CLiteRT"),
    // Locating and binding libLiteRt at run time.
    .target(name: "LiteRTRuntime", dependencies: ["CLiteRT"]),
    // The system zlib (raw DEFLATE and CRC-32) for the zip of associated files in TFLite metadata.
    .target(name: "CTensorBridgeZlib", linkerSettings: [.linkedLibrary("z")]),
    // Pure-Swift reading and verification of the .tflite flatbuffer (zlib for zipped metadata files).
    .target(name: "TFLiteFormat", dependencies: ["CTensorBridgeZlib"]),
    // The integer (8x8_16) LSTM kernel behind the custom operator a fully quantized
    // UNIDIRECTIONAL_SEQUENCE_LSTM is rewritten to (TFLiteFormat's IntegerLSTMPlan).
    .target(name: "CIntegerLSTM"),
    // Interpreter, Tensor, DataType, signatures, errors.
    .target(
      name: "TensorBridge",
      dependencies: [
        "LiteRTRuntime", "TFLiteFormat", "CIntegerLSTM", .product(name: "Logging", package: "swift-log"),
      ]),
    // Model bundles (Tensor/IO model.json, TFLite metadata), transforms, Model.run(on:).
    .target(name: "TensorBridgeModels", dependencies: ["TensorBridge", "TFLiteFormat"]),
    // On-device training: Batch, TrainableModel over train/infer/save/restore signatures.
    .target(name: "TensorBridgeTraining", dependencies: ["TensorBridgeModels", "TensorBridge", "TFLiteFormat"]),
    // libjpeg-turbo and libpng behind C wrappers that turn their longjmp errors into status codes.
    .target(name: "CVisionCodecs", linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("png16")]),
    // Images: PixelBuffer, JPEG/PNG, geometry, tensorization, ImageClassifier, ObjectDetector.
    .target(name: "TensorBridgeVision", dependencies: ["TensorBridgeModels", "TensorBridge", "CVisionCodecs"]),
    // Text: vocabularies, tokenizers (word, regex, WordPiece), sequences, TextClassifier.
    .target(name: "TensorBridgeText", dependencies: ["TensorBridgeModels", "TensorBridge"]),
    // The hub's contract, shared by server and client: wire types, the name and hash rules, the
    // route table, the load-check report and openapi.json. Foundation only.
    .target(name: "ModelHubAPI", resources: [.copy("OpenAPI/openapi.json")]),
    // The client: ModelDownloader, the verified on-device store, events. Foundation and
    // swift-crypto (SHA-256; CryptoKit underneath on Apple platforms).
    .target(
      name: "TensorBridgeDelivery",
      dependencies: ["ModelHubAPI", "ModelSigning", .product(name: "Crypto", package: "swift-crypto")]),
    // OpenSSF model signing (the PyPI `model-signing` package's key and certificate methods):
    // manifests of a model's files, in-toto statements in DSSE envelopes in Sigstore bundles, ECDSA
    // on P-256, P-384 and P-521, X.509 chains. Foundation, swift-crypto and swift-certificates.
    .target(
      name: "ModelSigning",
      dependencies: [
        .product(name: "Crypto", package: "swift-crypto"), .product(name: "_CryptoExtras", package: "swift-crypto"),
        .product(name: "X509", package: "swift-certificates"), .product(name: "SwiftASN1", package: "swift-asn1"),
      ]),
    // ML Kit's and Firebase ML's names (ModelManager, ModelInterpreter, ImageLabeler…) over
    // TensorBridge, so code written for them ports with few edits.
    .target(
      name: "TensorBridgeMLKit",
      dependencies: ["TensorBridge", "TensorBridgeModels", "TensorBridgeVision", "TensorBridgeDelivery"]),
    // A small S3-compatible object storage client: AWS Signature Version 4 (headers, presigned
    // URLs), objects and multipart uploads, over async-http-client and swift-crypto.
    .target(
      name: "S3Client",
      dependencies: [
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "Crypto", package: "swift-crypto"),
      ]),
    // ModelHub: the self-hosted model server (routes, storage, auth, rollouts, upload validation).
    .target(
      name: "ModelHub",
      dependencies: [
        "TFLiteFormat",
        "ModelHubAPI",
        "ModelSigning",
        "S3Client",
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
        .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Mustache", package: "swift-mustache"),
      ],
      // The web console's templates, script and style sheet, served at /console.
      resources: [.copy("Console/Resources")]),
    // The mutation fuzzer behind `tensorbridge fuzz`: deterministic cases, worker child
    // processes and their supervisor, the campaign and its report. Not a product.
    .target(name: "TensorBridgeFuzz", dependencies: ["TensorBridge", "TFLiteFormat"]),
    // The command line.
    .executableTarget(
      name: "tensorbridge",
      dependencies: [
        "TensorBridge",
        "TensorBridgeFuzz",
        "TensorBridgeModels",
        "TensorBridgeTraining",
        "TFLiteFormat",
        "ModelHub",
        "ModelHubAPI",
        "TensorBridgeDelivery",
        "TensorBridgeVision",
        "TensorBridgeText",
        "ModelSigning",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "X509", package: "swift-certificates"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    // Shared by the test targets: hub processes (in-process and child), the CLI runner, raw
    // sockets, an HTTP client, fixture paths, scratch folders, a seeded random generator and the
    // detector fixture's Python reference.
    .target(
      name: "TestSupport",
      dependencies: [
        "ModelHub", "ModelHubAPI", "S3Client", "TensorBridgeFuzz", "TensorBridgeVision",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
      ],
      path: "Tests/TestSupport"),
    .testTarget(name: "TFLiteFormatTests", dependencies: ["TFLiteFormat", "TensorBridge", "TestSupport"]),
    .testTarget(
      name: "S3ClientTests",
      dependencies: [
        "S3Client", "TestSupport", .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "NIOCore", package: "swift-nio"),
      ]),
    .testTarget(
      name: "ModelHubTests",
      dependencies: [
        "ModelHub", "ModelHubAPI", "ModelSigning", "TestSupport", "S3Client",
        .product(name: "Crypto", package: "swift-crypto"), .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "NIOCore", package: "swift-nio"),
      ]),
    .testTarget(name: "TensorBridgeModelsTests", dependencies: ["TensorBridgeModels", "TensorBridge", "TFLiteFormat"]),
    .testTarget(
      name: "TensorBridgeTrainingTests",
      dependencies: ["TensorBridgeTraining", "TensorBridgeModels", "TensorBridge", "TFLiteFormat"]),
    .testTarget(
      name: "TensorBridgeVisionTests",
      dependencies: ["TensorBridgeVision", "TensorBridgeModels", "TensorBridge", "TestSupport"]),
    // bench/text_bench.sh's Swift side (tokenize + encode throughput).
    .executableTarget(name: "text-bench", dependencies: ["TensorBridgeText"], path: "bench/TextBench"),
    // An app that only downloads models: TensorBridgeDelivery alone (its peak memory is tested).
    .executableTarget(name: "delivery-pull", dependencies: ["TensorBridgeDelivery"], path: "bench/DeliveryPull"),
    .testTarget(
      name: "TensorBridgeTextTests",
      dependencies: ["TensorBridgeText", "TensorBridgeModels", "TensorBridge", "TestSupport"]),
    .testTarget(
      name: "TensorBridgeDeliveryTests",
      dependencies: [
        "TensorBridgeDelivery", "ModelHubAPI", "ModelSigning", "TestSupport",
        // Placeholder bundles filled from the local store (PlaceholderFillTests).
        "TensorBridgeModels",
      ]),
    .testTarget(name: "ModelHubAPITests", dependencies: ["ModelHubAPI"]),
    .testTarget(
      name: "TensorBridgeMLKitTests",
      dependencies: ["TensorBridgeMLKit", "TensorBridgeText", "TestSupport"]),
    .testTarget(name: "TensorBridgeFuzzTests", dependencies: ["TensorBridgeFuzz", "TensorBridge", "TestSupport"]),
    .testTarget(
      name: "ModelSigningTests",
      dependencies: ["ModelSigning", "TestSupport", .product(name: "Crypto", package: "swift-crypto")]),
    .testTarget(
      name: "TensorBridgeTests",
      dependencies: [
        "TensorBridge", "LiteRTRuntime", "TFLiteFormat", "TestSupport",
        .product(name: "Logging", package: "swift-log"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
