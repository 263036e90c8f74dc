// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import Testing

@testable import AppDirectoriesCore
@testable import TestSupport

/// Agreement with the reference implementations (SPEC 3): each row is a case that
/// platformdirs, xdg-user-dirs or the shell decides, named in the row, and the answer here.
/// Pure: the environments are values, and nothing of the machine is read.
@Suite("Agreement with the reference implementations")
struct ReferenceAgreementTests {
  /// A user folder resolved without a home: the reference, the variables, the file, the
  /// kind, and the path (`nil`: no home, as the reference says too).
  static let withoutAHome: [(String, [String: String], String?, StandardDirectory, String?)] = [
    (
      "platformdirs: an absolute XDG_DOCUMENTS_DIR needs no home",
      ["XDG_DOCUMENTS_DIR": "/srv/docs"], nil, .documents, "/srv/docs"
    ),
    (
      "xdg-user-dir: an absolute line of the file under XDG_CONFIG_HOME needs no home",
      ["XDG_CONFIG_HOME": "/srv/config"], "XDG_MUSIC_DIR=\"/srv/music\"\n", .music, "/srv/music"
    ),
    (
      "xdg-user-dir: a line under $HOME needs the home, which is missing",
      ["XDG_CONFIG_HOME": "/srv/config", "XDG_MUSIC_DIR": "/srv/ignored"],
      "XDG_MUSIC_DIR=\"$HOME/Music\"\n", .music, nil
    ),
    ("platformdirs: the default folder is in the home, which is missing", [:], nil, .videos, nil),
    (
      "platformdirs: XDG_DATA_HOME needs no home", ["XDG_DATA_HOME": "/srv/data"], nil, .data,
      "/srv/data"
    ),
  ]

  @Test(arguments: withoutAHome)
  func aUserFolderWithoutAHome(
    _ reference: String, variables: [String: String], file: String?, kind: StandardDirectory,
    expected: String?
  ) throws {
    let standard = StandardDirectories(
      environment: pureEnvironment(variables, userDirectories: file))
    if let expected {
      #expect(try standard.resolution(for: kind).path == expected, "\(reference)")
    } else {
      #expect(throws: DirectoryError.homeUnavailable(reason: .noHome(userID: 1000)), "\(reference)")
      {
        try standard.resolution(for: kind)
      }
    }
  }

  /// A line of `user-dirs.dirs` and the documents folder it gives (`nil`: the line is ignored
  /// and the default stands), with the reference that reads it so.
  static let lines: [(String, String, String)] = [
    (
      "xdg-user-dir-lookup.c and the shell: a comment after a blank",
      "XDG_DOCUMENTS_DIR=\"$HOME/Docs\" # note", "/home/ada/Docs"
    ),
    ("the shell: a comment after a tab", "XDG_DOCUMENTS_DIR=\"/srv/docs\"\t#note", "/srv/docs"),
    ("the shell: blanks alone after the quote", "XDG_DOCUMENTS_DIR=\"/srv/docs\"   ", "/srv/docs"),
    (
      "the shell: `#` that touches the quote is no comment", "XDG_DOCUMENTS_DIR=\"/srv/docs\"#x",
      "/home/ada/Documents"
    ),
    (
      "the shell: another command after the quote is not a value",
      "XDG_DOCUMENTS_DIR=\"/srv/docs\"; rm -rf /", "/home/ada/Documents"
    ),
  ]

  @Test(arguments: lines)
  func aLineOfTheFile(_ reference: String, line: String, expected: String) throws {
    let standard = StandardDirectories(environment: pureEnvironment(userDirectories: line + "\n"))
    #expect(try standard.resolution(for: .documents).path == expected, "\(reference)")
  }

  /// A search list's variables and the data list the application searches, each directory
  /// once (platformdirs' `site_data_path` lists each once too).
  static let searchLists: [(String, [String: String], [String])] = [
    (
      "XDG_DATA_HOME is an entry of XDG_DATA_DIRS",
      ["XDG_DATA_HOME": "/x", "XDG_DATA_DIRS": "/x:/y"],
      ["/x/A", "/y/A"]
    ),
    (
      "the same entry spelled /x/ and /x/.",
      ["XDG_DATA_HOME": "/h", "XDG_DATA_DIRS": "/x/:/x/.:/y"],
      ["/h/A", "/x/A", "/y/A"]
    ),
    (
      "a repeated entry", ["XDG_DATA_HOME": "/h", "XDG_DATA_DIRS": "/y:/z:/y"],
      ["/h/A", "/y/A", "/z/A"]
    ),
  ]

  @Test(arguments: searchLists)
  func aSearchListNamesEachDirectoryOnce(
    _ reference: String, variables: [String: String], expected: [String]
  ) throws {
    let environment = pureEnvironment(variables.merging(["HOME": "/home/ada"]) { $1 })
    let dirs = try AppDirectories(app: "A", environment: environment)
    #expect(try dirs.searchResolutions(for: .data).map(\.path) == expected, "\(reference)")
    let bases = try StandardDirectories(environment: environment).searchResolutions(for: .data)
    #expect(bases.map(\.path) == expected.map { POSIXPath.parent($0) }, "\(reference)")
  }
}
