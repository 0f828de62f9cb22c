// One import per task: `import TensorBridgeMLKit` brings ML Kit's names and everything their
// signatures use (PixelBuffer, ModelDownloadConditions, ModelInputOutputOptions…), so code
// written against ML Kit ports with one changed import (see README "Migrating from ML Kit").
@_exported import TensorBridgeDelivery
@_exported import TensorBridgeVision
