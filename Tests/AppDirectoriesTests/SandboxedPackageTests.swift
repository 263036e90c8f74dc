// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import Foundation
import Testing

@testable import AppDirectories
@testable import TestSupport

/// Linux packages that sandbox their applications: a strict Snap keeps data and cache in the
/// folder kept across revisions; inside Flatpak the sandbox's own XDG variables count, and the
/// host's directories are one environment away.
@Suite("Snap and Flatpak")
struct SandboxedPackageTests {
  static let home = "/home/ada"
  static let revision = home + "/snap/exampleapp/12"
  static let common = home + "/snap/exampleapp/common"

  static func snap(_ extra: [String: String] = [:]) -> ProcessEnvironment {
    pureEnvironment(
      [
        "HOME": revision, "SNAP_NAME": "exampleapp", "SNAP": "/snap/exampleapp/12",
        "SNAP_USER_COMMON": common,
      ].merging(extra) { $1 })
  }

  static let snapRows:
    [(
      name: String, environment: ProcessEnvironment, kind: AppDirectory, path: String,
      source: DirectorySource
    )] = [
      (
        "data in the common folder", snap(), .data, common + "/.local/share/ExampleApp",
        .variable("SNAP_USER_COMMON")
      ),
      (
        "cache in the common folder", snap(), .cache, common + "/.cache/ExampleApp",
        .variable("SNAP_USER_COMMON")
      ),
      (
        "config stays with the revision", snap(), .config, revision + "/.config/ExampleApp",
        .default
      ),
      (
        "state stays with the revision", snap(), .state, revision + "/.local/state/ExampleApp",
        .default
      ),
      (
        "the user's XDG_DATA_HOME first", snap(["XDG_DATA_HOME": "/data"]), .data,
        "/data/ExampleApp", .variable("XDG_DATA_HOME")
      ),
      (
        "a relative common folder is passed over", snap(["SNAP_USER_COMMON": "common"]), .data,
        revision + "/.local/share/ExampleApp", .default
      ),
      (
        "outside a Snap the variable means nothing",
        pureEnvironment(["HOME": home, "SNAP_USER_COMMON": common]), .cache,
        home + "/.cache/ExampleApp", .default
      ),
    ]

  @Test(arguments: snapRows.indices)
  func aSnapKeepsDataAndCacheAcrossRevisions(_ index: Int) throws {
    let row = Self.snapRows[index]
    let dirs = try AppDirectories(app: "ExampleApp", environment: row.environment)
    let resolution = try dirs.resolution(for: row.kind)
    #expect(resolution.path == row.path, "\(row.name)")
    #expect(resolution.source == row.source, "\(row.name)")
  }

  static let sandboxData = home + "/.var/app/org.example.App/data"

  static let flatpak = pureEnvironment([
    "HOME": home, "FLATPAK_ID": "org.example.App",
    "XDG_DATA_HOME": sandboxData, "XDG_CONFIG_HOME": home + "/.var/app/org.example.App/config",
    "XDG_CACHE_HOME": home + "/.var/app/org.example.App/cache",
    "XDG_STATE_HOME": home + "/.var/app/org.example.App/.local/state",
    "HOST_XDG_DATA_HOME": "/srv/ada/share",
  ])

  @Test(arguments: StandardDirectory.allCases)
  func flatpaksOwnVariablesCountAndTheHostIsOneEnvironmentAway(_ kind: StandardDirectory) throws {
    let sandbox = StandardDirectories(layout: .native, environment: Self.flatpak)
    let host = try #require(Self.flatpak.host)
    let expectedHost = pureEnvironment(["HOME": Self.home, "XDG_DATA_HOME": "/srv/ada/share"])
    let hostPath = try? StandardDirectories(layout: .native, environment: host)
      .resolution(for: kind).path
    #expect(
      hostPath
        == (try? StandardDirectories(layout: .native, environment: expectedHost)
          .resolution(for: kind).path))
    if kind == .data {
      #expect(try sandbox.resolution(for: .data).path == Self.sandboxData)
      #expect(hostPath == "/srv/ada/share")
    }
    if kind == .config { #expect(hostPath == Self.home + "/.config") }
    #expect(host.sandbox == nil)
  }

  @Test func outsideFlatpakThereIsNoHostEnvironment() {
    #expect(Self.snap().host == nil)
    #expect(pureEnvironment().host == nil)
  }
}
