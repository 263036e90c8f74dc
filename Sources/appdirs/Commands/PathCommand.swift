import AppDirectories

/// `appdirs path KIND`: one directory's path, optionally created.
enum PathCommand {
  static let command = CommandLineTool.Command(
    name: "path",
    abstract: "Print the path of one directory.",
    arguments: [
      CommandLineTool.ArgumentSpec(
        name: "KIND", help: String(listing: DirectoryQuery.Kind.allNames),
        completion: .words(DirectoryQuery.Kind.allNames))
    ],
    options: [
      DirectoryQuery.appOption, DirectoryQuery.organizationOption, DirectoryQuery.groupOption,
      OptionSpec(name: "--create", help: "Find or create the directory first."),
      OptionSpec(
        name: "--explain",
        help: "After the path, tell where it came from and every warning with its fix."),
      DirectoryQuery.layoutOption,
    ],
    examples: [
      "appdirs path cache --app ExampleApp",
      "appdirs path documents",
      "appdirs path runtime --app ExampleApp --create",
      "appdirs path documents --explain",
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ environment: ProcessEnvironment) throws
    -> Platform.ExitCode
  {
    guard arguments.positionals.count == 1 else {
      throw UsageError(
        message: arguments.positionals.isEmpty
          ? "missing KIND (one of \(DirectoryQuery.Kind.allNames.joined(separator: ", ")))"
          : "too many arguments: \(arguments.positionals.dropFirst().joined(separator: " "))")
    }
    let kind = try DirectoryQuery.kind(named: arguments.positionals[0])
    let query = try DirectoryQuery(arguments, environment: environment)
    let resolution = try query.resolution(of: kind)
    CommandLineTool.warn(resolution.warnings)
    let path = arguments.flag("--create") ? try query.create(kind) : resolution.path
    if arguments.flag("--explain") {
      Platform.write(Explanation(kind: kind, query: query, resolution: resolution).text)
    } else {
      Platform.write(path + "\n")
    }
    return .success
  }
}
