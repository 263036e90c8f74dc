import AppDirectories

/// The `appdirs` tool: the table of commands, the top-level options, and the mapping from
/// errors to exit codes.
enum CommandLineTool {
  /// The version printed by `--version`; the one place it is written down.
  static let version = "0.2.0"

  /// A command of the tool.
  struct Command: Sendable {
    let name: String
    let abstract: String
    let usage: String
    let arguments: [(String, String)]
    let options: [OptionSpec]
    let examples: [String]
    let run: @Sendable (ParsedArguments, ProcessEnvironment) throws -> Platform.ExitCode
  }

  static let helpOption = OptionSpec(
    name: "--help", valueName: nil, help: "Show help for this command.")

  /// Every command, in the order the help lists them.
  static let commands: [Command] = [
    PathCommand.command, ListCommand.command, LocateCommand.command, DoctorCommand.command,
    HelpCommand.command,
  ]

  /// The options that stand instead of a command.
  static let topLevelOptions = [
    "--help", "--version", CompletionScript.optionName,
  ]

  /// Runs the tool with its arguments (without the program name) and returns the exit code.
  static func run(arguments: [String], environment: ProcessEnvironment) -> Platform.ExitCode {
    guard let first = arguments.first else {
      Platform.writeError(HelpCommand.overview())
      return .usage
    }
    do {
      switch first {
      case "--help", "-h":
        Platform.write(HelpCommand.overview())
        return .success
      case "--version":
        Platform.write("appdirs \(version)\n")
        return .success
      case _
      where first == CompletionScript.optionName
        || first.hasPrefix(CompletionScript.optionName + "="):
        let parsed = try ArgumentParser.parse(
          arguments,
          options: [OptionSpec(name: CompletionScript.optionName, valueName: "SHELL", help: "")])
        Platform.write(
          try CompletionScript.script(forShell: parsed.value(CompletionScript.optionName) ?? ""))
        return .success
      case _ where first.hasPrefix("-"):
        throw UsageError(
          message: "unknown option '\(first)'"
            + Suggestion.didYouMean(first, among: topLevelOptions))
      default:
        break
      }
      let command = try command(named: first)
      let rest = Array(arguments.dropFirst())
      if rest.contains("--help") || rest.contains("-h") {
        Platform.write(HelpCommand.text(for: command))
        return .success
      }
      let parsed = try ArgumentParser.parse(rest, options: command.options + [helpOption])
      return try command.run(parsed, environment)
    } catch let error as UsageError {
      return usageError(error.message)
    } catch let error as DirectoryError {
      return report(error)
    } catch {
      Platform.writeError("appdirs: error: \(error)\n")
      return .failure
    }
  }

  /// The command with this name, or a usage error that names the closest one.
  static func command(named name: String) throws(UsageError) -> Command {
    guard let command = commands.first(where: { $0.name == name }) else {
      throw UsageError(
        message: "unknown command '\(name)'"
          + Suggestion.didYouMean(name, among: commands.map(\.name)))
    }
    return command
  }

  static func usageError(_ message: String) -> Platform.ExitCode {
    Platform.writeError("appdirs: error: \(message)\nRun 'appdirs help' for usage.\n")
    return .usage
  }

  /// Prints a library error and returns its exit code.
  static func report(_ error: DirectoryError) -> Platform.ExitCode {
    Platform.writeError("appdirs: error: \(error.description)\n")
    if let suggestion = error.recoverySuggestion {
      Platform.writeError("appdirs: note: \(suggestion)\n")
    }
    return exitCode(for: error)
  }

  static func exitCode(for error: DirectoryError) -> Platform.ExitCode {
    switch error {
    case .invalidName, .unsupported: .usage
    case .homeUnavailable, .insecureRuntimeDirectory: .configuration
    case .notADirectory, .danglingSymlink, .permissionDenied, .readOnlyFileSystem, .nameTooLong,
      .creationFailed:
      .cannotCreate
    }
  }

  static func warn(_ warnings: [DirectoryWarning]) {
    for message in uniqueMessages(warnings) {
      Platform.writeError("appdirs: warning: \(message)\n")
    }
  }

  /// The warnings' messages, each once, in the order first met.
  static func uniqueMessages(_ warnings: [DirectoryWarning]) -> [String] {
    var seen = Set<String>()
    return warnings.map(\.message).filter { seen.insert($0).inserted }
  }
}

extension String {
  /// The items separated by `, `, for text built at start-up. A plain loop on purpose: the first
  /// call of the generic `joined(separator:)` makes the runtime search every protocol
  /// conformance in the binary, a visible share of the tool's start-up.
  init(listing items: [String]) {
    self = ""
    for (index, item) in items.enumerated() {
      if index > 0 { self += ", " }
      self += item
    }
  }

  /// The string padded with spaces to a width, plus at least two spaces when it is longer.
  func padding(to width: Int) -> String {
    count < width ? self + String(repeating: " ", count: width - count) : self + "  "
  }
}
