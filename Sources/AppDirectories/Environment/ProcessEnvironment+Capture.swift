// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if canImport(Darwin)
  import Darwin
#elseif canImport(Android)
  import Android
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif os(Windows)
  import ucrt
#endif
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ProcessEnvironment {
  /// Reads the running process's environment now: the variables the library uses, the effective
  /// user ID, the secure-execution flag, and where the platform has them, the Windows Known
  /// Folders, the Android app's private storage and Apple's per-user temporary directory. The
  /// password database is read only when the home needs it (``passwordDatabaseHome``), so that
  /// a Linux process with a good `HOME` never opens it.
  public static func capture() -> ProcessEnvironment {
    let (variables, undecodable) = readVariables(relevantVariables)
    var environment = ProcessEnvironment(
      variables: variables,
      passwordDatabaseHome: nil,
      effectiveUserID: PasswordDatabase.effectiveUserID(),
      platform: .detected(host: .host, variables: variables),
      isSecureExecution: PasswordDatabase.isSecureExecution(),
      userDirectoriesFile: .readFromDisk,
      groupContainers: .system,
      undecodableVariables: undecodable)
    environment.isCaptured = true
    if environment.platform == .linux { environment.flatpakInfoPath = flatpakInfoFile }
    if !environment.isSecureExecution, let root = variables[sandboxRootVariable],
      POSIXPath.isAbsolute(root)
    {
      environment.trustedRoot = POSIXPath.normalize(root)
    }
    #if os(Windows)
      environment.knownFolders = readKnownFolders()
    #endif
    if environment.platform == .android {
      environment.androidAppStorage = readProcessName(syscalls: .live).flatMap {
        androidAppStorage(processName: $0, effectiveUserID: environment.effectiveUserID)
      }
    }
    #if canImport(Darwin)
      // Every Darwin host is an Apple platform.
      environment.systemTemporaryDirectory = readAppleTemporaryDirectory()
    #endif
    if environment.needsPasswordDatabase {
      environment = environment.readingPasswordDatabase()
    }
    return environment
  }

  /// The variables with these names that the running process has set, those whose bytes are
  /// UTF-8 and the others apart.
  static func readVariables(_ names: [String]) -> (
    variables: [String: String], undecodable: [String: [UInt8]]
  ) {
    var variables: [String: String] = [:]
    var undecodable: [String: [UInt8]] = [:]
    for name in names {
      #if os(Windows)
        guard let value = readVariable(name) else { continue }
        variables[name] = value
      #else
        guard let raw = getenv(name) else { continue }
        if let value = String(validatingCString: raw) {
          variables[name] = value
        } else {
          undecodable[name] = Array(UnsafeBufferPointer(start: raw, count: strlen(raw))).map {
            UInt8(bitPattern: $0)
          }
        }
      #endif
    }
    return (variables, undecodable)
  }

  /// The environment with the variables of an application's overrides (`P_CACHE_DIR`,
  /// `P_HOME`, …) read from the running process, when the environment was captured from it and
  /// does not hold them yet; any other environment as it is, so that a test's stays its own.
  func readingOverrides(prefix: String) -> ProcessEnvironment {
    guard isCaptured else { return self }
    let names = ApplicationOverrides.variableNames(prefix: prefix).filter {
      variables[$0] == nil && undecodableVariables[$0] == nil
    }
    guard !names.isEmpty else { return self }
    let (found, undecodable) = Self.readVariables(names)
    guard !found.isEmpty || !undecodable.isEmpty else { return self }
    var environment = self
    environment.variables.merge(found) { old, _ in old }
    environment.undecodableVariables.merge(undecodable) { old, _ in old }
    return environment
  }

  /// Whether the home comes from the system's answer: on Apple platforms unless
  /// `CFFIXED_USER_HOME` is usable (the system's answer comes before `HOME` there), elsewhere
  /// when `HOME` is unusable.
  var needsPasswordDatabase: Bool {
    let first = platform.isApple ? "CFFIXED_USER_HOME" : "HOME"
    if case .path = pathVariable(first) { return false }
    return true
  }

  /// The same environment with ``passwordDatabaseHome`` read from the system for its
  /// ``effectiveUserID``: the password database (`getpwuid_r`), or on Apple platforms the
  /// process's home (`NSHomeDirectory()`, the container of a sandboxed app).
  public func readingPasswordDatabase() -> ProcessEnvironment {
    var environment = self
    environment.passwordDatabaseHome =
      Self.readAppleHome() ?? PasswordDatabase.homeDirectory(userID: effectiveUserID)
    return environment
  }
}

#if os(Linux) || os(Android)
  // glibc's and bionic's getauxval, which the C module map does not export.
  @_silgen_name("getauxval")
  private func auxiliaryVectorValue(_ type: UInt) -> UInt
#endif

/// The thin reader of the user database and process credentials.
enum PasswordDatabase {
  static func effectiveUserID() -> UInt32 {
    #if os(Windows)
      0
    #else
      UInt32(geteuid())
    #endif
  }

  static func isSecureExecution() -> Bool {
    #if os(Linux) || os(Android)
      // AT_SECURE is 23 in <elf.h>; glibc sets it for setuid, setgid and capability gains.
      auxiliaryVectorValue(23) != 0
    #elseif canImport(Darwin) || os(FreeBSD) || os(OpenBSD)
      issetugid() != 0
    #else
      false
    #endif
  }

  /// The home directory of the effective user in the password database, or `nil`.
  static func homeDirectory(userID: UInt32) -> String? {
    #if os(Windows)
      return nil
    #else
      var record = passwd()
      var result: UnsafeMutablePointer<passwd>? = nil
      var size = 1024
      while size <= 1 << 20 {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: size)
        defer { buffer.deallocate() }
        let status = getpwuid_r(uid_t(userID), &record, buffer, size, &result)
        if status == ERANGE {
          size *= 4
          continue
        }
        guard status == 0, result != nil, let directory = record.pw_dir else { return nil }
        let home = String(validatingCString: directory)
        return home?.isEmpty == false ? home : nil
      }
      return nil
    #endif
  }
}

extension ProcessEnvironment {
  /// Makes `environment` the whole process's while `operation` runs, and puts everything back
  /// afterwards: ``current`` in every task (detached ones too), thread and Dispatch queue, and
  /// the process's own variables (`setenv`: its ``variables``, the root of an isolated one in
  /// ``sandboxRootVariable``, and no other `XDG_*` variable), for other libraries and child
  /// processes.
  ///
  /// Task-locals (``withCurrent(_:operation:)-(_,()->R)``) do not reach `Task.detached`,
  /// threads or Dispatch queues; this does, at the price of state the whole process shares:
  /// use it from one test at a time (a `.serialized` suite), never beside code that reads the
  /// environment.
  ///
  /// ```swift
  /// import AppDirectories
  /// import Foundation
  ///
  /// let root = FileManager.default.temporaryDirectory.appendingPathComponent("process-wide")
  /// let cache = try ProcessEnvironment.withProcessWide(.isolated(in: root)) {
  ///   try FileManager.default.cachesDirectory   // inside root, from any thread
  /// }
  /// ```
  public static func withProcessWide<R>(
    _ environment: ProcessEnvironment, operation: () throws -> R
  ) rethrows -> R {
    let restore = makeProcessWide(environment)
    defer { restore() }
    return try operation()
  }

  /// The asynchronous twin of ``withProcessWide(_:operation:)-(_,()->R)``.
  public static func withProcessWide<R>(
    _ environment: ProcessEnvironment, isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R
  ) async rethrows -> R {
    let restore = makeProcessWide(environment)
    defer { restore() }
    return try await operation()
  }

  /// Sets the process-wide environment and variables; returns what puts them back.
  private static func makeProcessWide(_ environment: ProcessEnvironment) -> () -> Void {
    var wanted: [String: String?] = environment.variables.mapValues { $0 }
    if let root = environment.isolationRoot {
      wanted[sandboxRootVariable] = root.path
    }
    for name in ProcessInfo.processInfo.environment.keys
    where name.hasPrefix("XDG_") && wanted[name] == nil {
      wanted[name] = .some(nil)
    }
    var previous: [String: String?] = [:]
    let before = ProcessInfo.processInfo.environment
    for (name, value) in wanted {
      previous[name] = before[name]
      setVariable(name, value)
    }
    let earlier = processWide.withLock { current in
      defer { current = CurrentEnvironment(environment) }
      return current
    }
    return {
      processWide.withLock { $0 = earlier }
      for (name, value) in previous { setVariable(name, value) }
    }
  }

  /// `setenv`, or `unsetenv` for `nil`.
  private static func setVariable(_ name: String, _ value: String?) {
    #if os(Windows)
      _ = _putenv_s(name, value ?? "")
    #else
      if let value { setenv(name, value, 1) } else { unsetenv(name) }
    #endif
  }
}
