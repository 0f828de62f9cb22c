import Foundation
import TensorBridgeModels

/// One training step of ``TrainableModel/train(dataSource:epochs:batchSize:shuffle:seed:)``.
public struct TrainingStep: Sendable, Equatable {
  /// The epoch, from 0.
  public var epoch: Int
  /// The step across every epoch, from 0.
  public var step: Int
  /// The training outputs by name, after the step.
  public var outputs: [String: [Float]]

  /// The output named `loss`, or the first value of the only output.
  public var loss: Float? {
    if let loss = outputs["loss"]?.first { return loss }
    return outputs.count == 1 ? outputs.first?.value.first : nil
  }
}

extension TrainableModel {
  /// Trains over every item of `dataSource` for `epochs` epochs, `batchSize` items a step:
  /// one ``TrainingStep`` per step, each after its step has run.
  ///
  /// Items are taken in order, or in an order shuffled anew each epoch (deterministic for a
  /// given `seed`). When the training signature takes a fixed batch size, a last batch with
  /// fewer items is dropped (as tf.data's `drop_remainder`); with a dynamic batch it trains.
  /// Cancelling the consuming task (or dropping the sequence) stops training after the step
  /// under way; the sequence then ends with `CancellationError`.
  ///
  /// - Throws (from the sequence): ``TrainingError`` for a bad batch or a runtime failure.
  public nonisolated func train(
    dataSource: Batch, epochs: Int, batchSize: Int, shuffle: Bool = false, seed: UInt64 = 0
  ) -> AsyncThrowingStream<TrainingStep, any Error> {
    let fixed = fixedBatchSize
    return AsyncThrowingStream { continuation in
      let task = Task {
        do {
          guard dataSource.count > 0 else { throw TrainingError.emptyBatch }
          var generator = SplitMix64(seed: seed)
          var order = Array(0..<dataSource.count)
          var step = 0
          for epoch in 0..<max(epochs, 0) {
            if shuffle { order.shuffle(using: &generator) }
            for start in stride(from: 0, to: order.count, by: max(batchSize, 1)) {
              let indices = order[start..<min(start + max(batchSize, 1), order.count)]
              if let fixed, indices.count != fixed, indices.count < batchSize { continue }
              try Task.checkCancellation()
              let batch = try Batch(keys: dataSource.keys, items: indices.map { dataSource[$0] })
              let outputs = try await self.train(batch)
              continuation.yield(TrainingStep(epoch: epoch, step: step, outputs: outputs))
              step += 1
            }
          }
          continuation.finish()
        } catch {
          continuation.finish(throwing: error)
        }
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}

/// A small seedable generator (SplitMix64) so that shuffled training is reproducible.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
