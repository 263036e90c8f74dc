// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests run the tool or other processes, which the tests do on macOS and Linux: iOS,
// tvOS, watchOS and visionOS have no Process, and Windows none of the POSIX tools they use.
#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  @testable import TestSupport

  /// `doctor` asks the library what would stop each directory, and the library answers with the
  /// walk that creation takes: for each obstacle of SPEC 5 and 7, `doctor` reports a problem
  /// exactly when `path cache --create` fails, naming the same path and the same cause, and
  /// creates nothing.
  @Suite("doctor reports what creating would meet, and only that")
  struct DoctorObstacleTests {
    /// What the two commands say of one cause, each in its own words.
    struct Cause: Sendable {
      let create: String
      let doctor: String
    }

    static let notADirectory = Cause(
      create: "exists but is not a directory", doctor: "is not a directory")
    static let permission = Cause(
      create: "permission denied at", doctor: "cannot be written and searched by user")
    static let foreignLink = Cause(
      create: "is a symbolic link owned by user 12345",
      doctor: "is a symbolic link owned by user 12345")
    static let dangling = Cause(
      create: "whose target does not exist", doctor: "which does not exist")
    static let loop = Cause(create: "its links loop", doctor: "its links loop")
    static let foreignDirectory = Cause(
      create:
        "belongs to user 12345; outside the home, only a directory that you or root own is used",
      doctor: "belongs to user 12345, neither you (user 65534) nor root")
    /// Root is "you": it is told whose the directory is, and why root leaves it alone.
    static let foreignDirectoryForRoot = Cause(
      create:
        "belongs to user 12345; outside the home, only a directory that you or root own is used",
      doctor:
        "belongs to user 12345, not to you (root), so it is refused: outside the home, root uses only its own directories"
    )
    static let foreignLinkForRoot = Cause(
      create:
        "is a symbolic link owned by user 12345; only links that you or root own are followed",
      doctor: "is a symbolic link owned by user 12345, not by you (root)")
    static let rootInForeignParent = Cause(
      create: "root creates nothing in another user's directory",
      doctor: "root creates nothing in another user's directory")

    /// One obstacle: how to plant it (given the root, as root or as the user that runs both
    /// commands), the path that both must name (`@` for the root), and the cause.
    struct Row: Sendable, CustomTestStringConvertible {
      let name: String
      let plant: @Sendable (TemporaryRoot, inout [String: String]) throws -> Void
      var path: String? = nil
      var cause: Cause? = nil
      /// Files that the plant leaves to another user than the one running the tool.
      var foreign: [String] = []
      var testDescription: String { name }
    }

    /// The rows any user can plant; the tool runs as user 65534, so permissions count.
    static let rows: [Row] = [
      Row(name: "nothing in the way", plant: { _, _ in }),
      Row(
        name: "an existing cache of the user's",
        plant: { root, _ in try root.makeDirectory("cache/ExampleApp") }),
      Row(
        name: "a file on the way", plant: { root, _ in try root.write("", to: "cache") },
        path: "@/cache", cause: notADirectory),
      Row(
        name: "a file at the directory",
        plant: { root, _ in
          try root.makeDirectory("cache")
          try root.write("", to: "cache/ExampleApp")
        }, path: "@/cache/ExampleApp", cause: notADirectory),
      Row(
        name: "an unwritable parent",
        plant: { root, _ in try root.makeDirectory("cache", mode: 0o500) },
        path: "@/cache", cause: permission),
      Row(
        name: "an unsearchable parent",
        plant: { root, environment in
          try root.makeDirectory("cache/deep", mode: 0o700)
          environment["XDG_CACHE_HOME"] = root.at("cache/deep")
          chmod(root.at("cache"), 0o600)
        }, path: "@/cache", cause: permission),
      Row(
        name: "a dangling link",
        plant: { root, _ in try root.symlink("cache", to: root.at("nowhere")) },
        path: "@/cache", cause: dangling),
      Row(
        name: "a dangling link at the directory",
        plant: { root, _ in
          try root.makeDirectory("cache")
          try root.symlink("cache/ExampleApp", to: root.at("gone"))
        }, path: "@/cache/ExampleApp", cause: dangling),
      Row(
        name: "a link loop",
        plant: { root, _ in
          try root.symlink("cache", to: root.at("loop"))
          try root.symlink("loop", to: root.at("cache"))
        }, path: "@/cache", cause: loop),
      Row(
        name: "a link of the user's to a directory of the user's",
        plant: { root, _ in
          try root.makeDirectory("elsewhere")
          try root.symlink("cache", to: root.at("elsewhere"))
        }),
    ]

    /// The rows that need files of another user's, which only root can make.
    static let rootRows: [Row] = [
      Row(
        name: "another user's link",
        plant: { root, _ in
          try root.makeDirectory("elsewhere")
          try root.symlink("cache", to: root.at("elsewhere"))
        }, path: "@/cache", cause: foreignLink, foreign: ["cache"]),
      Row(
        name: "a link of the user's through another user's link",
        plant: { root, _ in
          try root.makeDirectory("target")
          try root.makeDirectory("shared", mode: 0o1777)
          try root.symlink("shared/victim", to: root.at("target"))
          try root.symlink("cache", to: root.at("shared/victim"))
        }, path: "@/shared/victim", cause: foreignLink, foreign: ["shared/victim", "shared"]),
      Row(
        name: "another user's directory outside the home",
        plant: { root, _ in try root.makeDirectory("cache/ExampleApp", mode: 0o777) },
        path: "@/cache/ExampleApp", cause: foreignDirectory, foreign: ["cache/ExampleApp"]),
    ]

    static func environment(_ root: TemporaryRoot) -> [String: String] {
      DoctorCommandTests.healthyEnvironment(root)
    }

    /// Plants the row, runs `path cache --create` and `doctor` as `user` on two copies of the
    /// same tree (the creation must not change what the doctor sees), and compares them.
    func check(_ row: Row, user: uid_t = Tool.unprivilegedUser, ownerOfTheRest: uid_t? = nil)
      throws
    {
      var outcomes: [(status: Int32, lines: [String], errors: [String], root: TemporaryRoot)] = []
      for command in [
        ["path", "cache", "--app", "ExampleApp", "--create"], ["doctor", "--app", "ExampleApp"],
      ] {
        let root = try TemporaryRoot.withUserDirectories()
        var environment = Self.environment(root)
        try row.plant(root, &environment)
        // `chmod` of a parent the plant closed is undone by nothing: hand over what can be.
        root.chownAll(to: ownerOfTheRest ?? Tool.unprivilegedUser)
        for relative in row.foreign { lchown(root.at(relative), 12345, 12345) }
        let before = TreeSnapshot.lines(of: root.path)
        let result = try Tool.unchecked(command, environment: environment, asUser: user, in: root)
        if command[0] == "doctor" {
          #expect(TreeSnapshot.lines(of: root.path) == before, "doctor changed the tree")
        }
        let errors = result.standardError.split(separator: "\n").map(String.init)
        outcomes.append((result.status, result.lines, errors, root))
        chmod(root.at("cache"), 0o700)
      }
      let (create, doctor) = (outcomes[0], outcomes[1])
      let expand = { (text: String) in text.replacingOccurrences(of: "@", with: doctor.root.path) }
      let cacheProblems = doctor.lines.filter {
        $0.hasPrefix("problem: ")
          && ($0.contains(doctor.root.at("cache")) || $0.contains(doctor.root.at("loop"))
            || $0.contains(doctor.root.at("shared")))
      }
      guard let path = row.path, let cause = row.cause else {
        #expect(create.status == 0, "\(create.errors)")
        #expect(cacheProblems.isEmpty, "\(doctor.lines)")
        return
      }
      #expect(create.status == 73, "\(create.errors)")
      let error = try #require(
        create.errors.first { $0.hasPrefix("appdirs: error: ") }, "\(create.errors)")
      let createdPath = path.replacingOccurrences(of: "@", with: create.root.path)
      #expect(error.contains(createdPath) && error.contains(cause.create), "\(error)")
      #expect(doctor.status == 1, "\(doctor.lines)")
      #expect(
        doctor.lines.contains {
          $0.hasPrefix("problem: " + expand(path) + " ") && $0.contains(cause.doctor)
        }, "\(doctor.lines)")
    }

    @Test(.asTheUnprivilegedUser, arguments: rows)
    func doctorAgreesWithCreation(_ row: Row) throws {
      try check(row)
    }

    @Test(.needsRoot, arguments: rootRows)
    func doctorAgreesWithCreationOnAnotherUsersFiles(_ row: Row) throws {
      try check(row)
    }

    /// Root running both commands is told who owns what is refused, in words true for root.
    @Test(.needsRoot, arguments: [(2, foreignDirectoryForRoot), (0, foreignLinkForRoot)])
    func rootIsToldWhoseItIsAndWhyItIsRefused(_ rootRow: Int, _ cause: Cause) throws {
      let planted = Self.rootRows[rootRow]
      try check(
        Row(
          name: planted.name, plant: planted.plant, path: planted.path, cause: cause,
          foreign: planted.foreign), user: 0, ownerOfTheRest: 0)
    }

    @Test(.needsRoot)
    func rootWithAUserOwnedHomeCreatesNothingThere() throws {
      let row = Row(
        name: "root with a home of user 65534's",
        plant: { _, _ in }, path: "@", cause: Self.rootInForeignParent)
      try check(row, user: 0)
    }
  }
#endif
