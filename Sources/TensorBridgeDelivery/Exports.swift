// One import per task: what this module's public API uses comes with it, so
// `import TensorBridgeDelivery` is the whole story in an app (see README "Use it from Swift").
@_exported import ModelHubAPI
// Trusted keys and signature errors (`ModelSignatureVerification`, `ModelSigningPublicKey`).
@_exported import ModelSigning
