import Foundation
import TFLiteFormat
import TensorBridge

/// Derives a ``ModelDescription`` from a model's embedded TFLite metadata (`TFLITE_METADATA`),
/// so models made with TFLite Model Maker and similar tools need no `model.json`:
///
/// - names, details, version, author and license from the model metadata;
/// - layer names from the tensor metadata (falling back to signature names);
/// - `NormalizationOptions` (mean, std) as the input transform `(value − mean) / std`, composed
///   with the tensor's own quantization when the input is quantized;
/// - image inputs (content `ImageProperties`) as `image` layers with the equivalent `normalize`;
/// - `TENSOR_AXIS_LABELS` files, read from the zip appended to the model, as output labels.
enum MetadataDerivation {
  /// The description, or `nil` when the model carries no TFLite metadata.
  static func describe(
    _ model: TFLiteModel, tensors: ModelTensors, modelFile: URL
  ) throws(ModelBundleError) -> ModelDescription? {
    let metadata: TFLiteMetadata?
    do { metadata = try model.tfliteMetadata() } catch {
      throw .invalidDescription([BundleProblem("TFLITE_METADATA", error.description)])
    }
    guard let metadata else { return nil }
    var description = DescriptionDerivation.describe(tensors, modelFile: modelFile)
    if let name = metadata.name, !name.isEmpty { description.name = name }
    if let details = metadata.description { description.details = details }
    if let version = metadata.version { description.version = version }
    if let author = metadata.author { description.author = author }
    if let license = metadata.license { description.license = license }
    guard let subgraph = metadata.subgraphs.first else { return description }

    let archive: AssociatedFiles?
    do { archive = try AssociatedFiles(modelData: model.data) } catch {
      throw .invalidDescription([BundleProblem("associated files", error.description)])
    }

    for (index, tensorMetadata) in subgraph.inputs.enumerated() where index < description.inputs.count {
      guard tensors.inputs.indices.contains(index) else { continue }
      let tensor = tensors.inputs[index]
      var layer = description.inputs[index]
      if let name = tensorMetadata.name, !name.isEmpty { layer.name = name }
      let normalization = tensorMetadata.processUnits.compactMap { unit -> (mean: [Float], std: [Float])? in
        if case .normalization(let mean, let std) = unit { return (mean, std) }
        return nil
      }.first
      if case .image(let colorSpace)? = tensorMetadata.content?.properties {
        layer.kind = .image
        layer.pixelFormat = .rgb
        layer.shape = Array(tensor.shapeSignature.drop { $0 == 1 || $0 == -1 }.suffix(3))
        if colorSpace == .grayscale, layer.shape.count == 2 { layer.shape.append(1) }
        if let normalization, !normalization.std.contains(0) {
          // One mean/std for all channels is common; the pixel transform has r, g and b.
          let channels = max(normalization.mean.count, normalization.std.count, 3)
          let std = (0..<channels).map { Double(normalization.std[$0 % normalization.std.count]) }
          let mean = (0..<channels).map { Double(normalization.mean[$0 % normalization.mean.count]) }
          // pixel' = (pixel − mean) / std = pixel * (1/std) − mean/std, per channel.
          layer.normalize = PixelTransform(
            channelScales: std.map { 1 / $0 }, bias: mean.indices.map { -mean[$0] / std[$0] })
        }
      } else if let normalization, !normalization.std.contains(0) {
        layer.quantize = normalize(normalization, quantization: tensor.dataType.isInteger ? tensor.quantization : nil)
      }
      if let text = try textLayer(
        tensorMetadata.processUnits + subgraph.inputProcessUnits, layerName: layer.name,
        archive: archive, path: "inputs[\(index)]")
      {
        layer.kind = .text
        layer.text = text
        layer.shape = [-1]
      }
      description.inputs[index] = layer
    }

    for (index, tensorMetadata) in subgraph.outputs.enumerated() where index < description.outputs.count {
      var layer = description.outputs[index]
      if let name = tensorMetadata.name, !name.isEmpty { layer.name = name }
      if let labelsFile = tensorMetadata.associatedFiles.first(where: {
        $0.type == .tensorAxisLabels && ($0.locale == nil || $0.locale == "en")
      })
        ?? tensorMetadata.associatedFiles.first(where: { $0.type == .tensorAxisLabels }),
        let name = labelsFile.name
      {
        let data: Data?
        do { data = try archive?.file(named: name) } catch {
          throw .invalidDescription([BundleProblem("associated files/\(name)", error.description)])
        }
        guard let data else {
          throw .invalidDescription([
            BundleProblem(
              "outputs[\(index)].labels", "the metadata names \(name) but the model's archive has no such file")
          ])
        }
        let labels = try Labels.parse(data, file: name)
        // Metadata is advisory: some real models list outputs in another order than the
        // subgraph (MediaPipe's hand landmarker), so labels that cannot belong to this tensor
        // are left off rather than failing the model.
        let classes = tensors.outputs.indices.contains(index) ? tensors.outputs[index].shape.last : nil
        if classes == labels.count {
          layer.labelsFile = name
          layer.labels = labels
        }
      }
      description.outputs[index] = layer
    }
    return description
  }

  /// A text layer from a tokenizer process unit (on the tensor, or on the subgraph for BERT
  /// models, where the `ids`, `mask` and `segment_ids` inputs are told apart by name), with the
  /// vocabulary (or SentencePiece model) read from the associated files. Such layers follow the
  /// TFLite Task Library's rules (``TextLayer/Rules/taskLibrary``): the regex tokenizer does not
  /// lowercase; BERT and SentencePiece lowercase ASCII letters, as its `BertPreprocessor` does.
  private static func textLayer(
    _ units: [ProcessUnit], layerName: String, archive: AssociatedFiles?, path: String
  ) throws(ModelBundleError) -> TextLayer? {
    for unit in units {
      let tokenizer: TextLayer.Tokenizer
      let files: [AssociatedFileInfo]
      let delimiter: String?
      switch unit {
      case .bertTokenizer(let vocabFiles): (tokenizer, files, delimiter) = (.wordpiece, vocabFiles, nil)
      case .sentencePieceTokenizer(let modelFiles, _): (tokenizer, files, delimiter) = (.sentencepiece, modelFiles, nil)
      case .regexTokenizer(let regex, let vocabFiles): (tokenizer, files, delimiter) = (.regex, vocabFiles, regex)
      default: continue
      }
      let name = LayerBinding.normalize(layerName)
      if tokenizer != .regex, name.contains("mask") { return TextLayer(role: .mask) }
      if tokenizer != .regex, name.contains("segment") || name.contains("type") { return TextLayer(role: .segmentIds) }
      guard let file = files.first?.name else {
        throw .invalidDescription([
          BundleProblem("\(path).vocabulary", "the metadata's tokenizer names no vocabulary file")
        ])
      }
      let data: Data?
      do { data = try archive?.file(named: file) } catch {
        throw .invalidDescription([BundleProblem("associated files/\(file)", error.description)])
      }
      guard let data else {
        throw .invalidDescription([
          BundleProblem("\(path).vocabulary", "the metadata names \(file) but the model's archive has no such file")
        ])
      }
      return TextLayer(
        role: .ids, tokenizer: tokenizer, vocabularyFile: file, vocabulary: data, delimiter: delimiter,
        rules: .taskLibrary)
    }
    return nil
  }

  /// `(v − mean) / std`, then, for a quantized tensor, `/ scale + zeroPoint` — as one affine
  /// transform `(v + bias) * scale` per channel.
  private static func normalize(
    _ normalization: (mean: [Float], std: [Float]), quantization: QuantizationParameters?
  ) -> AffineTransform {
    let channels = max(normalization.mean.count, normalization.std.count, 1)
    var scales: [Double] = []
    var biases: [Double] = []
    for channel in 0..<channels {
      let mean = Double(normalization.mean.isEmpty ? 0 : normalization.mean[channel % normalization.mean.count])
      let std = Double(normalization.std.isEmpty ? 1 : normalization.std[channel % normalization.std.count])
      if let quantization, quantization.scale != 0 {
        let s = Double(quantization.scale)
        let zero = Double(quantization.zeroPoint)
        scales.append(1 / (std * s))
        biases.append(-mean + zero * std * s)
      } else {
        scales.append(1 / std)
        biases.append(-mean)
      }
    }
    return AffineTransform(channelScales: scales, channelBiases: biases)
  }

  /// JSON wins, field by field: required fields come from the JSON; optional ones the JSON
  /// leaves out (transforms, labels, dtype, format) are taken from the metadata's layer with
  /// the same name, or at the same position.
  static func merge(json: ModelDescription, metadata: ModelDescription) -> ModelDescription {
    var merged = json
    func overlay(_ layers: [LayerDescription], _ derived: [LayerDescription]) -> [LayerDescription] {
      layers.enumerated().map { index, layer in
        let match =
          derived.first { LayerBinding.normalize($0.name) == LayerBinding.normalize(layer.name) }
          ?? (derived.indices.contains(index) ? derived[index] : nil)
        guard let match else { return layer }
        var result = layer
        result.dataType = layer.dataType ?? match.dataType
        result.quantize = layer.quantize ?? match.quantize
        result.dequantize = layer.dequantize ?? match.dequantize
        result.normalize = layer.normalize ?? match.normalize
        result.denormalize = layer.denormalize ?? match.denormalize
        result.pixelFormat = layer.pixelFormat ?? match.pixelFormat
        if layer.kind == .text, layer.text == nil { result.text = match.text }
        if layer.labelsFile == nil {
          result.labelsFile = match.labelsFile
          result.labels = match.labels
        }
        return result
      }
    }
    merged.inputs = overlay(json.inputs, metadata.inputs)
    merged.outputs = overlay(json.outputs, metadata.outputs)
    return merged
  }
}
