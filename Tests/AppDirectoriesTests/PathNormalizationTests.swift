// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import Testing

@testable import AppDirectoriesCore
@testable import AppDirectoriesFiles
@testable import AppDirectoriesMaintenance
@testable import TestSupport

/// SPEC section 3: paths exactly as the user gave them. Values are split and compared as bytes
/// or Unicode scalars, never as `Character`s, and bytes that are not UTF-8 are ignored with a
/// warning, one variable, list entry or file line at a time, never turned into U+FFFD.
@Suite("Paths as the user gave them")
struct PathNormalizationTests {
  static let home = "/home/ada"
  static let file = home + "/.config/user-dirs.dirs"

  static let normalized: [(String, String)] = [
    ("/a//b/./c/", "/a/b/c"), ("/", "/"), ("//", "/"), ("a/./b//", "a/b"), ("./", "."),
    (".", "."), ("a", "a"), ("/a/../b", "/a/../b"),
  ]

  /// Repeated separators and `.` go, `..` stays (it may cross a link), and a relative path
  /// that is nothing but `.` is `.`.
  @Test(arguments: normalized)
  func normalization(path: String, expected: String) {
    #expect(POSIXPath.normalize(path) == expected)
  }

  /// A `/` followed by a combining mark is one `Character` but still a separator.
  static let combiningLines: [(line: String, path: String)] = [
    ("XDG_DOCUMENTS_DIR=\"$HOME/\u{301}x\"", home + "/\u{301}x"),
    ("XDG_DOCUMENTS_DIR=\"/\u{301}v\"", "/\u{301}v"),
    ("XDG_DOCUMENTS_DIR=\"$HOME/a/\u{301}/b\"", home + "/a/\u{301}/b"),
  ]

  @Test(arguments: combiningLines)
  func aSlashBeforeACombiningMarkIsASeparator(_ row: (line: String, path: String)) throws {
    let resolution = try StandardDirectories(
      environment: pureEnvironment(userDirectories: row.line + "\n")
    ).resolution(for: .documents)
    #expect(resolution.path == row.path)
    #expect(resolution.path.unicodeScalars.elementsEqual(row.path.unicodeScalars))
    #expect(resolution.source == .userDirectoriesFile(path: Self.file, line: 1))
    #expect(resolution.warnings.isEmpty)
  }

  @Test func aVariableWithACombiningMarkAfterASlashIsKeptScalarForScalar() throws {
    let value = "/data/\u{301}cache"
    let resolution = try StandardDirectories(
      environment: pureEnvironment(["HOME": Self.home, "XDG_CACHE_HOME": value])
    ).resolution(for: .cache)
    #expect(resolution.path.unicodeScalars.elementsEqual(value.unicodeScalars))
    #expect(resolution.source == .variable("XDG_CACHE_HOME"))
  }

  @Test func aListEntryAfterAColonWithACombiningMarkIsSplitThere() throws {
    let environment = pureEnvironment([
      "HOME": Self.home, "XDG_DATA_DIRS": "/one:\u{301}relative:/two",
    ])
    let search = try StandardDirectories(environment: environment).searchResolutions(for: .data)
    #expect(search.map(\.path) == [Self.home + "/.local/share", "/one", "/two"])
    #expect(
      search.flatMap(\.warnings).map(\.message) == [
        "XDG_DATA_DIRS entry \"\u{301}relative\" is not an absolute path and is ignored"
      ])
  }

  @Test func aFileLineThatIsNotUTF8IsIgnoredAloneWithAWarning() throws {
    let bytes =
      Array("XDG_MUSIC_DIR=\"$HOME/M\"\n".utf8) + Array("XDG_DOCUMENTS_DIR=\"$HOME/".utf8)
      + [0xFF] + Array("\"\nXDG_VIDEOS_DIR=\"/v\"\n".utf8)
    var environment = pureEnvironment()
    environment.userDirectoriesFile = .bytes(bytes)
    let documents = try StandardDirectories(environment: environment).resolution(for: .documents)
    #expect(documents.path == Self.home + "/Documents")
    #expect(documents.source == .default)
    #expect(
      documents.ignored == [
        IgnoredValue(.userDirectoriesFile(path: Self.file, key: "DOCUMENTS"), .notUTF8)
      ])
    #expect(
      documents.warnings.map(\.message) == [
        "the XDG_DOCUMENTS_DIR line of \(Self.file) is not valid UTF-8 and is ignored"
      ])
    // The lines beside it still count.
    let music = try StandardDirectories(environment: environment).resolution(for: .music)
    let videos = try StandardDirectories(environment: environment).resolution(for: .videos)
    #expect(music.path == Self.home + "/M")
    #expect(videos.path == "/v")
    #expect(videos.source == .userDirectoriesFile(path: Self.file, line: 3))
  }

  @Test func aVariableThatIsNotUTF8IsIgnoredAsIfUnset() throws {
    let environment = ProcessEnvironment(
      variables: ["HOME": Self.home], effectiveUserID: 1000, platform: .linux,
      undecodableVariables: ["XDG_CONFIG_HOME": [0x2F, 0x63, 0xFF]])
    let config = try StandardDirectories(environment: environment).resolution(for: .config)
    #expect(config.path == Self.home + "/.config")
    #expect(config.ignored == [IgnoredValue(.variable("XDG_CONFIG_HOME"), .notUTF8)])
    #expect(
      config.warnings == [
        DirectoryWarning(
          "XDG_CONFIG_HOME is not valid UTF-8 and is ignored",
          suggestion: "Set XDG_CONFIG_HOME to an absolute path in UTF-8, or unset it.")
      ])
  }

  @Test func oneListEntryThatIsNotUTF8CostsOnlyItself() throws {
    let raw = Array("/usr/share:".utf8) + [0x2F, 0xFE, 0x78] + Array(":/opt/share".utf8)
    let environment = ProcessEnvironment(
      variables: ["HOME": Self.home], effectiveUserID: 1000, platform: .linux,
      undecodableVariables: ["XDG_DATA_DIRS": raw])
    let search = try StandardDirectories(environment: environment).searchResolutions(for: .data)
    #expect(search.map(\.path) == [Self.home + "/.local/share", "/usr/share", "/opt/share"])
    #expect(search.dropFirst().allSatisfy { $0.source == .variable("XDG_DATA_DIRS") })
    #expect(
      search.flatMap(\.warnings).map(\.message) == [
        "XDG_DATA_DIRS entry 2 is not valid UTF-8 and is ignored"
      ])
  }

  @Test func noResolvedPathHoldsAReplacementCharacterTheInputDidNotHold() throws {
    let environment = ProcessEnvironment(
      variables: ["HOME": Self.home], effectiveUserID: 1000, platform: .linux,
      userDirectoriesFile: .bytes(Array("XDG_DESKTOP_DIR=\"/d\u{FFFD}".utf8) + [0xC3] + [0x22]),
      undecodableVariables: [
        "XDG_DATA_HOME": [0x2F, 0xC3], "XDG_CACHE_HOME": [0x2F, 0xFF],
        "XDG_DATA_DIRS": [0x2F, 0xFF],
      ])
    for kind in StandardDirectory.allCases where kind != .runtime {
      let path = try StandardDirectories(environment: environment).resolution(for: kind).path
      #expect(!path.unicodeScalars.contains("\u{FFFD}"), "\(kind): \(path)")
    }
  }
}
