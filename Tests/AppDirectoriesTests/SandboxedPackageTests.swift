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

    /// Every kind in a Snap: data and cache in the common folder, with what lies in the data
    /// directory (fonts; the library, which is the data directory under the XDG rules),
    /// everything else as for a process whose home is the revision's folder.
    @Test(arguments: StandardDirectory.allCases)
    func everyKindInASnap(_ kind: StandardDirectory) throws {
      let inSnap = try? StandardDirectories(layout: .native, environment: Self.snap())
        .resolution(for: kind)
      let plain = try? StandardDirectories(
        layout: .native, environment: pureEnvironment(["HOME": Self.revision])
      ).resolution(for: kind)
      switch kind {
      case .data, .library:
        #expect(inSnap?.path == Self.common + "/.local/share")
        #expect(inSnap?.source == .variable("SNAP_USER_COMMON"))
      case .fonts:
        #expect(inSnap?.path == Self.common + "/.local/share/fonts")
      case .applications:
        #expect(inSnap?.path == Self.common + "/.local/share/applications")
      case .cache:
        #expect(inSnap?.path == Self.common + "/.cache")
        #expect(inSnap?.source == .variable("SNAP_USER_COMMON"))
      default:
        #expect(inSnap == plain)
      }
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

    // MARK: Flatpak's description of the sandbox

    static let flatpakInfo = """
      [Application]
      name=org.example.File
      runtime=runtime/org.freedesktop.Platform/x86_64/24.08

      [Instance]
      instance-id=1234567890
      """

    static let applicationNames: [(text: String, name: String?)] = [
      (flatpakInfo, "org.example.File"),
      ("[Application]\n  name = org.example.Spaced  \n", "org.example.Spaced"),
      (
        "# a comment\n[Application]\n#name=org.example.Commented\nname=org.example.App\n",
        "org.example.App"
      ),
      ("[Instance]\nname=org.example.Other\n", nil),
      ("[Application]\nruntime=runtime/x\n[Runtime]\nname=org.example.Platform\n", nil),
      ("[Application]\nname=\n", nil),
      ("[Application]\r\nname=org.example.Windows\r\n", "org.example.Windows"),
      ("", nil),
    ]

    @Test(arguments: applicationNames)
    func theApplicationIsTheNameOfTheApplicationGroup(_ text: String, _ name: String?) {
      #expect(ProcessEnvironment.flatpakApplicationName(in: text) == name)
    }

    struct Detection: Sendable, CustomTestStringConvertible {
      let variables: [String: String]
      /// The text of `/.flatpak-info`, or `nil` for no file.
      let info: String?
      let sandbox: ApplicationSandbox?
      let id: String?
      var testDescription: String { "\(variables) file: \(info == nil ? "none" : "present")" }
    }

    static let detections: [Detection] = [
      Detection(variables: [:], info: nil, sandbox: nil, id: nil),
      Detection(
        variables: ["FLATPAK_ID": "org.example.App"], info: nil, sandbox: .flatpak,
        id: "org.example.App"),
      Detection(variables: [:], info: flatpakInfo, sandbox: .flatpak, id: "org.example.File"),
      Detection(
        variables: ["FLATPAK_ID": ""], info: flatpakInfo, sandbox: .flatpak, id: "org.example.File"),
      Detection(
        variables: ["FLATPAK_ID": "org.example.App"], info: flatpakInfo, sandbox: .flatpak,
        id: "org.example.App"),
      Detection(variables: [:], info: "[Instance]\n", sandbox: .flatpak, id: nil),
      Detection(variables: ["FLATPAK_ID": ""], info: nil, sandbox: nil, id: nil),
      Detection(
        variables: ["SNAP_NAME": "exampleapp"], info: nil, sandbox: .snap, id: "exampleapp"),
      Detection(
        variables: ["SNAP_NAME": "exampleapp", "SNAP_INSTANCE_NAME": "exampleapp_beta"], info: nil,
        sandbox: .snap, id: "exampleapp_beta"),
    ]

    @Test(arguments: detections)
    func theSandboxAndItsApplicationAreTold(_ row: Detection) throws {
      try TemporaryRoot.with { root in
        var environment = pureEnvironment(["HOME": Self.home].merging(row.variables) { $1 })
        environment.flatpakInfoPath = root.at("flatpak-info")
        if let info = row.info { try root.writeFile(root.at("flatpak-info"), info) }
        #expect(environment.sandbox == row.sandbox)
        #expect(environment.sandboxApplicationID == row.id)
        // Without a path to read it from, the variables alone tell.
        environment.flatpakInfoPath = nil
        #expect(environment.sandbox == (row.variables.isEmpty ? nil : environment.declaredSandbox))
      }
    }

    /// A Flatpak told by its file alone: every kind resolves from the sandbox's own variables,
    /// as with `FLATPAK_ID`, and the host is one environment away.
    @Test(arguments: StandardDirectory.allCases)
    func aFlatpakToldByItsFileResolvesEveryKindAsWithTheVariable(_ kind: StandardDirectory) throws {
      try TemporaryRoot.with { root in
        try root.writeFile(root.at("flatpak-info"), Self.flatpakInfo)
        var byFile = Self.flatpak
        byFile.variables["FLATPAK_ID"] = nil
        byFile.flatpakInfoPath = root.at("flatpak-info")
        #expect(byFile.sandbox == .flatpak)
        let told = try? StandardDirectories(layout: .native, environment: byFile)
          .resolution(for: kind)
        let declared = try? StandardDirectories(layout: .native, environment: Self.flatpak)
          .resolution(for: kind)
        #expect(told == declared)
        let host = try #require(byFile.host)
        #expect(host.sandbox == nil)
        #expect(
          (try? StandardDirectories(layout: .native, environment: host).resolution(for: kind).path)
            == (try? StandardDirectories(layout: .native, environment: Self.flatpak.host!)
              .resolution(for: kind).path))
      }
    }

    @Test func aCapturedEnvironmentLooksForTheFileOnLinuxOnly() {
      #if os(Linux)
        #expect(ProcessEnvironment.capture().flatpakInfoPath == "/.flatpak-info")
      #else
        #expect(ProcessEnvironment.capture().flatpakInfoPath == nil)
      #endif
      #expect(pureEnvironment().flatpakInfoPath == nil)
    }
  }
#endif
