import AppDirectories

/// `appdirs list`: every directory, for people, for scripts (`--json`) or for shells
/// (`--shell`).
enum ListCommand {
  static let command = CommandLineTool.Command(
    name: "list",
    abstract: "List every directory with its path, source and whether it exists.",
    usage:
      "appdirs list [--app NAME] [--org NAME] [--group ID] [--layout native|xdg] [--platform NAME] [--json | --shell]",
    arguments: [],
    options: [
      DirectoryQuery.appOption, DirectoryQuery.organizationOption, DirectoryQuery.groupOption,
      DirectoryQuery.layoutOption, PlatformPreview.option,
      OptionSpec(name: "--json", valueName: nil, help: "Print one JSON object."),
      OptionSpec(
        name: "--shell", valueName: nil, help: "Print APPDIRS_<KIND>='<path>' lines to eval."),
    ],
    examples: [
      "appdirs list --app ExampleApp",
      "appdirs list --app ExampleApp --json",
      "eval \"$(appdirs list --app ExampleApp --shell)\"",
      "appdirs list --platform windows --app ExampleApp --org Example --json",
    ],
    run: run)

  /// One row of the listing.
  struct Entry {
    let kind: DirectoryQuery.Kind
    let resolution: DirectoryResolution
    let exists: Bool
  }

  static func run(_ arguments: ParsedArguments, _ environment: ProcessEnvironment) throws
    -> Platform.ExitCode
  {
    if !arguments.positionals.isEmpty {
      throw UsageError(message: "list takes no arguments, got '\(arguments.positionals[0])'")
    }
    if arguments.flag("--json") && arguments.flag("--shell") {
      throw UsageError(message: "--json and --shell cannot be used together")
    }
    let preview = try PlatformPreview.environment(arguments, real: environment)
    let query = try DirectoryQuery(arguments, environment: preview ?? environment)
    let entries = try query.listedKinds.compactMap { kind -> Entry? in
      let resolution: DirectoryResolution
      do {
        resolution = try query.resolution(of: kind)
      } catch DirectoryError.unsupported {
        return nil  // The platform has no such folder (templates on macOS, fonts on iOS).
      } catch DirectoryError.insecureRuntimeDirectory(let path, _) where preview != nil {
        // A preview describes another machine: this machine's /tmp says nothing about it.
        let appFolder = query.app.map { "/" + $0.app } ?? ""
        resolution = DirectoryResolution(path: path + appFolder, source: .fallback)
      }
      let exists = preview == nil && FileProbe.isDirectory(resolution.path)
      return Entry(kind: kind, resolution: resolution, exists: exists)
    }
    let warnings = CommandLineTool.uniqueMessages(entries.flatMap(\.resolution.warnings))
    if arguments.flag("--json") {
      Platform.write(try json(entries, query: query, warnings: warnings).rendered() + "\n")
    } else if arguments.flag("--shell") {
      CommandLineTool.warn(entries.flatMap(\.resolution.warnings))
      for entry in entries {
        let name = "APPDIRS_" + entry.kind.name.uppercased()
        Platform.write("\(name)=\(ShellQuoting.quote(entry.resolution.path))\n")
      }
    } else {
      CommandLineTool.warn(entries.flatMap(\.resolution.warnings))
      Platform.write(table(entries).rendered(colour: TextTable.colourEnabled))
    }
    return .success
  }

  static func json(_ entries: [Entry], query: DirectoryQuery, warnings: [String]) throws
    -> JSONValue
  {
    let directories = entries.map { entry in
      (
        entry.kind.name,
        JSONValue.object([
          ("path", .string(entry.resolution.path)),
          ("source", .string(entry.resolution.source.description)),
          ("exists", .bool(entry.exists)),
        ])
      )
    }
    let search = JSONValue.object([
      ("data", .array(try query.searchPaths(.data).map(JSONValue.string))),
      ("config", .array(try query.searchPaths(.config).map(JSONValue.string))),
    ])
    return .object([
      ("platform", .string(query.environment.platform.rawValue)),
      ("layout", .string(query.layout.rawValue)),
      ("app", .optional(query.app?.app)),
      ("organization", .optional(query.organization)),
      ("sandbox", .optional(Sandbox.detect(in: query.environment))),
      ("directories", .object(directories)),
      ("search", search),
      ("warnings", .array(warnings.map(JSONValue.string))),
    ])
  }

  static func table(_ entries: [Entry]) -> TextTable {
    TextTable(
      header: ["KIND", "PATH", "SOURCE", "EXISTS"],
      rows: entries.map { entry in
        [
          TextTable.Cell(entry.kind.name), TextTable.Cell(entry.resolution.path),
          TextTable.Cell(entry.resolution.source.description, .dim),
          entry.exists ? TextTable.Cell("yes", .green) : TextTable.Cell("no", .yellow),
        ]
      })
  }
}
