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
  @testable import appdirs

  /// The doctor's note of a previous location, in process: on Linux, where the tool runs here,
  /// an application has none, so a simulated Mac inside a temporary root stands in.
  @Suite struct DoctorPreviousLocationTests {
    static func mac(_ root: TemporaryRoot, layout: DirectoryLayout, organization: String? = nil)
      throws -> AppDirectories
    {
      let environment = ProcessEnvironment(
        variables: ["HOME": root.home, "TMPDIR": root.tmp], passwordDatabaseHome: root.home,
        effectiveUserID: UInt32(geteuid()), platform: .macOS
      ).trusting(root: root.path)
      return try AppDirectories(
        app: "Example App", organization: organization, layout: layout, environment: environment)
    }

    @Test func aPreviousLocationWithFilesBesideAnEmptyCurrentOneIsANoteWithTheCommand() throws {
      try TemporaryRoot.with { root in
        let native = try Self.mac(root, layout: .native)
        #expect(DoctorCommand.previousLocationFindings(native).isEmpty)
        try root.writeFile(root.home + "/.config/Example App/settings.json", "{}")
        let findings = DoctorCommand.previousLocationFindings(native)
        // Config's previous location; data and state share config's native folder, whose
        // previous locations (~/.local/share, ~/.local/state) hold nothing.
        #expect(findings.count == 1)
        #expect(findings.first?.isProblem == false)
        #expect(
          findings.first?.message
            == "the config directory \(root.home)/Library/Application Support/Example App is empty or missing, and \(root.home)/.config/Example App holds the files of an earlier layout or default"
        )
        #expect(
          findings.first?.fix == "Adopt it: appdirs migrate config --previous --app 'Example App'")
        // The same options adopt it: the organization and the layout.
        let xdg = try Self.mac(root, layout: .xdg, organization: "Example")
        try root.writeFile(root.home + "/Library/Caches/Example App/blob", "x")
        #expect(
          DoctorCommand.previousLocationFindings(xdg).map(\.fix).contains(
            "Adopt it: appdirs migrate cache --previous --app 'Example App' --org 'Example' --layout xdg"
          ))
        // Once the current directory holds files, there is nothing to say.
        try root.writeFile(root.home + "/Library/Application Support/Example App/new", "n")
        #expect(DoctorCommand.previousLocationFindings(native).isEmpty)
      }
    }

    @Test func aGroupIdentifierOfTheIOSFormIsAProblemOnMacOSWithTheTeamIDForm() throws {
      try TemporaryRoot.with { root in
        var environment = try Self.mac(root, layout: .native).environment
        environment.groupContainers = .directory(root.home + "/Library/Group Containers")
        for (group, warns) in [
          ("group.com.example.suite", true), ("ABCDE12345.com.example.suite", false),
        ] {
          let arguments = try ArgumentParser.parse(
            ["--group", group], options: DirectoryQuery.options)
          let query = try DirectoryQuery(arguments, environment: environment)
          let (resolved, _) = DoctorCommand.resolveEverything(query)
          let shared = try #require(resolved.first { $0.kind == .shared }?.resolution)
          #expect(shared.path == root.home + "/Library/Group Containers/" + group)
          let prompts = shared.warnings.filter { $0.message.contains("macOS 15") }
          #expect(prompts.count == (warns ? 1 : 0), "\(group): \(shared.warnings)")
        }
      }
    }
  }
#endif
