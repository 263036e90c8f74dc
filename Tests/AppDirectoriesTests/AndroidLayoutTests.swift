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

  @Suite("Android layout")
  struct AndroidLayoutTests {
    static let storage = PlatformSamples.androidStorage

    static let appRows: [(AppDirectory, String)] = [
      (.data, storage + "/files/ExampleApp"),
      (.config, storage + "/shared_prefs/ExampleApp"),
      (.cache, storage + "/cache/ExampleApp"),
      (.state, storage + "/files/ExampleApp"),
      (.logs, storage + "/cache/ExampleApp/log"),
      (.runtime, storage + "/cache/ExampleApp/tmp"),
    ]

    @Test(arguments: appRows, [nil, "Example"])
    func appDirectoryIsInThePrivateStorage(row: (AppDirectory, String), organization: String?)
      throws
    {
      #expect(
        try PlatformSamples.appPath(
          row.0, organization: organization, in: PlatformSamples.android())
          == row.1)
    }

    @Test("The process name is the first argument of /proc/self/cmdline; none when unreadable")
    func processNameIsReadFromTheKernel() {
      let reader = RecordingSystemCalls()
      // This process's own: the test runner, started by its path.
      #expect(
        ProcessEnvironment.readProcessName(syscalls: reader.syscalls) == CommandLine.arguments[0])
      #expect(reader.records.map(\.description).first == "open(/proc/self/cmdline)")
      let refused = RecordingSystemCalls(faults: [
        RecordingSystemCalls.Fault(errno: EACCES, remaining: 1) { $0.call == .open }
      ])
      #expect(ProcessEnvironment.readProcessName(syscalls: refused.syscalls) == nil)
    }

    static let baseRows: [(StandardDirectory, String)] = [
      (.home, storage), (.data, storage + "/files"), (.state, storage + "/files"),
      (.library, storage + "/files"), (.config, storage + "/shared_prefs"),
      (.cache, storage + "/cache"), (.runtime, storage + "/cache/tmp"),
      (.temporary, storage + "/cache"),
      (.documents, "/storage/emulated/0/Documents"), (.downloads, "/storage/emulated/0/Download"),
      (.music, "/storage/emulated/0/Music"), (.pictures, "/storage/emulated/0/Pictures"),
      (.videos, "/storage/emulated/0/Movies"),
    ]

    @Test(arguments: baseRows)
    func baseDirectoryFollowsTheTable(row: (StandardDirectory, String)) throws {
      #expect(try PlatformSamples.basePath(row.0, in: PlatformSamples.android()) == row.1)
    }

    @Test(arguments: [StandardDirectory.executables, .fonts, .desktop, .templates, .publicShare])
    func kindWithoutAnAndroidFolderIsUnsupported(kind: StandardDirectory) {
      #expect {
        try PlatformSamples.basePath(kind, in: PlatformSamples.android())
      } throws: { error in
        guard case .unsupported = error as? DirectoryError else { return false }
        return true
      }
    }

    @Test func appGroupsAreUnsupported() {
      #expect {
        try PlatformSamples.appPath(
          .shared(group: "group.com.example.app"), in: PlatformSamples.android())
      } throws: { error in
        guard case .unsupported = error as? DirectoryError else { return false }
        return true
      }
    }

    @Test func secondAndroidUserHasItsOwnSharedStorage() throws {
      var environment = PlatformSamples.android(storage: "/data/user/10/com.example.app")
      environment.effectiveUserID = 1_010_123
      #expect(
        try PlatformSamples.basePath(.documents, in: environment)
          == "/storage/emulated/10/Documents")
      #expect(
        try PlatformSamples.appPath(.data, in: environment)
          == "/data/user/10/com.example.app/files/ExampleApp")
    }

    @Test func tmpdirOverridesTheTemporaryDirectory() throws {
      let environment = PlatformSamples.android(["TMPDIR": "/data/local/tmp"])
      #expect(try PlatformSamples.basePath(.temporary, in: environment) == "/data/local/tmp")
    }

    @Test func homeVariableIsNotTheAndroidHome() throws {
      let environment = PlatformSamples.android(["HOME": "/sdcard"])
      #expect(try PlatformSamples.basePath(.home, in: environment) == Self.storage)
    }

    @Test(arguments: [nil, "relative/storage"])
    func unknownStorageMeansNoHome(storage: String?) {
      #expect {
        try PlatformSamples.appPath(.data, in: PlatformSamples.android(storage: storage))
      } throws: { error in
        guard case .homeUnavailable = error as? DirectoryError else { return false }
        return true
      }
    }

    @Test func androidSearchesOnlyTheApp() throws {
      let dirs = try AppDirectories(app: "ExampleApp", environment: PlatformSamples.android())
      #expect(
        try dirs.searchResolutions(for: .data).map(\.path) == [Self.storage + "/files/ExampleApp"])
    }

    /// platformdirs' rule: an app process has ANDROID_DATA and ANDROID_ROOT and neither SHELL
    /// nor PREFIX (Termux sets both, `adb shell` sets SHELL).
    static let detectionRows: [(OperatingSystem, [String: String], OperatingSystem)] = [
      (.android, ["ANDROID_DATA": "/data", "ANDROID_ROOT": "/system"], .android),
      (.linux, ["ANDROID_DATA": "/data", "ANDROID_ROOT": "/system"], .android),
      (
        .android,
        [
          "ANDROID_DATA": "/data", "ANDROID_ROOT": "/system",
          "PREFIX": "/data/data/com.termux/files/usr",
        ], .linux
      ),
      (
        .android, ["ANDROID_DATA": "/data", "ANDROID_ROOT": "/system", "SHELL": "/system/bin/sh"],
        .linux
      ),
      (.android, ["ANDROID_DATA": "/data"], .linux),
      (.android, ["ANDROID_DATA": "", "ANDROID_ROOT": "/system"], .linux),
      (.linux, ["HOME": "/home/ada"], .linux),
      (.macOS, ["ANDROID_DATA": "/data", "ANDROID_ROOT": "/system"], .macOS),
      (.freeBSD, [:], .freeBSD),
    ]

    @Test(arguments: detectionRows)
    func androidIsDetectedAsPlatformdirsDoes(
      row: (OperatingSystem, [String: String], OperatingSystem)
    ) {
      #expect(OperatingSystem.detected(host: row.0, variables: row.1) == row.2)
    }

    static let processNameRows: [(String, UInt32, String?)] = [
      ("com.example.app", 10_123, "/data/user/0/com.example.app"),
      ("com.example.app:worker", 10_123, "/data/user/0/com.example.app"),
      ("com.example.app", 1_010_123, "/data/user/10/com.example.app"),
      ("/system/bin/app_process", 10_123, nil),
      ("sh", 2000, nil),
      ("", 10_123, nil),
    ]

    @Test(arguments: processNameRows)
    func privateStorageComesFromTheProcessNameAndUser(row: (String, UInt32, String?)) {
      #expect(
        ProcessEnvironment.androidAppStorage(processName: row.0, effectiveUserID: row.1) == row.2)
    }
  }
#endif
