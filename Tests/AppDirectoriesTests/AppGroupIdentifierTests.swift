// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import Testing

@testable import AppDirectories
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
}
