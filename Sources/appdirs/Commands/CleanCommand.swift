// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import AppDirectories

/// `appdirs clean --app NAME (--cache | --all | --logs) [--yes]`: empties an application's cache
/// or removes every directory it has; with `--older-than` or `--max-size`, prunes the cache (or,
/// with `--logs`, the log directory, which is never emptied wholesale) to its budget instead.
/// Without `--yes` it only says what it would remove.
enum CleanCommand {
  static let command = CommandLineTool.Command(
    name: "clean",
    abstract:
      "Empty an application's cache, or remove all its directories (a dry run without --yes).",
    arguments: [],
    options: DirectoryQuery.options + [
      OptionSpec(name: "--cache", help: "Empty the cache directory; it and its CACHEDIR.TAG stay."),
      OptionSpec(name: "--all", help: "Remove every directory of the application (uninstall)."),
      OptionSpec(
        name: "--logs",
        help: "Prune the log files by --older-than or --max-size; the newest always stays."),
      OptionSpec(
        name: "--older-than", value: .name("AGE"),
        help: "With --cache or --logs: only files unused for AGE (30d, 12h, 45m, 90s)."),
      OptionSpec(
        name: "--max-size", value: .name("SIZE"),
        help: "With --cache or --logs: then the least recently used until SIZE is left (500M)."),
      OptionSpec(name: "--yes", help: "Remove for real; without it, only say what would go."),
    ],
    exclusiveOptions: ["--cache", "--all", "--logs"],
    requiredOptions: [DirectoryQuery.appOption.name],
    examples: [
      "appdirs clean --app ExampleApp --cache",
      "appdirs clean --app ExampleApp --cache --yes",
      "appdirs clean --app ExampleApp --all --yes",
      "appdirs clean --app ExampleApp --cache --older-than 30d --max-size 500M --yes",
      "appdirs clean --app ExampleApp --logs --older-than 14d --max-size 50M --yes",
    ],
    run: run)

  static func run(_ arguments: ParsedArguments, _ environment: ProcessEnvironment) throws
    -> Platform.ExitCode
  {
    let age = try arguments.value("--older-than").map(Budget.duration)
    let budget = try arguments.value("--max-size").map(Budget.bytes)
    let isLogs = arguments.flag("--logs")
    let scope: CleanScope
    if arguments.flag("--cache") || isLogs {
      scope = .cache
    } else if arguments.flag("--all") {
      scope = .all
    } else {
      throw UsageError(
        message:
          "clean needs --cache (empty the cache), --all (remove everything) or --logs (prune the logs)"
      )
    }
    if scope == .all, age != nil || budget != nil {
      throw UsageError(
        message:
          "--older-than and --max-size prune the cache or the logs: use them with --cache or --logs, not --all"
      )
    }
    if isLogs, age == nil, budget == nil {
      throw UsageError(
        message:
          "--logs needs --older-than AGE, --max-size SIZE or both: logs are never emptied wholesale, and the newest file always stays"
      )
    }
    let query = try DirectoryQuery(arguments, environment: environment)
    guard let app = query.app else {
      throw UsageError(message: "clean needs --app NAME: it removes one application's files")
    }
    let dryRun = !arguments.flag("--yes")
    if age != nil || budget != nil {
      let kind: AppDirectory = isLogs ? .logs : .cache
      CommandLineTool.warn(try app.resolution(for: kind).warnings)
      return try prune(kind, of: app, olderThan: age, keepingUnder: budget, dryRun: dryRun)
    }
    // A variable passed over is told before anything goes, as every command tells it: the
    // directories cleaned are then the defaults, not what the variable named.
    let kinds: [AppDirectory] = scope == .cache ? [.cache] : AppDirectory.ownKinds
    CommandLineTool.warn(try kinds.flatMap { try app.resolution(for: $0).warnings })
    let report = try app.clean(
      scope, groups: query.group.map { [$0] } ?? [], dryRun: dryRun)
    guard !report.locations.isEmpty else {
      Platform.write("nothing to clean for \(app.app)\n")
      return .success
    }
    let verb = scope == .cache ? "empty" : "remove"
    for location in report.locations {
      if dryRun {
        let size =
          location.size.map { " (\(ByteCount.human($0)))" }
          ?? location.problem.map { " (size unknown: \($0))" } ?? ""
        Platform.write("would \(verb) \(location.path)\(size)\n")
      } else {
        Platform.write("\(scope == .cache ? "emptied" : "removed") \(location.path)\n")
      }
    }
    if dryRun {
      let total = report.locations.compactMap(\.size).reduce(0, +)
      Platform.write("\(ByteCount.human(total)) in all; run again with --yes to \(verb) it\n")
      return .success
    }
    return exitCode(reporting: report.failures)
  }

  /// Each file that could not be removed, and each mount point left alone, on standard error
  /// with the fix; 73 if there was one.
  private static func exitCode(reporting failures: [RemovalFailure]) -> Platform.ExitCode {
    for failure in failures {
      Platform.writeError("appdirs: error: \(failure)\n")
    }
    if failures.contains(where: { !$0.isMountPoint }) {
      Platform.writeError(
        "appdirs: note: Give your user write permission on the folders that hold them (\(OperatingSystem.host.ownerCommand) shows \(OperatingSystem.host == .windows ? "who owns them and may write to them" : "their owners and modes")), then run the command again.\n"
      )
    }
    if failures.contains(where: \.isMountPoint) {
      // What is mounted inside is never entered, as with rm --one-file-system.
      Platform.writeError(
        "appdirs: note: A mount point inside is never entered; to empty it too, unmount it first, or remove its files yourself.\n"
      )
    }
    return failures.isEmpty ? .success : .cannotCreate
  }

  /// `--cache` or `--logs` with a budget: the files unused for the age, then the least recently
  /// used, go; of the logs, never the newest.
  private static func prune(
    _ kind: AppDirectory, of app: AppDirectories, olderThan age: Duration?,
    keepingUnder budget: Int64?, dryRun: Bool
  ) throws -> Platform.ExitCode {
    let report = try app.prune(kind, olderThan: age, keepingUnder: budget, dryRun: dryRun)
    let removed = "\(report.removedFiles) \(report.removedFiles == 1 ? "file" : "files")"
    let left = "\(report.remainingFiles) \(report.remainingFiles == 1 ? "file" : "files")"
    Platform.write(
      "\(dryRun ? "would remove" : "removed") \(removed) (\(ByteCount.human(report.removedBytes))) from \(report.path), leaving \(left) (\(ByteCount.human(report.remainingBytes)))\n"
    )
    if dryRun, report.removedFiles > 0 { Platform.write("run again with --yes to remove them\n") }
    if !dryRun, report.keptBecauseChanged > 0 {
      Platform.write("kept \(report.keptBecauseChanged) that changed meanwhile\n")
    }
    if let newest = report.keptNewest {
      // The one file pruning never removes, and, when the rest is gone, why the budget is not met.
      let over = budget.map { report.remainingBytes > $0 } ?? false
      Platform.write(
        "kept \(newest), the newest, which a running application may be writing"
          + (over ? "; the budget of \(ByteCount.human(budget ?? 0)) cannot be met without it" : "")
          + "\n")
    }
    return exitCode(reporting: report.failures)
  }
}

/// The values of `--older-than` and `--max-size`, read strictly: digits and one unit, nothing
/// else.
enum Budget {
  /// `30d`, `12h`, `45m`, `90s`: a whole number and one of `s`, `m`, `h`, `d`.
  static func duration(_ text: String) throws -> Duration {
    let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]
    guard let unit = text.last, let seconds = units[unit],
      let count = number(text.dropLast()),
      case (let total, false) = count.multipliedReportingOverflow(by: seconds)
    else {
      throw UsageError(
        message:
          "invalid age '\(text)' for --older-than: give a whole number and a unit, s, m, h or d (such as 30d)"
      )
    }
    return .seconds(total)
  }

  /// `500M`, `2G`, `64K`, `1048576`: a whole number of bytes, or of `K`, `M` or `G` (powers of
  /// 1024).
  static func bytes(_ text: String) throws -> Int64 {
    let units: [Character: Int64] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
    let invalid = UsageError(
      message:
        "invalid size '\(text)' for --max-size: give a whole number of bytes, or with K, M or G (such as 500M)"
    )
    var digits = Substring(text)
    var factor: Int64 = 1
    if let unit = text.last, let value = units[unit] {
      digits = digits.dropLast()
      factor = value
    }
    guard let count = number(digits),
      case (let total, false) = count.multipliedReportingOverflow(by: factor)
    else { throw invalid }
    return total
  }

  /// A whole number of ASCII digits, or `nil`.
  private static func number(_ digits: Substring) -> Int64? {
    guard !digits.isEmpty, digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
      return nil
    }
    return Int64(digits)
  }
}
