import AppDirectories

/// `appdirs help [COMMAND]`: the overview of the tool, or the help of one command.
enum HelpCommand {
  static let command = CommandLineTool.Command(
    name: "help",
    abstract: "Show the help of the tool or of one command.",
    usage: "appdirs help [COMMAND]",
    arguments: [("COMMAND", "The command to explain; without it, the overview")],
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
    guard arguments.positionals.count == 1 else {
      throw UsageError(message: "help takes one COMMAND, got \(arguments.positionals.count)")
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
        --help                                      Show this overview, or 'appdirs help COMMAND'.
        --version                                   Show the version.
        --generate-completion-script bash|zsh|fish  Print a shell completion script.

      EXAMPLES:
        appdirs list --app ExampleApp
        appdirs path cache --app ExampleApp --create
        appdirs locate config settings.json --app ExampleApp
        appdirs doctor --app ExampleApp

      """
    return text
  }

  /// The help of one command: abstract, usage, arguments, one line per option, examples.
  static func text(for command: CommandLineTool.Command) -> String {
    var text = "OVERVIEW: \(command.abstract)\n\nUSAGE: \(command.usage)\n"
    if !command.arguments.isEmpty {
      text += "\nARGUMENTS:\n"
      for (name, help) in command.arguments {
        text += "  " + name.padding(to: 22) + help + "\n"
      }
    }
    text += "\nOPTIONS:\n"
    for option in command.options + [CommandLineTool.helpOption] {
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
