/// A failure the CLI reports as one `error:` line with exit status 1 (bad model or input).
struct CLIFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
  init(_ error: any Error) { self.description = String(describing: error) }
}
