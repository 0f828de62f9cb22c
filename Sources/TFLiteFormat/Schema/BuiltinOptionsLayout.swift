// Data, not logic: the schema's option-table layouts, one row per table, kept in one file so the table reads (and diffs) against schema.fbs as a whole.
/// How one field of a builtin options table is stored.
enum OptionFieldKind: Sendable {
  /// An inline scalar of the given byte width.
  case scalar(Int)
  /// An offset to a vector of scalars of the given byte width.
  case vector(Int)
  /// An offset to a string.
  case string
  /// An offset to a vector of strings.
  case stringVector
}

/// One field of a builtin options table: its schema name and storage.
struct OptionField: Sendable {
  let name: String
  let kind: OptionFieldKind
  init(_ name: String, _ kind: OptionFieldKind) {
    self.name = name
    self.kind = kind
  }
}

/// The fields of one builtin options table, one per vtable slot in declaration order.
struct OptionsTableLayout: Sendable {
  let tableName: String
  let fields: [OptionField]
  init(_ tableName: String, _ fields: [OptionField]) {
    self.tableName = tableName
    self.fields = fields
  }
}

/// A builtin options field that holds subgraph indices.
struct SubgraphReferenceField: Sendable {
  /// The union the options table belongs to: 1 for `builtin_options`, 2 for `builtin_options_2`.
  let union: Int
  /// The union type value that selects the options table.
  let unionType: UInt8
  /// The options table's name in the schema.
  let tableName: String
  /// The field's vtable slot within the options table.
  let slot: Int
  /// The field's name in the schema.
  let fieldName: String
  /// Whether the field is a vector of indices rather than a single index.
  let isVector: Bool
  /// Whether the single index is stored unsigned (`uint`) rather than as `int`.
  let isUnsigned: Bool
}

/// Field layouts of the option tables in the schema's `BuiltinOptions` and
/// `BuiltinOptions2` unions, used to check every options table an operator
/// carries as thoroughly as the tables the reader decodes.
///
/// Derived from the LiteRT schema (`tflite/converter/schema/schema.fbs`):
/// entry `i` describes the table selected by union type `i + 1`, one kind per
/// vtable slot in declaration order. Union types beyond these tables (from a
/// newer schema) are accepted unchecked, as LiteRT does.
enum BuiltinOptionsLayout {
  /// Layouts for `builtin_options`, indexed by union type minus one.
  static let builtinOptions: [OptionsTableLayout] = [
    /* 1 */ OptionsTableLayout(
      "Conv2DOptions",
      [
        OptionField("padding", .scalar(1)), OptionField("stride_w", .scalar(4)),
        OptionField("stride_h", .scalar(4)), OptionField("fused_activation_function", .scalar(1)),
        OptionField("dilation_w_factor", .scalar(4)), OptionField("dilation_h_factor", .scalar(4)),
        OptionField("quantized_bias_type", .scalar(1)),
      ]),
    /* 2 */ OptionsTableLayout(
      "DepthwiseConv2DOptions",
      [
        OptionField("padding", .scalar(1)), OptionField("stride_w", .scalar(4)),
        OptionField("stride_h", .scalar(4)), OptionField("depth_multiplier", .scalar(4)),
        OptionField("fused_activation_function", .scalar(1)), OptionField("dilation_w_factor", .scalar(4)),
        OptionField("dilation_h_factor", .scalar(4)),
      ]),
    /* 3 */ OptionsTableLayout(
      "ConcatEmbeddingsOptions",
      [
        OptionField("num_channels", .scalar(4)), OptionField("num_columns_per_channel", .vector(4)),
        OptionField("embedding_dim_per_channel", .vector(4)),
      ]),
    /* 4 */ OptionsTableLayout("LSHProjectionOptions", [OptionField("type", .scalar(1))]),
    /* 5 */ OptionsTableLayout(
      "Pool2DOptions",
      [
        OptionField("padding", .scalar(1)), OptionField("stride_w", .scalar(4)),
        OptionField("stride_h", .scalar(4)), OptionField("filter_width", .scalar(4)),
        OptionField("filter_height", .scalar(4)), OptionField("fused_activation_function", .scalar(1)),
      ]),
    /* 6 */ OptionsTableLayout(
      "SVDFOptions",
      [
        OptionField("rank", .scalar(4)), OptionField("fused_activation_function", .scalar(1)),
        OptionField("asymmetric_quantize_inputs", .scalar(1)),
      ]),
    /* 7 */ OptionsTableLayout(
      "RNNOptions",
      [
        OptionField("fused_activation_function", .scalar(1)),
        OptionField("asymmetric_quantize_inputs", .scalar(1)),
      ]),
    /* 8 */ OptionsTableLayout(
      "FullyConnectedOptions",
      [
        OptionField("fused_activation_function", .scalar(1)), OptionField("weights_format", .scalar(1)),
        OptionField("keep_num_dims", .scalar(1)), OptionField("asymmetric_quantize_inputs", .scalar(1)),
        OptionField("quantized_bias_type", .scalar(1)),
      ]),
    /* 9 */ OptionsTableLayout("SoftmaxOptions", [OptionField("beta", .scalar(4))]),
    /* 10 */ OptionsTableLayout(
      "ConcatenationOptions",
      [
        OptionField("axis", .scalar(4)), OptionField("fused_activation_function", .scalar(1)),
      ]),
    /* 11 */ OptionsTableLayout(
      "AddOptions",
      [
        OptionField("fused_activation_function", .scalar(1)), OptionField("pot_scale_int16", .scalar(1)),
      ]),
    /* 12 */ OptionsTableLayout("L2NormOptions", [OptionField("fused_activation_function", .scalar(1))]),
    /* 13 */ OptionsTableLayout(
      "LocalResponseNormalizationOptions",
      [
        OptionField("radius", .scalar(4)), OptionField("bias", .scalar(4)),
        OptionField("alpha", .scalar(4)), OptionField("beta", .scalar(4)),
      ]),
    /* 14 */ OptionsTableLayout(
      "LSTMOptions",
      [
        OptionField("fused_activation_function", .scalar(1)), OptionField("cell_clip", .scalar(4)),
        OptionField("proj_clip", .scalar(4)), OptionField("kernel_type", .scalar(1)),
        OptionField("asymmetric_quantize_inputs", .scalar(1)),
      ]),
    /* 15 */ OptionsTableLayout(
      "ResizeBilinearOptions",
      [
        OptionField("new_height", .scalar(4)), OptionField("new_width", .scalar(4)),
        OptionField("align_corners", .scalar(1)), OptionField("half_pixel_centers", .scalar(1)),
      ]),
    /* 16 */ OptionsTableLayout("CallOptions", [OptionField("subgraph", .scalar(4))]),
    /* 17 */ OptionsTableLayout("ReshapeOptions", [OptionField("new_shape", .vector(4))]),
    /* 18 */ OptionsTableLayout(
      "SkipGramOptions",
      [
        OptionField("ngram_size", .scalar(4)), OptionField("max_skip_size", .scalar(4)),
        OptionField("include_all_ngrams", .scalar(1)),
      ]),
    /* 19 */ OptionsTableLayout("SpaceToDepthOptions", [OptionField("block_size", .scalar(4))]),
    /* 20 */ OptionsTableLayout("EmbeddingLookupSparseOptions", [OptionField("combiner", .scalar(1))]),
    /* 21 */ OptionsTableLayout("MulOptions", [OptionField("fused_activation_function", .scalar(1))]),
    /* 22 */ OptionsTableLayout("PadOptions", []),
    /* 23 */ OptionsTableLayout(
      "GatherOptions",
      [
        OptionField("axis", .scalar(4)), OptionField("batch_dims", .scalar(4)),
      ]),
    /* 24 */ OptionsTableLayout("BatchToSpaceNDOptions", []),
    /* 25 */ OptionsTableLayout("SpaceToBatchNDOptions", []),
    /* 26 */ OptionsTableLayout("TransposeOptions", []),
    /* 27 */ OptionsTableLayout("ReducerOptions", [OptionField("keep_dims", .scalar(1))]),
    /* 28 */ OptionsTableLayout(
      "SubOptions",
      [
        OptionField("fused_activation_function", .scalar(1)), OptionField("pot_scale_int16", .scalar(1)),
      ]),
    /* 29 */ OptionsTableLayout("DivOptions", [OptionField("fused_activation_function", .scalar(1))]),
    /* 30 */ OptionsTableLayout("SqueezeOptions", [OptionField("squeeze_dims", .vector(4))]),
    /* 31 */ OptionsTableLayout(
      "SequenceRNNOptions",
      [
        OptionField("time_major", .scalar(1)), OptionField("fused_activation_function", .scalar(1)),
        OptionField("asymmetric_quantize_inputs", .scalar(1)),
      ]),
    /* 32 */ OptionsTableLayout(
      "StridedSliceOptions",
      [
        OptionField("begin_mask", .scalar(4)), OptionField("end_mask", .scalar(4)),
        OptionField("ellipsis_mask", .scalar(4)), OptionField("new_axis_mask", .scalar(4)),
        OptionField("shrink_axis_mask", .scalar(4)), OptionField("offset", .scalar(1)),
      ]),
    /* 33 */ OptionsTableLayout("ExpOptions", []),
    /* 34 */ OptionsTableLayout("TopKV2Options", []),
    /* 35 */ OptionsTableLayout("SplitOptions", [OptionField("num_splits", .scalar(4))]),
    /* 36 */ OptionsTableLayout("LogSoftmaxOptions", []),
    /* 37 */ OptionsTableLayout(
      "CastOptions",
      [
        OptionField("in_data_type", .scalar(1)), OptionField("out_data_type", .scalar(1)),
      ]),
    /* 38 */ OptionsTableLayout("DequantizeOptions", []),
    /* 39 */ OptionsTableLayout("MaximumMinimumOptions", []),
    /* 40 */ OptionsTableLayout("ArgMaxOptions", [OptionField("output_type", .scalar(1))]),
    /* 41 */ OptionsTableLayout("LessOptions", []),
    /* 42 */ OptionsTableLayout("NegOptions", []),
    /* 43 */ OptionsTableLayout("PadV2Options", []),
    /* 44 */ OptionsTableLayout("GreaterOptions", []),
    /* 45 */ OptionsTableLayout("GreaterEqualOptions", []),
    /* 46 */ OptionsTableLayout("LessEqualOptions", []),
    /* 47 */ OptionsTableLayout("SelectOptions", []),
    /* 48 */ OptionsTableLayout("SliceOptions", []),
    /* 49 */ OptionsTableLayout(
      "TransposeConvOptions",
      [
        OptionField("padding", .scalar(1)), OptionField("stride_w", .scalar(4)),
        OptionField("stride_h", .scalar(4)), OptionField("fused_activation_function", .scalar(1)),
        OptionField("quantized_bias_type", .scalar(1)),
      ]),
    /* 50 */ OptionsTableLayout("SparseToDenseOptions", [OptionField("validate_indices", .scalar(1))]),
    /* 51 */ OptionsTableLayout("TileOptions", []),
    /* 52 */ OptionsTableLayout("ExpandDimsOptions", []),
    /* 53 */ OptionsTableLayout("EqualOptions", []),
    /* 54 */ OptionsTableLayout("NotEqualOptions", []),
    /* 55 */ OptionsTableLayout("ShapeOptions", [OptionField("out_type", .scalar(1))]),
    /* 56 */ OptionsTableLayout("PowOptions", []),
    /* 57 */ OptionsTableLayout("ArgMinOptions", [OptionField("output_type", .scalar(1))]),
    /* 58 */ OptionsTableLayout(
      "FakeQuantOptions",
      [
        OptionField("min", .scalar(4)), OptionField("max", .scalar(4)),
        OptionField("num_bits", .scalar(4)), OptionField("narrow_range", .scalar(1)),
      ]),
    /* 59 */ OptionsTableLayout(
      "PackOptions",
      [
        OptionField("values_count", .scalar(4)), OptionField("axis", .scalar(4)),
      ]),
    /* 60 */ OptionsTableLayout("LogicalOrOptions", []),
    /* 61 */ OptionsTableLayout("OneHotOptions", [OptionField("axis", .scalar(4))]),
    /* 62 */ OptionsTableLayout("LogicalAndOptions", []),
    /* 63 */ OptionsTableLayout("LogicalNotOptions", []),
    /* 64 */ OptionsTableLayout(
      "UnpackOptions",
      [
        OptionField("num", .scalar(4)), OptionField("axis", .scalar(4)),
      ]),
    /* 65 */ OptionsTableLayout("FloorDivOptions", []),
    /* 66 */ OptionsTableLayout("SquareOptions", []),
    /* 67 */ OptionsTableLayout("ZerosLikeOptions", []),
    /* 68 */ OptionsTableLayout("FillOptions", []),
    /* 69 */ OptionsTableLayout(
      "BidirectionalSequenceLSTMOptions",
      [
        OptionField("fused_activation_function", .scalar(1)), OptionField("cell_clip", .scalar(4)),
        OptionField("proj_clip", .scalar(4)), OptionField("merge_outputs", .scalar(1)),
        OptionField("time_major", .scalar(1)), OptionField("asymmetric_quantize_inputs", .scalar(1)),
      ]),
    /* 70 */ OptionsTableLayout(
      "BidirectionalSequenceRNNOptions",
      [
        OptionField("time_major", .scalar(1)), OptionField("fused_activation_function", .scalar(1)),
        OptionField("merge_outputs", .scalar(1)), OptionField("asymmetric_quantize_inputs", .scalar(1)),
      ]),
    /* 71 */ OptionsTableLayout(
      "UnidirectionalSequenceLSTMOptions",
      [
        OptionField("fused_activation_function", .scalar(1)), OptionField("cell_clip", .scalar(4)),
        OptionField("proj_clip", .scalar(4)), OptionField("time_major", .scalar(1)),
        OptionField("asymmetric_quantize_inputs", .scalar(1)),
        OptionField("diagonal_recurrent_tensors", .scalar(1)),
      ]),
    /* 72 */ OptionsTableLayout("FloorModOptions", []),
    /* 73 */ OptionsTableLayout("RangeOptions", []),
    /* 74 */ OptionsTableLayout(
      "ResizeNearestNeighborOptions",
      [
        OptionField("align_corners", .scalar(1)), OptionField("half_pixel_centers", .scalar(1)),
      ]),
    /* 75 */ OptionsTableLayout("LeakyReluOptions", [OptionField("alpha", .scalar(4))]),
    /* 76 */ OptionsTableLayout("SquaredDifferenceOptions", []),
    /* 77 */ OptionsTableLayout("MirrorPadOptions", [OptionField("mode", .scalar(1))]),
    /* 78 */ OptionsTableLayout("AbsOptions", []),
    /* 79 */ OptionsTableLayout("SplitVOptions", [OptionField("num_splits", .scalar(4))]),
    /* 80 */ OptionsTableLayout("UniqueOptions", [OptionField("idx_out_type", .scalar(1))]),
    /* 81 */ OptionsTableLayout("ReverseV2Options", []),
    /* 82 */ OptionsTableLayout("AddNOptions", []),
    /* 83 */ OptionsTableLayout("GatherNdOptions", []),
    /* 84 */ OptionsTableLayout("CosOptions", []),
    /* 85 */ OptionsTableLayout("WhereOptions", []),
    /* 86 */ OptionsTableLayout("RankOptions", []),
    /* 87 */ OptionsTableLayout(
      "ReverseSequenceOptions",
      [
        OptionField("seq_dim", .scalar(4)), OptionField("batch_dim", .scalar(4)),
      ]),
    /* 88 */ OptionsTableLayout("MatrixDiagOptions", []),
    /* 89 */ OptionsTableLayout("QuantizeOptions", []),
    /* 90 */ OptionsTableLayout("MatrixSetDiagOptions", []),
    /* 91 */ OptionsTableLayout("HardSwishOptions", []),
    /* 92 */ OptionsTableLayout(
      "IfOptions",
      [
        OptionField("then_subgraph_index", .scalar(4)), OptionField("else_subgraph_index", .scalar(4)),
      ]),
    /* 93 */ OptionsTableLayout(
      "WhileOptions",
      [
        OptionField("cond_subgraph_index", .scalar(4)), OptionField("body_subgraph_index", .scalar(4)),
      ]),
    /* 94 */ OptionsTableLayout("DepthToSpaceOptions", [OptionField("block_size", .scalar(4))]),
    /* 95 */ OptionsTableLayout("NonMaxSuppressionV4Options", []),
    /* 96 */ OptionsTableLayout("NonMaxSuppressionV5Options", []),
    /* 97 */ OptionsTableLayout("ScatterNdOptions", []),
    /* 98 */ OptionsTableLayout("SelectV2Options", []),
    /* 99 */ OptionsTableLayout("DensifyOptions", []),
    /* 100 */ OptionsTableLayout("SegmentSumOptions", []),
    /* 101 */ OptionsTableLayout(
      "BatchMatMulOptions",
      [
        OptionField("adj_x", .scalar(1)), OptionField("adj_y", .scalar(1)),
        OptionField("asymmetric_quantize_inputs", .scalar(1)),
      ]),
    /* 102 */ OptionsTableLayout(
      "CumsumOptions",
      [
        OptionField("exclusive", .scalar(1)), OptionField("reverse", .scalar(1)),
      ]),
    /* 103 */ OptionsTableLayout("CallOnceOptions", [OptionField("init_subgraph_index", .scalar(4))]),
    /* 104 */ OptionsTableLayout("BroadcastToOptions", []),
    /* 105 */ OptionsTableLayout("Rfft2dOptions", []),
    /* 106 */ OptionsTableLayout(
      "Conv3DOptions",
      [
        OptionField("padding", .scalar(1)), OptionField("stride_d", .scalar(4)),
        OptionField("stride_w", .scalar(4)), OptionField("stride_h", .scalar(4)),
        OptionField("fused_activation_function", .scalar(1)), OptionField("dilation_d_factor", .scalar(4)),
        OptionField("dilation_w_factor", .scalar(4)), OptionField("dilation_h_factor", .scalar(4)),
      ]),
    /* 107 */ OptionsTableLayout(
      "HashtableOptions",
      [
        OptionField("table_id", .scalar(4)), OptionField("key_dtype", .scalar(1)),
        OptionField("value_dtype", .scalar(1)),
      ]),
    /* 108 */ OptionsTableLayout("HashtableFindOptions", []),
    /* 109 */ OptionsTableLayout("HashtableImportOptions", []),
    /* 110 */ OptionsTableLayout("HashtableSizeOptions", []),
    /* 111 */ OptionsTableLayout(
      "VarHandleOptions",
      [
        OptionField("container", .string), OptionField("shared_name", .string),
      ]),
    /* 112 */ OptionsTableLayout("ReadVariableOptions", []),
    /* 113 */ OptionsTableLayout("AssignVariableOptions", []),
    /* 114 */ OptionsTableLayout(
      "RandomOptions",
      [
        OptionField("seed", .scalar(8)), OptionField("seed2", .scalar(8)),
      ]),
    /* 115 */ OptionsTableLayout("BucketizeOptions", [OptionField("boundaries", .vector(4))]),
    /* 116 */ OptionsTableLayout("GeluOptions", [OptionField("approximate", .scalar(1))]),
    /* 117 */ OptionsTableLayout("DynamicUpdateSliceOptions", []),
    /* 118 */ OptionsTableLayout("UnsortedSegmentProdOptions", []),
    /* 119 */ OptionsTableLayout("UnsortedSegmentMaxOptions", []),
    /* 120 */ OptionsTableLayout("UnsortedSegmentMinOptions", []),
    /* 121 */ OptionsTableLayout("UnsortedSegmentSumOptions", []),
    /* 122 */ OptionsTableLayout("ATan2Options", []),
    /* 123 */ OptionsTableLayout("SignOptions", []),
    /* 124 */ OptionsTableLayout("BitcastOptions", []),
    /* 125 */ OptionsTableLayout("BitwiseXorOptions", []),
    /* 126 */ OptionsTableLayout("RightShiftOptions", []),
  ]

  /// Layouts for `builtin_options_2`, indexed by union type minus one.
  static let builtinOptions2: [OptionsTableLayout] = [
    /* 1 */ OptionsTableLayout("StablehloConcatenateOptions", [OptionField("dimension", .scalar(8))]),
    /* 2 */ OptionsTableLayout(
      "StablehloBroadcastInDimOptions",
      [
        OptionField("broadcast_dimensions", .vector(8))
      ]),
    /* 3 */ OptionsTableLayout(
      "StablehloSliceOptions",
      [
        OptionField("start_indices", .vector(8)), OptionField("limit_indices", .vector(8)),
        OptionField("strides", .vector(8)),
      ]),
    /* 4 */ OptionsTableLayout(
      "StablehloConvolutionOptions",
      [
        OptionField("window_strides", .vector(8)), OptionField("padding", .vector(8)),
        OptionField("lhs_dilation", .vector(8)), OptionField("rhs_dilation", .vector(8)),
        OptionField("window_reversal", .vector(1)), OptionField("input_batch_dimension", .scalar(8)),
        OptionField("input_feature_dimension", .scalar(8)),
        OptionField("input_spatial_dimensions", .vector(8)),
        OptionField("kernel_input_feature_dimension", .scalar(8)),
        OptionField("kernel_output_feature_dimension", .scalar(8)),
        OptionField("kernel_spatial_dimensions", .vector(8)),
        OptionField("output_batch_dimension", .scalar(8)),
        OptionField("output_feature_dimension", .scalar(8)),
        OptionField("output_spatial_dimensions", .vector(8)),
        OptionField("feature_group_count", .scalar(8)), OptionField("batch_group_count", .scalar(8)),
        OptionField("precision_config", .vector(4)),
      ]),
    /* 5 */ OptionsTableLayout(
      "StablehloCustomCallOptions",
      [
        OptionField("call_target_name", .string), OptionField("has_side_effect", .scalar(1)),
        OptionField("backend_config", .string), OptionField("api_version", .scalar(4)),
        OptionField("called_computations", .vector(4)), OptionField("custom_attributes", .vector(1)),
      ]),
    /* 6 */ OptionsTableLayout(
      "StablehloReduceOptions",
      [
        OptionField("dimensions", .vector(8)), OptionField("body_subgraph_index", .scalar(4)),
      ]),
    /* 7 */ OptionsTableLayout(
      "StablehloScatterOptions",
      [
        OptionField("indices_are_sorted", .scalar(1)), OptionField("update_window_dims", .vector(8)),
        OptionField("inserted_window_dims", .vector(8)),
        OptionField("scatter_dims_to_operand_dims", .vector(8)),
        OptionField("index_vector_dim", .scalar(8)), OptionField("unique_indices", .scalar(1)),
        OptionField("update_computation_subgraph_index", .scalar(4)),
      ]),
    /* 8 */ OptionsTableLayout(
      "StablehloCompareOptions",
      [
        OptionField("comparison_direction", .scalar(4)), OptionField("compare_type", .scalar(4)),
      ]),
    /* 9 */ OptionsTableLayout("StablehloDynamicSliceOptions", [OptionField("slice_sizes", .vector(8))]),
    /* 10 */ OptionsTableLayout(
      "StablehloPadOptions",
      [
        OptionField("edge_padding_low", .vector(8)), OptionField("edge_padding_high", .vector(8)),
        OptionField("interior_padding", .vector(8)),
      ]),
    /* 11 */ OptionsTableLayout("StablehloIotaOptions", [OptionField("iota_dimension", .scalar(8))]),
    /* 12 */ OptionsTableLayout(
      "StablehloDotGeneralOptions",
      [
        OptionField("lhs_batching_dimensions", .vector(8)),
        OptionField("rhs_batching_dimensions", .vector(8)),
        OptionField("lhs_contracting_dimensions", .vector(8)),
        OptionField("rhs_contracting_dimensions", .vector(8)), OptionField("precision_config", .vector(4)),
      ]),
    /* 13 */ OptionsTableLayout(
      "StablehloReduceWindowOptions",
      [
        OptionField("window_dimensions", .vector(8)), OptionField("window_strides", .vector(8)),
        OptionField("base_dilations", .vector(8)), OptionField("window_dilations", .vector(8)),
        OptionField("padding", .vector(8)), OptionField("body_subgraph_index", .scalar(4)),
      ]),
    /* 14 */ OptionsTableLayout(
      "StablehloSortOptions",
      [
        OptionField("dimension", .scalar(8)), OptionField("is_stable", .scalar(1)),
        OptionField("comparator_subgraph_index", .scalar(4)),
      ]),
    /* 15 */ OptionsTableLayout(
      "StablehloWhileOptions",
      [
        OptionField("cond_subgraph_index", .scalar(4)), OptionField("body_subgraph_index", .scalar(4)),
      ]),
    /* 16 */ OptionsTableLayout(
      "StablehloGatherOptions",
      [
        OptionField("offset_dims", .vector(8)), OptionField("collapsed_slice_dims", .vector(8)),
        OptionField("start_index_map", .vector(8)), OptionField("index_vector_dim", .scalar(8)),
        OptionField("slice_sizes", .vector(8)), OptionField("indices_are_sorted", .scalar(1)),
      ]),
    /* 17 */ OptionsTableLayout("StablehloTransposeOptions", [OptionField("permutation", .vector(8))]),
    /* 18 */ OptionsTableLayout("DilateOptions", []),
    /* 19 */ OptionsTableLayout(
      "StablehloRngBitGeneratorOptions",
      [
        OptionField("algorithm", .scalar(1))
      ]),
    /* 20 */ OptionsTableLayout("ReduceWindowOptions", [OptionField("reduce_function", .scalar(4))]),
    /* 21 */ OptionsTableLayout(
      "StableHLOCompositeOptions",
      [
        OptionField("name", .string), OptionField("decomposition_subgraph_index", .scalar(4)),
        OptionField("composite_attributes", .vector(1)),
        OptionField("composite_attributes_format", .scalar(1)), OptionField("version", .scalar(4)),
      ]),
    /* 22 */ OptionsTableLayout("StablehloShiftLeftOptions", []),
    /* 23 */ OptionsTableLayout(
      "StablehloCaseOptions",
      [
        OptionField("branch_subgraph_indices", .vector(4))
      ]),
  ]

  /// The option fields that refer to subgraphs (control flow and StableHLO regions).
  static let subgraphReferences: [SubgraphReferenceField] = [
    SubgraphReferenceField(
      union: 1, unionType: 16, tableName: "CallOptions", slot: 0,
      fieldName: "subgraph", isVector: false, isUnsigned: true
    ),
    SubgraphReferenceField(
      union: 1, unionType: 92, tableName: "IfOptions", slot: 0,
      fieldName: "then_subgraph_index", isVector: false, isUnsigned: false
    ),
    SubgraphReferenceField(
      union: 1, unionType: 92, tableName: "IfOptions", slot: 1,
      fieldName: "else_subgraph_index", isVector: false, isUnsigned: false
    ),
    SubgraphReferenceField(
      union: 1, unionType: 93, tableName: "WhileOptions", slot: 0,
      fieldName: "cond_subgraph_index", isVector: false, isUnsigned: false
    ),
    SubgraphReferenceField(
      union: 1, unionType: 93, tableName: "WhileOptions", slot: 1,
      fieldName: "body_subgraph_index", isVector: false, isUnsigned: false
    ),
    SubgraphReferenceField(
      union: 1, unionType: 103, tableName: "CallOnceOptions", slot: 0,
      fieldName: "init_subgraph_index", isVector: false, isUnsigned: false
    ),
    SubgraphReferenceField(
      union: 2, unionType: 5, tableName: "StablehloCustomCallOptions", slot: 4,
      fieldName: "called_computations", isVector: true, isUnsigned: false
    ),
    SubgraphReferenceField(
      union: 2, unionType: 6, tableName: "StablehloReduceOptions", slot: 1,
      fieldName: "body_subgraph_index", isVector: false, isUnsigned: false
    ),
    SubgraphReferenceField(
      union: 2, unionType: 7, tableName: "StablehloScatterOptions", slot: 6,
      fieldName: "update_computation_subgraph_index", isVector: false, isUnsigned: false
    ),
    SubgraphReferenceField(
      union: 2, unionType: 13, tableName: "StablehloReduceWindowOptions", slot: 5,
      fieldName: "body_subgraph_index", isVector: false, isUnsigned: false
    ),
    SubgraphReferenceField(
      union: 2, unionType: 14, tableName: "StablehloSortOptions", slot: 2,
      fieldName: "comparator_subgraph_index", isVector: false, isUnsigned: false
    ),
    SubgraphReferenceField(
      union: 2, unionType: 15, tableName: "StablehloWhileOptions", slot: 0,
      fieldName: "cond_subgraph_index", isVector: false, isUnsigned: false
    ),
    SubgraphReferenceField(
      union: 2, unionType: 15, tableName: "StablehloWhileOptions", slot: 1,
      fieldName: "body_subgraph_index", isVector: false, isUnsigned: false
    ),
    SubgraphReferenceField(
      union: 2, unionType: 21, tableName: "StableHLOCompositeOptions", slot: 1,
      fieldName: "decomposition_subgraph_index", isVector: false, isUnsigned: false
    ),
    SubgraphReferenceField(
      union: 2, unionType: 23, tableName: "StablehloCaseOptions", slot: 0,
      fieldName: "branch_subgraph_indices", isVector: true, isUnsigned: false
    ),
  ]
}
