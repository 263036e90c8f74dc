// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests run the tool or other processes, which the tests do on macOS and Linux: iOS,
// tvOS, watchOS and visionOS have no Process, and Windows none of the POSIX tools they use.
#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  @testable import TestSupport

  /// `appdirs list --platform`, run as a child process with a controlled environment, and the
  /// README and DocC tables generated from it.
  ///
  /// To regenerate the tables after a deliberate change, run
  /// `APPDIRS_RECORD_PLATFORM_TABLES=1 swift test --filter PlatformPreviewTests`.
  @Suite("appdirs list --platform")
  struct PlatformPreviewTests {
    static let columns: [(name: String, title: String)] = [
      ("linux", "Linux"), ("macos", "macOS"), ("ios", "iOS"), ("windows", "Windows"),
      ("android", "Android"),
    ]
    static let previewArguments = [
      "--app", "ExampleApp", "--org", "Example", "--group", "group.com.example.app", "--json",
    ]
    static let beginMarker = "<!-- platform-table:begin -->"
    static let endMarker = "<!-- platform-table:end -->"

    @Test(arguments: columns.map(\.name))
    func previewReportsThePlatformWithTheSameJSONKeys(platform: String) throws {
      let json = try Self.preview(platform)
      #expect(json["platform"] as? String == platform)
      #expect(json["layout"] as? String == "native")
      #expect(json["app"] as? String == "ExampleApp")
      #expect(json["organization"] as? String == "Example")
      #expect(json["sandbox"] is NSNull)
      let search = try #require(json["search"] as? [String: Any])
      #expect(Set(search.keys) == ["data", "config"])
      #expect(json["warnings"] is [Any])
      let directories = try #require(json["directories"] as? [String: [String: Any]])
      for (kind, entry) in directories {
        #expect(entry["path"] is String, "\(kind)")
        #expect(entry["source"] is String, "\(kind)")
        #expect(entry["exists"] as? Bool == false, "\(kind) of a simulated machine")
      }
    }

    @Test(arguments: columns.map(\.name))
    func previewDoesNotReadThisMachine(platform: String) throws {
      let output = try Self.run(
        ["list", "--platform", platform, "--app", "ExampleApp", "--json"],
        environment: [
          "USER": "ada", "HOME": "/root/real-home", "XDG_DATA_HOME": "/real/data",
          "TMPDIR": "/real/tmp", "APPDATA": #"Z:\real"#,
        ])
      #expect(output.status == 0)
      for leak in ["/root/real-home", "/real/data", "/real/tmp", #"Z:\\real"#] {
        #expect(
          !output.standardOutput.contains(leak), "\(leak) leaked into the \(platform) preview")
      }
    }

    @Test(arguments: ["grace", "../../etc", ""])
    func previewNeverReadsThisMachinesUser(user: String) throws {
      let preview = try Self.run(
        ["list", "--platform", "macos", "--json"],
        environment: ["USER": user, "LOGNAME": user, "USERNAME": user])
      #expect(preview.standardOutput.contains("\"/Users/ada\""))
      if !user.isEmpty { #expect(!preview.standardOutput.contains(user)) }
    }

    /// The simulated Linux machine has no `XDG_RUNTIME_DIR`: its warning is part of the
    /// preview (after the table, or as a comment of `--shell`), never this machine's on
    /// standard error.
    @Test(arguments: [([String](), ""), (["--shell"], "# ")])
    func aPreviewsWarningsStayInThePreview(extra: [String], prefix: String) throws {
      let output = try Self.run(
        ["list", "--platform", "linux", "--app", "ExampleApp"] + extra, environment: [:],
        standardError: .empty)
      #expect(output.status == 0)
      let note =
        prefix
        + "on the simulated machine: XDG_RUNTIME_DIR is not set; using /tmp/runtime-1000 instead"
      #expect(output.lines.filter { $0 == note }.count == 1, "\(output.standardOutput)")
    }

    static let unknownRows: [(String, String)] = [
      ("window", "did you mean 'windows'?"), ("macOS", "did you mean 'macos'?"),
      ("beos", "platforms are macos, ios, windows, android, linux"),
    ]

    @Test(arguments: unknownRows)
    func unknownPlatformIsAUsageError(row: (String, String)) throws {
      let output = try Self.run(
        ["list", "--platform", row.0], environment: ["USER": "ada"],
        standardError: .usageError("unknown platform '\(row.0)'", command: "list"))
      #expect(output.status == 64)
      #expect(output.standardOutput.isEmpty)
      #expect(output.standardError.contains(row.1))
    }

    @Test func platformNamesFollowThatPlatformsRules() throws {
      let output = try Self.run(
        ["list", "--platform", "windows", "--app", "CON"], environment: ["USER": "ada"],
        standardError: .failure("invalid name \"CON\": CON is a reserved device name on Windows"))
      #expect(output.status == 64)
    }

    @Test func kindsAPlatformLacksAreLeftOut() throws {
      let android = try #require(Self.preview("android")["directories"] as? [String: Any])
      #expect(android["documents"] != nil)
      for kind in ["executables", "fonts", "desktop", "templates", "public", "shared"] {
        #expect(android[kind] == nil, "\(kind) on Android")
      }
    }

    @Test(
      .readsThePackage, arguments: ["Sources/AppDirectories/AppDirectories.docc/PlatformPaths.md"])
    func documentedTableMatchesThePreview(file: String) throws {
      let table = try Self.renderTable()
      let url = packageRoot.appendingPathComponent(file)
      let text = try String(contentsOf: url, encoding: .utf8)
      let begin = try #require(
        text.range(of: Self.beginMarker), "\(file) has no \(Self.beginMarker)")
      let end = try #require(text.range(of: Self.endMarker), "\(file) has no \(Self.endMarker)")
      let current = String(text[begin.upperBound..<end.lowerBound])
      let expected = "\n" + table
      if ProcessInfo.processInfo.environment["APPDIRS_RECORD_PLATFORM_TABLES"] == "1" {
        try (text.replacingCharacters(in: begin.upperBound..<end.lowerBound, with: expected))
          .write(to: url, atomically: true, encoding: .utf8)
        return
      }
      #expect(
        current == expected,
        "\(file) drifted from appdirs list --platform; rerun with APPDIRS_RECORD_PLATFORM_TABLES=1")
    }

    /// The Markdown table of every kind on every platform, `~` standing for each home.
    static func renderTable() throws -> String {
      var paths: [[String: String]] = []
      var kinds: [String] = []
      for platform in columns.map(\.name) {
        let json = try preview(platform)
        let directories = try #require(json["directories"] as? [String: [String: Any]])
        let home = try #require(directories["home"]?["path"] as? String)
        var column: [String: String] = [:]
        for (kind, entry) in directories {
          let path = try #require(entry["path"] as? String)
          let isInHome = path.hasPrefix(home + "/") || path.hasPrefix(home + "\\")
          column[kind] = kind != "home" && isInHome ? "~" + path.dropFirst(home.count) : path
        }
        paths.append(column)
        kinds += try kindOrder(of: json).filter { !kinds.contains($0) }
      }
      var lines = ["| kind | " + columns.map(\.title).joined(separator: " | ") + " |"]
      lines.append("|---" + String(repeating: "|---", count: columns.count) + "|")
      for kind in kinds {
        let cells = paths.map { column in column[kind].map { "`\($0)`" } ?? "—" }
        lines.append(
          "| \(kind == "home" ? "home (`~`)" : kind) | " + cells.joined(separator: " | ") + " |")
      }
      return lines.joined(separator: "\n") + "\n"
    }

    /// The kinds in the order the tool lists them.
    static func kindOrder(of json: [String: Any]) throws -> [String] {
      let output = try #require(json["_raw"] as? String)
      return output.split(separator: "\n").compactMap { line in
        guard line.hasPrefix("    \""), line.hasSuffix("{") else { return nil }
        return String(line.dropFirst(5).prefix(while: { $0 != "\"" }))
      }
    }

    static func preview(_ platform: String) throws -> [String: Any] {
      let output = try run(
        ["list", "--platform", platform] + previewArguments, environment: ["USER": "ada"])
      #expect(output.status == 0, "\(output.standardError)")
      var json = try #require(
        try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
      json["_raw"] = output.standardOutput
      return json
    }

    /// Runs the built `appdirs` with exactly `environment`, in a fresh root of its own.
    static func run(
      _ arguments: [String], environment: [String: String],
      standardError: ExpectedStandardError = .empty,
      sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ToolResult {
      let root = try TemporaryRoot.withUserDirectories()
      return try Tool.run(
        arguments, environment: environment, in: root, standardError: standardError,
        sourceLocation: sourceLocation)
    }
  }
#endif
