// Generated once with the tflite-support 0.4.4 Python object API; see the doc comment of `SyntheticMetadata`.
import Foundation

/// A `TFLITE_METADATA` flatbuffer that uses every table, union member and list of
/// `metadata_schema.fbs`, serialized by the schema's generated Python code (not by
/// this package), so it checks the reader against an independent writer.
///
/// Generated with (`m` is `tensorflow_lite_support.metadata.metadata_schema_py_generated`):
/// ```python
/// import flatbuffers, base64, json, sys
/// from tensorflow_lite_support.metadata import metadata_schema_py_generated as m
/// from tflite_support import metadata
///
/// def af(name, t, desc=None, locale=None, version=None):
///     a = m.AssociatedFileT(); a.name=name; a.type=t; a.description=desc; a.locale=locale; a.version=version; return a
///
/// def pu(kind, opts):
///     p = m.ProcessUnitT(); p.optionsType=kind; p.options=opts; return p
///
/// model = m.ModelMetadataT()
/// model.name = "Synthetic kitchen sink"
/// model.description = "Every union member and list of metadata_schema.fbs — ünïcødé"
/// model.version = "v7"
/// model.author = "TensorBridge tests"
/// model.license = "Apache-2.0"
/// model.minParserVersion = "1.5.0"
/// model.associatedFiles = [af("model_card.md", m.AssociatedFileType.DESCRIPTIONS, "About the model", None, "3")]
///
/// sg = m.SubGraphMetadataT()
/// sg.name = "main"
/// sg.description = "The only subgraph"
///
/// # Inputs
/// t_img = m.TensorMetadataT(); t_img.name="image"; t_img.description="RGB image"
/// t_img.dimensionNames=["batch","height","width","channels"]
/// c = m.ContentT(); c.contentPropertiesType=m.ContentProperties.ImageProperties
/// ip = m.ImagePropertiesT(); ip.colorSpace=m.ColorSpaceType.RGB
/// sz = m.ImageSizeT(); sz.width=224; sz.height=160; ip.defaultSize=sz
/// c.contentProperties=ip; t_img.content=c
/// n = m.NormalizationOptionsT(); n.mean=[127.5, 127.0, 126.5]; n.std=[128.0, 64.0, 0.5]
/// t_img.processUnits=[pu(m.ProcessUnitOptions.NormalizationOptions, n)]
/// st = m.StatsT(); st.max=[1.0, 2.5, -3.25]; st.min=[-1.0]; t_img.stats=st
///
/// t_gray = m.TensorMetadataT(); t_gray.name="mask_in"
/// c = m.ContentT(); c.contentPropertiesType=m.ContentProperties.ImageProperties
/// ip = m.ImagePropertiesT(); ip.colorSpace=m.ColorSpaceType.GRAYSCALE; c.contentProperties=ip; t_gray.content=c
///
/// t_audio = m.TensorMetadataT(); t_audio.name="audio"
/// c = m.ContentT(); c.contentPropertiesType=m.ContentProperties.AudioProperties
/// ap = m.AudioPropertiesT(); ap.sampleRate=16000; ap.channels=2; c.contentProperties=ap; t_audio.content=c
///
/// t_text = m.TensorMetadataT(); t_text.name="ids"; t_text.description="Token ids"
/// c = m.ContentT(); c.contentPropertiesType=m.ContentProperties.FeatureProperties; c.contentProperties=m.FeaturePropertiesT()
/// r = m.ValueRangeT(); r.min=-5; r.max=2147483647; c.range=r; t_text.content=c
/// rx = m.RegexTokenizerOptionsT(); rx.delimRegexPattern="[^\\w']+"; rx.vocabFile=[af("regex_vocab.txt", m.AssociatedFileType.VOCABULARY)]
/// t_text.processUnits=[pu(m.ProcessUnitOptions.RegexTokenizerOptions, rx)]
///
/// sg.inputTensorMetadata=[t_img, t_gray, t_audio, t_text]
///
/// # Outputs
/// t_box = m.TensorMetadataT(); t_box.name="location"
/// c = m.ContentT(); c.contentPropertiesType=m.ContentProperties.BoundingBoxProperties
/// bb = m.BoundingBoxPropertiesT(); bb.index=[1,0,3,2]; bb.type=m.BoundingBoxType.BOUNDARIES; bb.coordinateType=m.CoordinateType.PIXEL
/// c.contentProperties=bb; r=m.ValueRangeT(); r.min=2; r.max=2; c.range=r; t_box.content=c
///
/// t_box2 = m.TensorMetadataT(); t_box2.name="centers"
/// c = m.ContentT(); c.contentPropertiesType=m.ContentProperties.BoundingBoxProperties
/// bb = m.BoundingBoxPropertiesT(); bb.type=m.BoundingBoxType.CENTER; c.contentProperties=bb; t_box2.content=c
///
/// t_cls = m.TensorMetadataT(); t_cls.name="category"; t_cls.description="Class per box"
/// t_cls.associatedFiles=[af("labels_en.txt", m.AssociatedFileType.TENSOR_VALUE_LABELS, "English labels", "en"),
///                        af("labels_fr.txt", m.AssociatedFileType.TENSOR_VALUE_LABELS, "Étiquettes", "fr", "2")]
///
/// t_score = m.TensorMetadataT(); t_score.name="score"
/// sc = m.ScoreCalibrationOptionsT(); sc.scoreTransformation=m.ScoreTransformationType.INVERSE_LOGISTIC; sc.defaultScore=0.25
/// th = m.ScoreThresholdingOptionsT(); th.globalScoreThreshold=0.5
/// t_score.processUnits=[pu(m.ProcessUnitOptions.ScoreCalibrationOptions, sc), pu(m.ProcessUnitOptions.ScoreThresholdingOptions, th)]
/// t_score.associatedFiles=[af("score_calibration.txt", m.AssociatedFileType.TENSOR_AXIS_SCORE_CALIBRATION),
///                          af("axis_labels.txt", m.AssociatedFileType.TENSOR_AXIS_LABELS),
///                          af("index.scann", m.AssociatedFileType.SCANN_INDEX_FILE),
///                          af("mystery.bin", m.AssociatedFileType.UNKNOWN)]
/// t_score.stats = m.StatsT()
///
/// sg.outputTensorMetadata=[t_box, t_box2, t_cls, t_score]
///
/// bert = m.BertTokenizerOptionsT(); bert.vocabFile=[af("vocab.txt", m.AssociatedFileType.VOCABULARY, None, None, "uncased")]
/// sp = m.SentencePieceTokenizerOptionsT(); sp.sentencePieceModel=[af("sp.model", m.AssociatedFileType.DESCRIPTIONS)]; sp.vocabFile=[af("sp.vocab", m.AssociatedFileType.VOCABULARY)]
/// sg.inputProcessUnits=[pu(m.ProcessUnitOptions.BertTokenizerOptions, bert), pu(m.ProcessUnitOptions.SentencePieceTokenizerOptions, sp)]
/// th2 = m.ScoreThresholdingOptionsT(); th2.globalScoreThreshold=-1.5
/// sg.outputProcessUnits=[pu(m.ProcessUnitOptions.ScoreThresholdingOptions, th2)]
/// sg.associatedFiles=[af("subgraph_notes.txt", m.AssociatedFileType.DESCRIPTIONS)]
/// g = m.TensorGroupT(); g.name="text"; g.tensorNames=["ids"]
/// sg.inputTensorGroups=[g]
/// g1 = m.TensorGroupT(); g1.name="detection_result"; g1.tensorNames=["location","category","score"]
/// g2 = m.TensorGroupT(); g2.name="empty"; g2.tensorNames=[]
/// sg.outputTensorGroups=[g1, g2]
/// cm = m.CustomMetadataT(); cm.name="VENDOR_BLOB"; cm.data=[0,1,2,253,254,255]
/// sg.customMetadata=[cm]
///
/// sg2 = m.SubGraphMetadataT(); sg2.name="second"
///
/// model.subgraphMetadata=[sg, sg2]
/// b = flatbuffers.Builder(0)
/// b.Finish(model.Pack(b), b"M001")
/// ```
enum SyntheticMetadata {
  /// The 2280-byte buffer.
  static let bytes = Data(
    base64Encoded:
      "HAAAAE0wMDEUACQAIAAcABgAFAAQAAwACAAEABQAAAAgAAAAKAAAAIAAAACMAAAAoAAAAEgIAABMCAAAkAgAAAUAAAAxLjUuMAAA"
      + "AAEAAAAUAAAAAAAOABQAEAAMAAsAAAAEAA4AAAAQAAAAAAAAARAAAAAgAAAAAQAAADMAAAAPAAAAQWJvdXQgdGhlIG1vZGVsAA0A"
      + "AABtb2RlbF9jYXJkLm1kAAAACgAAAEFwYWNoZS0yLjAAABIAAABUZW5zb3JCcmlkZ2UgdGVzdHMAAAIAAAA0AAAABAAAAM78//8E"
      + "AAAABgAAAHNlY29uZAAAGAAsACgAJAAgABwAGAAUABAADAAIAAQAGAAAACgAAABUAAAA2AAAAAQBAAAcAQAA3AEAAAQCAAC0BAAA"
      + "LAcAAEAHAAABAAAABAAAAFz5//8IAAAAEAAAAAYAAAAAAQL9/v8AAAsAAABWRU5ET1JfQkxPQgACAAAAJAAAAAQAAACQ+f//CAAA"
      + "AAgAAAAAAAAABQAAAGVtcHR5AAAArPn//wgAAABAAAAAAwAAACgAAAAUAAAABAAAAAUAAABzY29yZQAAAAgAAABjYXRlZ29yeQAA"
      + "AAAIAAAAbG9jYXRpb24AAAAAEAAAAGRldGVjdGlvbl9yZXN1bHQAAAAAAQAAAAQAAAAU+v//CAAAABQAAAABAAAABAAAAAMAAABp"
      + "ZHMABAAAAHRleHQAAAAAAQAAAAQAAABY+v//CAAAAAAAAAMi/v//AADAvwIAAABoAAAABAAAAHj6//8IAAAAAAAABXD6//8IAAAA"
      + "KAAAAAEAAAAEAAAAJvz//wAAAAUEAAAACAAAAHNwLnZvY2FiAAAAAAEAAAAEAAAASvz//wAAAAEEAAAACAAAAHNwLm1vZGVsAAAA"
      + "ANj6//8IAAAAAAAABKL+//8EAAAAAQAAABQAAAAAAA4AEAAMAAAACwAAAAQADgAAAAwAAAAAAAAFEAAAAAcAAAB1bmNhc2VkAAkA"
      + "AAB2b2NhYi50eHQAAAABAAAABAAAAMb8//8AAAABBAAAABIAAABzdWJncmFwaF9ub3Rlcy50eHQAAAQAAABEAgAADAIAABwBAAAY"
      + "AAAAAAASABQAEAAAAAAAAAAMAAgABAASAAAAEAAAAJwAAACcAAAA1AAAAAQAAABkAAAAQAAAACAAAAAEAAAAav///wQAAAALAAAA"
      + "bXlzdGVyeS5iaW4AUv3//wAAAAYEAAAACwAAAGluZGV4LnNjYW5uAG79//8AAAACBAAAAA8AAABheGlzX2xhYmVscy50eHQAjv3/"
      + "/wAAAAQEAAAAFQAAAHNjb3JlX2NhbGlicmF0aW9uLnR4dAAAAFj9//8CAAAAIAAAAAQAAAAA/f//DAAAAAADBgAIAAQABgAAAAAA"
      + "AD9Q/P//CAAAAAAAAAJc/P//AACAPgAAAAIFAAAAc2NvcmUAEgAQAAwACAAAAAAAAAAAAAQAEgAAAAwAAADAAAAA0AAAAAIAAABw"
      + "AAAAFAAAAAAADgAYABQAEAAPAAgABAAOAAAAFAAAABgAAAAAAAADGAAAACQAAAABAAAAMgAAAAIAAABmcgAACwAAAMOJdGlxdWV0"
      + "dGVzAA0AAABsYWJlbHNfZnIudHh0AAAADAAUABAADAALAAQADAAAABAAAAAAAAADEAAAACAAAAACAAAAZW4AAA4AAABFbmdsaXNo"
      + "IGxhYmVscwAADQAAAGxhYmVsc19lbi50eHQAAAANAAAAQ2xhc3MgcGVyIGJveAAAAAgAAABjYXRlZ29yeQAAAABQ/v//CAAAACAA"
      + "AAB8/f//EAAAAAAAAAMIAAgAAAAHAAgAAAAAAAADBwAAAGNlbnRlcnMAhP7//wgAAABUAAAABv///xQAAAAoAAAAAAAAAwgADgAI"
      + "AAQACAAAAAIAAAACAAAAAAAKAAwACAAHAAYACgAAAAAAAQEEAAAABAAAAAEAAAAAAAAAAwAAAAIAAAAIAAAAbG9jYXRpb24AAAAA"
      + "BAAAAGABAAAUAQAA1AAAABQAAAAAAA4AFAAQAAwAAAAIAAQADgAAABAAAAB4AAAAmAAAAKQAAAABAAAABAAAAFD+//8IAAAAAAAA"
      + "Bkj+//8IAAAAOAAAAAEAAAAQAAAAAAAKAAwACAAAAAcACgAAAAAAAAUEAAAADwAAAHJlZ2V4X3ZvY2FiLnR4dAAHAAAAW15cdydd"
      + "KwAAAAoAEAAPAAgABAAKAAAADAAAABgAAAAAAAABsP7//////3/7////BAAEAAQAAAAJAAAAVG9rZW4gaWRzAAAAAwAAAGlkcwDQ"
      + "////CAAAABwAAAD8/v//CAAAAAAAAAT0/v//AgAAAIA+AAAFAAAAYXVkaW8AAAAMAAwACAAAAAAABAAMAAAAEAAAACQAAAAIAAoA"
      + "CQAEAAgAAAAMAAAAAAIGAAgABwAGAAAAAAAAAgcAAABtYXNrX2luABAAHAAYABQAEAAMAAgABAAQAAAAGAAAADgAAAB0AAAApAAA"
      + "AOgAAAD0AAAAfP///wgAAAAMAAAAAQAAAAAAgL8DAAAAAACAPwAAIEAAAFDAAQAAAAQAAAC8////CAAAAAAAAAG0////CAAAABQA"
      + "AAADAAAAAAAAQwAAgEIAAAA/AwAAAAAA/0IAAP5CAAD9QvT///8QAAAAAAAAAggADAALAAQACAAAABAAAAAAAAABCAAMAAgABAAI"
      + "AAAAoAAAAOAAAAAEAAAAOAAAACgAAAAYAAAABAAAAAgAAABjaGFubmVscwAAAAAFAAAAd2lkdGgAAAAGAAAAaGVpZ2h0AAAFAAAA"
      + "YmF0Y2gAAAAJAAAAUkdCIGltYWdlAAAABQAAAGltYWdlAAAAEQAAAFRoZSBvbmx5IHN1YmdyYXBoAAAABAAAAG1haW4AAAAAAgAA"
      + "AHY3AABCAAAARXZlcnkgdW5pb24gbWVtYmVyIGFuZCBsaXN0IG9mIG1ldGFkYXRhX3NjaGVtYS5mYnMg4oCUIMO8bsOvY8O4ZMOp"
      + "AAAWAAAAU3ludGhldGljIGtpdGNoZW4gc2luawAA")!
}
