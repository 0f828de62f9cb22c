import ArgumentParser
import Foundation
import TensorBridgeTraining

/// `tensorbridge train BUNDLE --data FILE --epochs N --batch-size B`: trains a trainable
/// bundle on the device, with a progress bar showing the running loss.
struct TrainCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "train",
    abstract: "Train a trainable bundle (train/infer/save/restore signatures) on a JSON data file.",
    discussion: """
      The data file is {"keys": [KEY, …], "items": [{KEY: VALUE, …}, …]} with the training \
      signature's input names as keys. Prints the loss of each step; --checkpoint writes the \
      trained weights (restore them with --restore), --export writes a .tflite starting from \
      them; --plot draws the loss curve as a PNG.
      """)

  @Argument(
    help: "A .tiobundle folder whose model.json has \"modes\": [\"train\"] (or a .tflite with a train signature).")
  var bundle: String

  @Option(name: .long, help: "The training data (JSON).")
  var data: String

  @Option(name: .long, help: "Passes over the data.")
  var epochs: Int = 1

  @Option(
    name: .customLong("batch-size"),
    help: "Items per step; a model whose training batch is fixed takes only that size (model.json's input shape).")
  var batchSize: Int

  @Flag(name: .long, help: "Shuffle the items each epoch (seeded by --seed).")
  var shuffle = false

  @Option(name: .long, help: "The shuffle seed.")
  var seed: UInt64 = 0

  @Option(name: .long, help: "A checkpoint to restore before training.")
  var restore: String?

  @Option(name: .long, help: "Write the trained weights to this checkpoint file.")
  var checkpoint: String?

  @Option(name: .long, help: "Write a .tflite with the trained weights in place of the initial ones.")
  var export: String?

  @Option(name: .long, help: "Draw the loss curve into this PNG.")
  var plot: String?

  func validate() throws {
    guard epochs >= 1 else { throw ValidationError("--epochs must be at least 1") }
    guard batchSize >= 1 else { throw ValidationError("--batch-size must be at least 1") }
  }

  func run() async throws {
    let model: TrainableModel
    let items: Batch
    let plan: TrainingPlan
    do {
      model = try TrainableModel(contentsOf: URL(fileURLWithPath: bundle))
      items = try Batch(contentsOf: URL(fileURLWithPath: data))
      // Before any step (and before --restore): a batch size the model does not take, or too
      // few items for one batch, fails here rather than writing an untrained --export/--plot.
      plan = try model.plan(dataSource: items, batchSize: batchSize)
      if let restore { try await model.restore(checkpointFrom: URL(fileURLWithPath: restore)) }
    } catch { throw CLIFailure(error) }
    if let reason = plan.leftOutReason {
      FileHandle.standardError.write(Data("warning: \(reason).\n".utf8))
    }
    let bar = TrainingProgress(total: plan.stepsPerEpoch * epochs)
    var losses: [Float] = []
    do {
      for try await step in model.train(
        dataSource: items, epochs: epochs, batchSize: batchSize, shuffle: shuffle, seed: seed)
      {
        let loss = step.loss ?? .nan
        losses.append(loss)
        bar.show(step: step.step + 1, epoch: step.epoch + 1, loss: loss)
      }
    } catch {
      bar.finish()
      throw CLIFailure(error)
    }
    bar.finish()
    for (index, loss) in losses.enumerated() { print("step \(index + 1) loss \(loss)") }
    do {
      if let checkpoint { try await model.save(checkpointTo: URL(fileURLWithPath: checkpoint)) }
      if let export { try await model.export(to: URL(fileURLWithPath: export)) }
    } catch { throw CLIFailure(error) }
    if let plot { try LossPlot.write(losses, to: plot) }
  }
}
