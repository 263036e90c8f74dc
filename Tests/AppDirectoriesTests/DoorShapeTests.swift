// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests make files through POSIX calls and plant links as another user through a
// process, which the tests do on macOS and Linux: iOS, tvOS, watchOS and visionOS have no
// Process, and Windows none of the POSIX tools they use.
#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  @testable import AppDirectoriesCore
  @testable import AppDirectoriesFiles
  @testable import AppDirectoriesMaintenance
  @testable import TestSupport

  #if canImport(Darwin)
    import Darwin
  #elseif canImport(Android)
    import Android
  #elseif canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  /// Every door to an application's directory reaches it through the one walk, so each gives
  /// the same answer for the same shape of the file system: the user's or root's links are
  /// followed, the application's directory itself included; anyone else's is refused wherever
  /// it stands, a chain's second link and a swap after the first reach included. `obstacle(to:)`,
  /// which `appdirs doctor` reports, names a problem exactly where the doors fail.
  ///
  /// The library runs as root, the user with the most to lose; the attacker is user 65534.
  @Suite("Each door, each shape of links", .needsRoot, .serialized)
  struct DoorShapeTests {
    /// A door: one way an application uses its cache directory.
    enum Door: String, CaseIterable, CustomTestStringConvertible {
      case directory, directoryPath, filePath, write, contents, locate, locateAll

      var testDescription: String { rawValue }

      func open(_ dirs: AppDirectories) throws(DirectoryError) {
        switch self {
        case .directory: _ = try onlyDirectoryError { try dirs.directory(.cache) }
        case .directoryPath: _ = try onlyDirectoryError { try dirs.directoryPath(.cache) }
        case .filePath: _ = try onlyDirectoryError { try dirs.filePath(named: "f", in: .cache) }
        case .write:
          try onlyDirectoryError { try dirs.write(Array("door".utf8), toFile: "f", in: .cache) }
        case .contents: _ = try onlyDirectoryError { try dirs.contents(ofFile: "f", in: .cache) }
        case .locate: _ = try onlyDirectoryError { try dirs.locatePath("f", in: .cache) }
        case .locateAll: _ = try onlyDirectoryError { try dirs.locateAllPaths("f", in: .cache) }
        }
      }
    }

    /// A shape of the way to the cache directory, `~/.cache/App`.
    enum Shape: String, CaseIterable, CustomTestStringConvertible {
      /// Real directories all the way.
      case plain
      /// `~/.cache/App -> ~/dotfiles/App`, the user's own (a dotfiles manager's).
      case ownLinkAtTheDirectory
      /// `~/.cache -> ~/disk/cache`, the user's own (a cache on another disk).
      case ownLinkAbove
      /// systemd's `DynamicUser=` layout: `~/.cache/App -> private/App`, root's relative link.
      case dynamicUserLayout
      /// `~/.cache/App -> ~/src/App`, planted by another user in a shared `~/.cache`.
      case foreignLinkAtTheDirectory
      /// `~/.cache -> shared/c`, the user's own, where another user planted
      /// `shared/c -> ~/src`: the chain's second link is someone else's.
      case chainThroughAForeignLink
      /// `~/.cache -> open/c`, a real directory of the user's, reached once; then another user
      /// renames it away in the open folder and plants `open/c -> ~/src`.
      case swapAfterTheFirstReach

      var testDescription: String { rawValue }

      /// The link every door must refuse, by path, or `nil` when every door works.
      func refusedLink(_ root: TemporaryRoot) -> String? {
        switch self {
        case .plain, .ownLinkAtTheDirectory, .ownLinkAbove, .dynamicUserLayout: nil
        case .foreignLinkAtTheDirectory: root.home + "/.cache/App"
        case .chainThroughAForeignLink: root.at("shared/c")
        case .swapAfterTheFirstReach: root.at("open/c")
        }
      }

      /// Lays the shape out; the swap's second half is ``swap(_:)``.
      func prepare(_ root: TemporaryRoot) throws {
        chmod(root.path, 0o755)
        try root.makeDirectory("shared", mode: 0o1777)
        try root.makeDirectory("open", mode: 0o777)
        try root.makeDirectory(root.home, mode: 0o755)
        // What another user would like the application to write into and empty.
        try root.makeDirectory(root.home + "/src/App", mode: 0o755)
        try root.write("source", to: root.home + "/src/App/main.c")
        let cache = root.home + "/.cache"
        switch self {
        case .plain:
          try root.makeDirectory(cache + "/App")
        case .ownLinkAtTheDirectory:
          try root.makeDirectory(root.home + "/dotfiles/App")
          try root.makeDirectory(cache)
          try root.makeSymlink(cache + "/App", to: root.home + "/dotfiles/App")
        case .ownLinkAbove:
          try root.makeDirectory(root.home + "/disk/cache/App")
          try root.makeSymlink(cache, to: root.home + "/disk/cache")
        case .dynamicUserLayout:
          try root.makeDirectory(cache + "/private/App")
          try root.makeSymlink(cache + "/App", to: "private/App")
        case .foreignLinkAtTheDirectory:
          try root.makeDirectory(cache, mode: 0o1777)
          #expect(Attacker.run("ln -s '\(root.home)/src/App' '\(cache)/App'") == 0)
        case .chainThroughAForeignLink:
          try root.makeSymlink(cache, to: root.at("shared/c"))
          #expect(Attacker.run("ln -s '\(root.home)/src' '\(root.at("shared/c"))'") == 0)
        case .swapAfterTheFirstReach:
          try root.makeDirectory("open/c/App")
          try root.makeSymlink(cache, to: root.at("open/c"))
        }
      }

      /// The attacker's move after the first reach, for the swap.
      func swap(_ root: TemporaryRoot) {
        guard self == .swapAfterTheFirstReach else { return }
        let open = root.at("open")
        #expect(
          Attacker.run("mv '\(open)/c' '\(open)/old' && ln -s '\(root.home)/src' '\(open)/c'") == 0)
      }
    }

    /// What the attacker's target holds: untouched by every refused door.
    static func target(_ root: TemporaryRoot) -> [String] {
      root.relativePaths().filter { $0.hasPrefix("home/src/") }.sorted()
    }

    @Test(arguments: Shape.allCases, Door.allCases)
    func eachDoorGivesTheShapesAnswer(shape: Shape, door: Door) throws {
      try TemporaryRoot.with { root in
        try shape.prepare(root)
        let before = Self.target(root)
        // Each door in a process of its own, as far as the walk's memory goes: a new instance,
        // and this path never reached before by this test.
        let dirs = try AppDirectories(app: "App", environment: root.environment())
        if shape == .swapAfterTheFirstReach {
          try door.open(dirs)
          #expect(dirs.obstacle(to: .cache) == nil)
          shape.swap(root)
        }
        guard let link = shape.refusedLink(root) else {
          try door.open(dirs)
          #expect(dirs.obstacle(to: .cache) == nil, "doctor reports no problem where doors work")
          return
        }
        let refusal = DirectoryError.ownedByAnotherUser(
          path: link, owner: Attacker.user, isSymbolicLink: true)
        #expect(throws: refusal) { try door.open(dirs) }
        // The same answer again: the steady state does not forget a refusal.
        #expect(throws: refusal) { try door.open(dirs) }
        #expect(dirs.obstacle(to: .cache) == refusal, "doctor reports what the doors refuse")
        #expect(Self.target(root) == before, "nothing is made or written through the link")
      }
    }

    /// A door of the tree operations: each a dry run, so that a door that works removes nothing
    /// and can be asked again after the swap.
    enum TreeDoor: String, CaseIterable, CustomTestStringConvertible {
      case cleanCache, cleanAll, pruneCache, locations, sizes, migrateInto

      var testDescription: String { rawValue }

      func open(_ dirs: AppDirectories, legacy: String) throws(DirectoryError) {
        switch self {
        case .cleanCache: _ = try onlyDirectoryError { try dirs.clean(.cache, dryRun: true) }
        case .cleanAll: _ = try onlyDirectoryError { try dirs.clean(.all, dryRun: true) }
        case .pruneCache:
          _ = try onlyDirectoryError {
            try dirs.prune(.cache, olderThan: .seconds(0), dryRun: true)
          }
        case .locations, .sizes:
          // The report's answer for a directory it cannot reach is the location's problem.
          let cache = try onlyDirectoryError { try dirs.locations(sizes: self == .sizes) }.first {
            $0.kinds.contains(.cache)
          }
          if let cache, let problem = cache.problem {
            throw .creationFailed(path: cache.path, errno: problem)
          }
        case .migrateInto:
          _ = try onlyDirectoryError {
            try dirs.migrate(fromPath: legacy, to: .cache, options: .dryRun)
          }
        }
      }
    }

    /// The tree operations walk to the directory under the same rule, the last component left
    /// unfollowed (a link there is the tree's own, removed as a link): the shapes whose links
    /// stand on the way give them the answer they give every other door.
    @Test(
      arguments: [Shape.plain, .ownLinkAbove, .chainThroughAForeignLink, .swapAfterTheFirstReach],
      TreeDoor.allCases)
    func eachTreeDoorGivesTheShapesAnswer(shape: Shape, door: TreeDoor) throws {
      try TemporaryRoot.with { root in
        try shape.prepare(root)
        let legacy = root.home + "/.legacy-app"
        try root.write("old", to: legacy + "/old.txt")
        let before = Self.target(root)
        let dirs = try AppDirectories(app: "App", environment: root.environment())
        if shape == .swapAfterTheFirstReach {
          try door.open(dirs, legacy: legacy)
          shape.swap(root)
        }
        guard let link = shape.refusedLink(root) else {
          try door.open(dirs, legacy: legacy)
          return
        }
        switch door {
        case .locations, .sizes:
          // Not there for the application: no size, and the kernel's word for a link refused.
          #expect(
            throws: DirectoryError.creationFailed(
              path: root.home + "/.cache/App", errno: .tooManySymbolicLinks)
          ) { try door.open(dirs, legacy: legacy) }
        default:
          #expect(
            throws: DirectoryError.ownedByAnotherUser(
              path: link, owner: Attacker.user, isSymbolicLink: true)
          ) { try door.open(dirs, legacy: legacy) }
        }
        #expect(Self.target(root) == before, "nothing is removed or moved through the link")
        #expect(root.exists(legacy + "/old.txt"))
      }
    }

    @Test("A file written through the user's own link at the directory is read back through it")
    func ownLinkAtTheDirectoryWritesAndReads() throws {
      for shape in [Shape.ownLinkAtTheDirectory, .dynamicUserLayout] {
        try TemporaryRoot.with { root in
          try shape.prepare(root)
          let dirs = try AppDirectories(app: "App", environment: root.environment())
          try dirs.write(Array("saved".utf8), toFile: "settings.json", in: .cache)
          #expect(try dirs.contents(ofFile: "settings.json", in: .cache) == Array("saved".utf8))
          let real =
            shape == .dynamicUserLayout
            ? root.home + "/.cache/private/App" : root.home + "/dotfiles/App"
          #expect(try String(contentsOfFile: real + "/settings.json", encoding: .utf8) == "saved")
          // The link is still the link: the directory was used through it, not replaced.
          #expect(root.status(root.home + "/.cache/App").map { $0.st_mode & S_IFMT } == S_IFLNK)
        }
      }
    }
  }
#endif
