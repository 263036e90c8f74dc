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

  /// Every verb's path form, which a program built without the `FoundationAPI` trait has alone,
  /// answers what its `URL` form's path is, or throws the same error: the same directories,
  /// made the same way, from either.
  @Suite("The path forms answer as the URL forms do")
  struct PathFormsTests {
    /// One answer or error of each form, compared.
    private func same<Value: Equatable>(
      _ path: () throws(DirectoryError) -> Value, _ url: () throws(DirectoryError) -> Value,
      _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
      let fromPath = Result(catching: path)
      let fromURL = Result(catching: url)
      #expect(fromPath == fromURL, "\(what)", sourceLocation: sourceLocation)
    }

    @Test(arguments: AppDirectory.ownKinds + [.shared(group: "group.com.example.app")])
    func anApplicationsDirectory(kind: AppDirectory) throws {
      try TemporaryRoot.with { root in
        try root.makeDirectory("runtime", mode: 0o700)
        let dirs = try AppDirectories(
          app: "ExampleApp", environment: root.environment(["XDG_RUNTIME_DIR": root.at("runtime")]))
        // The path form first: it makes the directory, which the URL form then finds.
        let made = Result { () throws(DirectoryError) in
          try onlyDirectoryError { try dirs.directoryPath(kind) }
        }
        if case .success(let path) = made {
          #expect(root.isDirectory(path), "\(kind): \(path) was not made")
        }
        #expect(
          made
            == Result { () throws(DirectoryError) in
              try onlyDirectoryError { try dirs.directory(kind).path }
            })
        same(
          { () throws(DirectoryError) in
            try onlyDirectoryError { try dirs.previousLocationPaths(for: kind) }
          },
          { () throws(DirectoryError) in
            try onlyDirectoryError { try dirs.previousLocations(for: kind).map(\.path) }
          },
          "previous locations of \(kind)")
        guard case .success(let directory) = made, kind != .runtime else { return }
        try root.write("{}", to: directory + "/settings.json")
        try root.makeDirectory(directory + "/themes")
        for file in ["settings.json", "themes", "missing.json", "../escape"] {
          same(
            { () throws(DirectoryError) in
              try onlyDirectoryError { try dirs.locatePath(file, in: kind) }
            },
            { () throws(DirectoryError) in
              try onlyDirectoryError { try dirs.locate(file, in: kind)?.path }
            },
            "\(kind) \(file)")
        }
      }
    }

    @Test(arguments: StandardDirectory.allCases)
    func aBaseDirectory(kind: StandardDirectory) throws {
      try TemporaryRoot.with { root in
        try root.makeDirectory("runtime", mode: 0o700)
        let standard = StandardDirectories(
          environment: root.environment(["XDG_RUNTIME_DIR": root.at("runtime")]))
        same(
          { () throws(DirectoryError) in
            try onlyDirectoryError { try standard.verifiedResolution(for: kind).path }
          },
          { () throws(DirectoryError) in
            try onlyDirectoryError {
              try StandardDirectories.url(for: kind, environment: standard.environment).path
            }
          },
          "\(kind)")
      }
    }

    /// Previous locations exist on macOS, where each other layout gives another path.
    @Test(arguments: AppDirectory.ownKinds)
    func previousLocationsOnMacOS(kind: AppDirectory) throws {
      let dirs = try AppDirectories(
        app: "ExampleApp", layout: .xdgWhereSet,
        environment: pureEnvironment(["HOME": "/Users/ada"], platform: .macOS))
      let paths = try dirs.previousLocationPaths(for: kind)
      #expect(paths == (try dirs.previousLocations(for: kind)).map(\.path))
      #expect(kind == .runtime || !paths.isEmpty, "\(kind) has no previous location on macOS")
    }

    /// A version's folder, a socket, the locations, a dry run of cleaning and of a migration.
    @Test func theOtherVerbs() throws {
      try TemporaryRoot.with { root in
        try root.makeDirectory("runtime", mode: 0o700)
        let dirs = try AppDirectories(
          app: "ExampleApp", environment: root.environment(["XDG_RUNTIME_DIR": root.at("runtime")]))
        let version = try dirs.directoryPath(.cache, version: "2.4.1")
        #expect(root.isDirectory(version))
        #expect(
          (try dirs.socketResolution(named: "control.sock")).path
            == (try dirs.socketURL(named: "control.sock")).path)
        let legacy = root.at("home/.exampleapp")
        try root.makeDirectory(legacy)
        try root.write("x", to: legacy + "/file")
        let legacyURL = URL(fileURLWithPath: legacy, isDirectory: true)
        let plan = try dirs.migrate(fromPath: legacy, to: .config, options: .dryRun)
        #expect(plan == (try dirs.migrate(from: legacyURL, to: .config, options: .dryRun)))
        #expect(plan.sourcePath == legacy)
        #expect(plan.destinationPath == (try dirs.resolution(for: .config)).path)
        #expect(root.exists(legacy + "/file"), "a dry run moved the legacy folder")
      }
    }

    /// An isolated environment from a path is the one from its URL, and says its root in both.
    @Test func anIsolatedEnvironment() throws {
      try TemporaryRoot.with { root in
        let fromPath = ProcessEnvironment.isolated(inPath: root.path)
        let fromURL = ProcessEnvironment.isolated(in: URL(fileURLWithPath: root.path))
        #expect(fromPath == fromURL)
        #expect(fromPath.isolationRootPath == root.path)
        #expect(fromURL.isolationRoot?.path == root.path)
        #expect(ProcessEnvironment.isolated(inPath: "relative/root").isolationRootPath != nil)
        let relative = try AppDirectories(
          app: "ExampleApp", environment: .isolated(inPath: "relative/root"))
        #expect(throws: DirectoryError.self) { try relative.resolution(for: .cache) }
      }
    }
  }
#endif
