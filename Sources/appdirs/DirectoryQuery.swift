// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import AppDirectories

/// The directories one invocation asks about: the options shared by the commands (`--app`,
/// `--org`, `--group`, `--layout`) turned into library calls.
struct DirectoryQuery {
  /// The options that choose an application's directories, in the order the help lists them.
  static let options = [
    appOption, environmentPrefixOption, organizationOption, roamingOption, systemOption,
    portableOption, groupOption, layoutOption,
  ]

  static let appOption = OptionSpec(
    name: "--app", value: .name("NAME"),
    help: "The application's name; data, config, cache, state, logs, runtime become its own.")
  static let organizationOption = OptionSpec(
    name: "--org", value: .name("NAME"), help: "The organization (used in Windows paths).")
  static let roamingOption = OptionSpec(
    name: "--roaming", help: "On Windows, the app's data and config in Roaming, not Local AppData.")
  static let systemOption = OptionSpec(
    name: "--system",
    help: "The machine's directories (/var/lib/NAME, /etc/NAME, …) for a service or every user.")
  static let fallbackOption = OptionSpec(
    name: "--fallback",
    value: .choice(DirectoryFallback.allCases.map(\.rawValue), noun: "fallback"),
    help: "temporary: a private temporary folder, not kept, when the home cannot be written.")
  static let portableOption = OptionSpec(
    name: "--portable", value: .name("DIR"),
    help: "The app as if portable at DIR: data, config, cache, state, logs in its folders.")
  static let groupOption = OptionSpec(
    name: "--group", value: .name("ID"), help: "The group identifier of a shared container.")
  static let environmentPrefixOption = OptionSpec(
    name: "--env-prefix", value: .name("PREFIX"),
    help: "The app's override variables: PREFIX_CACHE_DIR, PREFIX_HOME, … (needs --app).")
  static let layoutOption = OptionSpec(
    name: "--layout", value: .choice(DirectoryLayout.allCases.map(\.rawValue), noun: "layout"),
    help: "The platform's conventions (default), the XDG rules, or on macOS the XDG_*_HOME set.")

  /// A kind as the command line names it.
  enum Kind: Hashable {
    case base(StandardDirectory)
    case logs
    case shared

    /// The one table of the tool's kind names, in the order `list` shows them; `public` is
    /// ``StandardDirectory/publicShare``, and `applicationSupport` another name for `data`.
    static let table: [(name: String, kind: Kind)] =
      (StandardDirectory.allCases.map(Kind.base) + [.logs, .shared]).map { ($0.name, $0) }

    static let aliases: [(name: String, kind: Kind)] = [("applicationSupport", .base(.data))]

    /// The application's own kinds, in the library's order.
    static let applicationKinds: [Kind] = AppDirectory.ownKinds.map(Kind.init)

    /// The command-line kind of one of an application's own.
    init(_ kind: AppDirectory) {
      switch kind.placement {
      case .inBase(let base): self = .base(base)
      case .logs: self = .logs
      case .shared: self = .shared
      }
    }

    init?(_ name: String) {
      guard let entry = (Self.table + Self.aliases).first(where: { $0.name == name }) else {
        return nil
      }
      self = entry.kind
    }

    var name: String {
      switch self {
      case .base(.publicShare): "public"
      case .base(let base): base.rawValue
      case .logs: "logs"
      case .shared: "shared"
      }
    }

    static let allNames: [String] = table.map(\.name)

    /// Whether this row is one of the application's own directories in this query: an
    /// app-scoped kind with `--app`, or the group's container.
    func isApplicationsOwn(_ query: DirectoryQuery) -> Bool {
      switch self {
      case .shared: query.group != nil
      case .logs: query.app != nil
      case .base: query.app != nil && appScoped != nil
      }
    }

    /// The application's own directory this kind becomes when `--app` is given, or `nil` for
    /// kinds that stay shared (home, documents, …, and group containers).
    var appScoped: AppDirectory? {
      switch self {
      case .logs: .logs
      case .shared: nil
      case .base(let base): AppDirectory(scoping: base)
      }
    }
  }

  let environment: ProcessEnvironment
  let layout: DirectoryLayout
  let app: AppDirectories?
  /// The base directories: the application's, when there is one.
  let standard: StandardDirectories
  let group: String?
  let organization: String?
  /// Whether requirements are checked on this machine's file system; not for a preview of
  /// another platform, which describes a simulated machine.
  let checksFileSystem: Bool

  init(_ arguments: ParsedArguments, environment: ProcessEnvironment, checksFileSystem: Bool = true)
    throws
  {
    self.environment = environment
    self.checksFileSystem = checksFileSystem
    layout = try arguments.choice("--layout", as: DirectoryLayout.self) ?? .native
    organization = arguments.value("--org")
    group = arguments.value("--group")
    // Every name given is checked, whether or not the command uses it.
    if let organization {
      try AppDirectories.validate(organization: organization, on: environment.platform)
    }
    if let group {
      try AppDirectories.validate(groupIdentifier: group, on: environment.platform)
    }
    let environmentPrefix = arguments.value("--env-prefix")
    if let environmentPrefix {
      try AppDirectories.validate(environmentPrefix: environmentPrefix)
    }
    let roaming = arguments.flag("--roaming")
    let scope: DirectoryScope = arguments.flag("--system") ? .system : .user
    let fallback = try arguments.choice("--fallback", as: DirectoryFallback.self) ?? .none
    let portable = arguments.value("--portable")
    if portable != nil, !checksFileSystem {
      throw UsageError(
        message: "--portable looks at a folder on this machine, not on a preview's")
    }
    if let name = arguments.value("--app") {
      app = try AppDirectories(
        app: name, organization: organization, layout: layout,
        environmentPrefix: environmentPrefix, roaming: roaming, scope: scope, fallback: fallback,
        portable: portable.map(PortableMode.atPath) ?? .off, environment: environment)
    } else if portable != nil {
      throw UsageError(message: "--portable needs --app NAME: DIR holds one application's files")
    } else if environmentPrefix != nil {
      throw UsageError(
        message: "--env-prefix needs --app NAME: its variables name one application's directories")
    } else if roaming {
      throw UsageError(
        message: "--roaming needs --app NAME: it moves one application's data and config")
    } else if arguments.value("--fallback") != nil {
      throw UsageError(
        message: "--fallback needs --app NAME: it replaces one application's directories")
    } else {
      app = nil
    }
    standard =
      app?.standardDirectories
      ?? StandardDirectories(layout: layout, scope: scope, environment: environment)
  }

  static func kind(named name: String) throws -> Kind {
    guard let kind = Kind(name) else {
      throw UsageError(
        message: "unknown kind '\(name)'" + Suggestion.didYouMean(name, among: Kind.allNames)
          + "; kinds are " + Kind.allNames.joined(separator: ", "))
    }
    return kind
  }

  /// The kinds `list` shows, in order: logs only with an app, shared only with a group.
  var listedKinds: [Kind] {
    var kinds: [Kind] = []
    for kind in StandardDirectory.allCases {
      kinds.append(.base(kind))
      if kind == .state && app != nil { kinds.append(.logs) }
    }
    if group != nil { kinds.append(.shared) }
    return kinds
  }

  /// Which library object answers for a command-line kind, and with which of its kinds.
  private enum Answer {
    /// One of the application's directories.
    case app(AppDirectories, AppDirectory)
    /// A group container without `--app`: no application's name is part of one.
    case groupContainer(String)
    /// A base directory without `--app`.
    case base(StandardDirectory)
  }

  private func answer(for kind: Kind) throws -> Answer {
    switch kind {
    case .logs:
      guard let app else { throw UsageError(message: "'logs' needs --app NAME") }
      return .app(app, .logs)
    case .shared:
      guard let group else { throw UsageError(message: "'shared' needs --group ID") }
      guard let app else { return .groupContainer(group) }
      return .app(app, .shared(group: group))
    case .base(let base):
      guard let app, let appKind = kind.appScoped else { return .base(base) }
      return .app(app, appKind)
    }
  }

  /// The kind's resolution, verified on the file system unless this is a preview.
  func resolution(of kind: Kind) throws -> DirectoryResolution {
    switch try answer(for: kind) {
    case .app(let app, let appKind):
      checksFileSystem
        ? try app.verifiedResolution(for: appKind) : try app.resolution(for: appKind)
    case .groupContainer(let group):
      // A group container has nothing to check on the file system.
      try standard.groupContainerResolution(group)
    case .base(let base):
      checksFileSystem
        ? try standard.verifiedResolution(for: base) : try standard.resolution(for: base)
    }
  }

  /// What would stop ``create(_:)`` now, as the library finds it without creating anything.
  func obstacle(to kind: Kind) -> DirectoryError? {
    let answer: Answer
    do {
      answer = try self.answer(for: kind)
    } catch {
      // Only the kinds a query lists are asked, which need no option they lack.
      preconditionFailure("\(kind.name): \(error)")
    }
    return switch answer {
    case .app(let app, let appKind): app.obstacle(to: appKind)
    case .groupContainer(let group): standard.obstacle(toGroupContainer: group)
    case .base(let base): standard.obstacle(to: base)
    }
  }

  func create(_ kind: Kind) throws -> String {
    switch try answer(for: kind) {
    case .app(let app, let appKind): try app.directoryPath(appKind)
    case .groupContainer(let group): try standard.groupContainerPath(group)
    case .base(let base): try standard.directoryPath(base)
    }
  }

  /// The existing paths of `file` in the search list of a kind, most important first: only the
  /// first unless `all` is set. Warnings met on the way go to standard error.
  func locate(_ file: String, in kind: Kind, all: Bool) throws -> [String] {
    switch try answer(for: kind) {
    case .app(let app, let appKind):
      CommandLineTool.warn(try app.searchResolutions(for: appKind).flatMap(\.warnings))
      return all
        ? try app.locateAllPaths(file, in: appKind)
        : try app.locatePath(file, in: appKind).map { [$0] } ?? []
    case .groupContainer(let group):
      CommandLineTool.warn(try standard.groupContainerResolution(group).warnings)
      return all
        ? try standard.locateAllPaths(file, inGroupContainer: group)
        : try standard.locatePath(file, inGroupContainer: group).map { [$0] } ?? []
    case .base(let base):
      CommandLineTool.warn(try standard.searchResolutions(for: base).flatMap(\.warnings))
      return all
        ? try standard.locateAllPaths(file, in: base)
        : try standard.locatePath(file, in: base).map { [$0] } ?? []
    }
  }

  /// The search lists of data and config, with the source and warnings of each entry.
  func searchResolutions(_ kind: AppDirectory) throws -> [DirectoryResolution] {
    // Data and config carry no requirement, so even a preview may ask for these.
    if let app { return try app.searchResolutions(for: kind) }
    return try standard.searchResolutions(for: kind.base ?? .data)
  }
}
