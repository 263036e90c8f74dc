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

  /// The seeds' `FileManager` one-liners, through the internal entry point that takes an
  /// environment, so that no test touches the real home.
  @Suite("FileManager one-liners")
  struct FileManagerTests {
    /// The folder below the home that each mapped search-path directory finds on Linux.
    static let mapped: [(FileManager.SearchPathDirectory, String)] = [
      (.applicationSupportDirectory, ".local/share"),
      (.cachesDirectory, ".cache"),
      (.documentDirectory, "Dokumente"),
      (.desktopDirectory, "Desktop"),
      (.downloadsDirectory, "Downloads"),
      (.musicDirectory, "Music"),
      (.picturesDirectory, "Pictures"),
      (.moviesDirectory, "Videos"),
      (.sharedPublicDirectory, "Public"),
      (.libraryDirectory, ".local/share"),
      (.autosavedInformationDirectory, ".local/share/Autosave Information"),
      (.trashDirectory, ".local/share/Trash"),
    ]

    /// `user-dirs.dirs` moves the documents, to show that it is honoured here too.
    static let userDirectories = "XDG_DOCUMENTS_DIR=\"$HOME/Dokumente\"\n"

    @Test(arguments: mapped, [nil, "ExampleApp"])
    func searchPathDirectoryMapsToItsXDGDirectory(
      _ row: (directory: FileManager.SearchPathDirectory, folder: String), component: String?
    ) throws {
      try TemporaryRoot.with { root in
        let environment = root.environment(userDirectories: .contents(Self.userDirectories))
        let url = try FileManager.default.findOrCreateDirectory(
          row.directory, in: .userDomainMask, appendingPathComponent: component,
          environment: environment, syscalls: .live)
        var expected = root.home + "/" + row.folder
        if let component { expected += "/" + component }
        #expect(url.path == expected)
        #expect(url.hasDirectoryPath)
        #expect(root.isDirectory(expected))
        #expect(root.mode(expected) == 0o700)
      }
    }

    /// The mapped directories that live in the data or cache base, by their folder there.
    static let inXDGBases: [(FileManager.SearchPathDirectory, String)] = [
      (.applicationSupportDirectory, "data"), (.libraryDirectory, "data"),
      (.autosavedInformationDirectory, "data/Autosave Information"),
      (.trashDirectory, "data/Trash"),
      (.cachesDirectory, "cache"),
    ]

    @Test(arguments: inXDGBases)
    func searchPathDirectoryFollowsXDGVariables(
      _ row: (directory: FileManager.SearchPathDirectory, folder: String)
    ) throws {
      try TemporaryRoot.with { root in
        let environment = root.environment([
          "XDG_DATA_HOME": root.at("data"), "XDG_CACHE_HOME": root.at("cache"),
        ])
        let url = try FileManager.default.findOrCreateDirectory(
          row.directory, in: .userDomainMask, appendingPathComponent: nil,
          environment: environment, syscalls: .live)
        #expect(url.path == root.at(row.folder))
        #expect(root.isDirectory(url.path))
        #expect(!root.exists(root.home))
      }
    }

    static let unmapped: [FileManager.SearchPathDirectory] = [
      .applicationDirectory, .demoApplicationDirectory, .developerApplicationDirectory,
      .adminApplicationDirectory, .developerDirectory, .userDirectory, .documentationDirectory,
      .coreServiceDirectory, .inputMethodsDirectory, .printerDescriptionDirectory,
      .preferencePanesDirectory, .itemReplacementDirectory, .allApplicationsDirectory,
      .allLibrariesDirectory,
    ]

    @Test(arguments: unmapped)
    func unmappedSearchPathDirectoryIsUnsupported(_ directory: FileManager.SearchPathDirectory)
      throws
    {
      try TemporaryRoot.with { root in
        let error = #expect(throws: DirectoryError.self) {
          try FileManager.default.findOrCreateDirectory(
            directory, in: .userDomainMask, appendingPathComponent: "ExampleApp",
            environment: root.environment(), syscalls: .live)
        }
        #expect(error == .unsupported(reason: .searchPathDirectory(rawValue: directory.rawValue)))
        #expect(error?.recoverySuggestion == "Choose another kind of directory for this platform.")
        #expect(root.allPaths().isEmpty)
      }
    }

    @Test(
      arguments: [
        FileManager.SearchPathDomainMask.localDomainMask, .networkDomainMask, .systemDomainMask,
        .allDomainsMask, [.userDomainMask, .localDomainMask],
      ], [FileManager.SearchPathDirectory.cachesDirectory, .applicationSupportDirectory])
    func domainOtherThanTheUsersIsUnsupported(
      _ domain: FileManager.SearchPathDomainMask, directory: FileManager.SearchPathDirectory
    ) throws {
      try TemporaryRoot.with { root in
        let error = #expect(throws: DirectoryError.self) {
          try FileManager.default.findOrCreateDirectory(
            directory, in: domain, appendingPathComponent: nil, environment: root.environment(),
            syscalls: .live)
        }
        #expect(error == .unsupported(reason: .searchPathDomain(rawValue: domain.rawValue)))
        #expect(error?.recoverySuggestion == "Use the user domain, .userDomainMask.")
        #expect(root.allPaths().isEmpty)
      }
    }

    @Test func everyMappedDirectoryHasARow() {
      let all = Self.mapped.map(\.0) + Self.unmapped
      for raw in UInt(1)...UInt(102) {
        guard let directory = FileManager.SearchPathDirectory(rawValue: raw) else { continue }
        let mapping = FileManager.standardDirectory(for: directory, on: .linux)
        #expect(all.contains(directory) || mapping == nil)
        #expect(Self.mapped.map(\.0).contains(directory) == (mapping != nil))
      }
    }

    /// The search-path directories whose place differs between platforms, as Foundation puts them.
    static let platformRows:
      [(FileManager.SearchPathDirectory, OperatingSystem, StandardDirectory, String?)?] = [
        (.trashDirectory, .macOS, .home, ".Trash"),
        (.trashDirectory, .macCatalyst, .home, ".Trash"),
        (.trashDirectory, .linux, .data, "Trash"),
        (.autosavedInformationDirectory, .macOS, .library, "Autosave Information"),
        (.autosavedInformationDirectory, .iOS, .library, "Autosave Information"),
        (.autosavedInformationDirectory, .linux, .data, "Autosave Information"),
        (.autosavedInformationDirectory, .windows, .state, "Autosave Information"),
      ]

    @Test(arguments: platformRows)
    func searchPathDirectoryFollowsItsPlatform(
      row: (FileManager.SearchPathDirectory, OperatingSystem, StandardDirectory, String?)?
    ) throws {
      let (directory, platform, kind, folder) = try #require(row)
      let mapping = try #require(FileManager.standardDirectory(for: directory, on: platform))
      #expect(mapping.0 == kind)
      #expect(mapping.1 == folder)
    }

    @Test(
      "The trash has no folder on iOS and Windows",
      arguments: [OperatingSystem.iOS, .windows])
    func trashIsUnsupportedWhereItIsNoFolder(platform: OperatingSystem) {
      #expect(FileManager.standardDirectory(for: .trashDirectory, on: platform) == nil)
    }

    @Test("On macOS the trash is ~/.Trash and autosaved information is in ~/Library")
    func macOSTrashAndAutosavePaths() throws {
      let environment = PlatformSamples.macOS()
      let trash = try #require(FileManager.standardDirectory(for: .trashDirectory, on: .macOS))
      let autosave = try #require(
        FileManager.standardDirectory(for: .autosavedInformationDirectory, on: .macOS))
      let home = try StandardDirectories(environment: environment).resolution(for: trash.0).path
      let library = try StandardDirectories(environment: environment).resolution(for: autosave.0)
        .path
      #expect(POSIXPath.join(home, trash.1!) == "/Users/ada/.Trash")
      #expect(POSIXPath.join(library, autosave.1!) == "/Users/ada/Library/Autosave Information")
    }

    @Test func fileInTheWayIsATypedError() throws {
      try TemporaryRoot.with { root in
        try root.writeFile(root.home + "/.cache", "")
        let error = #expect(throws: DirectoryError.self) {
          try FileManager.default.findOrCreateDirectory(
            .cachesDirectory, in: .userDomainMask, appendingPathComponent: "ExampleApp",
            environment: root.environment(), syscalls: .live)
        }
        #expect(error == .notADirectory(path: root.home + "/.cache"))
      }
    }
  }
#endif
