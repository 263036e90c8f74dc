// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests make files, users and processes through POSIX calls.
#if !os(Windows)
  import AppDirectoriesTesting
  import Foundation
  import Testing

  @testable import AppDirectoriesCore
  @testable import AppDirectoriesFiles
  @testable import AppDirectoriesMaintenance
  @testable import TestSupport

  /// SPEC section 11: tests that never touch the real home.
  @Suite("Isolated environments for users' tests")
  struct IsolationTests {
    static func isInside(_ path: String, _ root: URL) -> Bool {
      path == root.path || path.hasPrefix(root.path + "/")
    }

    @Test func everyKindOfTheLayoutLiesInsideTheRootAndNothingIsCreated() throws {
      try TemporaryRoot.with { scratch in
        let root = URL(fileURLWithPath: scratch.at("isolated"), isDirectory: true)
        let environment = ProcessEnvironment.isolated(in: root)
        #expect(environment.isolationRoot?.path == root.path)
        #expect(environment.effectiveUserID == geteuid())
        for kind in StandardDirectory.allCases {
          let path = try StandardDirectories(environment: environment).resolution(for: kind).path
          #expect(Self.isInside(path, root), "\(kind): \(path)")
        }
        let dirs = try AppDirectories(app: "ExampleApp", environment: environment)
        for kind in AppDirectory.ownKinds + [.shared(group: "group.com.example.app")] {
          let path = try dirs.verifiedResolution(for: kind).path
          #expect(Self.isInside(path, root), "\(kind): \(path)")
          // The system search lists are empty: only the user's own directory.
          #expect(try dirs.searchURLs(for: kind).map(\.path) == [path])
        }
        for kind in [StandardDirectory.data, .config] {
          let search = try StandardDirectories(environment: environment).searchResolutions(
            for: kind)
          #expect(search.count == 1)
        }
        #expect(!scratch.exists(root.path), "resolving created something")
      }
    }

    static let platformRoots: [(OperatingSystem, String)] = [
      (.linux, "/srv/tests/isolated"), (.freeBSD, "/srv/tests/isolated"),
      (.macOS, "/Users/ada/tests/isolated"), (.iOS, "/private/var/tests/isolated"),
      (.android, "/data/local/tmp/isolated"), (.windows, #"C:\Users\ada\tests\isolated"#),
    ]

    @Test(
      "On every platform every directory of the isolated environment lies inside its root",
      arguments: platformRoots)
    func everyPlatformsIsolatedEnvironmentStaysInside(platform: OperatingSystem, root: String)
      throws
    {
      let environment = ProcessEnvironment.isolated(
        inNativePath: root, platform: platform, effectiveUserID: 1000)
      let separator = platform == .windows ? "\\" : "/"
      func isInside(_ path: String) -> Bool { path.hasPrefix(root + separator) }
      #expect(environment.platform == platform)
      #expect(environment.trustedRoot == root)
      #expect(!environment.searchesSystemDirectories)
      #expect(environment.createsRuntimeDirectory)
      // Foundation takes an Apple platform's home from CFFIXED_USER_HOME first.
      #expect(
        environment.variables["CFFIXED_USER_HOME"]
          == (platform.isApple ? root + "/home" : nil))
      var resolved = 0
      for kind in StandardDirectory.allCases {
        do throws(DirectoryError) {
          let path = try onlyDirectoryError {
            try StandardDirectories(environment: environment).resolution(for: kind).path
          }
          #expect(isInside(path), "\(kind): \(path)")
          resolved += 1
        } catch {
          guard case .unsupported = error else {
            Issue.record("\(kind): \(error)")
            continue
          }
        }
      }
      let dirs = try AppDirectories(app: "ExampleApp", environment: environment)
      for kind in AppDirectory.ownKinds + [.shared(group: "group.com.example.app")] {
        do throws(DirectoryError) {
          let resolution = try onlyDirectoryError { try dirs.resolution(for: kind) }
          #expect(isInside(resolution.path), "\(kind): \(resolution.path)")
          #expect(
            try onlyDirectoryError { try dirs.searchResolutions(for: kind) }.map(\.path) == [
              resolution.path
            ])
          resolved += 1
        } catch {
          guard case .unsupported = error else {
            Issue.record("\(kind): \(error)")
            continue
          }
        }
      }
      // Android has no applications directory, besides the folders the count already leaves.
      #expect(resolved >= StandardDirectory.allCases.count - (platform == .android ? 1 : 0))
    }

    @Test func theRuntimeDirectoryIsTheRootsOwnMadePrivateWhenFirstNeeded() throws {
      try TemporaryRoot.with { scratch in
        let root = URL(fileURLWithPath: scratch.at("isolated"), isDirectory: true)
        let dirs = try AppDirectories(app: "ExampleApp", environment: .isolated(in: root))
        let runtime = try dirs.directory(.runtime)
        #expect(runtime.path == root.path + "/runtime/ExampleApp")
        #expect(scratch.mode(root.path + "/runtime") == 0o700)
        #expect(scratch.mode(runtime.path) == 0o700)
        #expect(try dirs.verifiedResolution(for: .runtime).warnings.isEmpty)
      }
    }

    @Test func withCurrentReachesTheOneLinersAndChildTasks() async throws {
      try await withIsolatedAppDirectories { root in
        #expect(ProcessEnvironment.current.isolationRoot?.path == root.path)
        let support = try FileManager.default.applicationSupportDirectory
        let caches = try FileManager.default.cachesDirectory
        let any = try FileManager.default.findOrCreateDirectory(
          .cachesDirectory, in: .userDomainMask, appendingPathComponent: "ExampleApp")
        for url in [support, caches, any] {
          #expect(Self.isInside(url.path, root), "\(url.path)")
          #expect(FileManager.default.fileExists(atPath: url.path))
        }
        let fromChildren = try await withThrowingTaskGroup(of: String.self) { group in
          for _ in 0..<4 {
            group.addTask { try StandardDirectories().directoryPath(.documents) }
          }
          return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(fromChildren.allSatisfy { Self.isInside($0, root) })
      }
      #expect(ProcessEnvironment.current.isolationRoot == nil)
    }

    /// The testing kit takes the name the shipped application has, so that a test sees its
    /// production path (inside the root); without one the test bundle's name is used.
    @Test func theKitTakesTheApplicationNameATestShouldSee() async throws {
      let named = try withIsolatedAppDirectories(app: "Notekeeper") { root in
        let support = try FileManager.default.applicationSupportDirectory
        #expect(Self.isInside(support.path, root))
        return support.lastPathComponent
      }
      #expect(named == "Notekeeper")
      let asynchronous = try await withIsolatedAppDirectories(app: "Notekeeper") { _ in
        try await Task { try FileManager.default.applicationSupportDirectory }.value
      }
      #expect(asynchronous.lastPathComponent == "Notekeeper")
      let unnamed = try withIsolatedAppDirectories { _ in
        try FileManager.default.applicationSupportDirectory.lastPathComponent
      }
      #expect(unnamed == AppDirectories.currentApplicationName)
      #expect(unnamed != "Notekeeper")
    }

    @Test(.isolatedAppDirectories(app: "Notekeeper"))
    func theTraitTakesTheApplicationName() throws {
      #expect(ProcessEnvironment.current.applicationName == "Notekeeper")
      let support = try FileManager.default.applicationSupportDirectory
      #expect(support.lastPathComponent == "Notekeeper")
      let root = try #require(ProcessEnvironment.current.isolationRoot)
      #expect(Self.isInside(support.path, root))
    }

    /// A name that cannot be a folder's is the one-liner's typed error, nothing made.
    @Test func anInvalidApplicationNameIsATypedError() throws {
      try withIsolatedAppDirectories(app: "../up") { root in
        #expect(throws: DirectoryError.self) { try FileManager.default.applicationSupportDirectory }
        #expect(!FileManager.default.fileExists(atPath: root.path + "/home"))
      }
    }

    @Test func theRootIsRemovedAfterwardsWithoutFollowingLinks() throws {
      try TemporaryRoot.with { scratch in
        try scratch.makeDirectory(scratch.at("keep"), mode: 0o700)
        try scratch.writeFile(scratch.at("keep/file"), "kept")
        let used = try withIsolatedAppDirectories { root in
          try Self.linkTheCache(to: scratch.at("keep"))
          return root
        }
        #expect(!FileManager.default.fileExists(atPath: used.path))
        #expect(scratch.exists(scratch.at("keep/file")))
      }
    }

    /// A link from the isolated cache to `target` outside the root, which the removal of the
    /// root must not follow.
    static func linkTheCache(to target: String) throws {
      let cache = try StandardDirectories().directoryPath(.cache)
      try FileManager.default.createSymbolicLink(
        atPath: cache + "/link", withDestinationPath: target)
    }

    @Test func theAsyncRootIsRemovedAfterwardsWithoutFollowingLinks() async throws {
      let scratch = try TemporaryRoot.withUserDirectories()
      defer { scratch.remove() }
      try scratch.makeDirectory(scratch.at("keep"), mode: 0o700)
      try scratch.writeFile(scratch.at("keep/file"), "kept")
      let used = try await withIsolatedAppDirectories { root in
        await Task.yield()
        try Self.linkTheCache(to: scratch.at("keep"))
        return root
      }
      #expect(!FileManager.default.fileExists(atPath: used.path))
      #expect(scratch.exists(scratch.at("keep/file")))
      #expect(ProcessEnvironment.current.isolationRoot == nil)
    }

    struct Thrown: Error {}

    @Test func aBodyThatThrowsStillRemovesItsRootAndRestoresTheEnvironment() async throws {
      let seen = Locked<[URL]>([])
      #expect(throws: Thrown.self) {
        try withIsolatedAppDirectories { root in
          seen.withLock { $0.append(root) }
          _ = try StandardDirectories().directoryPath(.cache)
          throw Thrown()
        }
      }
      await #expect(throws: Thrown.self) {
        try await withIsolatedAppDirectories { root in
          // A suspension, so that the asynchronous scope is the one chosen.
          await Task.yield()
          seen.withLock { $0.append(root) }
          _ = try StandardDirectories().directoryPath(.cache)
          throw Thrown()
        }
      }
      let roots = seen.withLock { $0 }
      #expect(roots.count == 2)
      #expect(Set(roots.map(\.path)).count == 2)
      for root in roots { #expect(!FileManager.default.fileExists(atPath: root.path)) }
      #expect(ProcessEnvironment.current.isolationRoot == nil)
    }

    @Test func asyncAndNestedScopesRestoreTheOuterEnvironment() async throws {
      let seen = try await withIsolatedAppDirectories { outer in
        let inner = try await withIsolatedAppDirectories { inner in
          await Task.yield()
          return (inner, ProcessEnvironment.current.isolationRoot)
        }
        #expect(inner.0 != outer)
        #expect(inner.1 == inner.0)
        return (outer, ProcessEnvironment.current.isolationRoot)
      }
      #expect(seen.1 == seen.0)
      #expect(ProcessEnvironment.current.isolationRoot == nil)
    }

    @Test func syncAndNestedScopesRestoreTheOuterEnvironment() throws {
      let outer = ProcessEnvironment(variables: ["HOME": "/outer"], platform: .linux)
      let inner = ProcessEnvironment(variables: ["HOME": "/inner"], platform: .linux)
      let seen = ProcessEnvironment.withCurrent(outer) { () -> [String?] in
        let during = ProcessEnvironment.withCurrent(inner) {
          ProcessEnvironment.current.variables["HOME"]
        }
        return [during, ProcessEnvironment.current.variables["HOME"]]
      }
      #expect(seen == ["/inner", "/outer"])
    }
  }

  /// The trait on a suite: every test, and every case of a parameterised one, in its own root.
  @Suite(.isolatedAppDirectories)
  struct IsolationTraitTests {
    static let roots = Locked<[String]>([])

    @Test(arguments: 0..<3)
    func eachCaseHasARootOfItsOwn(_ index: Int) throws {
      let root = try #require(ProcessEnvironment.current.isolationRoot)
      let made = try AppDirectories(app: "ExampleApp").directory(.data)
      #expect(made.path.hasPrefix(root.path + "/"))
      #expect(root.path.hasPrefix(FileManager.default.temporaryDirectory.path))
      Self.roots.withLock { $0.append(root.path) }
      let recorded = Self.roots.withLock { $0 }
      #expect(Set(recorded).count == recorded.count, "two tests shared a root")
    }

    @Test(arguments: 0..<3)
    func eachAsyncCaseHasARootOfItsOwnThatItsChildTasksShare(_ index: Int) async throws {
      let root = try #require(ProcessEnvironment.current.isolationRoot)
      await Task.yield()
      let fromChildren = try await withThrowingTaskGroup(of: String.self) { group in
        for _ in 0..<4 {
          group.addTask { try AppDirectories(app: "ExampleApp").directory(.cache).path }
        }
        return try await group.reduce(into: [String]()) { $0.append($1) }
      }
      #expect(fromChildren == Array(repeating: root.path + "/home/.cache/ExampleApp", count: 4))
      Self.roots.withLock { $0.append(root.path) }
      let recorded = Self.roots.withLock { $0 }
      #expect(Set(recorded).count == recorded.count, "two tests shared a root")
    }

    @Test func theDefaultEnvironmentIsTheIsolatedOne() throws {
      let root = try #require(ProcessEnvironment.current.isolationRoot)
      #expect(try StandardDirectories.url(for: .home).path == root.path + "/home")
    }
  }
#endif
