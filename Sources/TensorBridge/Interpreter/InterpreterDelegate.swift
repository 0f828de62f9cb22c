import Foundation

extension Interpreter {
  /// What runs a model's operators: what LiteRT 2.3.0's compiled model offers through
  /// `LiteRtSetOptionsHardwareAccelerators` and its CPU options, as TensorBridge uses it.
  ///
  /// LiteRT's C API also names a GPU and an NPU accelerator (`kLiteRtHwAcceleratorGpu`,
  /// `kLiteRtHwAcceleratorNpu`), but they load from separate accelerator libraries that the
  /// pinned runtime's Linux wheel (`ai-edge-litert` 2.3.0, `libLiteRt.so` alone) does not ship,
  /// so they are not offered here.
  public enum Accelerator: String, Sendable, Equatable, CaseIterable {
    /// The CPU with the XNNPACK kernels: LiteRT's default and the fastest CPU path.
    case cpuXNNPack = "cpu-xnnpack"
    /// The CPU with LiteRT's builtin kernels only (slower; a few custom operators resolve
    /// only through XNNPACK and then fail).
    case cpu = "cpu"
  }

  /// TensorFlowLiteSwift's `Delegate`s as LiteRT 2.3.0 has them: the XNNPACK kernels. Metal,
  /// Core ML and GPU delegates have no counterpart in the pinned runtime (see ``Accelerator``).
  public enum Delegate: Sendable, Equatable, CaseIterable {
    /// The XNNPACK CPU kernels (TensorFlowLiteSwift's `Interpreter.Options.isXNNPackEnabled`).
    case xnnpack
  }

  /// Loads the model file at `modelPath` with the given delegates, as TensorFlowLiteSwift's
  /// `Interpreter(modelPath:options:delegates:)`: the XNNPACK kernels are used exactly when
  /// `delegates` holds ``Delegate/xnnpack`` (this overrides ``Options/isXNNPackEnabled``).
  ///
  /// - Throws: as ``init(modelPath:options:)``.
  public convenience init(modelPath: String, options: Options = Options(), delegates: [Delegate])
    throws(InterpreterError)
  {
    var options = options
    options.isXNNPackEnabled = delegates.contains(.xnnpack)
    try self.init(modelPath: modelPath, options: options)
  }
}

extension Interpreter.Options {
  /// The accelerator these options select (``isXNNPackEnabled`` read and written as one).
  public var accelerator: Interpreter.Accelerator {
    get { isXNNPackEnabled ? .cpuXNNPack : .cpu }
    set { isXNNPackEnabled = newValue == .cpuXNNPack }
  }
}
