// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests run the tool or other processes, which the tests do on macOS and Linux: iOS,
// tvOS, watchOS and visionOS have no Process, and Windows none of the POSIX tools they use.
#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  @testable import AppDirectoriesCore
  @testable import AppDirectoriesFiles
  @testable import AppDirectoriesMaintenance
  @testable import TestSupport

  /// The `FileManager` one-liners as a program calls them: in a process of their own, whose
  /// environment the test sets, so that the library captures it (and names the application
  /// after the executable) as it does for any program. The process is this test bundle run
  /// again for one test, `childCallsTheOneLiners`, which only runs there.
  @Suite("The one-liners in a process of their own")
  struct OneLinerProcessTests {
    /// Where the child writes what each one-liner gave; set only for the child.
    static let reportVariable = "APPDIRECTORIES_ONE_LINER_REPORT"
    static let group = "group.com.example.app"

    /// One one-liner and its name. Each closure is written `throws(DirectoryError)`, which the
    /// compiler checks; it is stored as a plain `throws` one, since a typed-throws function type
    /// in a generic argument (the array) needs the runtime of macOS 15 and later.
    struct OneLiner: Sendable {
      let name: String
      let call: @Sendable () throws -> URL
    }

    /// The one-liners, by name.
    static let oneLiners: [OneLiner] = [
      OneLiner(name: "applicationSupportDirectory") { () throws(DirectoryError) in
        try onlyDirectoryError { try FileManager.default.applicationSupportDirectory }
      },
      OneLiner(name: "cachesDirectory") { () throws(DirectoryError) in
        try onlyDirectoryError { try FileManager.default.cachesDirectory }
      },
      OneLiner(name: "documentsDirectory") { () throws(DirectoryError) in
        try onlyDirectoryError { try FileManager.default.documentsDirectory }
      },
      OneLiner(name: "libraryDirectory") { () throws(DirectoryError) in
        try onlyDirectoryError { try FileManager.default.libraryDirectory }
      },
      OneLiner(name: "sharedContainerURL") { () throws(DirectoryError) in
        try onlyDirectoryError {
          try FileManager.default.sharedContainerURL(forSecurityApplicationGroupIdentifier: group)
        }
      },
      OneLiner(name: "findOrCreateDirectory") { () throws(DirectoryError) in
        try onlyDirectoryError {
          try FileManager.default.findOrCreateDirectory(
            .cachesDirectory, in: .userDomainMask, appendingPathComponent: "ExampleApp")
        }
      },
    ]

    @Test(
      .enabled(
        if: ProcessInfo.processInfo.environment[reportVariable] != nil,
        "runs only as the child process that the test above starts"))
    func childCallsTheOneLiners() throws {
      let report = try #require(ProcessInfo.processInfo.environment[Self.reportVariable])
      var lines: [String] = []
      // Twice: the second call is the steady state, which must give the same answer.
      for _ in 0..<2 {
        for oneLiner in Self.oneLiners {
          do {
            lines.append("\(oneLiner.name) \(try oneLiner.call().path)")
          } catch {
            lines.append("\(oneLiner.name) error \(error)")
          }
        }
      }
      try Data((lines.joined(separator: "\n") + "\n").utf8).write(
        to: URL(fileURLWithPath: report))
    }

    /// Runs the one-liners in a child process with exactly `variables` (and the sanitizers' and
    /// coverage's own), started as `executable` (a link to this test bundle, to give the
    /// application another name), under `umask`; returns what each one-liner gave, twice.
    static func runChild(
      _ variables: [String: String], root: TemporaryRoot, executable: String? = nil,
      umask: String = "022"
    ) throws -> [String] {
      let bundle = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
      let report = root.at("report-\(UUID().uuidString)")
      var environment = variables
      environment[reportVariable] = report
      for name in ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"] {
        environment[name] = ProcessInfo.processInfo.environment[name]
      }
      let result = try Tool.runProcess(
        [
          "/bin/sh", "-c", "umask \(umask); exec \"$0\" \"$@\"", executable ?? bundle,
          "--testing-library", "swift-testing", "--filter", "childCallsTheOneLiners",
        ], environment: environment, in: root,
        standardError: .anything(because: "the child test run reports its progress there"))
      #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
      defer { try? FileManager.default.removeItem(atPath: report) }
      let text = try Tool.readText(report)
      return text.split(separator: "\n").map(String.init)
    }

    /// The application's name as the library takes it: the executable's file name.
    static var bundleName: String {
      get throws {
        URL(
          fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(
            atPath: "/proc/self/exe")
        )
        .lastPathComponent
      }
    }

    @Test("In a fresh home: XDG's defaults, each directory made 0700 with its parents")
    func freshHome() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let home = root.home
      let name = try Self.bundleName
      let lines = try Self.runChild(["HOME": home, "TMPDIR": root.at("tmp")], root: root)
      let expected = [
        "applicationSupportDirectory \(home)/.local/share/\(name)",
        "cachesDirectory \(home)/.cache",
        "documentsDirectory \(home)/Documents",
        "libraryDirectory \(home)/.local/share",
        "sharedContainerURL \(home)/.local/share/group-containers/\(Self.group)",
        "findOrCreateDirectory \(home)/.cache/ExampleApp",
      ]
      #expect(lines == expected + expected)
      for path in [
        ".local", ".local/share", ".local/share/\(name)", ".cache", ".cache/ExampleApp",
        "Documents", ".local/share/group-containers", ".local/share/group-containers/\(Self.group)",
      ] {
        #expect(root.mode(home + "/" + path) == 0o700, "\(path)")
      }
      // The application's data directory holds nothing; the cache folder its tag only.
      #expect(TreeSnapshot.listing(home + "/.local/share/\(name)") == [])
    }

    @Test("The XDG variables are followed, under a umask that would leave others in")
    func xdgVariables() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let name = try Self.bundleName
      let lines = try Self.runChild(
        [
          "HOME": root.home, "XDG_DATA_HOME": root.at("data"), "XDG_CACHE_HOME": root.at("cache"),
          // Relative: ignored, as XDG says, so the documents are in the home.
          "XDG_CONFIG_HOME": "relative/config",
        ], root: root, umask: "000")
      #expect(lines.first == "applicationSupportDirectory \(root.at("data"))/\(name)")
      #expect(lines.contains("cachesDirectory \(root.at("cache"))"))
      #expect(lines.contains("findOrCreateDirectory \(root.at("cache"))/ExampleApp"))
      #expect(lines.contains("documentsDirectory \(root.home)/Documents"))
      #expect(root.mode(root.at("data/\(name)")) == 0o700)
      #expect(root.mode(root.at("cache/ExampleApp")) == 0o700)
      #expect(!root.exists(root.at("relative")))
    }

    @Test("A home that is a file: each one-liner throws the typed error, nothing is created")
    func homeIsAFile() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.write("not a folder", to: "file")
      let home = root.at("file")
      let before = root.allPaths()
      let lines = try Self.runChild(["HOME": home], root: root)
      let error = "\(DirectoryError.notADirectory(path: home))"
      let expected = Self.oneLiners.map { "\($0.name) error \(error)" }
      #expect(lines == expected + expected)
      #expect(root.allPaths() == before)
    }

    @Test("An executable whose name cannot be a folder name: the data one-liner says why")
    func unusableExecutableName() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let bundle = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
      // The library names the application after the executable's file (not the name it was
      // started by): a hard link where the file system allows one, else a copy.
      let renamed = root.at("one\u{1}liner")
      if link(bundle, renamed) != 0 {
        try FileManager.default.copyItem(atPath: bundle, toPath: renamed)
      }
      let lines = try Self.runChild(["HOME": root.home], root: root, executable: renamed)
      let error = DirectoryError.invalidName(
        name: "one\u{1}liner", reason: .controlCharacter("\u{1}"))
      #expect(lines.first == "applicationSupportDirectory error \(error)")
      #expect(lines.contains("sharedContainerURL error \(error)"))
      // What does not need the application's name still works.
      #expect(lines.contains("cachesDirectory \(root.home)/.cache"))
      #expect(!root.exists(root.home + "/.local/share/one\u{1}liner"))
    }
  }
#endif
