// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import AppDirectories

/// `appdirs help [COMMAND]`: the overview of the tool, or the help of one command.
enum HelpCommand {
  static let command = CommandLineTool.Command(
    name: "help",
    abstract: "Show the help of the tool or of one command.",
    arguments: [
      CommandLineTool.ArgumentSpec(
        name: "COMMAND", help: "The command to explain; without it, the overview",
        completion: .commandNames, isOptional: true)
    ],
    options: [],
    examples: ["appdirs help", "appdirs help doctor"],
    run: run)

  static func run(_ arguments: ParsedArguments, _ environment: ProcessEnvironment) throws
    -> Platform.ExitCode
  {
    guard let name = arguments.positionals.first else {
      Platform.write(overview())
      return .success
    }
    Platform.write(text(for: try CommandLineTool.command(named: name)))
    return .success
  }

  /// The overview printed by `appdirs --help` and `appdirs help`.
  static func overview() -> String {
    var text = """
      OVERVIEW: Show, explain and create the directories where programs keep their files.

      USAGE: appdirs <command> [options]

      COMMANDS:

      """
    for command in CommandLineTool.commands {
      text += "  " + command.name.padding(to: 10) + command.abstract + "\n"
    }
    text += """

      OPTIONS:

      """
    let labels = CommandLineTool.topLevelOptions.map(\.label)
    let helpColumn = (labels.map(\.count).max() ?? 0) + 2
    for option in CommandLineTool.topLevelOptions {
      text += "  " + option.label.padding(to: helpColumn) + option.help + "\n"
    }
    text += """

      EXAMPLES:
        appdirs list --app ExampleApp
        appdirs path cache --app ExampleApp --create
        appdirs locate config settings.json --app ExampleApp
        appdirs doctor --app ExampleApp

      """
    return text
  }

  /// The help of one command: abstract, usage, arguments, one line per option, examples, with
  /// the help texts in one column past the longest label.
  static func text(for command: CommandLineTool.Command) -> String {
    let labels =
      command.arguments.map(\.name) + (command.options + [CommandLineTool.helpOption]).map(\.label)
    let helpColumn = max(22, (labels.map(\.count).max() ?? 0) + 2)
    var text = "OVERVIEW: \(command.abstract)\n\nUSAGE: \(command.usage)\n"
    if !command.arguments.isEmpty {
      text += "\nARGUMENTS:\n"
      for argument in command.arguments {
        text += "  " + argument.name.padding(to: helpColumn) + argument.help + "\n"
      }
    }
    text += "\nOPTIONS:\n"
    for option in command.options + [CommandLineTool.helpOption] {
      text += "  " + option.label.padding(to: helpColumn) + option.help + "\n"
    }
    if !command.examples.isEmpty {
      text += "\nEXAMPLES:\n"
      for example in command.examples { text += "  \(example)\n" }
    }
    return text
  }
}
