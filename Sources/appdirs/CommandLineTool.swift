// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import AppDirectories

/// The `appdirs` tool: the table of commands, the top-level options, and the mapping from
/// errors to exit codes.
enum CommandLineTool {
  /// The version printed by `--version`; the one place it is written down.
  static let version = "0.5.0"

  /// A command of the tool: its table entry, from which the parser, the help, the usage line
  /// and the completion scripts are all made.
  struct Command: Sendable {
    let name: String
    let abstract: String
    let arguments: [ArgumentSpec]
    let options: [OptionSpec]
    /// Options of which at most one may be given, shown as `[--json | --shell]`.
    var exclusiveOptions: [String] = []
    /// Options that the command cannot run without, shown without brackets.
    var requiredOptions: [String] = []
    let examples: [String]
    let run: @Sendable (ParsedArguments, ProcessEnvironment) throws -> Platform.ExitCode

    /// The usage line, made from the tables: `appdirs path KIND [--app NAME] …`. A command
    /// that runs another reads as `flock(1)` and `env` do, its options first, then its own
    /// arguments, then the command after `--`, since the options end there:
    /// `appdirs lock --app NAME [--wait] LOCKNAME -- COMMAND…`.
    var usage: String {
      var optionWords: [String] = []
      for option in options where !exclusiveOptions.contains(option.name) {
        optionWords.append(
          requiredOptions.contains(option.name) ? option.label : "[\(option.label)]")
      }
      if !exclusiveOptions.isEmpty {
        optionWords.append("[" + exclusiveOptions.joined(separator: " | ") + "]")
      }
      var argumentWords: [String] = []
      for argument in arguments where !argument.isCommand {
        argumentWords.append(argument.isOptional ? "[\(argument.name)]" : argument.name)
      }
      let commands = arguments.filter(\.isCommand).map { $0.name + "…" }
      let words =
        commands.isEmpty ? argumentWords + optionWords : optionWords + argumentWords + commands
      return (["appdirs", name] + words).joined(separator: " ")
    }

    /// Checks the positional arguments against the table, the one place that does: each
    /// required one present, no more than the table has, any number after `--` for a command
    /// that runs one. What an option changes (`migrate --previous` takes no LEGACY_PATH) is
    /// the command's own rule.
    func checkArguments(_ positionals: [String]) throws(UsageError) {
      let required = arguments.filter { !$0.isOptional }
      if positionals.count < required.count {
        let needed = required.map(\.noun).joined(separator: " and ")
        // The first missing one's choices, where it has a fixed set.
        var choices: String? = nil
        if case .words(let words) = required[positionals.count].completion {
          choices =
            " (\(required[positionals.count].name) is one of \(words.joined(separator: ", ")))"
        }
        let example = examples.first.map { ", such as '\($0)'" } ?? ""
        throw UsageError(message: "\(name) needs \(needed)\(choices ?? "")\(example)")
      }
      guard !arguments.contains(where: \.isCommand), positionals.count > arguments.count else {
        return
      }
      let extra = positionals.dropFirst(arguments.count)
      throw UsageError(
        message: arguments.isEmpty
          ? "\(name) takes no arguments, got '\(extra.joined(separator: " "))'"
          : "too many arguments: \(extra.joined(separator: " "))")
    }
  }

  /// A positional argument of a command.
  struct ArgumentSpec: Sendable {
    /// The placeholder, such as `KIND`.
    let name: String
    /// One line for the help text.
    let help: String
    /// What the argument completes to.
    let completion: CompletionScript.Candidates
    var isOptional = false

    /// The argument as a usage error names it: `a KIND`.
    var noun: String { isCommand ? "a command" : "a \(name)" }

    /// Whether this is the command to run after `--`, which takes every argument left.
    var isCommand: Bool { name == Self.command.name }

    /// The command that `lock` and `sandbox` run, after `--`.
    static let command = ArgumentSpec(
      name: "-- COMMAND", help: "The command to run, with its arguments, after --",
      completion: .nothing)
  }

  static let helpOption = OptionSpec(name: "--help", help: "Show help for this command.")

  /// Every command, in the order the help lists them.
  static let commands: [Command] = [
    PathCommand.command, ListCommand.command, LocateCommand.command, DoctorCommand.command,
    MigrateCommand.command, CleanCommand.command, LockCommand.command, SandboxCommand.command,
    GrantsCommand.command, ConfineCommand.command, HelpCommand.command,
  ]

  /// The options that stand instead of a command.
  static let topLevelOptions: [OptionSpec] = [
    OptionSpec(name: "--help", help: "Show this overview, or 'appdirs help COMMAND'."),
    OptionSpec(name: "--version", help: "Show the version."),
    CompletionScript.option,
  ]

  /// The names of ``topLevelOptions``.
  static var topLevelOptionNames: [String] { topLevelOptions.map(\.name) }

  /// Runs the tool with its arguments (without the program name) and returns the exit code.
  static func run(arguments: [String], environment: ProcessEnvironment) -> Platform.ExitCode {
    guard let first = arguments.first else {
      Platform.writeError(HelpCommand.overview())
      return .usage
    }
    do {
      if topLevelOptionNames.contains(first) || first == "-h", first != CompletionScript.optionName,
        let extra = arguments.dropFirst().first
      {
        throw UsageError(message: "\(first) takes no arguments, got '\(extra)'")
      }
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
          options: [CompletionScript.option])
        if let extra = parsed.positionals.first {
          throw UsageError(
            message: "\(CompletionScript.optionName) takes no arguments, got '\(extra)'")
        }
        Platform.write(
          try CompletionScript.script(forShell: parsed.value(CompletionScript.optionName) ?? ""))
        return .success
      case _ where first.hasPrefix("-"):
        throw UsageError(
          message: "unknown option '\(first)'"
            + Suggestion.didYouMean(first, among: topLevelOptionNames))
      default:
        break
      }
      let command = try command(named: first)
      let rest = Array(arguments.dropFirst())
      // Options end at `--`: what follows belongs to a command that `sandbox` runs.
      let options = rest.prefix { $0 != "--" }
      if options.contains("--help") || options.contains("-h") {
        Platform.write(HelpCommand.text(for: command))
        return .success
      }
      do {
        let parsed = try ArgumentParser.parse(rest, options: command.options + [helpOption])
        let exclusive = command.exclusiveOptions.filter(parsed.flag)
        if exclusive.count > 1 {
          throw UsageError(
            message: "\(exclusive.joined(separator: " and ")) cannot be used together")
        }
        try command.checkArguments(parsed.positionals)
        return try command.run(parsed, environment)
      } catch let error as UsageError {
        return usageError(error.message, help: error.help ?? "appdirs help \(command.name)")
      }
    } catch let error as UsageError {
      return usageError(error.message, help: error.help ?? "appdirs help")
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
          + Suggestion.didYouMean(name, among: commands.map(\.name)),
        help: "appdirs help")
    }
    return command
  }

  static func usageError(_ message: String, help: String = "appdirs help") -> Platform.ExitCode {
    Platform.writeError("appdirs: error: \(message)\nRun '\(help)' for usage.\n")
    return .usage
  }

  /// Prints a library error and returns its exit code.
  static func report(_ error: DirectoryError) -> Platform.ExitCode {
    Platform.writeError("appdirs: error: \(error.description)\n")
    Platform.writeError("appdirs: note: \(error.recoverySuggestion)\n")
    return exitCode(for: error)
  }

  static func exitCode(for error: DirectoryError) -> Platform.ExitCode {
    switch error {
    case .invalidName, .unsupported, .migrationFailed(_, .overlapping),
      .migrationFailed(_, .linkWithKeptSource), .migrationFailed(_, .notTheApplications),
      .migrationFailed(_, .outsideIsolationRoot), .cleanRefused, .grantRefused,
      .nameTooLong(_, .socketAddress), .invalidPermissions, .portableRootRefused(_, .notAbsolute):
      // A refusal of the proof rules names what was asked for: the request, not the disk; a
      // socket's name that fits no sun_path is the name's fault too.
      .usage
    case .homeUnavailable, .insecureRuntimeDirectory, .portableRootRefused: .configuration
    case .notADirectory, .danglingSymlink, .symbolicLinkLoop, .ownedByAnotherUser,
      .directoryOfAnotherUser,
      .permissionDenied,
      .readOnlyFileSystem, .nameTooLong, .creationFailed, .migrationFailed, .foreignFile,
      .writeFailed, .readFailed:
      .cannotCreate
    case .lockHeld: .temporaryFailure
    }
  }

  static func warn(_ warnings: [DirectoryWarning]) {
    for warning in warnings.uniqued() {
      Platform.writeError("appdirs: warning: \(warning.message)\n")
    }
  }
}

extension Array where Element: Hashable {
  /// The elements, each once, in the order first met: the tool's one de-duplication, for
  /// warnings and findings that several directories share.
  func uniqued() -> [Element] {
    var seen = Set<Element>()
    return filter { seen.insert($0).inserted }
  }
}

extension String {
  /// The items separated by `, `, for the help texts of the command table, which every run
  /// builds. A plain loop on purpose: the first call of the generic `joined(separator:)` makes
  /// the runtime search the binary's protocol conformances. Texts made only on the way to an
  /// error or a report use `joined` as usual.
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
