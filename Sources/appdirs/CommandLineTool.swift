import AppDirectories

/// The `appdirs` tool: the table of commands, help, version, and the mapping from errors to
/// exit codes.
enum CommandLineTool {
  /// The version printed by `--version`; the one place it is written down.
  static let version = "0.1.0"

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

  static let commands: [Command] = [PathCommand.command, ListCommand.command]

  /// Runs the tool with its arguments (without the program name) and returns the exit code.
  static func run(arguments: [String], environment: ProcessEnvironment) -> Platform.ExitCode {
    guard let first = arguments.first else {
      Platform.writeError(topLevelHelp())
      return .usage
    }
    switch first {
    case "--help", "-h", "help":
      if first == "help", arguments.count > 1 {
        guard let command = commands.first(where: { $0.name == arguments[1] }) else {
          return usageError(
            "unknown command '\(arguments[1])'"
              + Suggestion.didYouMean(arguments[1], among: commands.map(\.name)))
        }
        Platform.write(help(for: command))
        return .success
      }
      Platform.write(topLevelHelp())
      return .success
    case "--version":
      Platform.write("appdirs \(version)\n")
      return .success
    default:
      break
    }
    guard let command = commands.first(where: { $0.name == first }) else {
      let candidates = commands.map(\.name) + ["help", "--help", "--version"]
      return usageError(
        "unknown command '\(first)'" + Suggestion.didYouMean(first, among: candidates))
    }
    let rest = Array(arguments.dropFirst())
    if rest.contains("--help") || rest.contains("-h") {
      Platform.write(help(for: command))
      return .success
    }
    do {
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

  static func usageError(_ message: String) -> Platform.ExitCode {
    Platform.writeError("appdirs: error: \(message)\nRun 'appdirs --help' for usage.\n")
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
    var seen = Set<String>()
    for warning in warnings where seen.insert(warning.message).inserted {
      Platform.writeError("appdirs: warning: \(warning.message)\n")
    }
  }

  static func topLevelHelp() -> String {
    var text = """
      OVERVIEW: Show, explain and create the directories where programs keep their files.

      USAGE: appdirs <command> [options]

      COMMANDS:

      """
    for command in commands {
      text += "  " + command.name.padding(to: 12) + command.abstract + "\n"
    }
    text += """

      OPTIONS:
        --help                  Show this help, or 'appdirs help <command>' for one command.
        --version               Show the version.

      EXAMPLES:
        appdirs list --app ExampleApp
        appdirs path cache --app ExampleApp --create

      """
    return text
  }

  static func help(for command: Command) -> String {
    var text = "OVERVIEW: \(command.abstract)\n\nUSAGE: \(command.usage)\n"
    if !command.arguments.isEmpty {
      text += "\nARGUMENTS:\n"
      for (name, help) in command.arguments {
        text += "  " + name.padding(to: 22) + help + "\n"
      }
    }
    text += "\nOPTIONS:\n"
    for option in command.options + [helpOption] {
      let label = option.name + (option.valueName.map { " " + $0 } ?? "")
      text += "  " + label.padding(to: 22) + option.help + "\n"
    }
    if !command.examples.isEmpty {
      text += "\nEXAMPLES:\n"
      for example in command.examples { text += "  \(example)\n" }
    }
    return text
  }
}

extension String {
  /// The string padded with spaces to a width, plus at least two spaces when it is longer.
  func padding(to width: Int) -> String {
    count < width ? self + String(repeating: " ", count: width - count) : self + "  "
  }
}
