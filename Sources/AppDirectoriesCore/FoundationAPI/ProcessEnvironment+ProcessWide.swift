// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if FoundationAPI
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
    /// Makes `environment` the whole process's while `operation` runs, and puts everything back
    /// afterwards: ``current`` in every task (detached ones too), thread and Dispatch queue, and
    /// the process's own variables (`setenv`: its ``variables``, the root of an isolated one in
    /// `APPDIRS_SANDBOX_ROOT`, and no other `XDG_*` variable), for other libraries and child
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
      if let root = environment.isolationRootPath {
        wanted[sandboxRootVariable] = root
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
        // In UTF-16, as Windows keeps the environment: the narrow `_putenv_s` converts through
        // the ANSI code page, which garbles a root such as `C:\Users\José\…` for child
        // processes and for every library that reads it back. An empty value unsets.
        _ = name.withCString(encodedAs: UTF16.self) { name in
          (value ?? "").withCString(encodedAs: UTF16.self) { value in _wputenv_s(name, value) }
        }
      #else
        if let value { setenv(name, value, 1) } else { unsetenv(name) }
      #endif
    }
  }
#endif
