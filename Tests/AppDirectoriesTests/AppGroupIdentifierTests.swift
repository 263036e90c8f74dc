// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import Testing

@testable import AppDirectoriesCore
@testable import AppDirectoriesFiles
@testable import AppDirectoriesMaintenance
@testable import TestSupport

@Suite("App group identifiers on iOS and macOS")
struct AppGroupIdentifierTests {
  /// Identifier, platform, accepted. iOS needs `group.`; macOS takes `group.` or a team ID.
  static let rows: [(String, OperatingSystem, Bool)] = [
    ("group.com.example.app", .iOS, true),
    ("group.com.example.app", .macOS, true),
    ("ABCDE12345.com.example.app", .macOS, true),
    ("ABCDE12345.group.com.example.app", .macOS, true),
    ("ABCDE12345.com.example.app", .iOS, false),
    ("com.example.app", .iOS, false),
    ("com.example.app", .macOS, false),
    ("ABC", .macOS, false),
    ("group.", .iOS, false),
    ("group.", .macOS, false),
    ("abcde12345.com.example", .macOS, false),
    ("ABCDE1234.com.example", .macOS, false),
    ("ABCDE12345.", .macOS, false),
    ("group.com.example app", .iOS, false),
    ("group.com/example", .macOS, false),
    ("group.com.éxample", .iOS, false),
    ("group.com.example_app-2", .iOS, true),
    ("", .macOS, false),
  ]

  @Test(arguments: rows)
  func groupIdentifierIsCheckedBeforeTheSystemIsAsked(row: (String, OperatingSystem, Bool)) {
    // The system's answer is given for every identifier, as macOS gives one even for invalid
    // identifiers: only the library's own check can reject it.
    var environment = row.1 == .iOS ? PlatformSamples.iOS() : PlatformSamples.macOS()
    environment.groupContainers = .paths([row.0: "/private/var/containers/Shared/AppGroup/X"])
    let result = Result {
      try AppDirectories(app: "ExampleApp", environment: environment)
        .resolution(for: .shared(group: row.0)).path
    }
    switch result {
    case .success(let path):
      #expect(row.2, "accepted \(row.0) on \(row.1)")
      #expect(path == "/private/var/containers/Shared/AppGroup/X")
    case .failure(let error):
      #expect(!row.2, "rejected \(row.0) on \(row.1): \(error)")
      if case .invalidName(let name, _) = error as? DirectoryError {
        #expect(name == row.0)
      } else {
        Issue.record("expected invalidName, got \(error)")
      }
    }
  }

  /// Identifier, platform, where the containers come from, layout, whether macOS 15's
  /// permission prompt is warned of: a `group.` identifier on macOS, the system's container
  /// or an isolated one; never the Team ID form, another platform or the XDG layout (whose
  /// container is a folder of the data directory, not the system's).
  static let promptRows:
    [(String, OperatingSystem, ProcessEnvironment.GroupContainers, DirectoryLayout, Bool)] = [
      ("group.com.example.suite", .macOS, .paths([:]), .native, true),
      (
        "group.com.example.suite", .macOS, .directory("/Users/ada/Library/Group Containers"),
        .native, true
      ),
      ("ABCDE12345.com.example.suite", .macOS, .paths([:]), .native, false),
      ("ABCDE12345.group.com.example.suite", .macOS, .paths([:]), .native, false),
      ("group.com.example.suite", .macOS, .paths([:]), .xdg, false),
      ("group.com.example.suite", .iOS, .paths([:]), .native, false),
      ("group.com.example.suite", .macCatalyst, .paths([:]), .native, false),
    ]

  @Test(
    "A group. identifier on macOS gives its container with a warning of the permission prompt",
    arguments: promptRows)
  func groupPrefixOnMacOSIsWarnedOf(
    row: (String, OperatingSystem, ProcessEnvironment.GroupContainers, DirectoryLayout, Bool)
  ) throws {
    let (group, platform, containers, layout, warns) = row
    var environment = platform == .macOS ? PlatformSamples.macOS() : PlatformSamples.iOS()
    environment.platform = platform
    environment.groupContainers =
      if case .paths = containers { .paths([group: "/Users/ada/Library/Group Containers/X"]) } else
      {
        containers
      }
    let resolution = try StandardDirectories(layout: layout, environment: environment)
      .groupContainerResolution(group)
    let fromApp = try AppDirectories(app: "ExampleApp", layout: layout, environment: environment)
      .resolution(for: .shared(group: group))
    #expect(fromApp.warnings == resolution.warnings, "\(row)")
    let prompts = resolution.warnings.filter { $0.message.contains("macOS 15") }
    guard warns else {
      #expect(prompts.isEmpty, "\(row): \(prompts)")
      return
    }
    // The container is still given, where the system or the isolated root puts it.
    #expect(resolution.path.hasPrefix("/Users/ada/Library/Group Containers/"), "\(row)")
    try #require(prompts.count == 1, "\(row): \(resolution.warnings)")
    #expect(prompts[0].message.contains(group))
    #expect(prompts[0].message.contains("permission"))
    #expect(prompts[0].suggestion.contains("TEAMID.com.example.suite"))
    #expect(prompts[0].suggestion.contains("provisioning profile"))
  }

  /// Environments of every platform, with and without a container the system gives.
  static let containerEnvironments: [(String, ProcessEnvironment, DirectoryLayout)] = [
    ("macOS, given", PlatformSamples.macOS().givingContainer(), .native),
    ("macOS, none given", PlatformSamples.macOS().givingNoContainer(), .native),
    ("macOS, XDG", PlatformSamples.macOS(), .xdg),
    ("iOS, given", PlatformSamples.iOS(groups: [group: "/private/var/mobile/AppGroup/X"]), .native),
    ("iOS, none given", PlatformSamples.iOS(), .native),
    ("Windows", PlatformSamples.windows(), .native),
    ("Android", PlatformSamples.android(), .native),
    (
      "Linux",
      ProcessEnvironment(variables: ["HOME": "/home/ada"], effectiveUserID: 1000, platform: .linux),
      .native
    ),
  ]
  static let group = "group.com.example.suite"

  @Test(
    "A group container is the same for every application and for the base directories",
    arguments: containerEnvironments)
  func groupContainerNeedsNoApplication(
    name: String, environment: ProcessEnvironment, layout: DirectoryLayout
  ) throws {
    func answer(_ resolve: () throws(DirectoryError) -> DirectoryResolution) -> Result<
      String, DirectoryError
    > {
      Result { () throws(DirectoryError) in try resolve().path }
    }
    let standard = answer { () throws(DirectoryError) in
      try onlyDirectoryError {
        try StandardDirectories(layout: layout, environment: environment)
          .groupContainerResolution(Self.group)
      }
    }
    for (app, organization) in [("ExampleApp", nil), ("OtherApp", "Example Org")] {
      let directories = try AppDirectories(
        app: app, organization: organization, layout: layout, environment: environment)
      let fromApp = answer { () throws(DirectoryError) in
        try onlyDirectoryError { try directories.resolution(for: .shared(group: Self.group)) }
      }
      #expect(fromApp == standard, "\(name), \(app)")
    }
    if case .success(let path) = standard {
      #expect(!path.contains("ExampleApp") && !path.contains("OtherApp"), "\(name): \(path)")
    }
    let invalid = answer { () throws(DirectoryError) in
      try onlyDirectoryError {
        try StandardDirectories(layout: layout, environment: environment)
          .groupContainerResolution("bad/group")
      }
    }
    guard case .failure(.invalidName(let refused, _)) = invalid else {
      Issue.record("\(name): bad/group gave \(invalid)")
      return
    }
    #expect(refused == "bad/group")
  }
}

extension ProcessEnvironment {
  /// The environment with the system's answer for ``AppGroupIdentifierTests/group`` given.
  fileprivate func givingContainer() -> ProcessEnvironment {
    var environment = self
    environment.groupContainers = .paths([
      AppGroupIdentifierTests.group: "/Users/ada/Library/Group Containers/X"
    ])
    return environment
  }

  /// The environment where the system gives no container.
  fileprivate func givingNoContainer() -> ProcessEnvironment {
    var environment = self
    environment.groupContainers = .paths([:])
    return environment
  }
}
