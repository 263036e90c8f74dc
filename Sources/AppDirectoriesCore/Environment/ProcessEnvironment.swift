// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// Everything the library reads from the running process, captured as a plain value.
///
/// Path resolution is a function of this value and of the files it names, never of the
/// running process: the value says which files are read and when (`user-dirs.dirs` with
/// ``UserDirectoriesFile/readFromDisk``, app group containers asked of the system with
/// ``GroupContainers/system``, and, in a captured environment on Linux, Flatpak's
/// `/.flatpak-info`, read once). A value made with
/// ``init(variables:passwordDatabaseHome:effectiveUserID:platform:isSecureExecution:userDirectoriesFile:groupContainers:androidAppStorage:undecodableVariables:)``
/// and its defaults reads nothing, so tests and previews can describe any machine without
/// touching the real one:
///
/// ```swift
/// let environment = ProcessEnvironment(
///   variables: ["HOME": "/home/ada", "XDG_CACHE_HOME": "/var/cache/ada"],
///   effectiveUserID: 1000)
/// let dirs = try AppDirectories(app: "ExampleApp", environment: environment)
/// try dirs.url(for: .cache)   // /var/cache/ada/ExampleApp
/// ```
public struct ProcessEnvironment: Sendable, Hashable {
  /// Where the contents of `user-dirs.dirs` come from.
  public enum UserDirectoriesFile: Sendable, Hashable {
    /// Read `<config>/user-dirs.dirs` from the file system when a user directory is asked for,
    /// again only when the file has changed.
    case readFromDisk
    /// Use this text as the file's contents; `nil` means that there is no file.
    case contents(String?)
    /// Use these bytes as the file's contents, as read from disk: a line that is not UTF-8 is
    /// ignored with a warning. `nil` means that there is no file.
    case bytes([UInt8]?)
  }

  /// Where the containers of app groups come from.
  public enum GroupContainers: Sendable, Hashable {
    /// Ask the system: `containerURL(forSecurityApplicationGroupIdentifier:)` on Apple
    /// platforms (on macOS and Mac Catalyst only for a group the app's entitlements list);
    /// elsewhere the layout's own path.
    case system
    /// Use these container paths, by group identifier, as if the system had answered. A group
    /// that is not listed has no container: the app is not entitled to it.
    case paths([String: String])
    /// Every group's container is the folder named by its identifier in this directory, as in an
    /// isolated environment.
    case directory(String)
  }

  /// The environment variables that matter, by name.
  public var variables: [String: String] {
    get { storage.values.variables }
    set { uniqueStorage().values.variables = newValue }
  }
  /// Variables whose bytes are not UTF-8, by name, as they were set. A `URL` cannot hold such
  /// a path, so the library ignores the value with a warning, as if it were unset; in a list
  /// (`XDG_DATA_DIRS`) only the entries that are not UTF-8 are ignored.
  package var undecodableVariables: [String: [UInt8]] {
    get { storage.values.undecodableVariables }
    set { uniqueStorage().values.undecodableVariables = newValue }
  }
  /// The home directory that the system gives: the password database (`getpwuid_r`), or on
  /// Apple platforms `NSHomeDirectory()` (Foundation's answer: the container of a sandboxed app,
  /// else the password database's entry), if known.
  ///
  /// On Linux, Windows and Android it is used when `HOME` is unusable, and ``capture()`` reads
  /// it only then. On Apple platforms it comes before `HOME`, as in Foundation
  /// (`CFFIXED_USER_HOME`, then this, then `HOME`), and ``capture()`` reads it unless
  /// `CFFIXED_USER_HOME` is usable. `readingPasswordDatabase()` reads it in any case.
  public var passwordDatabaseHome: String? {
    get { storage.values.passwordDatabaseHome }
    set { uniqueStorage().values.passwordDatabaseHome = newValue }
  }
  /// The effective user ID, used to check the runtime directory's owner, what the proof before
  /// removal accepts and whose found directory is handed back. The creation walk's checks of
  /// what it has just made, and of a link on the way, ask the system (`geteuid`) instead: the
  /// file system records the process's own user, whatever this value says.
  public var effectiveUserID: UInt32 {
    get { storage.values.effectiveUserID }
    set { uniqueStorage().values.effectiveUserID = newValue }
  }
  /// The operating system whose conventions apply.
  public var platform: OperatingSystem {
    get { storage.values.platform }
    set { uniqueStorage().values.platform = newValue }
  }
  /// Whether the process runs setuid or setgid (`AT_SECURE`); the environment is not trusted then.
  public var isSecureExecution: Bool {
    get { storage.values.isSecureExecution }
    set { uniqueStorage().values.isSecureExecution = newValue }
  }
  /// Where `user-dirs.dirs` comes from.
  public var userDirectoriesFile: UserDirectoriesFile {
    get { storage.values.userDirectoriesFile }
    set { uniqueStorage().values.userDirectoriesFile = newValue }
  }

  /// `user-dirs.dirs` as read into this snapshot by
  /// ``readingUserDirectories(syscalls:)``, when the environment reads it from disk.
  var userDirectoriesRead: UserDirectoriesText? {
    get { storage.values.userDirectoriesRead }
    set { uniqueStorage().values.userDirectoriesRead = newValue }
  }
  /// Where app group containers come from.
  public var groupContainers: GroupContainers {
    get { storage.values.groupContainers }
    set { uniqueStorage().values.groupContainers = newValue }
  }
  /// The application's private storage on Android, such as `/data/user/0/com.example.app`
  /// (the parent of `Context.getFilesDir()`); every Android directory is inside it.
  ///
  /// ``capture()`` derives it from the process name and user ID of an Android app process; set
  /// it yourself when that guess is wrong (a second process, or adopted storage).
  public var androidAppStorage: String? {
    get { storage.values.androidAppStorage }
    set { uniqueStorage().values.androidAppStorage = newValue }
  }
  /// The user's shared storage on Android, `/storage/emulated/<n>` by default (Documents,
  /// Download, Music, Pictures and Movies are folders of it).
  package var androidSharedStorage: String? {
    get { storage.values.androidSharedStorage }
    set { uniqueStorage().values.androidSharedStorage = newValue }
  }
  /// The user's own temporary directory as the system gives it, which comes before `TMPDIR`:
  /// `confstr(_CS_DARWIN_USER_TEMP_DIR)` on Apple platforms (`/var/folders/…/T`, or the
  /// container's `tmp`), `nil` elsewhere.
  package var systemTemporaryDirectory: String? {
    get { storage.values.systemTemporaryDirectory }
    set { uniqueStorage().values.systemTemporaryDirectory = newValue }
  }
  /// The runtime directory that the login session manager (systemd-logind, elogind) makes for
  /// the user, tried when `XDG_RUNTIME_DIR` is not set or not usable, before the fallback in
  /// the temporary directory: a session's directory that the variable did not reach (`su`,
  /// cron, a service). ``capture()`` gives `/run/user/<uid>` on Linux and
  /// `/var/run/user/<uid>` on FreeBSD and OpenBSD, and nothing in `appdirs sandbox`; `nil`, the
  /// default, for an environment made with
  /// ``init(variables:passwordDatabaseHome:effectiveUserID:platform:isSecureExecution:userDirectoriesFile:groupContainers:androidAppStorage:undecodableVariables:)``
  /// and in an isolated one, so that neither looks outside what it was given. It is used only
  /// when it passes the runtime directory's check (a directory of the user, mode 0700), and
  /// never created.
  package var loginSessionRuntimeDirectory: String? {
    get { storage.values.loginSessionRuntimeDirectory }
    set { uniqueStorage().values.loginSessionRuntimeDirectory = newValue }
  }
  /// The running application's name in this environment, which the one-liners
  /// (`FileManager.default.applicationSupportDirectory` and the others that append the
  /// application's name) use; `nil`, the default, for the name the process gives: the bundle's
  /// executable name on Apple platforms, else the executable's file name (under `swift test`
  /// the test bundle's, such as `ExampleAppPackageTests.xctest`). Set it in a test's isolated
  /// environment so that the test sees the path the shipped app uses:
  ///
  /// ```swift
  /// var environment = ProcessEnvironment.isolated(inPath: "/tmp/isolated-example")
  /// environment.applicationName = "ExampleApp"
  /// ```
  ///
  /// ``AppDirectories/AppDirectories`` values name their application themselves and never
  /// read it.
  public var applicationName: String? {
    get { storage.values.applicationName }
    set { uniqueStorage().values.applicationName = newValue }
  }
  /// The running executable's absolute path as the system gives it, which a portable
  /// application (``PortableMode/automatic``) looks beside: `/proc/self/exe` on Linux,
  /// `_NSGetExecutablePath` on Apple platforms (inside the `.app` bundle), `GetModuleFileNameW`
  /// on Windows; never `argv[0]` as typed, never the working directory, which a shortcut or a
  /// launcher changes. ``capture()`` reads it once; `nil` where the system does not say (on
  /// Android, where every app runs as `app_process`, and on FreeBSD and OpenBSD without
  /// `/proc`), and in an environment made with
  /// ``init(variables:passwordDatabaseHome:effectiveUserID:platform:isSecureExecution:userDirectoriesFile:groupContainers:androidAppStorage:undecodableVariables:)``
  /// until a test sets it:
  ///
  /// ```swift
  /// import AppDirectories
  ///
  /// var environment = ProcessEnvironment(variables: ["HOME": "/home/ada"])
  /// environment.executablePath = "/media/ada/STICK/ExampleApp/ExampleApp"
  /// // ExampleApp-portable is looked for in /media/ada/STICK/ExampleApp
  /// ```
  public var executablePath: String? {
    get { storage.values.executablePath }
    set { uniqueStorage().values.executablePath = newValue }
  }
  /// Whether the system-wide directories (`XDG_DATA_DIRS`, `XDG_CONFIG_DIRS`,
  /// `/Library/Application Support`) are searched after the user's own; not in an isolated
  /// environment.
  var searchesSystemDirectories: Bool {
    get { storage.values.searchesSystemDirectories }
    set { uniqueStorage().values.searchesSystemDirectories = newValue }
  }
  /// The Windows Known Folders that `SHGetKnownFolderPath` reported, by folder.
  var knownFolders: [WindowsKnownFolder: String] {
    get { storage.values.knownFolders }
    set { uniqueStorage().values.knownFolders = newValue }
  }
  /// The root of an isolated environment, which its paths lie inside: creation starts there
  /// without opening the directories above it.
  var trustedRoot: String? {
    get { storage.values.trustedRoot }
    set { uniqueStorage().values.trustedRoot = newValue }
  }
  /// Whether `XDG_RUNTIME_DIR` is the environment's own, made 0700 when first needed, as in an
  /// isolated environment, rather than one the login session must provide.
  var createsRuntimeDirectory: Bool {
    get { storage.values.createsRuntimeDirectory }
    set { uniqueStorage().values.createsRuntimeDirectory = newValue }
  }

  /// Where Flatpak's description of the sandbox is read from when ``sandbox`` is asked and no
  /// variable tells: ``flatpakInfoFile`` in an environment captured on Linux; `nil` (no
  /// file) otherwise.
  var flatpakInfoPath: String? {
    get { storage.values.flatpakInfoPath }
    set { uniqueStorage().values.flatpakInfoPath = newValue }
  }

  /// Whether the values were read from the running process (``capture()``): then the
  /// variables of an application's overrides, which no fixed list can name, are read from the
  /// process when an ``AppDirectories`` with an environment prefix is made.
  var isCaptured: Bool {
    get { storage.values.isCaptured }
    set { uniqueStorage().values.isCaptured = newValue }
  }

  /// The values, in one box shared by copies until one of them changes (copy on write): an
  /// environment is passed down every resolution, and a copy should cost one retain.
  private var storage: Storage

  /// The values themselves, compared and hashed by the compiler, every one of them.
  private struct Values: Hashable {
    var variables: [String: String]
    var undecodableVariables: [String: [UInt8]]
    var passwordDatabaseHome: String?
    var effectiveUserID: UInt32
    var platform: OperatingSystem
    var isSecureExecution: Bool
    var userDirectoriesFile: UserDirectoriesFile
    var groupContainers: GroupContainers
    var androidAppStorage: String?
    var androidSharedStorage: String? = nil
    var systemTemporaryDirectory: String? = nil
    var loginSessionRuntimeDirectory: String? = nil
    var applicationName: String? = nil
    var executablePath: String? = nil
    var searchesSystemDirectories = true
    var knownFolders: [WindowsKnownFolder: String] = [:]
    var trustedRoot: String? = nil
    var userDirectoriesRead: UserDirectoriesText? = nil
    var createsRuntimeDirectory = false
    var flatpakInfoPath: String? = nil
    var isCaptured = false
  }

  // The file read once is behind a lock.
  // Unchecked: `values` changes only through `uniqueStorage()`, when no other value shares the box.
  private final class Storage: @unchecked Sendable {
    var values: Values
    /// The text of the file at ``flatpakInfoPath``, once read: `.some(nil)` when there is none.
    /// A changed value gets a new box, and reads again.
    let flatpakInfo = Locked<String??>(nil)
    init(_ values: Values) { self.values = values }
  }

  private mutating func uniqueStorage() -> Storage {
    if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.values) }
    return storage
  }

  /// Two environments are equal when all their values are.
  public static func == (left: ProcessEnvironment, right: ProcessEnvironment) -> Bool {
    left.storage === right.storage || left.storage.values == right.storage.values
  }

  /// Hashes all the values.
  public func hash(into hasher: inout Hasher) { hasher.combine(storage.values) }

  /// Describes an environment.
  ///
  /// - Parameters:
  ///   - variables: Environment variables by name.
  ///   - passwordDatabaseHome: The home directory the password database gives, if any.
  ///   - effectiveUserID: The effective user ID.
  ///   - platform: The platform whose conventions apply; the host by default.
  ///   - isSecureExecution: Whether to distrust the environment, as in a setuid process.
  ///   - userDirectoriesFile: The contents of `user-dirs.dirs`, or `.readFromDisk`.
  ///   - groupContainers: The app group containers, or `.system` to ask the system.
  ///   - androidAppStorage: The application's private storage on Android.
  ///   - undecodableVariables: Variables whose bytes are not UTF-8, as they were set.
  public init(
    variables: [String: String],
    passwordDatabaseHome: String? = nil,
    effectiveUserID: UInt32 = 1000,
    platform: OperatingSystem = .host,
    isSecureExecution: Bool = false,
    userDirectoriesFile: UserDirectoriesFile = .contents(nil),
    groupContainers: GroupContainers = .paths([:]),
    androidAppStorage: String? = nil,
    undecodableVariables: [String: [UInt8]] = [:]
  ) {
    storage = Storage(
      Values(
        variables: variables, undecodableVariables: undecodableVariables,
        passwordDatabaseHome: passwordDatabaseHome, effectiveUserID: effectiveUserID,
        platform: platform, isSecureExecution: isSecureExecution,
        userDirectoriesFile: userDirectoriesFile, groupContainers: groupContainers,
        androidAppStorage: androidAppStorage))
  }

  /// The environment the library resolves from by default: the one made current for the task
  /// with ``withCurrent(_:operation:)-(_,()->R)``, else the one made the whole process's with
  /// ``withProcessWide(_:operation:)-(_,()->R)``, else the running process's, captured the
  /// first time it is used.
  ///
  /// Later changes to the process environment (`setenv`) are not seen; call ``capture()`` for a
  /// fresh snapshot.
  public static var current: ProcessEnvironment { chosen ?? captured }

  /// The environment made current for this task, else for the whole process; `nil` when
  /// neither was, and the captured one is current. The one place that says which environment is
  /// current: every door of the library that has no environment passed to it asks this, and
  /// nothing keeps its answer past a change of it.
  static var chosen: ProcessEnvironment? {
    taskCurrent?.environment ?? processWide.withLock { $0 }?.environment
  }

  /// The environment made the whole process's with
  /// ``withProcessWide(_:operation:)-(_,()->R)``, if any. Process-wide by definition: it is
  /// what reaches threads and detached tasks, which no task-local does.
  static let processWide = Locked<CurrentEnvironment?>(nil)

  /// The running process's environment, captured once: the process's own variables, which the
  /// library never reads again (``capture()`` gives a fresh snapshot).
  static let captured = capture()

  /// The environment made current for this task and the tasks it starts, if any; boxed, so
  /// that asking whether there is one copies nothing.
  @TaskLocal static var taskCurrent: CurrentEnvironment? = nil

  /// An environment made current with ``withCurrent(_:operation:)-(_,()->R)``.
  final class CurrentEnvironment: Sendable {
    let environment: ProcessEnvironment
    init(_ environment: ProcessEnvironment) { self.environment = environment }
  }

  /// Makes `environment` current (``current``) while `operation` runs, in this task and in the
  /// tasks it starts; the one-liners, ``StandardDirectories`` and
  /// ``AppDirectories/AppDirectories/init(app:organization:layout:environmentPrefix:roaming:scope:fallback:portable:environment:)`` read it.
  ///
  /// ```swift
  /// import AppDirectories
  /// import Foundation
  ///
  /// let root = FileManager.default.temporaryDirectory.appendingPathComponent("example")
  /// let support = try ProcessEnvironment.withCurrent(.isolated(in: root)) {
  ///   try FileManager.default.applicationSupportDirectory   // inside root
  /// }
  /// ```
  public static func withCurrent<R>(
    _ environment: ProcessEnvironment, operation: () throws -> R
  ) rethrows -> R {
    try $taskCurrent.withValue(CurrentEnvironment(environment), operation: operation)
  }

  /// Makes `environment` current while the asynchronous `operation` runs, in this task and in
  /// the tasks it starts.
  public static func withCurrent<R>(
    _ environment: ProcessEnvironment, isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R
  ) async rethrows -> R {
    try await $taskCurrent.withValue(CurrentEnvironment(environment), operation: operation)
  }

  /// The `XDG_*_HOME` variables a Flatpak sandbox points into `~/.var/app/<id>`, each with the
  /// `HOST_` one in which Flatpak passes the host's value.
  static let hostVariables: [(xdg: String, host: String)] = [
    "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME",
  ].map { ($0, "HOST_" + $0) }

  /// Inside a Flatpak sandbox, the host's environment: each `XDG_*_HOME` the sandbox points at
  /// its own folder replaced by the host's value that Flatpak passes in `HOST_XDG_*_HOME`, or
  /// unset (the host's default, under the same home) where there is none; `nil` outside
  /// Flatpak. `StandardDirectories(environment: environment.host)` answers for the host's
  /// directories, as `appdirs list --host` prints them.
  public var host: ProcessEnvironment? {
    guard sandbox == .flatpak else { return nil }
    var host = self
    for (xdg, hostName) in Self.hostVariables {
      host.variables[xdg] = variables[hostName]
      host.undecodableVariables[xdg] = undecodableVariables[hostName]
      host.variables[hostName] = nil
      host.undecodableVariables[hostName] = nil
    }
    host.variables["FLATPAK_ID"] = nil
    host.flatpakInfoPath = nil
    // What the sandbox read of its own user-dirs.dirs is not the host's.
    host.userDirectoriesRead = nil
    return host
  }

  /// The application sandbox: Flatpak when `FLATPAK_ID` is set or Flatpak's description of
  /// the sandbox, `/.flatpak-info`, is there (the variable may have been cleared, the file
  /// cannot be); Snap when `SNAP_NAME` is set; `nil` outside one.
  ///
  /// An environment made with ``init(variables:passwordDatabaseHome:effectiveUserID:platform:isSecureExecution:userDirectoriesFile:groupContainers:androidAppStorage:undecodableVariables:)``
  /// tells by its variables alone; one from ``capture()`` on Linux also looks for the file
  /// (one `open`) when neither variable is set.
  public var sandbox: ApplicationSandbox? {
    declaredSandbox ?? (flatpakInfo != nil ? .flatpak : nil)
  }

  /// The sandbox that the variables name, without looking at any file: what the layout asks.
  var declaredSandbox: ApplicationSandbox? {
    if nonEmptyVariable("FLATPAK_ID") != nil { return .flatpak }
    if nonEmptyVariable("SNAP_NAME") != nil { return .snap }
    return nil
  }

  /// The sandboxed application's identifier: in Flatpak its application ID (`FLATPAK_ID`, else
  /// the `name` of the `[Application]` group of `/.flatpak-info`, such as `org.example.App`),
  /// in Snap its instance name (`SNAP_INSTANCE_NAME`, else `SNAP_NAME`); `nil` outside a
  /// sandbox, or when the sandbox does not say.
  public var sandboxApplicationID: String? {
    switch declaredSandbox {
    case .flatpak: nonEmptyVariable("FLATPAK_ID")
    case .snap: nonEmptyVariable("SNAP_INSTANCE_NAME") ?? nonEmptyVariable("SNAP_NAME")
    // The file, read once: no file, no sandbox and no identifier.
    case nil: flatpakInfo.flatMap(Self.flatpakApplicationName(in:))
    }
  }

  /// What told the library that it runs in a sandbox, for messages: `FLATPAK_ID=org.example.App`,
  /// `/.flatpak-info names org.example.App`, `SNAP_NAME=example`; `nil` outside one.
  package var sandboxEvidence: String? {
    switch declaredSandbox {
    case .flatpak: nonEmptyVariable("FLATPAK_ID").map { "FLATPAK_ID=\($0)" }
    case .snap: nonEmptyVariable("SNAP_NAME").map { "SNAP_NAME=\($0)" }
    case nil:
      flatpakInfo.map { text in
        "\(Self.flatpakInfoFile) names \(Self.flatpakApplicationName(in: text) ?? "no application")"
      }
    }
  }

  /// Where Flatpak describes the sandbox to the application inside it.
  package static let flatpakInfoFile = "/.flatpak-info"

  /// The text of the file at ``flatpakInfoPath``, read the first time it is asked, or `nil`
  /// when there is none: the sandbox is fixed for the process's life.
  var flatpakInfo: String? {
    guard let flatpakInfoPath else { return nil }
    return storage.flatpakInfo.withLock { cached in
      if let cached { return cached }
      var text: String? = nil
      if case .success(let bytes) = LiveSystemCalls.live.readFile(
        path: flatpakInfoPath, limit: 1 << 16)
      {
        text = String(decoding: bytes, as: UTF8.self)
      }
      cached = .some(text)
      return text
    }
  }

  /// The `name` key of the `[Application]` group of a `/.flatpak-info` (a key file: groups in
  /// brackets, `key=value` lines, `#` comments), or `nil`.
  static func flatpakApplicationName(in text: String) -> String? {
    func trimmed(_ text: Substring) -> Substring {
      let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
      let start = text.drop(while: blank)
      return start[
        ..<(start.lastIndex(where: { !blank($0) }).map(start.index(after:)) ?? start.startIndex)]
    }
    var group: Substring = ""
    for line in text.split(whereSeparator: \.isNewline).map(trimmed) {
      if line.hasPrefix("#") || line.isEmpty { continue }
      if line.hasPrefix("[") && line.hasSuffix("]") {
        group = line.dropFirst().dropLast()
        continue
      }
      guard group == "Application", let equals = line.firstIndex(of: "="),
        trimmed(line[..<equals]) == "name"
      else { continue }
      let value = trimmed(line[line.index(after: equals)...])
      return value.isEmpty ? nil : String(value)
    }
    return nil
  }

  /// The variable's value, unless it is unset or empty.
  private func nonEmptyVariable(_ name: String) -> String? {
    variables[name].flatMap { $0.isEmpty ? nil : $0 }
  }

  /// The names of the variables that the library reads: the platforms' own, and each user
  /// folder's `XDG_<KEY>_DIR`, used when `user-dirs.dirs` has no usable line for it.
  static let relevantVariables: [String] =
    [
      "HOME", "CFFIXED_USER_HOME", "TMPDIR", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME",
      "XDG_STATE_HOME", "XDG_BIN_HOME",
      "XDG_RUNTIME_DIR", "XDG_DATA_DIRS", "XDG_CONFIG_DIRS", "APPDATA", "LOCALAPPDATA",
      "USERPROFILE", "PUBLIC", "TMP", "TEMP", "USERNAME", "ANDROID_DATA", "ANDROID_ROOT", "SHELL",
      "PREFIX", "FLATPAK_ID", "SNAP_NAME", "SNAP", "SNAP_USER_COMMON",
      "SNAP_INSTANCE_NAME", "USER", "LOGNAME", ProcessEnvironment.sandboxRootVariable, "APPIMAGE",
    ] + UserDirectories.Key.allCases.map { "XDG_\($0.rawValue)_DIR" }
    + ServiceManagerDirectories.variables
    + hostVariables.map(\.host)
}
