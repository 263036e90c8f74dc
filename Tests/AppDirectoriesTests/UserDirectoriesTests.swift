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

  /// The `user-dirs.dirs` rules of SPEC section 3: which lines count, how values expand, and the
  /// defaults for whatever is missing.
  @Suite("user-dirs.dirs")
  struct UserDirectoriesTests {
    static let home = "/home/ada"

    /// The header that `xdg-user-dirs-update` writes.
    static let header = """
      # This file is written by xdg-user-dirs-update
      # If you want to change or add directories, just edit the line you're
      # interested in. All local changes will be retained on the next run.
      # Format is XDG_xxx_DIR="$HOME/yyy", where yyy is a shell-escaped
      # homedir-relative path, or XDG_xxx_DIR="/yyy", where /yyy is an
      # absolute path. No other format is supported.
      #

      """

    /// A file and the documents directory it gives.
    struct ParseCase: Sendable, CustomTestStringConvertible {
      let name: String
      let contents: String
      let documents: String
      /// The line numbers that must be reported as ignored, in order.
      let ignoredLines: [Int]

      var testDescription: String { name }
    }

    static let acceptedLines: [ParseCase] = [
      ParseCase(
        name: "header comments", contents: header + "XDG_DOCUMENTS_DIR=\"$HOME/Dokumente\"\n",
        documents: home + "/Dokumente", ignoredLines: []),
      ParseCase(
        name: "blank lines and comments between",
        contents: "\n\n# comment\n   \n\t\nXDG_DOCUMENTS_DIR=\"$HOME/Docs\"\n\n# end\n",
        documents: home + "/Docs", ignoredLines: []),
      ParseCase(
        name: "CRLF line ends",
        contents:
          "# header\r\n\r\nXDG_DESKTOP_DIR=\"$HOME/Desk\"\r\nXDG_DOCUMENTS_DIR=\"$HOME/Docs\"\r\n",
        documents: home + "/Docs", ignoredLines: []),
      ParseCase(
        name: "CRLF on the only line, no final newline",
        contents: "XDG_DOCUMENTS_DIR=\"$HOME/Docs\"\r", documents: home + "/Docs", ignoredLines: []),
      ParseCase(
        name: "leading spaces and tabs", contents: "  \t XDG_DOCUMENTS_DIR=\"$HOME/Docs\"\n",
        documents: home + "/Docs", ignoredLines: []),
      ParseCase(
        name: "blanks after the closing quote", contents: "XDG_DOCUMENTS_DIR=\"$HOME/Docs\" \t\n",
        documents: home + "/Docs", ignoredLines: []),
      ParseCase(
        name: "$HOME alone", contents: "XDG_DOCUMENTS_DIR=\"$HOME\"\n", documents: home,
        ignoredLines: []),
      ParseCase(
        name: "$HOME with a slash", contents: "XDG_DOCUMENTS_DIR=\"$HOME/\"\n", documents: home,
        ignoredLines: []),
      ParseCase(
        name: "$HOME/x", contents: "XDG_DOCUMENTS_DIR=\"$HOME/x\"\n", documents: home + "/x",
        ignoredLines: []),
      ParseCase(
        name: "$HOME/x/y with doubled and trailing slashes",
        contents: "XDG_DOCUMENTS_DIR=\"$HOME//x//y/\"\n", documents: home + "/x/y", ignoredLines: []
      ),
      ParseCase(
        name: "absolute path", contents: "XDG_DOCUMENTS_DIR=\"/srv/docs\"\n",
        documents: "/srv/docs", ignoredLines: []),
      ParseCase(
        name: "absolute path with trailing slash", contents: "XDG_DOCUMENTS_DIR=\"/srv/docs/\"\n",
        documents: "/srv/docs", ignoredLines: []),
      ParseCase(
        name: "spaces inside the quotes", contents: "XDG_DOCUMENTS_DIR=\"$HOME/My Documents\"\n",
        documents: home + "/My Documents", ignoredLines: []),
      ParseCase(
        name: "escaped quote", contents: #"XDG_DOCUMENTS_DIR="$HOME/a\"b""# + "\n",
        documents: home + "/a\"b", ignoredLines: []),
      ParseCase(
        name: "escaped dollar", contents: #"XDG_DOCUMENTS_DIR="$HOME/\$HOME""# + "\n",
        documents: home + "/$HOME", ignoredLines: []),
      ParseCase(
        name: "escaped backslash", contents: #"XDG_DOCUMENTS_DIR="$HOME/a\\b""# + "\n",
        documents: home + "/a\\b", ignoredLines: []),
      ParseCase(
        name: "escaped backquote", contents: #"XDG_DOCUMENTS_DIR="$HOME/\`x\`""# + "\n",
        documents: home + "/`x`", ignoredLines: []),
      ParseCase(
        name: "non-ASCII folder", contents: "XDG_DOCUMENTS_DIR=\"$HOME/Документы\"\n",
        documents: home + "/Документы", ignoredLines: []),
      ParseCase(
        name: "duplicate key, last wins",
        contents: "XDG_DOCUMENTS_DIR=\"$HOME/First\"\nXDG_DOCUMENTS_DIR=\"$HOME/Second\"\n",
        documents: home + "/Second", ignoredLines: []),
      ParseCase(
        name: "duplicate key, the ignored last line does not count",
        contents: "XDG_DOCUMENTS_DIR=\"$HOME/First\"\nXDG_DOCUMENTS_DIR=Second\n",
        documents: home + "/First", ignoredLines: [2]),
      ParseCase(
        name: "unknown key is ignored, the rest counts",
        contents: "XDG_FROBS_DIR=\"$HOME/Frobs\"\nXDG_DOCUMENTS_DIR=\"$HOME/Docs\"\n",
        documents: home + "/Docs", ignoredLines: [1]),
      ParseCase(
        name: "a bad line of another key does not spoil the next, nor warn about it",
        contents: "XDG_DESKTOP_DIR=\"$HOME/Desk\nXDG_DOCUMENTS_DIR=\"$HOME/Docs\"\n",
        documents: home + "/Docs", ignoredLines: []),
    ]

    @Test func aBadLineWarnsOnlyAboutItsOwnKey() throws {
      let contents = "XDG_DESKTOP_DIR=\"$HOME/Desk\nXDG_MUSIC_DIR=Music\nXDG_FOO_DIR=\"/f\"\n"
      let environment = pureEnvironment(userDirectories: contents)
      let desktop = try StandardDirectories(environment: environment).resolution(for: .desktop)
      let file = Self.home + "/.config/user-dirs.dirs"
      #expect(desktop.path == Self.home + "/Desktop")
      #expect(
        desktop.ignored == [
          IgnoredValue(
            .userDirectoriesFile(path: file, key: "DESKTOP"),
            .invalidLine(number: 1, problem: "the closing quote is missing"))
        ])
      // A folder tells of its own lines only; a line with no known key is the file's, which
      // the doctor reports once.
      #expect(
        desktop.warnings.map(\.message) == [
          "\(file) line 1 is ignored: the closing quote is missing"
        ])
      let music = try StandardDirectories(environment: environment).resolution(for: .music)
      #expect(
        music.warnings.map(\.message) == [
          "\(file) line 2 is ignored: the value is not in double quotes"
        ])
      #expect(
        try StandardDirectories(layout: .native, environment: environment)
          .userDirectoriesFileWarnings().map(\.message) == [
            "\(file) line 3 is ignored: XDG_FOO_DIR is not a known key"
          ])
    }

    @Test(arguments: acceptedLines)
    func validLineSetsTheDirectory(_ row: ParseCase) throws {
      let resolution = try documents(row.contents)
      #expect(resolution.path == row.documents)
      #expect(resolution.source.isUserDirectoriesFile)
      #expect(resolution.source.description == "user-dirs.dirs")
      try expectIgnored(row.ignoredLines, in: row.contents)
    }

    static let ignoredLines: [ParseCase] = [
      ParseCase(
        name: "$HOMER/x", contents: "XDG_DOCUMENTS_DIR=\"$HOMER/x\"\n",
        documents: home + "/Documents", ignoredLines: [1]),
      ParseCase(
        name: "unquoted", contents: "XDG_DOCUMENTS_DIR=$HOME/Docs\n",
        documents: home + "/Documents",
        ignoredLines: [1]),
      ParseCase(
        name: "single quotes", contents: "XDG_DOCUMENTS_DIR='$HOME/Docs'\n",
        documents: home + "/Documents", ignoredLines: [1]),
      ParseCase(
        name: "relative", contents: "XDG_DOCUMENTS_DIR=\"Docs\"\n", documents: home + "/Documents",
        ignoredLines: [1]),
      ParseCase(
        name: "tilde", contents: "XDG_DOCUMENTS_DIR=\"~/Docs\"\n", documents: home + "/Documents",
        ignoredLines: [1]),
      ParseCase(
        name: "${HOME}", contents: "XDG_DOCUMENTS_DIR=\"${HOME}/Docs\"\n",
        documents: home + "/Documents", ignoredLines: [1]),
      ParseCase(
        name: "empty value", contents: "XDG_DOCUMENTS_DIR=\"\"\n", documents: home + "/Documents",
        ignoredLines: [1]),
      ParseCase(
        name: "escaped $HOME is not the variable",
        contents: #"XDG_DOCUMENTS_DIR="\$HOME/Docs""# + "\n", documents: home + "/Documents",
        ignoredLines: [1]),
      ParseCase(
        name: "missing closing quote", contents: "XDG_DOCUMENTS_DIR=\"$HOME/Docs\n",
        documents: home + "/Documents", ignoredLines: [1]),
      ParseCase(
        name: "closing quote escaped", contents: #"XDG_DOCUMENTS_DIR="$HOME/Docs\""# + "\n",
        documents: home + "/Documents", ignoredLines: [1]),
      ParseCase(
        name: "trailing text", contents: "XDG_DOCUMENTS_DIR=\"$HOME/Docs\" extra\n",
        documents: home + "/Documents", ignoredLines: [1]),
      ParseCase(
        name: "a second quoted string", contents: "XDG_DOCUMENTS_DIR=\"$HOME/Docs\"\"/x\"\n",
        documents: home + "/Documents", ignoredLines: [1]),
      ParseCase(
        name: "spaces around =", contents: "XDG_DOCUMENTS_DIR = \"$HOME/Docs\"\n",
        documents: home + "/Documents", ignoredLines: [1]),
      ParseCase(
        name: "export prefix", contents: "export XDG_DOCUMENTS_DIR=\"$HOME/Docs\"\n",
        documents: home + "/Documents", ignoredLines: [1]),
      ParseCase(
        name: "lower-case key", contents: "xdg_documents_dir=\"$HOME/Docs\"\n",
        documents: home + "/Documents", ignoredLines: [1]),
      ParseCase(
        name: "no =", contents: "XDG_DOCUMENTS_DIR\n", documents: home + "/Documents",
        ignoredLines: [1]),
      ParseCase(
        name: "bad line after the header", contents: header + "XDG_DOCUMENTS_DIR=Docs\n",
        documents: home + "/Documents", ignoredLines: [8]),
      ParseCase(
        name: "bad CRLF line", contents: "# a\r\n# b\r\nXDG_DOCUMENTS_DIR=\"Docs\"\r\n",
        documents: home + "/Documents", ignoredLines: [3]),
    ]

    @Test(arguments: ignoredLines)
    func invalidLineIsIgnoredWithAWarning(_ row: ParseCase) throws {
      let resolution = try documents(row.contents)
      #expect(resolution.path == row.documents)
      #expect(resolution.source == .default)
      try expectIgnored(row.ignoredLines, in: row.contents)
    }

    private func documents(_ contents: String) throws -> DirectoryResolution {
      try StandardDirectories(environment: pureEnvironment(userDirectories: contents)).resolution(
        for: .documents)
    }

    /// The lines ignored, told by the documents folder (its own lines) or by the file (lines that
    /// name no known folder).
    private func expectIgnored(
      _ lines: [Int], in contents: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
      let standard = StandardDirectories(
        layout: .native, environment: pureEnvironment(userDirectories: contents))
      let warnings =
        try standard.resolution(for: .documents).warnings + standard.userDirectoriesFileWarnings()
      let numbers = warnings.compactMap { warning in
        lines.first { warning.message.contains("line \($0) ") }
      }
      #expect(numbers.sorted() == lines.sorted(), sourceLocation: sourceLocation)
      #expect(warnings.count == lines.count, sourceLocation: sourceLocation)
      for warning in warnings {
        #expect(warning.message.contains("user-dirs.dirs"), sourceLocation: sourceLocation)
        #expect(!warning.suggestion.isEmpty, sourceLocation: sourceLocation)
      }
    }

    // MARK: Keys

    static let keys: [(key: String, kind: StandardDirectory, defaultFolder: String)] = [
      ("DESKTOP", .desktop, "Desktop"), ("DOWNLOAD", .downloads, "Downloads"),
      ("TEMPLATES", .templates, "Templates"), ("PUBLICSHARE", .publicShare, "Public"),
      ("DOCUMENTS", .documents, "Documents"), ("MUSIC", .music, "Music"),
      ("PICTURES", .pictures, "Pictures"), ("VIDEOS", .videos, "Videos"),
    ]

    /// A complete file, as `xdg-user-dirs-update` writes it in a German session.
    static let completeFile =
      header + """
        XDG_DESKTOP_DIR="$HOME/Schreibtisch"
        XDG_DOWNLOAD_DIR="$HOME/Downloads-Ordner"
        XDG_TEMPLATES_DIR="$HOME/Vorlagen"
        XDG_PUBLICSHARE_DIR="$HOME/Öffentlich"
        XDG_DOCUMENTS_DIR="$HOME/Dokumente"
        XDG_MUSIC_DIR="$HOME/Musik"
        XDG_PICTURES_DIR="$HOME/Bilder"
        XDG_VIDEOS_DIR="$HOME/Videos-Ordner"
        XDG_PROJECTS_DIR="$HOME/Projekte"

        """

    static let germanFolders: [StandardDirectory: String] = [
      .desktop: "Schreibtisch", .downloads: "Downloads-Ordner", .templates: "Vorlagen",
      .publicShare: "Öffentlich", .documents: "Dokumente", .music: "Musik", .pictures: "Bilder",
      .videos: "Videos-Ordner",
    ]

    @Test(arguments: keys)
    func eachKeySetsItsKind(_ row: (key: String, kind: StandardDirectory, defaultFolder: String))
      throws
    {
      let resolution = try StandardDirectories(
        environment: pureEnvironment(userDirectories: Self.completeFile)
      ).resolution(for: row.kind)
      #expect(resolution.path == Self.home + "/" + Self.germanFolders[row.kind]!)
      #expect(resolution.source.isUserDirectoriesFile)
      #expect(resolution.warnings.isEmpty)
    }

    @Test(arguments: keys)
    func keyOnItsOwnSetsOnlyItsKind(
      _ row: (key: String, kind: StandardDirectory, defaultFolder: String)
    ) throws {
      let contents = "XDG_\(row.key)_DIR=\"/srv/\(row.key)\"\n"
      for other in Self.keys {
        let resolution = try StandardDirectories(
          environment: pureEnvironment(userDirectories: contents)
        ).resolution(for: other.kind)
        let expected =
          other.key == row.key ? "/srv/\(row.key)" : Self.home + "/" + other.defaultFolder
        #expect(resolution.path == expected, "\(other.kind) with only \(row.key) set")
      }
    }

    @Test(arguments: keys, [nil, "", "# only a comment\n", "XDG_PROJECTS_DIR=\"$HOME/P\"\n"])
    func missingKeyUsesTheDefaultFolder(
      _ row: (key: String, kind: StandardDirectory, defaultFolder: String), contents: String?
    ) throws {
      let resolution = try StandardDirectories(
        environment: pureEnvironment(userDirectories: contents)
      ).resolution(for: row.kind)
      #expect(resolution.path == Self.home + "/" + row.defaultFolder)
      #expect(resolution.source == .default)
      #expect(resolution.warnings.isEmpty)
    }

    @Test func projectsIsParsedThoughItIsNotAKind() {
      let parsed = UserDirectories(parsing: Self.completeFile, home: Self.home)
      #expect(parsed.paths[.projects] == Self.home + "/Projekte")
      #expect(parsed.paths.count == 9)
      #expect(parsed.warnings.isEmpty)
    }

    @Test(arguments: ["/", "/home/ada", "/home/ada/"])
    func homeExpandsWithoutDoubledSlashes(_ home: String) {
      let parsed = UserDirectories(
        parsing:
          "XDG_MUSIC_DIR=\"$HOME\"\nXDG_VIDEOS_DIR=\"$HOME/\"\nXDG_PICTURES_DIR=\"$HOME/P\"\n",
        home: POSIXPath.normalize(home))
      let clean = POSIXPath.normalize(home)
      #expect(parsed.paths[.music] == clean)
      #expect(parsed.paths[.videos] == clean)
      #expect(parsed.paths[.pictures] == (clean == "/" ? "/P" : clean + "/P"))
    }

    @Test func homeForExpansionComesFromThePasswordDatabaseWhenHOMEIsUnusable() throws {
      let environment = pureEnvironment(
        ["HOME": "relative"], passwordDatabaseHome: "/var/lib/ada",
        userDirectories: "XDG_MUSIC_DIR=\"$HOME/Tunes\"\n")
      let resolution = try StandardDirectories(environment: environment).resolution(for: .music)
      #expect(resolution.path == "/var/lib/ada/Tunes")
    }

    // MARK: Reading the file from disk

    @Test(arguments: [false, true])
    func fileIsReadFromTheConfigDirectory(_ usesXDGConfigHome: Bool) throws {
      try TemporaryRoot.with { root in
        let config = usesXDGConfigHome ? root.at("config") : root.home + "/.config"
        try root.writeFile(config + "/user-dirs.dirs", Self.completeFile)
        let variables = usesXDGConfigHome ? ["XDG_CONFIG_HOME": config] : [:]
        let environment = root.environment(variables, userDirectories: .readFromDisk)
        for (kind, folder) in Self.germanFolders {
          let resolution = try StandardDirectories(environment: environment).resolution(for: kind)
          #expect(resolution.path == root.home + "/" + folder)
          #expect(resolution.source.isUserDirectoriesFile)
        }
      }
    }

    @Test func missingFileOnDiskGivesTheDefaults() throws {
      try TemporaryRoot.with { root in
        let environment = root.environment(userDirectories: .readFromDisk)
        for row in Self.keys {
          let resolution = try StandardDirectories(environment: environment).resolution(
            for: row.kind)
          #expect(resolution.path == root.home + "/" + row.defaultFolder)
          #expect(resolution.warnings.isEmpty)
        }
      }
    }

    @Test func unreadableFileGivesTheDefaultsWithAWarning() throws {
      try TemporaryRoot.with { root in
        // A directory where the file should be: it can be opened but not read.
        try root.makeDirectory(root.home + "/.config/user-dirs.dirs")
        let environment = root.environment(userDirectories: .readFromDisk)
        let resolution = try StandardDirectories(environment: environment).resolution(for: .music)
        #expect(resolution.path == root.home + "/Music")
        #expect(resolution.source == .default)
        #expect(resolution.warningText.contains("user-dirs.dirs"))
      }
    }

    @Test(arguments: [
      ("$HOME/Second", "/Second"),
      ("$HOME/Other", "/Other"),  // the same length as "$HOME/First"
    ])
    func changedFileIsReadAgain(_ row: (value: String, folder: String)) throws {
      try TemporaryRoot.with { root in
        let file = root.home + "/.config/user-dirs.dirs"
        let environment = root.environment(userDirectories: .readFromDisk)
        try root.writeFile(file, "XDG_MUSIC_DIR=\"$HOME/First\"\n")
        #expect(
          try StandardDirectories(environment: environment).resolution(for: .music).path
            == root.home + "/First")
        try root.writeFile(file, "XDG_MUSIC_DIR=\"\(row.value)\"\n")
        #expect(
          try StandardDirectories(environment: environment).resolution(for: .music).path
            == root.home + row.folder)
        try FileManager.default.removeItem(atPath: file)
        #expect(
          try StandardDirectories(environment: environment).resolution(for: .music).path
            == root.home + "/Music")
      }
    }

    @Test("The files kept: a changed file is read anew; when full, the oldest read goes")
    func theOldestReadGoesFirst() {
      func status(_ size: Int64) -> FileStatus {
        FileStatus(type: .regular, permissions: 0o644, owner: 1000, size: size)
      }
      var files = UserDirectoriesReader.ReadFiles(capacity: 3)
      #expect(files.insert("/a", status: status(1), bytes: [1]) == 1)
      _ = files.insert("/b", status: status(1), bytes: [2])
      _ = files.insert("/c", status: status(1), bytes: [3])
      #expect(files.entry("/a", status: status(1))?.bytes == [1])
      // A file whose status changed is not what was read.
      #expect(files.entry("/a", status: status(2)) == nil)
      // /a read again (changed): it is now the newest, and /b the oldest.
      #expect(files.insert("/a", status: status(2), bytes: [4]) == 4)
      _ = files.insert("/d", status: status(1), bytes: [5])
      #expect(Set(files.entries.keys) == ["/a", "/c", "/d"])
      _ = files.insert("/e", status: status(1), bytes: [6])
      #expect(Set(files.entries.keys) == ["/a", "/d", "/e"])
      #expect(files.entry("/a", status: status(2))?.bytes == [4])
    }

    @Test func unchangedFileIsParsedOnce() throws {
      try TemporaryRoot.with { root in
        let file = root.home + "/.config/user-dirs.dirs"
        try root.writeFile(file, "XDG_MUSIC_DIR=\"$HOME/Tunes\"\n")
        // Old enough that a change within the same clock tick cannot go unseen.
        let old = Date(timeIntervalSinceNow: -60)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: file)
        let recorder = RecordingSystemCalls()
        let environment = root.environment(userDirectories: .readFromDisk)
        // The cache keeps files by path, so the tests that run beside this one do not push
        // it out: the first lookup reads the file, every later one costs one stat and no read.
        var costs: [[SystemCall]] = []
        for _ in 0..<10 {
          recorder.reset()
          let resolution = try StandardDirectories(
            layout: .native, environment: environment, syscalls: recorder.syscalls
          ).resolution(for: .music)
          #expect(resolution.path == root.home + "/Tunes")
          costs.append(recorder.calls)
        }
        #expect(costs[0].contains(.openFile(path: file)))
        #expect(
          Array(costs.dropFirst())
            == Array(repeating: [.status(path: file, followSymlinks: true)], count: 9))
      }
    }
  }
#endif
