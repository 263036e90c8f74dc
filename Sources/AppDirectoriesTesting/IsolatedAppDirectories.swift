// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if FoundationAPI
  import AppDirectoriesCore
  public import Testing

  #if canImport(FoundationEssentials)
    public import FoundationEssentials
  #else
    public import Foundation
  #endif
  #if canImport(Darwin)
    import Darwin
  #elseif canImport(Android)
    import Android
  #elseif canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  /// The trait that gives each test its own home: a fresh root in the system's temporary
  /// directory, made current for the test with `ProcessEnvironment.isolated(in:)`
  /// and removed afterwards. Use it as ``Testing/Trait/isolatedAppDirectories``.
  ///
  /// On a suite it applies to every test in it, each test (and each case of a parameterised
  /// test) with a root of its own. As ``Testing/Trait/processWideIsolatedAppDirectories`` the
  /// root is the whole process's, for code that starts detached tasks, threads or Dispatch work.
  public struct IsolatedAppDirectoriesTrait: TestTrait, SuiteTrait, TestScoping {
    /// Whether the root is made the whole process's rather than the test's task's.
    public let isProcessWide: Bool
    /// The application's name the one-liners use inside the root
    /// (`ProcessEnvironment.applicationName`), or `nil` for the test
    /// process's own (the test bundle's under `swift test`).
    public let applicationName: String?

    /// Every test of a suite gets its own root, not one root for the suite.
    public var isRecursive: Bool { true }

    /// A root for each test case; none for a suite as a whole.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
      testCase == nil ? nil : self
    }

    /// Runs the test with a fresh isolated environment current, then removes its root.
    public func provideScope(
      for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
      if isProcessWide {
        try await withProcessWideIsolatedAppDirectories(app: applicationName) { _ in
          try await function()
        }
      } else {
        try await withIsolatedAppDirectories(app: applicationName) { _ in try await function() }
      }
    }
  }

  extension Trait where Self == IsolatedAppDirectoriesTrait {
    /// Each test gets a fresh root in the system's temporary directory, current for the test
    /// and the tasks it starts (`ProcessEnvironment.current`,
    /// `ProcessEnvironment.isolationRoot`), removed afterwards: the one-liners,
    /// `StandardDirectories` and `AppDirectories(app:)` never touch the real home.
    ///
    /// ```swift
    /// import AppDirectories
    /// import AppDirectoriesTesting
    /// import Foundation
    /// import Testing
    ///
    /// @Suite(.isolatedAppDirectories) struct SettingsTests {
    ///   @Test func savesItsFile() throws {
    ///     let support = try FileManager.default.applicationSupportDirectory
    ///     #expect(support.path.hasPrefix(ProcessEnvironment.current.isolationRoot!.path))
    ///   }
    /// }
    /// ```
    public static var isolatedAppDirectories: Self {
      IsolatedAppDirectoriesTrait(isProcessWide: false, applicationName: nil)
    }

    /// ``isolatedAppDirectories`` in which the one-liners use the application name `app`, as
    /// the shipped application does, instead of the test bundle's: the test sees the path the
    /// app will use, inside the root.
    ///
    /// ```swift
    /// import AppDirectories
    /// import AppDirectoriesTesting
    /// import Foundation
    /// import Testing
    ///
    /// @Suite(.isolatedAppDirectories(app: "ExampleApp")) struct NamedTests {
    ///   @Test func supportIsTheApps() throws {
    ///     let support = try FileManager.default.applicationSupportDirectory
    ///     #expect(support.lastPathComponent == "ExampleApp")
    ///   }
    /// }
    /// ```
    public static func isolatedAppDirectories(app: String) -> Self {
      IsolatedAppDirectoriesTrait(isProcessWide: false, applicationName: app)
    }

    /// Each test gets a fresh root made the whole process's environment
    /// (`ProcessEnvironment.withProcessWide(_:operation:)`): the
    /// library in detached tasks, threads and Dispatch queues, other libraries that read `HOME`
    /// and child processes all see it. The process's environment is shared: use it on a
    /// `.serialized` suite, and only where no other test runs beside it.
    ///
    /// ```swift
    /// import AppDirectories
    /// import AppDirectoriesTesting
    /// import Foundation
    /// import Testing
    ///
    /// @Suite(.serialized, .processWideIsolatedAppDirectories) struct BackgroundTests {
    ///   @Test func detachedWorkStaysInside() async throws {
    ///     let path = try await Task.detached { try FileManager.default.cachesDirectory.path }.value
    ///     #expect(path.hasPrefix(ProcessEnvironment.current.isolationRoot!.path))
    ///   }
    /// }
    /// ```
    public static var processWideIsolatedAppDirectories: Self {
      IsolatedAppDirectoriesTrait(isProcessWide: true, applicationName: nil)
    }

    /// ``processWideIsolatedAppDirectories`` in which the one-liners use the application name
    /// `app` instead of the test bundle's.
    public static func processWideIsolatedAppDirectories(app: String) -> Self {
      IsolatedAppDirectoriesTrait(isProcessWide: true, applicationName: app)
    }
  }

  /// Runs `body` with a fresh isolated environment current (for XCTest and other code without
  /// Swift Testing's traits), passing its root, and removes the root afterwards.
  ///
  /// ```swift
  /// import AppDirectories
  /// import AppDirectoriesTesting
  /// import Foundation
  ///
  /// let inside = try withIsolatedAppDirectories { root in
  ///   try FileManager.default.cachesDirectory.path.hasPrefix(root.path)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - app: The application's name the one-liners use inside the root, as the shipped
  ///     application does; `nil` for the test process's own.
  ///   - body: The code to run, passed the root.
  public func withIsolatedAppDirectories<R>(app: String? = nil, _ body: (URL) throws -> R)
    throws -> R
  {
    let root = try TemporaryDirectory(prefix: "AppDirectoriesTesting")
    defer { root.remove() }
    return try ProcessEnvironment.withCurrent(root.environment(app: app)) { try body(root.url) }
  }

  /// Runs the asynchronous `body` with a fresh isolated environment current, in this task and
  /// the tasks it starts, and removes the root afterwards.
  public func withIsolatedAppDirectories<R>(
    app: String? = nil, isolation: isolated (any Actor)? = #isolation,
    _ body: (URL) async throws -> R
  ) async throws -> R {
    let root = try TemporaryDirectory(prefix: "AppDirectoriesTesting")
    defer { root.remove() }
    return try await ProcessEnvironment.withCurrent(root.environment(app: app)) {
      try await body(root.url)
    }
  }

  /// Runs `body` with a fresh isolated environment made the whole process's (for code that
  /// starts detached tasks, threads or Dispatch work), passing its root; then puts the process's
  /// environment back and removes the root. Call it from one test at a time.
  public func withProcessWideIsolatedAppDirectories<R>(
    app: String? = nil, _ body: (URL) throws -> R
  ) throws -> R {
    let root = try TemporaryDirectory(prefix: "AppDirectoriesTesting")
    defer { root.remove() }
    return try ProcessEnvironment.withProcessWide(root.environment(app: app)) {
      try body(root.url)
    }
  }

  /// The asynchronous twin of `withProcessWideIsolatedAppDirectories(_:)`.
  public func withProcessWideIsolatedAppDirectories<R>(
    app: String? = nil, isolation: isolated (any Actor)? = #isolation,
    _ body: (URL) async throws -> R
  ) async throws -> R {
    let root = try TemporaryDirectory(prefix: "AppDirectoriesTesting")
    defer { root.remove() }
    return try await ProcessEnvironment.withProcessWide(root.environment(app: app)) {
      try await body(root.url)
    }
  }

  /// Why an isolated root could not be made.
  public struct IsolationRootError: Error, CustomStringConvertible {
    /// What failed, with the system's reason.
    public let description: String
  }

  /// A fresh directory in the system's temporary directory, private to the user, removed
  /// without following links; the package's own tests use it too.
  struct TemporaryDirectory: Sendable {
    let path: String
    var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

    /// The isolated environment inside the root, in which the one-liners use `app` when given.
    func environment(app: String?) -> ProcessEnvironment {
      var environment = ProcessEnvironment.isolated(in: url)
      environment.applicationName = app
      return environment
    }

    #if os(Windows)
      // Windows has no mkdtemp and no *at calls: Foundation makes the folder (a new name, in the
      // user's own temporary directory, which only the user can open) and removes it, links
      // as links.
      init(prefix: String) throws {
        let base = FileManager.default.temporaryDirectory
        let folder = base.appendingPathComponent(
          "\(prefix).\(UUID().uuidString)", isDirectory: true)
        do {
          try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        } catch {
          throw IsolationRootError(
            description: "cannot make a temporary directory in \(base.path): \(error)")
        }
        path = folder.path
      }

      /// Removes the root and everything in it; Foundation removes a link, not its target.
      func remove() { try? FileManager.default.removeItem(atPath: path) }
    #else
      init(prefix: String) throws {
        let base = FileManager.default.temporaryDirectory.path
        var template = Array("\(base)/\(prefix).XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
          buffer.baseAddress.flatMap { mkdtemp($0) }
        }
        guard let made else {
          throw IsolationRootError(
            description:
              "cannot make a temporary directory in \(base): \(String(cString: strerror(errno)))")
        }
        path = String(cString: made)
      }

      /// Removes the root and everything in it, never following a symbolic link, so that a test
      /// that links to a real directory cannot make the clean-up delete it.
      func remove() { Self.remove(path) }

      private static func remove(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard (UInt32(info.st_mode) & UInt32(S_IFMT)) == UInt32(S_IFDIR) else {
          unlink(path)
          return
        }
        // A test may leave a directory without write or search permission.
        chmod(path, 0o700)
        let directory = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard directory >= 0 else { return }
        removeContents(of: directory)
        close(directory)
        rmdir(path)
      }

      /// Removes everything in an open directory by name as the directory holds it, bytes and
      /// all: a name that is not UTF-8 (which no `String` path can reach) goes too.
      private static func removeContents(of directory: Int32) {
        let listing = openat(directory, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard listing >= 0, let stream = fdopendir(listing) else { return }
        var names: [[CChar]] = []
        while let entry = readdir(stream) {
          let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
            raw.prefix { $0 != 0 }.map { CChar(bitPattern: $0) }
          }
          if name == [46] || name == [46, 46] { continue }
          names.append(name + [0])
        }
        closedir(stream)
        for name in names {
          var info = stat()
          guard fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
          if (UInt32(info.st_mode) & UInt32(S_IFMT)) == UInt32(S_IFDIR) {
            fchmodat(directory, name, 0o700, 0)
            let child = openat(directory, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if child >= 0 {
              removeContents(of: child)
              close(child)
            }
            unlinkat(directory, name, AT_REMOVEDIR)
          } else {
            unlinkat(directory, name, 0)
          }
        }
      }
    #endif
  }
#endif
