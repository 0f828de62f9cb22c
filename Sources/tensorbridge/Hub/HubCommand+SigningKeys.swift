import ArgumentParser
import Foundation
import ModelHub
import ModelSigning

extension HubCommand {
  /// `tensorbridge hub signing-keys create|list|rotate|retire --data DIR`: the keys that sign
  /// published versions, managed directly in the data folder's database as `hub keys` does.
  struct SigningKeys: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "signing-keys",
      abstract:
        "Manage the keys that sign published versions (OpenSSF model signing; generated keys are ECDSA P-256, external ones P-256, P-384 or P-521).",
      discussion: """
        Private keys are stored in the data folder sealed (AES-GCM) with a secret kept outside it: \
        --signing-secret FILE (32+ random bytes, e.g. `head -c 32 /dev/urandom > secret`) or \
        $TENSORBRIDGE_HUB_SIGNING_SECRET (base64). `hub serve` needs the same secret to sign. \
        Operators who keep keys elsewhere register the public key with --external and serve with \
        the PEM private key as the secret.
        """,
      subcommands: [Create.self, List.self, Rotate.self, Retire.self])

    /// The options that choose the key to add.
    struct NewKeyOptions: ParsableArguments {
      @OptionGroup var store: HubStoreOptions

      @Option(
        name: .customLong("signing-secret"),
        help: "The file holding the secret that seals private keys (default: $TENSORBRIDGE_HUB_SIGNING_SECRET, base64)."
      )
      var signingSecret: String?

      @Option(
        name: .long,
        help: "Register this PEM key (public, or private: only its public half is stored) instead of generating one.")
      var external: String?

      @Flag(name: .long, help: "Print the key as JSON.")
      var json = false

      func newKey() throws -> HubNewSigningKey {
        guard let external else { return .generated(sealedWith: try SigningSecretSource.secret(file: signingSecret)) }
        let pem = String(decoding: try CLIFailure.read("the key", at: external), as: UTF8.self)
        if let publicKey = try? ModelSigningPublicKey(pemRepresentation: pem) { return .external(publicKey) }
        do { return .external(try ModelSigningPrivateKey(pemRepresentation: pem).publicKey) } catch {
          throw CLIFailure("\(external) is not a PEM ECDSA key: \(error)")
        }
      }

      /// Opens the store, adds the new key with `adding` (creating or rotating) and prints it.
      func add(_ adding: (HubAdminStore, HubNewSigningKey) async throws -> HubSigningKeyInfo) async throws {
        let opened = try await store.open()
        defer { opened.close() }
        do { try report(try await adding(opened, try newKey())) } catch let error as HubSigningError {
          throw CLIFailure(error)
        }
      }

      func report(_ key: HubSigningKeyInfo) throws {
        if json {
          try HubSigningKeyPrinter.encoder.printJSON(key)
        } else {
          print(HubSigningKeyPrinter.line(key))
          print(key.publicKey, terminator: "")
        }
      }
    }

    /// Adds a key (the signing key if the hub has none yet).
    struct Create: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Add a signing key; it signs new versions if the hub has no signing key yet. Prints the public key.")

      @OptionGroup var options: NewKeyOptions

      func run() async throws { try await options.add { try await $0.createSigningKey($1) } }
    }

    /// Adds a key as the signing key; the previous one keeps verifying.
    struct Rotate: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "rotate",
        abstract: "Add a key that signs new versions from now on; the previous signing key stays valid until retired.")

      @OptionGroup var options: NewKeyOptions

      func run() async throws { try await options.add { try await $0.rotateSigningKey($1) } }
    }

    /// Lists the keys.
    struct List: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the signing keys (never private keys).")

      @OptionGroup var store: HubStoreOptions

      @Flag(name: .long, help: "Print JSON ({\"keys\": [...]}).")
      var json = false

      @Flag(
        name: .customLong("public-keys"),
        help: "Print the PEM public keys clients should trust (signing and verifying keys).")
      var publicKeys = false

      func run() async throws {
        let keys = try await store.perform("list the signing keys") { try await $0.listSigningKeys() }
        if json {
          try HubSigningKeyPrinter.encoder.printJSON(HubSigningKeyList(keys: keys))
        } else if publicKeys {
          for key in keys where key.role != .retired { print(key.publicKey, terminator: "") }
        } else {
          for key in keys { print(HubSigningKeyPrinter.line(key)) }
        }
      }
    }

    /// Retires a verifying key.
    struct Retire: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "retire", abstract: "Retire a key that no longer signs (clients should stop trusting it).")

      @OptionGroup var store: HubStoreOptions

      @Argument(help: "The key's id (from `hub signing-keys list`).")
      var id: String

      func run() async throws {
        let key = try await store.perform("retire signing key '\(id)'") { try await $0.retireSigningKey(id: id) }
        print("retired \(key.id)")
      }
    }
  }
}

/// How signing keys are printed.
enum HubSigningKeyPrinter {
  static var encoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return encoder
  }

  static func line(_ key: HubSigningKeyInfo) -> String {
    let format = ISO8601DateFormatter()
    let role = key.role.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
    let retired = key.retireTime.map { "  retired \(format.string(from: $0))" } ?? ""
    return
      "\(key.id)  \(role)  \(key.external ? "external" : "sealed  ")  created \(format.string(from: key.createTime))\(retired)  hint \(key.hint)"
  }
}
