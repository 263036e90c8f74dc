// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests run the tool or other processes, which the tests do on macOS and Linux: iOS,
// tvOS, watchOS and visionOS have no Process, and Windows none of the POSIX tools they use.
#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  @testable import TestSupport

  /// `appdirs list`: the table for people, `--json` for programs, `--shell` for shells.
  @Suite struct ListCommandTests {
    static let baseKinds = [
      "home", "data", "config", "cache", "state", "runtime", "executables", "fonts", "applications",
      "documents",
      "downloads", "desktop", "music", "pictures", "videos", "templates", "public", "projects",
      "temporary", "library",
    ]

    func json(_ arguments: [String], _ environment: [String: String], _ root: TemporaryRoot)
      throws -> [String: Any]
    {
      let result = try Tool.run(["list", "--json"] + arguments, environment: environment, in: root)
      #expect(result.status == 0)
      let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
      return try #require(object as? [String: Any])
    }

    @Test func hostListsTheHostsDirectoriesFromInsideFlatpak() throws {
      let root = try TemporaryRoot.withUserDirectories()
      var environment = root.toolEnvironment
      environment["FLATPAK_ID"] = "org.example.App"
      environment["XDG_DATA_HOME"] = root.home + "/.var/app/org.example.App/data"
      environment["XDG_CONFIG_HOME"] = root.home + "/.var/app/org.example.App/config"
      environment["HOST_XDG_DATA_HOME"] = root.at("host-data")
      let sandbox = try json(["--app", "ExampleApp"], environment, root)
      let host = try json(["--app", "ExampleApp", "--host"], environment, root)
      func path(_ object: [String: Any], _ kind: String) -> String? {
        ((object["directories"] as? [String: Any])?[kind] as? [String: Any])?["path"] as? String
      }
      #expect(path(sandbox, "data") == root.home + "/.var/app/org.example.App/data/ExampleApp")
      #expect(
        sandbox["sandbox"] as? [String: String] == ["package": "flatpak", "id": "org.example.App"])
      #expect(path(host, "data") == root.at("host-data/ExampleApp"))
      #expect(path(host, "config") == root.home + "/.config/ExampleApp")
      #expect(host["sandbox"] is NSNull)
    }

    /// Root gives a folder to itself inside the user's cache, then runs the tool as the user.
    @Test(.needsRoot) func aSizeThatCannotBeMeasuredIsLeftOutWithAWarning() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let cache = root.home + "/.cache/ExampleApp"
      try root.makeDirectory(cache + "/locked", mode: 0o700)
      root.chownAll(to: Tool.unprivilegedUser)
      // A folder of root's that the user cannot read: the size would be an undercount.
      lchown(cache + "/locked", 0, 0)
      let result = try Tool.run(
        ["list", "--app", "ExampleApp", "--sizes"], environment: root.toolEnvironment,
        asUser: Tool.unprivilegedUser, in: root,
        standardError: .linesStarting([
          "appdirs: warning: \(cache) could not be measured (EACCES"
        ]))
      #expect(result.status == 0)
      let row = try #require(result.lines.first { $0.hasPrefix("cache ") })
      // EXISTS says yes, and the SIZE column after it is empty.
      #expect(row.trimmingCharacters(in: .whitespaces).hasSuffix(" yes"), "\(row)")
    }

    @Test func hostOutsideFlatpakIsAUsageError() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Tool.run(
        ["list", "--host"], environment: root.toolEnvironment, in: root,
        standardError: .usageError(
          "--host lists the host's directories from inside a Flatpak sandbox (FLATPAK_ID set, or /.flatpak-info there); outside one, list shows them already",
          command: "list"))
      #expect(result.status == 64)
    }

    @Test func columnsAreAlignedByCharactersWithTwoSpacesBetween() throws {
      // "Café" is four characters and five bytes.
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Tool.run(
        ["list", "--app", "Café"], environment: root.toolEnvironment, in: root)
      #expect(result.status == 0)
      let header = try #require(result.lines.first)
      let sourceColumn = try #require(header.range(of: "SOURCE")).lowerBound
      let offset = header.distance(from: header.startIndex, to: sourceColumn)
      let paths = result.lines.dropFirst().map {
        $0.split(separator: " ", omittingEmptySubsequences: true)[1]
      }
      let longest = try #require(paths.map(\.count).max())
      // The widest kind ("applications") and two spaces, the widest path, then exactly two
      // spaces, then the source.
      #expect(offset == "applications  ".count + longest + 2, "\(header)")
      for line in result.lines.dropFirst() {
        let start = line.index(line.startIndex, offsetBy: offset)
        #expect(line[line.index(before: start)] == " " && line[start] != " ", "\(line)")
      }
    }

    @Test func jsonHasTheDocumentedShape() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.makeDirectory("home/.cache")
      let object = try json(
        ["--app", "ExampleApp", "--org", "Example"], root.toolEnvironment, root)
      #expect(
        Set(object.keys) == [
          "platform", "layout", "scope", "app", "organization", "sandbox", "directories",
          "search", "warnings",
        ])
      #expect(object["platform"] as? String == "linux")
      #expect(object["layout"] as? String == "native")
      #expect(object["scope"] as? String == "user")
      #expect(object["app"] as? String == "ExampleApp")
      #expect(object["organization"] as? String == "Example")
      #expect(object["sandbox"] is NSNull)
      #expect((object["warnings"] as? [String]) == [])
      let directories = try #require(object["directories"] as? [String: [String: Any]])
      #expect(Set(directories.keys) == Set(Self.baseKinds + ["logs"]))
      for (kind, entry) in directories {
        #expect(Set(entry.keys) == ["path", "source", "exists"], "\(kind)")
        #expect((entry["path"] as? String)?.hasPrefix("/") == true, "\(kind)")
        #expect(entry["exists"] is Bool, "\(kind)")
      }
      #expect(directories["cache"]?["path"] as? String == root.home + "/.cache/ExampleApp")
      #expect(directories["cache"]?["source"] as? String == "default")
      #expect(directories["home"]?["source"] as? String == "HOME")
      #expect(directories["runtime"]?["source"] as? String == "XDG_RUNTIME_DIR")
      #expect(directories["temporary"]?["source"] as? String == "TMPDIR")
      #expect(directories["temporary"]?["exists"] as? Bool == true)
      #expect(directories["cache"]?["exists"] as? Bool == false)
      let search = try #require(object["search"] as? [String: [String]])
      #expect(
        search["data"] == [
          root.home + "/.local/share/ExampleApp", "/usr/local/share/ExampleApp",
          "/usr/share/ExampleApp",
        ])
      #expect(search["config"] == [root.home + "/.config/ExampleApp", "/etc/xdg/ExampleApp"])
    }

    @Test func jsonWithoutAppHasNullAppAndNoLogs() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let object = try json([], root.toolEnvironment, root)
      #expect(object["app"] is NSNull)
      #expect(object["organization"] is NSNull)
      let directories = try #require(object["directories"] as? [String: Any])
      #expect(Set(directories.keys) == Set(Self.baseKinds))
    }

    @Test func jsonWithGroupListsTheSharedContainer() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let object = try json(["--group", "group.com.example"], root.toolEnvironment, root)
      let directories = try #require(object["directories"] as? [String: [String: Any]])
      #expect(
        directories["shared"]?["path"] as? String
          == root.home + "/.local/share/group-containers/group.com.example")
    }

    @Test(arguments: [
      (["SNAP_NAME": "exampleapp"], "snap", "exampleapp"),
      (
        ["SNAP_NAME": "exampleapp", "SNAP_INSTANCE_NAME": "exampleapp_beta"], "snap",
        "exampleapp_beta"
      ),
      (["FLATPAK_ID": "org.example.App"], "flatpak", "org.example.App"),
    ])
    func jsonNamesTheSandboxPackageAndItsID(
      _ variables: [String: String], _ package: String, _ id: String
    ) throws {
      let root = try TemporaryRoot.withUserDirectories()
      let object = try json([], root.toolEnvironment.merging(variables) { $1 }, root)
      #expect(object["sandbox"] as? [String: String] == ["package": package, "id": id])
    }

    @Test func jsonSourcesNameTheVariableTheFileAndTheFallback() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.write("XDG_MUSIC_DIR=\"$HOME/Tunes\"\n", to: "home/.config/user-dirs.dirs")
      var environment = root.toolEnvironment
      environment["XDG_DATA_HOME"] = root.at("data")
      environment["XDG_RUNTIME_DIR"] = nil
      environment["XDG_CACHE_HOME"] = "not/absolute"
      let object = try json([], environment, root)
      let directories = try #require(object["directories"] as? [String: [String: Any]])
      #expect(directories["data"]?["source"] as? String == "XDG_DATA_HOME")
      #expect(directories["music"]?["source"] as? String == "user-dirs.dirs")
      #expect(directories["music"]?["path"] as? String == root.home + "/Tunes")
      #expect(directories["runtime"]?["source"] as? String == "fallback")
      let warnings = try #require(object["warnings"] as? [String])
      #expect(warnings.contains { $0.contains("XDG_CACHE_HOME") })
      #expect(warnings.contains { $0.contains("XDG_RUNTIME_DIR is not set") })
    }

    @Test func shellOutputEvaluatesInAPOSIXShell() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let script = """
        eval "$("$0" list --app "Ada's App" --shell)" || exit 9
        printf '%s\\n' "$APPDIRS_CACHE" "$APPDIRS_LOGS" "$APPDIRS_PUBLIC" "$APPDIRS_HOME"
        """
      let result = try Tool.runProcess(
        ["/bin/sh", "-c", script, Tool.path], environment: root.toolEnvironment, in: root)
      #expect(result.status == 0)
      #expect(
        result.lines == [
          root.home + "/.cache/Ada's App", root.home + "/.local/state/Ada's App/log",
          root.home + "/Public", root.home,
        ])
    }

    @Test func shellOutputHasOneAssignmentPerKind() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Tool.run(["list", "--shell"], environment: root.toolEnvironment, in: root)
      #expect(result.status == 0)
      #expect(
        result.lines.map { $0.prefix(while: { $0 != "=" }) }
          == Self.baseKinds.map {
            Substring("APPDIRS_" + $0.uppercased())
          })
    }

    @Test func tableIsAlignedWithKindPathSourceAndExists() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.makeDirectory("home/.config/ExampleApp")
      let result = try Tool.run(
        ["list", "--app", "ExampleApp"], environment: root.toolEnvironment, in: root)
      #expect(result.status == 0)
      #expect(!result.standardOutput.contains("\u{1B}"))
      let lines = result.lines
      let header = try #require(lines.first)
      #expect(
        header.split(separator: " ", omittingEmptySubsequences: true) == [
          "KIND", "PATH", "SOURCE", "EXISTS",
        ])
      let columns = try ["PATH", "SOURCE", "EXISTS"].map { name in
        try #require(header.range(of: name)).lowerBound.utf16Offset(in: header)
      }
      for line in lines.dropFirst() {
        let characters = Array(line)
        for column in columns {
          // Every column starts at the header's offset, after at least two spaces.
          #expect(characters[column - 2] == " " && characters[column - 1] == " ", "\(line)")
          #expect(characters[column] != " ", "\(line)")
        }
        #expect(characters[columns[0]] == "/", "\(line)")
      }
      let config = try #require(lines.first { $0.hasPrefix("config ") })
      #expect(
        config.split(separator: " ", omittingEmptySubsequences: true) == [
          "config", Substring(root.home + "/.config/ExampleApp"), "default", "yes",
        ])
      let cache = try #require(lines.first { $0.hasPrefix("cache ") })
      #expect(cache.hasSuffix("  no"))
      #expect(lines.count == 1 + Self.baseKinds.count + 1)
    }

    /// `script` gives the tool a terminal as its standard output.
    @Test(arguments: [(nil, true), ("1", false), ("", true)])
    func colourOnlyOnATerminalWithoutNoColor(noColor: String?, coloured: Bool) throws {
      let root = try TemporaryRoot.withUserDirectories()
      var environment = root.toolEnvironment
      environment["NO_COLOR"] = noColor
      let result = try Tool.runProcess(
        Tool.withTerminal([Tool.path, "list"]), environment: environment, in: root)
      #expect(result.status == 0)
      #expect(result.standardOutput.contains("KIND"))
      #expect(result.standardOutput.contains("\u{1B}[") == coloured)
    }
  }
#endif
