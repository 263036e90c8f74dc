// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

@_spi(Tool) import AppDirectories

/// The directories one invocation asks about: the options shared by the commands (`--app`,
/// `--org`, `--group`, `--layout`) turned into library calls.
struct DirectoryQuery {
  /// The options that choose an application's directories, in the order the help lists them.
  static let options = [
    appOption, environmentPrefixOption, organizationOption, roamingOption, groupOption,
    layoutOption,
  ]

  static let appOption = OptionSpec(
    name: "--app", value: .name("NAME"),
    help: "The application's name; data, config, cache, state, runtime become its own.")
  static let organizationOption = OptionSpec(
    name: "--org", value: .name("NAME"), help: "The organization (used in Windows paths).")
  static let roamingOption = OptionSpec(
    name: "--roaming", help: "On Windows, the app's data and config in Roaming, not Local AppData.")
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
    if let name = arguments.value("--app") {
      app = try AppDirectories(
        app: name, organization: organization, layout: layout,
        environmentPrefix: environmentPrefix, roaming: roaming, environment: environment)
    } else if environmentPrefix != nil {
      throw UsageError(
        message: "--env-prefix needs --app NAME: its variables name one application's directories")
    } else if roaming {
      throw UsageError(
        message: "--roaming needs --app NAME: it moves one application's data and config")
    } else {
      app = nil
    }
    standard =
      app?.standardDirectories ?? StandardDirectories(layout: layout, environment: environment)
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

  /// The app-scoped kind behind a command-line kind, when there is an app.
  private func appKind(_ kind: Kind) throws -> AppDirectory? {
    switch kind {
    case .logs:
      guard app != nil else { throw UsageError(message: "'logs' needs --app NAME") }
      return .logs
    case .shared:
      guard let group else { throw UsageError(message: "'shared' needs --group ID") }
      return .shared(group: group)
    case .base:
      return app == nil ? nil : kind.appScoped
    }
  }

  /// The library object that answers for app-scoped kinds; for a shared container without
  /// `--app` the application's name plays no part in the path.
  private func appDirectories() throws -> AppDirectories {
    if let app { return app }
    return try AppDirectories(
      app: "appdirs", organization: organization, layout: layout, environment: environment)
  }

  /// The kind's resolution, verified on the file system unless this is a preview.
  func resolution(of kind: Kind) throws -> DirectoryResolution {
    if let appKind = try appKind(kind) {
      let directories = try appDirectories()
      return checksFileSystem
        ? try directories.verifiedResolution(for: appKind)
        : try directories.resolution(for: appKind)
    }
    guard case .base(let base) = kind else { throw UsageError(message: "no such kind") }
    return checksFileSystem
      ? try standard.verifiedResolution(for: base) : try standard.resolution(for: base)
  }

  /// What would stop ``create(_:)`` now, as the library finds it without creating anything.
  func obstacle(to kind: Kind) -> DirectoryError? {
    do {
      if let appKind = try appKind(kind) { return try appDirectories().obstacle(to: appKind) }
    } catch let error as DirectoryError {
      return error
    } catch {
      // Only the kinds a query lists are asked, which need no option they lack.
      preconditionFailure("\(kind.name): \(error)")
    }
    guard case .base(let base) = kind else { preconditionFailure("\(kind.name)") }
    return standard.obstacle(to: base)
  }

  func create(_ kind: Kind) throws -> String {
    if let appKind = try appKind(kind) {
      return try appDirectories().directoryPath(appKind)
    }
    guard case .base(let base) = kind else { throw UsageError(message: "no such kind") }
    return try standard.directoryPath(base)
  }

  /// The existing paths of `file` in the search list of a kind, most important first: only the
  /// first unless `all` is set. Warnings met on the way go to standard error.
  func locate(_ file: String, in kind: Kind, all: Bool) throws -> [String] {
    if let appKind = try appKind(kind) {
      let directories = try appDirectories()
      CommandLineTool.warn(try directories.searchResolutions(for: appKind).flatMap(\.warnings))
      return all
        ? try directories.locateAllPaths(file, in: appKind)
        : try directories.locatePath(file, in: appKind).map { [$0] } ?? []
    }
    guard case .base(let base) = kind else { throw UsageError(message: "no such kind") }
    CommandLineTool.warn(try standard.searchResolutions(for: base).flatMap(\.warnings))
    return all
      ? try standard.locateAllPaths(file, in: base)
      : try standard.locatePath(file, in: base).map { [$0] } ?? []
  }

  /// The search lists of data and config, with the source and warnings of each entry.
  func searchResolutions(_ kind: AppDirectory) throws -> [DirectoryResolution] {
    // Data and config carry no requirement, so even a preview may ask for these.
    if let app { return try app.searchResolutions(for: kind) }
    return try standard.searchResolutions(for: kind.base ?? .data)
  }
}
