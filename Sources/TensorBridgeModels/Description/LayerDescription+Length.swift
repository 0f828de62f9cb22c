extension LayerDescription {
  /// How many values one item of the layer holds, Tensor/IO's `length`: the product of the
  /// shape's dimensions without a dynamic (`-1`) batch dimension, and 1 for a scalar layer
  /// whatever its shape.
  ///
  /// ```swift
  /// LayerDescription(name: "x", shape: [-1, 6, 7]).length   // 42
  /// ```
  public var length: Int {
    if kind == .scalar { return 1 }
    return shape.filter { $0 != -1 }.reduce(1, *)
  }
}
