// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests run the tool or other processes, which the tests do on macOS and Linux: iOS,
// tvOS, watchOS and visionOS have no Process, and Windows none of the POSIX tools they use.
#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  @testable import TestSupport

  /// The tool's doors to an application's cache directory, run as the unprivileged user 65534
  /// while a second user (1001) plants links: each door gives the same answer for the same
  /// shape, and `doctor` reports a problem exactly where the doors fail. Every run is a process
  /// of its own, so each one's first reach walks.
  @Suite("Each door of the tool, each shape of links, as an unprivileged user", .needsRoot)
  struct DoorShapeCommandTests {
    static let user = Tool.unprivilegedUser
    static let attacker = Attacker.otherUser

    enum Door: String, CaseIterable, CustomTestStringConvertible {
      case pathCreate, fileCreate, locate

      var testDescription: String { rawValue }

      var arguments: [String] {
        switch self {
        case .pathCreate: ["path", "cache", "--app", "App", "--create"]
        case .fileCreate: ["path", "cache", "--app", "App", "--file", "f", "--create"]
        case .locate: ["locate", "cache", "f", "--app", "App"]
        }
      }
    }

    enum Shape: String, CaseIterable, CustomTestStringConvertible {
      case ownLinkAtTheDirectory, ownLinkAbove, rootsLinkAtTheDirectory
      case foreignLinkAtTheDirectory, chainThroughAForeignLink, swapBetweenRuns

      var testDescription: String { rawValue }

      func refusedLink(_ root: TemporaryRoot) -> String? {
        switch self {
        case .ownLinkAtTheDirectory, .ownLinkAbove, .rootsLinkAtTheDirectory: nil
        case .foreignLinkAtTheDirectory: root.home + "/.cache/App"
        case .chainThroughAForeignLink: root.at("shared/c")
        case .swapBetweenRuns: root.at("open/c")
        }
      }

      /// Lays the shape out for the user, with the attacker's links planted last.
      func prepare(_ root: TemporaryRoot) throws {
        chmod(root.path, 0o755)
        try root.makeDirectory("shared", mode: 0o1777)
        try root.makeDirectory("open", mode: 0o777)
        try root.makeDirectory("run", mode: 0o700)
        try root.makeDirectory(root.home, mode: 0o755)
        try root.makeDirectory(root.home + "/src/App", mode: 0o755)
        try root.write("source", to: root.home + "/src/App/f")
        let cache = root.home + "/.cache"
        switch self {
        case .ownLinkAtTheDirectory:
          try root.makeDirectory(root.home + "/dotfiles/App")
          try root.makeDirectory(cache)
          try root.makeSymlink(cache + "/App", to: root.home + "/dotfiles/App")
        case .ownLinkAbove:
          try root.makeDirectory(root.home + "/disk/cache/App")
          try root.makeSymlink(cache, to: root.home + "/disk/cache")
        case .rootsLinkAtTheDirectory:
          try root.makeDirectory(cache + "/private/App")
          try root.makeSymlink(cache + "/App", to: "private/App")
        case .foreignLinkAtTheDirectory:
          try root.makeDirectory(cache, mode: 0o1777)
        case .chainThroughAForeignLink:
          try root.makeSymlink(cache, to: root.at("shared/c"))
        case .swapBetweenRuns:
          try root.makeDirectory("open/c/App")
          try root.makeSymlink(cache, to: root.at("open/c"))
        }
        root.chownAll(to: DoorShapeCommandTests.user)
        for shared in ["", "shared", "open"] { lchown(root.at(shared), 0, 0) }
        if self == .rootsLinkAtTheDirectory { lchown(cache + "/App", 0, 0) }
        switch self {
        case .foreignLinkAtTheDirectory:
          lchown(cache, 0, 0)
          #expect(plant("ln -s '\(root.home)/src/App' '\(cache)/App'") == 0)
        case .chainThroughAForeignLink:
          #expect(plant("ln -s '\(root.home)/src' '\(root.at("shared/c"))'") == 0)
        default: break
        }
      }

      func swap(_ root: TemporaryRoot) {
        let open = root.at("open")
        #expect(plant("mv '\(open)/c' '\(open)/old' && ln -s '\(root.home)/src' '\(open)/c'") == 0)
      }

      private func plant(_ script: String) -> Int32 {
        Attacker.run(script, as: DoorShapeCommandTests.attacker)
      }
    }

    static func environment(_ root: TemporaryRoot) -> [String: String] {
      ["HOME": root.home, "TMPDIR": root.at("tmp"), "XDG_RUNTIME_DIR": root.at("run")]
    }

    /// The problems `doctor` reports.
    static func problems(_ root: TemporaryRoot) throws -> [String] {
      let result = try Tool.unchecked(
        ["doctor", "--app", "App"], environment: environment(root), asUser: user, in: root)
      return result.lines.filter { $0.hasPrefix("problem: ") }
    }

    static func target(_ root: TemporaryRoot) -> [String] {
      root.relativePaths().filter { $0.hasPrefix("home/src/") }.sorted()
    }

    @Test(arguments: Shape.allCases, Door.allCases)
    func eachDoorGivesTheShapesAnswer(shape: Shape, door: Door) throws {
      let root = try TemporaryRoot.withUserDirectories()
      defer { root.remove() }
      try shape.prepare(root)
      let before = Self.target(root)
      func run() throws -> ToolResult {
        try Tool.unchecked(
          door.arguments, environment: Self.environment(root), asUser: Self.user, in: root)
      }
      if shape == .swapBetweenRuns {
        let first = try run()
        #expect(first.status == 0 || (door == .locate && first.status == 1), "\(first)")
        #expect(try Self.problems(root) == [])
        shape.swap(root)
      }
      let result = try run()
      guard let link = shape.refusedLink(root) else {
        #expect(result.status == 0 || (door == .locate && result.status == 1), "\(result)")
        #expect(result.standardError == "")
        #expect(try Self.problems(root) == [], "doctor reports no problem where doors work")
        return
      }
      #expect(result.status == 73, "\(result)")
      #expect(
        result.standardError.hasPrefix(
          "appdirs: error: \(link) is a symbolic link owned by user \(Self.attacker)"),
        "\(result.standardError)")
      // A shared `~/.cache` (1777) is a problem of its own besides the link in it.
      let problems = try Self.problems(root)
      #expect(
        problems.contains { $0.hasPrefix("problem: \(link) is a symbolic link") }, "\(problems)")
      #expect(Self.target(root) == before, "nothing is made through the link")
    }
  }
#endif
