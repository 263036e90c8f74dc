// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import Foundation
import Testing

@testable import AppDirectoriesCore
@testable import AppDirectoriesFiles
@testable import AppDirectoriesMaintenance
@testable import TestSupport

/// `DirectoryLayout.xdgWhereSet` on macOS: each `XDG_*_HOME` the user set decides its kind, the
/// native rules the rest; a value set but unusable is told and passed over.
@Suite("The user's XDG choice on macOS")
struct XDGWhereSetTests {
  static let home = "/Users/ada"

  /// A variable, the base kind it decides, and the application's kinds that follow it.
  static let variables: [(name: String, base: StandardDirectory, apps: [AppDirectory])] = [
    ("XDG_DATA_HOME", .data, [.data]),
    ("XDG_CONFIG_HOME", .config, [.config]),
    ("XDG_CACHE_HOME", .cache, [.cache]),
    ("XDG_STATE_HOME", .state, [.state, .logs]),
    ("XDG_BIN_HOME", .executables, []),
  ]

  /// How the variable is set, and whether it is used and warned about.
  enum Setting: String, CaseIterable, Sendable {
    case absolute, relative, empty, notUTF8

    var isUsed: Bool { self == .absolute }
    var warns: Bool { self == .relative || self == .notUTF8 }
  }

  static func environment(_ name: String?, _ setting: Setting) -> ProcessEnvironment {
    var variables = ["HOME": home]
    var undecodable: [String: [UInt8]] = [:]
    if let name {
      switch setting {
      case .absolute: variables[name] = "/xdg/\(name)"
      case .relative: variables[name] = "dotfiles"
      case .empty: variables[name] = ""
      case .notUTF8: undecodable[name] = Array("/xdg/caf".utf8) + [0xE9]
      }
    }
    return ProcessEnvironment(
      variables: variables, passwordDatabaseHome: home, platform: .macOS,
      undecodableVariables: undecodable)
  }

  static let cases: [(variable: Int, setting: Setting)] = variables.indices.flatMap { index in
    Setting.allCases.map { (index, $0) }
  }

  @Test(arguments: cases)
  func eachVariableSetAloneDecidesItsKindOnly(_ row: (variable: Int, setting: Setting)) throws {
    let (name, decided, decidedApps) = Self.variables[row.variable]
    let environment = Self.environment(name, row.setting)
    let whereSet = StandardDirectories(layout: .xdgWhereSet, environment: environment)
    let native = StandardDirectories(layout: .native, environment: environment)
    let xdg = StandardDirectories(layout: .xdg, environment: environment)
    for kind in StandardDirectory.allCases where kind != .runtime && kind != .temporary {
      let expected = kind == decided && row.setting.isUsed ? xdg : native
      let resolution = try? whereSet.resolution(for: kind)
      #expect(resolution?.path == (try? expected.resolution(for: kind))?.path, "\(kind)")
      if kind == decided {
        let nativeSource = try native.resolution(for: kind).source
        #expect(resolution?.source == (row.setting.isUsed ? .variable(name) : nativeSource))
        #expect((resolution?.warnings.count ?? 0) == (row.setting.warns ? 1 : 0), "\(kind)")
      } else {
        #expect(resolution?.warnings.isEmpty ?? true, "\(kind)")
      }
    }
    let dirs = try AppDirectories(
      app: "ExampleApp", layout: .xdgWhereSet, environment: environment)
    let nativeApp = try AppDirectories(app: "ExampleApp", layout: .native, environment: environment)
    let xdgApp = try AppDirectories(app: "ExampleApp", layout: .xdg, environment: environment)
    for kind in AppDirectory.ownKinds where kind != .runtime {
      let expected = decidedApps.contains(kind) && row.setting.isUsed ? xdgApp : nativeApp
      #expect(
        try dirs.resolution(for: kind).path == expected.resolution(for: kind).path, "\(kind)")
    }
  }

  @Test func withNothingSetItIsTheNativeLayoutAndTheUserFoldersStayNative() throws {
    let environment = Self.environment(nil, .absolute)
    let whereSet = StandardDirectories(layout: .xdgWhereSet, environment: environment)
    let native = StandardDirectories(layout: .native, environment: environment)
    for kind in StandardDirectory.allCases {
      #expect(
        (try? whereSet.resolution(for: kind))?.path == (try? native.resolution(for: kind))?.path)
    }
    #expect(try whereSet.resolution(for: .projects).path == Self.home + "/Projects")
    #expect(try whereSet.resolution(for: .cache).path == Self.home + "/Library/Caches")
  }

  @Test(arguments: [OperatingSystem.linux, .iOS, .macCatalyst, .windows, .android])
  func elsewhereItIsTheNativeLayout(_ platform: OperatingSystem) throws {
    let environment = ProcessEnvironment(
      variables: [
        "HOME": "/home/ada", "USERPROFILE": #"C:\Users\ada"#, "XDG_CACHE_HOME": "/xdg/cache",
      ], passwordDatabaseHome: "/home/ada", platform: platform,
      androidAppStorage: "/data/user/0/a")
    for kind in AppDirectory.ownKinds {
      let whereSet = try AppDirectories(
        app: "ExampleApp", layout: .xdgWhereSet, environment: environment)
      let native = try AppDirectories(app: "ExampleApp", layout: .native, environment: environment)
      #expect(
        (try? whereSet.resolution(for: kind))?.path == (try? native.resolution(for: kind))?.path)
    }
  }
}
