// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if FoundationAPI
  #if canImport(FoundationEssentials)
    import FoundationEssentials
  #else
    import Foundation
  #endif
#endif

/// An application's own directories: where it keeps data, configuration, caches, state, logs
/// and runtime files, on every platform.
///
/// Resolving a path is pure and cheap; ``directory(_:)`` also creates the directory, safely,
/// the first time:
///
/// ```swift
/// import AppDirectories
/// import Foundation
///
/// let dirs = try AppDirectories(app: "ExampleApp", organization: "Example")
/// let url  = try dirs.url(for: .cache)          // resolve only, no file system writes
/// let made = try dirs.directory(.cache)         // find or create
/// let all  = try dirs.searchURLs(for: .config)  // most important first
/// let file = try dirs.locate("settings.json", in: .config)   // first existing, or nil
/// ```
public struct AppDirectories: Sendable {
  /// The application's name, the last component of its directories.
  public var app: String { storage.app }
  /// The organization, used where the platform's convention has a folder for it (Windows).
  public var organization: String? { storage.organization }
  /// The rules in use.
  public var layout: DirectoryLayout { storage.layout }
  /// The prefix of the application's own override variables (`EXAMPLEAPP` for
  /// `EXAMPLEAPP_CACHE_DIR` and `EXAMPLEAPP_HOME`), or `nil` when it has none.
  public var environmentPrefix: String? { storage.environmentPrefix }
  /// Whether data and config follow the user on Windows (RoamingAppData, not LocalAppData).
  public var roaming: Bool { storage.roaming }
  /// Whose directories: the user's (the default) or the machine's, for a service or an install
  /// for every user.
  public var scope: DirectoryScope { storage.standard.scope }
  /// What happens when a directory cannot be created because the home cannot be written;
  /// ``DirectoryFallback/none`` by default.
  public var fallback: DirectoryFallback { storage.fallback }
  /// The environment the paths are resolved from.
  public var environment: ProcessEnvironment { storage.environment }
  /// Whether the application keeps its files beside itself; ``PortableMode/off`` by default.
  public var portable: PortableMode { storage.portable }
  /// The portable root in use, checked when this value was made: data, config, cache, state
  /// and logs are its folders (unless the application's own variables say otherwise); `nil`
  /// when the platform's directories are used.
  public var portableRootPath: String? { storage.portableRoot }

  package var syscalls: any SystemCalls { storage.syscalls }
  /// The base directories these directories are made in: the same layout and environment,
  /// and the same system calls.
  public var standardDirectories: StandardDirectories { storage.standard }

  /// Whether ``directory(_:)`` writes a `CACHEDIR.TAG` in the cache directory when it creates
  /// it, so that backup tools (`tar --exclude-caches`, borg, restic) skip the cache; `true` by
  /// default. Never written with Apple's native layout, whose `Caches` the system keeps out of
  /// backups already; with the XDG layout on macOS the directory is also marked excluded from
  /// backup (Time Machine).
  public var tagsCacheDirectory = true

  /// Everything the instance holds, in one box: copying an ``AppDirectories`` (as the
  /// one-liners do on every call) costs one retain, not one for each of these.
  private let storage: Storage

  private final class Storage: Sendable {
    let app: String
    let organization: String?
    let environmentPrefix: String?
    let roaming: Bool
    let fallback: DirectoryFallback
    let portable: PortableMode
    /// The checked portable root, if there is one.
    let portableRoot: String?
    /// The base directories of the same layout, environment and system calls.
    let standard: StandardDirectories
    var layout: DirectoryLayout { standard.layout }
    var environment: ProcessEnvironment { standard.environment }
    var syscalls: any SystemCalls { standard.syscalls }
    let platformLayout: any PlatformLayout
    /// The pure kinds, resolved once: data, config, cache, state, logs.
    let resolved: [Result<DirectoryResolution, DirectoryError>]
    /// Their paths, or `nil` where resolving failed: the steady state of ``directoryPath(_:)``
    /// reads only these.
    let resolvedPaths: [String?]
    #if FoundationAPI
      /// The URLs of the resolved kinds, built the first time each is asked for and then
      /// kept: a tool that only prints paths never runs Foundation's URL parser, and the
      /// steady state of ``directory(_:)`` takes no lookup in the process-wide URL cache.
      let urls = Locked([URL?](repeating: nil, count: AppDirectories.cachedKinds.count))
    #endif
    /// Whether this instance has looked at its cache directory's tag already: later calls of
    /// ``directory(_:)`` then skip the process-wide set, and its hashing of the path.
    private let lookedAtCacheTag = Locked(false)
    /// The cache directories this process has looked at for their tag. Process-wide: the tag
    /// is the directory's, whichever instance finds it, and it is looked for once per process.
    private static let cachesLookedAt = Locked<Set<String>>([])

    /// Whether this is the first look, in this process, at the tag of the cache directory at
    /// `path`.
    func looksAtCacheTagFirst(_ path: String) -> Bool {
      if lookedAtCacheTag.withLock({ seen in
        defer { seen = true }; return seen
      }) {
        return false
      }
      return Self.cachesLookedAt.withLock { $0.insert(path).inserted }
    }
    /// The system directories searched after the user's own for data and config, with the
    /// application's folder, resolved once.
    let systemSearch: (data: [DirectoryResolution], config: [DirectoryResolution])

    init(
      app: String, organization: String?, layout: DirectoryLayout, environmentPrefix: String?,
      roaming: Bool, scope: DirectoryScope, fallback: DirectoryFallback, portable: PortableMode,
      portableRoot: (root: String?, passedOver: [IgnoredValue]),
      environment: ProcessEnvironment, syscalls: any SystemCalls
    ) {
      self.app = app
      self.organization = organization
      self.environmentPrefix = environmentPrefix
      self.roaming = roaming
      self.fallback = fallback
      self.portable = portable
      self.portableRoot = portableRoot.root
      standard = StandardDirectories(
        layout: layout, scope: scope, environment: environment, syscalls: syscalls)
      // Precedence, highest first: the application's own variable, the service manager's
      // directory, the application's P_HOME, the portable root, the platform's rule; each table
      // is laid over the next (the overrides ask the service manager's layer before P_HOME).
      var platformLayout: any PlatformLayout = environment.layout(
        layout, roaming: roaming, scope: scope)
      if portable != .off {
        platformLayout = PortableLayout(
          root: portableRoot.root, passedOver: portableRoot.passedOver,
          style: environment.platform.pathStyle, platformLayout: platformLayout)
      }
      platformLayout = ServiceManagerDirectories(
        environment: environment, platformLayout: platformLayout)
      if let environmentPrefix {
        platformLayout = ApplicationOverrides(
          prefix: environmentPrefix, environment: environment, platformLayout: platformLayout)
      }
      self.platformLayout = platformLayout
      resolved = AppDirectories.cachedKinds.map { kind in
        Result { () throws(DirectoryError) in
          try platformLayout.app(kind, name: app, organization: organization)
        }
      }
      resolvedPaths = resolved.map { try? $0.get().path }
      systemSearch = (
        platformLayout.searchBases(.data).map { $0.appending(app) },
        platformLayout.searchBases(.config).map { $0.appending(app) }
      )
    }
  }

  private var platformLayout: any PlatformLayout { storage.platformLayout }
  var resolved: [Result<DirectoryResolution, DirectoryError>] { storage.resolved }
  #if FoundationAPI
    var urls: Locked<[URL?]> { storage.urls }
  #endif

  private static let cachedKinds: [AppDirectory] = [.data, .config, .cache, .state, .logs]

  /// Describes an application's directories, after checking its name.
  ///
  /// ```swift
  /// import AppDirectories
  ///
  /// let dirs = try AppDirectories(app: "ExampleApp", organization: "Example")
  /// let portable = try AppDirectories(app: "ExampleApp", portable: .automatic)
  /// print(portable.portableRootPath ?? "installed: the platform's directories")
  /// ```
  ///
  /// - Parameters:
  ///   - app: The application's name; a single path component such as `ExampleApp`. A portable
  ///     application's folder is `<app>-portable`.
  ///   - organization: The organization's name, used only where the platform has a folder for it.
  ///   - layout: `.native` for the platform's conventions, `.xdg` for the XDG rules on macOS.
  ///   - environmentPrefix: The prefix of the application's own override variables, such as
  ///     `EXAMPLEAPP`: then `EXAMPLEAPP_CACHE_DIR` names the cache directory itself, and
  ///     `EXAMPLEAPP_HOME` one root for them all (`$EXAMPLEAPP_HOME/cache`), ahead of the
  ///     portable root and the platform's rules. `[A-Z][A-Z0-9_]*`, at most 64 bytes, and not
  ///     `XDG`. See <doc:PlatformPaths#Overrides-for-one-application>.
  ///   - roaming: On Windows, keep data and config in RoamingAppData, which follows the user
  ///     from machine to machine, instead of LocalAppData; elsewhere it changes nothing.
  ///   - scope: `.user` for the user's own directories; `.system` for the machine's, which a
  ///     service or an install for every user keeps (`/var/lib/ExampleApp`). See
  ///     <doc:ServicesAndContainers>.
  ///   - fallback: `.temporary` to use a private temporary directory, with a warning, when a
  ///     directory cannot be created because the home cannot be written; `.none` to get the
  ///     error.
  ///   - portable: ``PortableMode/automatic`` to look for `ExampleApp-portable` beside the
  ///     executable, ``PortableMode/atPath(_:)`` for a root of your choice, or
  ///     ``PortableMode/off``, the default. The root is looked at once, now. See
  ///     <doc:PortableApps>.
  ///   - environment: The environment to resolve from; the running process's by default.
  /// - Throws: ``DirectoryError/invalidName(name:reason:)`` when a name cannot be a folder name
  ///   or the prefix cannot name variables;
  ///   ``DirectoryError/portableRootRefused(path:problem:)`` for a portable root given that is
  ///   not absolute, a root that belongs to another user, or an application that macOS runs
  ///   translocated; ``DirectoryError/notADirectory(path:)``,
  ///   ``DirectoryError/ownedByAnotherUser(path:owner:isSymbolicLink:)`` or
  ///   ``DirectoryError/danglingSymlink(path:)`` for a file or someone else's link at the
  ///   portable root. Nothing is created.
  public init(
    app: String, organization: String? = nil, layout: DirectoryLayout = .native,
    environmentPrefix: String? = nil, roaming: Bool = false, scope: DirectoryScope = .user,
    fallback: DirectoryFallback = .none, portable: PortableMode = .off,
    environment: ProcessEnvironment = .current
  ) throws {
    try self.init(
      app: app, organization: organization, layout: layout, environmentPrefix: environmentPrefix,
      roaming: roaming, scope: scope, fallback: fallback, portable: portable,
      environment: environment, syscalls: .live)
  }

  package init(
    app: String, organization: String?, layout: DirectoryLayout,
    environmentPrefix: String? = nil, roaming: Bool = false, scope: DirectoryScope = .user,
    fallback: DirectoryFallback = .none, portable: PortableMode = .off,
    environment: ProcessEnvironment, syscalls: any SystemCalls
  ) throws(DirectoryError) {
    try NameValidation.validate(app, as: .application, on: environment.platform)
    if let organization {
      try NameValidation.validate(organization, as: .organization, on: environment.platform)
    }
    if let environmentPrefix {
      try AppDirectories._validate(environmentPrefix: environmentPrefix)
    }
    // Looked at once, here: the layouts stay pure, and later calls cost what they always do.
    let portableRoot = try PortableRootCheck(
      syscalls: syscalls, effectiveUserID: environment.effectiveUserID
    ).settle(portable.lookup(app: app, environment: environment))
    storage = Storage(
      app: app, organization: organization, layout: layout, environmentPrefix: environmentPrefix,
      roaming: roaming, scope: scope, fallback: fallback, portable: portable,
      portableRoot: portableRoot,
      environment: environmentPrefix.map { environment.readingOverrides(prefix: $0) }
        ?? environment,
      syscalls: syscalls)
  }

  /// Checks a prefix for an application's override variables on its own, as
  /// ``init(app:organization:layout:environmentPrefix:roaming:scope:fallback:portable:environment:)``
  /// does.
  ///
  /// - Throws: ``DirectoryError/invalidName(name:reason:)`` unless the prefix is
  ///   `[A-Z][A-Z0-9_]*`, at most 64 bytes, and not `XDG`.
  public static func validate(environmentPrefix: String) throws {
    try Self._validate(environmentPrefix: environmentPrefix)
  }

  /// `validate` with its error typed, for the package's own callers.
  package static func _validate(environmentPrefix: String) throws(DirectoryError) {
    if let reason = ApplicationOverrides.problem(withPrefix: environmentPrefix) {
      throw .invalidName(name: environmentPrefix, reason: reason)
    }
  }

  /// The path of a directory, where it came from, what was passed over and why, and every
  /// warning on the way, from the environment value alone: no system call. A group container
  /// on Apple platforms is asked of the system first (`containerURL`), unless the environment
  /// gives the containers.
  ///
  /// For ``AppDirectory/runtime`` the path is the candidate, with a
  /// ``DirectoryResolution/requirement`` that only the file system can check; see
  /// ``verifiedResolution(for:)``.
  public func resolution(for kind: AppDirectory) throws -> DirectoryResolution {
    try _resolution(for: kind)
  }

  /// `resolution` with its error typed, for the package's own callers.
  package func _resolution(for kind: AppDirectory) throws(DirectoryError) -> DirectoryResolution {
    if let index = Self.index(of: kind) { return try resolved[index].get() }
    return try uncachedResolution(for: kind)
  }

  /// The resolution with its requirement checked on the file system, without writing
  /// anything: a runtime directory that is not private to the user gives way to its fallback,
  /// with a warning that says why. Other kinds need no check and cost nothing more than
  /// ``resolution(for:)``.
  ///
  /// With ``DirectoryFallback/temporary``, a directory that is missing and cannot be made (a
  /// read-only or unwritable parent, no home at all) gives way to its temporary fallback,
  /// with a warning; this looks at the file system for it.
  ///
  /// - Throws: ``DirectoryError/insecureRuntimeDirectory(path:problem:)`` when the fallback
  ///   exists and is not private: such a directory is never handed out, not even as a path.
  public func verifiedResolution(for kind: AppDirectory) throws -> DirectoryResolution {
    try _verifiedResolution(for: kind)
  }

  /// `verifiedResolution` with its error typed, for the package's own callers.
  package func _verifiedResolution(for kind: AppDirectory) throws(DirectoryError)
    -> DirectoryResolution
  {
    if fallback == .temporary, Self.index(of: kind) != nil {
      return try resolutionOrFallback(for: kind)
    }
    return try privateDirectoryCheck.settle(try _resolution(for: kind))
  }

  /// Finds or creates a directory and returns its path, as ``directory(_:)`` does.
  ///
  /// When the directory exists this costs one system call; for the runtime directory, whose
  /// base is checked on a descriptor, an `lstat`, an `open`, an `fstat`, an `fstatat` and a
  /// `close`. Missing directories are created with mode 0700; existing ones
  /// are left as they are. A file, a dangling symlink or anything else in the way is a
  /// ``DirectoryError`` naming the path.
  public func directoryPath(_ kind: AppDirectory) throws -> String {
    try _directoryPath(kind)
  }

  /// `directoryPath` with its error typed, for the package's own callers.
  package func _directoryPath(_ kind: AppDirectory) throws(DirectoryError) -> String {
    do throws(DirectoryError) {
      guard let index = try findOrCreateCached(kind) else {
        return try markingCheck(for: kind).ensure(try uncachedResolution(for: kind)).path
      }
      return try resolved[index].get().path
    } catch {
      return try ensuredFallback(kind, after: error).path
    }
  }

  /// Finds or creates a kind that is resolved once (data, config, cache, state, logs) and
  /// returns its index among them; `nil` for the others, which the caller finds or creates.
  func findOrCreateCached(_ kind: AppDirectory) throws(DirectoryError) -> Int? {
    guard let index = Self.index(of: kind) else { return nil }
    guard let path = storage.resolvedPaths[index] else {
      _ = try resolved[index].get()
      return index
    }
    var creator = DirectoryCreator(syscalls: storage.syscalls, environment: storage.environment)
    creator.markingCreated = markingCreated(kind)
    let created = try creator.findOrCreate(path)
    if kind == .cache, storage.looksAtCacheTagFirst(path) {
      // Once per process, a cache found without its tag at the platform's default place gets
      // one (made by an older version, or by the generic findOrCreateDirectory), so that
      // cleaning can prove it the application's; later calls stay one `stat`.
      if created {
        excludeCacheFromBackup(path)
      } else if isDefaultLocation(.cache, at: path, scope: .user) {
        tagCache(at: path)
      }
    }
    return index
  }

  /// The application's runtime directory, found or created and checked as ``directory(_:)``
  /// does, as a resolution with nothing left pending: where its sockets and locks go.
  package func ensuredRuntimeDirectory() throws(DirectoryError) -> DirectoryResolution {
    try markingCheck(for: .runtime).ensure(try uncachedResolution(for: .runtime))
  }

  /// The directories searched for a kind's files, most important first: for data and config
  /// the user's own directory then each system directory (`XDG_DATA_DIRS`, `XDG_CONFIG_DIRS`),
  /// each with the application's folder; for other kinds only the kind's own directory. The
  /// user's own is verified as in ``verifiedResolution(for:)``.
  public func searchResolutions(for kind: AppDirectory) throws -> [DirectoryResolution] {
    try _searchResolutions(for: kind)
  }

  /// `searchResolutions` with its error typed, for the package's own callers.
  package func _searchResolutions(for kind: AppDirectory) throws(DirectoryError)
    -> [DirectoryResolution]
  {
    let own = try _verifiedResolution(for: kind)
    let system: [DirectoryResolution] =
      switch kind {
      case .data: storage.systemSearch.data
      case .config: storage.systemSearch.config
      default: platformLayout.searchBases(kind).map { $0.appending(app) }
      }
    return ([own] + system).withoutRepeatedDirectories(environment.platform.pathStyle)
  }

  /// The path of the first existing file with this relative path in the kind's search
  /// directories, or `nil`.
  ///
  /// Each directory probed costs one system call when it does not exist, and two when it does:
  /// one `stat` of the directory, compared with the identity that the walk reached there
  /// earlier in the process (the walk itself the first time), then one of the file.
  ///
  /// - Parameters:
  ///   - file: A relative path such as `settings.json` or `themes/dark.json`, without `..`
  ///     components.
  ///   - kind: The kind whose search directories are probed.
  public func locatePath(_ file: String, in kind: AppDirectory) throws
    -> String?
  {
    try search(file, in: kind, stopAtFirst: true).first?.path
  }

  /// The paths of every existing file with this relative path in the kind's search
  /// directories, most important first.
  public func locateAllPaths(_ file: String, in kind: AppDirectory) throws
    -> [String]
  {
    try search(file, in: kind, stopAtFirst: false).map(\.path)
  }

  /// The files found in the kind's search directories, in their order.
  func search(_ file: String, in kind: AppDirectory, stopAtFirst: Bool) throws(DirectoryError)
    -> [FileSearch.Found]
  {
    try FileSearch.locate(
      file, in: { () throws(DirectoryError) in try _searchResolutions(for: kind) },
      reachingWith: DirectoryCreator(
        syscalls: syscalls, environment: storage.environment,
        style: storage.environment.platform.pathStyle),
      stopAtFirst: stopAtFirst)
  }

  /// Marks a cache directory as one: `CACHEDIR.TAG` (never replacing one), and on Apple
  /// platforms with the XDG layout the backup exclusion; nothing with Apple's native layout. A
  /// failure leaves the directory usable and untagged.
  private func tagCache(at path: String) {
    guard tagsCacheDirectory, !(storage.environment.platform.isApple && layout == .native) else {
      return
    }
    DirectoryMarker.cacheTag.write(
      in: path, application: app, syscalls: syscalls,
      effectiveUserID: storage.environment.effectiveUserID)
    excludeCacheFromBackup(path)
  }

  /// On Apple platforms with the XDG layout, marks a cache directory excluded from backup
  /// (with the native layout the system already excludes `Caches`).
  private func excludeCacheFromBackup(_ path: String) {
    guard tagsCacheDirectory, storage.environment.platform.isApple, layout != .native else {
      return
    }
    excludeFromBackup(path)
  }

  var privateDirectoryCheck: PrivateDirectoryCheck {
    PrivateDirectoryCheck(syscalls: storage.syscalls, environment: storage.environment)
  }

  /// The check that finds or creates the application's directory of `kind`, writing its
  /// marker when it creates it.
  func markingCheck(for kind: AppDirectory) -> PrivateDirectoryCheck {
    var check = privateDirectoryCheck
    check.markingCreated = markingCreated(kind)
    return check
  }

  static func index(of kind: AppDirectory) -> Int? {
    switch kind {
    case .data: 0
    case .config: 1
    case .cache: 2
    case .state: 3
    case .logs: 4
    case .runtime, .shared: nil
    }
  }

  /// Resolves a kind that is not cached: runtime (whose requirement stays pending) and shared
  /// containers, whose identifier is checked and, on Apple platforms, asked of the system.
  func uncachedResolution(for kind: AppDirectory) throws(DirectoryError)
    -> DirectoryResolution
  {
    try placement(of: kind).resolution
  }

  /// The platform's table (or an override) for a kind; a group's identifier is checked and,
  /// on Apple platforms, its container asked of the system.
  private func placement(of kind: AppDirectory) throws(DirectoryError) -> AppPlacement {
    guard case .shared(let group) = kind else {
      return try platformLayout.place(kind, name: app, organization: organization)
    }
    return try storage.environment.groupContainerPlacement(group, layout: layout, roaming: roaming)
  }

  /// What the platform's table appended below a base directory (or an application's
  /// `P_HOME`) to make this kind's directory, joined by the platform's separator:
  /// `ExampleApp/log` for logs on Linux, `ExampleApp` on macOS, `Example\ExampleApp\Logs` on
  /// Windows; `nil` when one variable names the directory itself.
  package func appendedPath(for kind: AppDirectory) throws(DirectoryError) -> String? {
    let appended = try placement(of: kind).appended
    guard let first = appended.first else { return nil }
    let style = storage.environment.platform.pathStyle
    return appended.dropFirst().reduce(first) { style.join($0, $1) }
  }
}
