/// Everything decoded from a `.tflite` flatbuffer, before semantic validation.
struct DecodedModel {
  var version: UInt32 = 0
  var description: String?
  var operatorCodes: [OperatorCode] = []
  var subgraphs: [Subgraph] = []
  var buffers: [BufferInfo] = []
  var signatures: [SignatureDef] = []
  var metadata: [MetadataEntry] = []
  /// The deprecated `metadata_buffer` list of buffer indices.
  var metadataBuffer: [Int] = []
  /// Number of `external_buffer_groups` entries.
  var externalBufferGroupCount = 0
  /// The `group` index of each `external_buffers` entry.
  var externalBufferGroups: [Int] = []
}
