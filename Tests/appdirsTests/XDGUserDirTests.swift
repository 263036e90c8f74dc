// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests run the tool or other processes, which the tests do on macOS and Linux: iOS,
// tvOS, watchOS and visionOS have no Process, and Windows none of the POSIX tools they use.
#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  @testable import TestSupport

  /// The user folders against `xdg-user-dir` (xdg-user-dirs), the reference reader of
  /// `user-dirs.dirs`: it sources the file over the environment, so a line in the file wins, and
  /// a folder without a line comes from its variable in the environment.
  ///
  /// Where neither is set the two differ on purpose: `xdg-user-dir` prints the home (the
  /// desktop's `~/Desktop`), this package the folder's default (`~/Documents`, `~/Projects`), as
  /// platformdirs and `directories` do.
  @Suite(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/xdg-user-dir"),
      "needs xdg-user-dir (apt-get install xdg-user-dirs)"))
  struct XDGUserDirTests {
    /// Each key of `user-dirs.dirs` with the kind `appdirs path` prints it as.
    static let keys: [(key: String, kind: String)] = [
      ("DESKTOP", "desktop"), ("DOWNLOAD", "downloads"), ("TEMPLATES", "templates"),
      ("PUBLICSHARE", "public"), ("DOCUMENTS", "documents"), ("MUSIC", "music"),
      ("PICTURES", "pictures"), ("VIDEOS", "videos"), ("PROJECTS", "projects"),
    ]

    /// A way of choosing a folder: the line of `user-dirs.dirs`, if any, and the variable in the
    /// environment, if any (`KEY` stands for the key, `HOME` for the home).
    struct Case: Sendable, CustomTestStringConvertible {
      let name: String
      let line: String?
      let variable: String?
      var testDescription: String { name }
    }

    static let cases: [Case] = [
      Case(name: "a line under the home", line: #"XDG_KEY_DIR="$HOME/Chosen KEY""#, variable: nil),
      Case(name: "an absolute line", line: #"XDG_KEY_DIR="/srv/shared/KEY""#, variable: nil),
      Case(name: "the variable without a line", line: nil, variable: "/srv/env/KEY"),
      Case(
        name: "the line over the variable", line: #"XDG_KEY_DIR="$HOME/FromFile""#,
        variable: "/srv/env/KEY"),
      Case(
        name: "the variable when only other folders have lines",
        line: #"XDG_OTHER_DIR="$HOME/Other""#, variable: "/srv/env/KEY"),
    ]

    static let arguments = keys.flatMap { key in cases.map { (key.key, key.kind, $0) } }

    @Test(arguments: arguments)
    func everyFolderAgreesWithXDGUserDir(_ key: String, _ kind: String, _ row: Case) throws {
      let root = try TemporaryRoot.withUserDirectories()
      var environment = root.toolEnvironment
      if let line = row.line {
        try root.writeFile(
          root.home + "/.config/user-dirs.dirs",
          line.replacingOccurrences(of: "KEY", with: key) + "\n")
      }
      if let variable = row.variable {
        environment["XDG_\(key)_DIR"] = variable.replacingOccurrences(of: "KEY", with: key)
      }
      let reference = try Tool.runProcess(
        ["/usr/bin/xdg-user-dir", key], environment: environment, in: root)
      #expect(reference.status == 0)
      let ours = try Tool.runProcess(
        [Tool.path, "path", kind], environment: environment, in: root)
      #expect(ours.status == 0, "\(ours.standardError)")
      #expect(ours.standardOutput == reference.standardOutput)
      #expect(!reference.standardOutput.isEmpty)
    }
  }
#endif
