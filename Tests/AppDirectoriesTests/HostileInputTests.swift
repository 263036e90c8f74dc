// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests make files, users and processes through POSIX calls.
#if !os(Windows)
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

  /// One hostile name and what must happen to it.
  struct HostileName: Sendable, CustomTestStringConvertible {
    var label: String
    var name: String
    var platform: OperatingSystem = .linux
    /// The rule the name breaks, or `nil` when the name is accepted.
    var rejectedBecause: NameProblem?

    var testDescription: String { label }
  }

  /// One hostile environment and the path (or error) it must give.
  struct HostileEnvironment: Sendable, CustomTestStringConvertible {
    var label: String
    var variables: [String: String]
    var invalidUTF8: [String] = []
    var kind: AppDirectory = .data
    /// The expected path, with `~` for the home `/home/ada`; `nil` when an error is expected.
    var path: String?
    /// How many warnings the resolution must carry.
    var warnings: Int = 0

    var testDescription: String { label }
  }

  /// One hostile `user-dirs.dirs` file, as bytes, and what it must give for DOCUMENTS.
  struct HostileUserDirectories: Sendable, CustomTestStringConvertible {
    var label: String
    var bytes: [UInt8]
    /// The path DOCUMENTS must have, or `nil` when the key must be absent (the default applies).
    var documents: String?
    var warnings: Int

    var testDescription: String { label }

    init(_ label: String, _ text: String, documents: String?, warnings: Int) {
      self.init(label, Array(text.utf8), documents: documents, warnings: warnings)
    }

    init(_ label: String, _ bytes: [UInt8], documents: String?, warnings: Int) {
      self.label = label
      self.bytes = bytes
      self.documents = documents
      self.warnings = warnings
    }
  }

  @Suite("Hostile input: names, environment values, user-dirs.dirs")
  struct HostileInputTests {
    static let home = "/home/ada"
    static let longComponent = String(repeating: "a", count: 255)

    static let names: [HostileName] = [
      .init(label: "empty", name: "", rejectedBecause: .empty(.application)),
      .init(label: "dot", name: ".", rejectedBecause: .dotName(".")),
      .init(label: "dot dot", name: "..", rejectedBecause: .dotName("..")),
      .init(label: "traversal", name: "../../etc", rejectedBecause: .separator("/")),
      .init(label: "absolute", name: "/etc/passwd", rejectedBecause: .separator("/")),
      .init(label: "backslash", name: "a\\b", rejectedBecause: .separator("\\")),
      .init(label: "NUL byte", name: "app\u{0}x", rejectedBecause: .controlCharacter("\u{0}")),
      .init(label: "newline", name: "app\nx", rejectedBecause: .controlCharacter("\n")),
      .init(
        label: "escape sequence", name: "app\u{1B}[31m",
        rejectedBecause: .controlCharacter("\u{1B}")),
      .init(label: "DEL", name: "app\u{7F}", rejectedBecause: .controlCharacter("\u{7F}")),
      .init(label: "C1 control", name: "app\u{85}", rejectedBecause: .controlCharacter("\u{85}")),
      .init(label: "255 bytes", name: longComponent),
      .init(
        label: "256 bytes", name: longComponent + "a",
        rejectedBecause: .tooLong(.application, bytes: 256)),
      .init(
        label: "128 two-byte characters (256 bytes)", name: String(repeating: "é", count: 128),
        rejectedBecause: .tooLong(.application, bytes: 256)),
      .init(
        label: "64 KB", name: String(repeating: "x", count: 65_536),
        rejectedBecause: .tooLong(.application, bytes: 65_536)),
      .init(
        label: "invalid UTF-8, decoded", name: String(decoding: [0x61, 0xFF, 0xFE], as: UTF8.self)),
      .init(label: "dot dot prefix", name: "..app"),
      .init(label: "three dots", name: "..."),
      .init(label: "leading space", name: " app"),
      .init(label: "emoji", name: "📁app"),
      .init(label: "right-to-left override", name: "app\u{202E}gpj.exe"),
      .init(label: "CON on Linux", name: "CON"),
      .init(
        label: "CON on Windows", name: "CON", platform: .windows,
        rejectedBecause: .reservedOnWindows("CON")),
      .init(
        label: "nul.txt on Windows", name: "nul.txt", platform: .windows,
        rejectedBecause: .reservedOnWindows("nul")),
      .init(
        label: "colon on Windows", name: "a:b", platform: .windows,
        rejectedBecause: .characterForbiddenOnWindows(":")),
      .init(
        label: "trailing dot on Windows", name: "app.", platform: .windows,
        rejectedBecause: .endsWithDotOrSpaceOnWindows),
    ]

    @Test("Hostile names are accepted or rejected as documented", arguments: names)
    func hostileName(row: HostileName) {
      let environment = ProcessEnvironment(
        variables: ["HOME": Self.home], platform: row.platform)
      do {
        _ = try AppDirectories(app: row.name, environment: environment)
        #expect(row.rejectedBecause == nil, "accepted, expected a rejection")
      } catch let error as DirectoryError {
        guard case .invalidName(_, let reason) = error, let expected = row.rejectedBecause else {
          Issue.record("unexpected \(error)")
          return
        }
        #expect(reason == expected, "\(reason)")
      } catch {
        Issue.record("not a DirectoryError: \(error)")
      }
    }

    static let manyEntries = (1...5000).map { "/opt/share\($0)" }

    static let environments: [HostileEnvironment] = [
      .init(label: "empty value", variables: ["XDG_DATA_HOME": ""], path: "~/.local/share/A"),
      .init(
        label: "relative value", variables: ["XDG_DATA_HOME": "data"], path: "~/.local/share/A",
        warnings: 1),
      .init(
        label: "tilde is not expanded", variables: ["XDG_DATA_HOME": "~/data"],
        path: "~/.local/share/A", warnings: 1),
      .init(
        label: "leading space makes it relative", variables: ["XDG_DATA_HOME": " /srv/data"],
        path: "~/.local/share/A", warnings: 1),
      .init(
        label: "trailing space is kept", variables: ["XDG_DATA_HOME": "/srv/data "],
        path: "/srv/data /A"),
      .init(
        label: "repeated and trailing slashes", variables: ["XDG_DATA_HOME": "//srv///data//"],
        path: "/srv/data/A"),
      .init(
        label: "dot components", variables: ["XDG_DATA_HOME": "/srv/./data/."],
        path: "/srv/data/A"),
      .init(
        label: "dot-dot is kept, not resolved", variables: ["XDG_DATA_HOME": "/srv/x/../data"],
        path: "/srv/x/../data/A"),
      .init(label: "root itself", variables: ["XDG_DATA_HOME": "/"], path: "/A"),
      .init(
        label: "NUL byte inside", variables: ["XDG_DATA_HOME": "/srv/\u{0}/data"],
        path: "~/.local/share/A", warnings: 1),
      .init(
        label: "newline inside is kept", variables: ["XDG_DATA_HOME": "/srv/da\nta"],
        path: "/srv/da\nta/A"),
      .init(
        label: "invalid UTF-8 value", variables: [:], invalidUTF8: ["XDG_DATA_HOME"],
        path: "~/.local/share/A", warnings: 1),
      .init(
        label: "64 KB absolute value is resolved as given",
        variables: ["XDG_DATA_HOME": "/" + String(repeating: "d/", count: 32_768)],
        path: "/" + String(repeating: "d/", count: 32_768) + "A"),
      .init(
        label: "relative HOME uses the password database", variables: ["HOME": "home/ada"],
        kind: .cache, path: "/passwd/ada/.cache/A", warnings: 1),
      .init(
        label: "empty HOME uses the password database", variables: ["HOME": ""], kind: .cache,
        path: "/passwd/ada/.cache/A"),
      .init(
        label: "invalid UTF-8 HOME uses the password database", variables: [:],
        invalidUTF8: ["HOME"], kind: .cache, path: "/passwd/ada/.cache/A", warnings: 1),
      .init(
        label: "combining mark after a slash", variables: ["XDG_DATA_HOME": "/srv//\u{301}x/"],
        path: "/srv/\u{301}x/A"),
      .init(
        label: "relative state directory for logs", variables: ["XDG_STATE_HOME": "state"],
        kind: .logs, path: "~/.local/state/A/log", warnings: 1),
    ]

    @Test("Hostile environment values resolve as documented", arguments: environments)
    func hostileEnvironment(row: HostileEnvironment) throws {
      var variables = ["HOME": Self.home]
      variables.merge(row.variables) { $1 }
      var environment = ProcessEnvironment(
        variables: variables, passwordDatabaseHome: "/passwd/ada", effectiveUserID: 1000,
        platform: .linux)
      for name in row.invalidUTF8 {
        environment.undecodableVariables[name] = [0x2F, 0xFF]
        environment.variables[name] = nil
      }
      let resolution = try AppDirectories(app: "A", environment: environment).resolution(
        for: row.kind)
      let expected = row.path.map { $0.hasPrefix("~") ? Self.home + $0.dropFirst() : $0 }
      #expect(resolution.path == expected)
      #expect(resolution.warnings.count == row.warnings, "\(resolution.warnings)")
    }

    /// A search list of thousands of entries, described by its counts: the entries themselves
    /// would make a test report's line of 170,000 characters.
    struct SearchList: Sendable, CustomTestStringConvertible {
      let entries: [String]
      let absolute: Int
      let relative: Int
      let label: String
      var testDescription: String { "\(entries.count) entries, \(label)" }
    }

    static let searchLists: [SearchList] = [
      SearchList(entries: manyEntries, absolute: 5000, relative: 0, label: "all absolute"),
      SearchList(
        entries: manyEntries.map { String($0.dropFirst()) }, absolute: 0, relative: 5000,
        label: "all relative"),
      SearchList(
        entries: Array(repeating: "", count: 5000), absolute: 0, relative: 0, label: "all empty"),
      SearchList(
        entries: zip(manyEntries, manyEntries.map { String($0.dropFirst()) }).flatMap { [$0, $1] },
        absolute: 5000, relative: 5000, label: "absolute and relative in turn"),
    ]

    @Test(
      "Search lists with thousands of entries keep every absolute one, in order",
      arguments: searchLists)
    func thousandsOfSearchEntries(list: SearchList) throws {
      let (entries, absolute, relative) = (list.entries, list.absolute, list.relative)
      let environment = ProcessEnvironment(
        variables: ["HOME": Self.home, "XDG_DATA_DIRS": entries.joined(separator: ":")],
        platform: .linux)
      let resolutions = try AppDirectories(app: "A", environment: environment).searchResolutions(
        for: .data)
      let system = resolutions.dropFirst().map(\.path)
      if absolute == 0 {
        #expect(system == ["/usr/local/share/A", "/usr/share/A"])
      } else {
        #expect(system == Self.manyEntries.map { $0 + "/A" })
      }
      // Every system entry carries the same list of warnings.
      #expect(resolutions.dropFirst().first?.warnings.count == relative)
    }

    @Test("A 64 KB path is refused by creation as too long, without creating anything")
    func overlongPathIsNotCreated() throws {
      try TemporaryRoot.with { scratch in
        let component = String(repeating: "c", count: 200)
        let path = scratch.path + String(repeating: "/" + component, count: 320)
        #expect(throws: DirectoryError.nameTooLong(path: path)) {
          try DirectoryCreator(syscalls: .live, trustedRoot: scratch.path).findOrCreate(path)
        }
        #expect(scratch.relativePaths().isEmpty)
      }
    }

    static let line64K = "XDG_DOCUMENTS_DIR=\"/" + String(repeating: "x", count: 65_536) + "\"\n"

    static let userDirectories: [HostileUserDirectories] = [
      .init("empty file", "", documents: nil, warnings: 0),
      .init("only newlines", String(repeating: "\n", count: 10_000), documents: nil, warnings: 0),
      .init("only CRLF", String(repeating: "\r\n", count: 1000), documents: nil, warnings: 0),
      .init(
        "64 KB line", line64K, documents: "/" + String(repeating: "x", count: 65_536), warnings: 0),
      .init(
        "64 KB line without a closing quote", String(line64K.dropLast(2)) + "\n", documents: nil,
        warnings: 1),
      .init(
        "64 KB of garbage on one line", String(repeating: "!#$\"\\", count: 13_108) + "\n",
        documents: nil, warnings: 1),
      .init(
        "NUL byte in the value",
        Array("XDG_DOCUMENTS_DIR=\"$HOME/a".utf8) + [0] + Array("b\"\n".utf8),
        documents: nil, warnings: 1),
      .init(
        "NUL byte in the key", Array("XDG_DOCU".utf8) + [0] + Array("MENTS_DIR=\"$HOME/d\"\n".utf8),
        documents: nil, warnings: 1),
      .init(
        "invalid UTF-8 in the value: the line is ignored, never turned into U+FFFD",
        Array("XDG_DOCUMENTS_DIR=\"$HOME/".utf8) + [0xFF, 0xC3] + Array("\"\n".utf8),
        documents: nil, warnings: 1),
      .init(
        "invalid UTF-8 before the key",
        [0xFE, 0xFF] + Array("XDG_DOCUMENTS_DIR=\"$HOME/d\"\n".utf8), documents: nil, warnings: 1),
      .init(
        "byte order mark before the key", "\u{FEFF}XDG_DOCUMENTS_DIR=\"$HOME/d\"\n",
        documents: nil, warnings: 1),
      .init(
        "10,000 duplicate lines: the last wins",
        (1...10_000).map { "XDG_DOCUMENTS_DIR=\"$HOME/d\($0)\"\n" }.joined(),
        documents: "/home/ada/d10000", warnings: 0),
      .init(
        "10,000 unknown keys", (1...10_000).map { "XDG_K\($0)_DIR=\"$HOME/k\"\n" }.joined(),
        documents: nil, warnings: 10_000),
      .init("$HOMER is not $HOME", "XDG_DOCUMENTS_DIR=\"$HOMER/d\"\n", documents: nil, warnings: 1),
      .init(
        "escaped dollar is not $HOME", "XDG_DOCUMENTS_DIR=\"\\$HOME/d\"\n", documents: nil,
        warnings: 1),
      .init(
        "escaped quote inside", "XDG_DOCUMENTS_DIR=\"$HOME/a\\\"b\"\n",
        documents: "/home/ada/a\"b", warnings: 0),
      .init(
        "trailing backslash", "XDG_DOCUMENTS_DIR=\"$HOME/a\\\n", documents: nil, warnings: 1),
      .init(
        "text after the closing quote", "XDG_DOCUMENTS_DIR=\"$HOME/a\"; rm -rf /\n",
        documents: nil, warnings: 1),
      .init(
        "command substitution stays literal", "XDG_DOCUMENTS_DIR=\"$HOME/$(id)\"\n",
        documents: "/home/ada/$(id)", warnings: 0),
      .init(
        "dot-dot inside stays literal", "XDG_DOCUMENTS_DIR=\"$HOME/../../etc\"\n",
        documents: "/home/ada/../../etc", warnings: 0),
      .init(
        "lowercase key", "xdg_documents_dir=\"$HOME/d\"\n", documents: nil, warnings: 1),
      .init(
        "spaces around =", "XDG_DOCUMENTS_DIR = \"$HOME/d\"\n", documents: nil, warnings: 1),
      .init(
        "carriage return alone", "XDG_DOCUMENTS_DIR=\"$HOME/d\"\r", documents: "/home/ada/d",
        warnings: 0),
    ]

    @Test("Hostile user-dirs.dirs files parse as documented", arguments: userDirectories)
    func hostileUserDirectories(row: HostileUserDirectories) throws {
      try TemporaryRoot.with { scratch in
        let file = scratch.at("user-dirs.dirs")
        #expect(FileManager.default.createFile(atPath: file, contents: Data(row.bytes)))
        let standard = StandardDirectories(
          layout: .native,
          environment: ProcessEnvironment(
            variables: ["HOME": Self.home, "XDG_CONFIG_HOME": scratch.path], platform: .linux,
            userDirectoriesFile: .readFromDisk))
        let resolution = try standard.resolution(for: .documents)
        // The folder's own lines, and the file's lines that name no known folder.
        let warnings = resolution.warnings + (try standard.userDirectoriesFileWarnings())
        #expect(resolution.source.isUserDirectoriesFile == (row.documents != nil))
        #expect(!resolution.path.unicodeScalars.contains("\u{FFFD}"))
        #expect(resolution.path == row.documents ?? Self.home + "/Documents")
        #expect(warnings.count == row.warnings, "\(warnings.prefix(3))")
      }
    }

    @Test("A file beyond the size limit is read up to the limit and nothing else")
    func oversizedUserDirectoriesFile() throws {
      try TemporaryRoot.with { scratch in
        let file = scratch.at("user-dirs.dirs")
        let filler = String(repeating: "# filler\n", count: UserDirectoriesReader.sizeLimit / 9 + 1)
        let text = "XDG_MUSIC_DIR=\"$HOME/m\"\n" + filler + "XDG_DOCUMENTS_DIR=\"$HOME/late\"\n"
        #expect(FileManager.default.createFile(atPath: file, contents: Data(text.utf8)))
        let environment = ProcessEnvironment(
          variables: ["HOME": Self.home, "XDG_CONFIG_HOME": scratch.path], platform: .linux,
          userDirectoriesFile: .readFromDisk)
        let music = try StandardDirectories(environment: environment).resolution(for: .music)
        let documents = try StandardDirectories(environment: environment).resolution(
          for: .documents)
        #expect(music.path == "/home/ada/m")
        #expect(documents.path == "/home/ada/Documents")
      }
    }

    @Test("Every name given to a system call is one component, even after a combining mark")
    func combiningMarkAfterSlashIsStillASeparator() throws {
      try TemporaryRoot.with { scratch in
        let provider = RecordingSystemCalls()
        try DirectoryCreator(syscalls: provider, trustedRoot: scratch.path)
          .findOrCreate(
            scratch.at("\u{301}a/\u{301}b"))
        let names = provider.records.filter { $0.call == .mkdirat || $0.call == .openat }.map(
          \.name)
        // The first name is the root the walk starts from, an absolute path; every other is one
        // component.
        #expect(names.first == scratch.path)
        #expect(names.dropFirst().allSatisfy { !$0.unicodeScalars.contains("/") })
        #expect(names.contains("\u{301}b"))
        for path in [scratch.at("\u{301}a"), scratch.at("\u{301}a/\u{301}b")] {
          #expect(TemporaryRoot.fileStatus(path)?.permissions == 0o700)
        }
      }
    }

    @Test(
      "A relative file that climbs out with a combining mark after the slash is refused",
      arguments: ["../\u{301}etc", "a/../\u{301}..", "x/..//\u{301}y"])
    func combiningMarkCannotHideDotDot(file: String) {
      #expect(throws: DirectoryError.self) {
        try FileSearch.validateRelativeFile(file, style: .posix)
      }
    }

    @Test("A search entry with a NUL byte is dropped with a warning, like a relative one")
    func nulByteInSearchEntry() throws {
      let environment = ProcessEnvironment(
        variables: ["HOME": Self.home, "XDG_DATA_DIRS": "/a\u{0}b:/opt/share"], platform: .linux)
      let search = try AppDirectories(app: "A", environment: environment).searchResolutions(
        for: .data)
      #expect(search.map(\.path) == ["/home/ada/.local/share/A", "/opt/share/A"])
      #expect(search.last?.warnings.count == 1)
    }
  }
#endif
