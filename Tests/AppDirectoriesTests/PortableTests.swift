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

  /// SPEC section 16, portable mode: `<app>-portable` beside the executable (beside the `.app`
  /// bundle, beside the AppImage file), or a root the application names, for data, config,
  /// cache, state and logs; after the application's own variables, before the platform's rule.
  @Suite("Portable applications")
  struct PortableTests {
    /// One platform's executable, and the root looked for beside it.
    struct PlatformRow: Sendable, CustomTestStringConvertible {
      let platform: OperatingSystem
      let executable: String
      var variables: [String: String] = [:]
      let root: String

      var testDescription: String { "\(platform.displayName): \(executable)" }
    }

    static let platformRows: [PlatformRow] = [
      PlatformRow(
        platform: .linux, executable: "/media/ada/STICK/ExampleApp/ExampleApp",
        root: "/media/ada/STICK/ExampleApp/ExampleApp-portable"),
      // Under AppImage the executable lies in a mount that vanishes: beside the image file.
      PlatformRow(
        platform: .linux, executable: "/tmp/.mount_ExampleXYZ/usr/bin/ExampleApp",
        variables: [
          "APPIMAGE": "/home/ada/Apps//ExampleApp-x86_64.AppImage",
          "APPDIR": "/tmp/.mount_ExampleXYZ",
        ],
        root: "/home/ada/Apps/ExampleApp-portable"),
      PlatformRow(
        platform: .freeBSD, executable: "/home/ada/apps/ExampleApp/exampleapp",
        root: "/home/ada/apps/ExampleApp/ExampleApp-portable"),
      PlatformRow(
        platform: .openBSD, executable: "/home/ada/apps/exampleapp",
        root: "/home/ada/apps/ExampleApp-portable"),
      // Beside the bundle, never inside it (the signature covers the bundle).
      PlatformRow(
        platform: .macOS, executable: "/Volumes/STICK/ExampleApp.app/Contents/MacOS/ExampleApp",
        root: "/Volumes/STICK/ExampleApp-portable"),
      // A helper inside the bundle shares the main application's folder.
      PlatformRow(
        platform: .macOS,
        executable:
          "/Volumes/STICK/ExampleApp.app/Contents/Helpers/Helper.app/Contents/MacOS/Helper",
        root: "/Volumes/STICK/ExampleApp-portable"),
      // A command-line tool has no bundle: beside the executable.
      PlatformRow(
        platform: .macOS, executable: "/Users/ada/bin/exampleapp",
        root: "/Users/ada/bin/ExampleApp-portable"),
      PlatformRow(
        platform: .macCatalyst,
        executable: "/Applications/ExampleApp.app/Contents/MacOS/ExampleApp",
        root: "/Applications/ExampleApp-portable"),
      PlatformRow(
        platform: .iOS,
        executable: "/private/var/containers/Bundle/Application/0A1B/ExampleApp.app/ExampleApp",
        root: "/private/var/containers/Bundle/Application/0A1B/ExampleApp-portable"),
      PlatformRow(
        platform: .windows, executable: #"E:\PortableApps\ExampleApp\ExampleApp.exe"#,
        root: #"E:\PortableApps\ExampleApp\ExampleApp-portable"#),
      PlatformRow(
        platform: .windows, executable: #"\\server\share\ExampleApp.exe"#,
        root: #"\\server\share\ExampleApp-portable"#),
      PlatformRow(
        platform: .android, executable: "/data/local/tmp/exampleapp",
        root: "/data/local/tmp/ExampleApp-portable"),
    ]

    /// An environment of `platform` with a home, a runtime directory and the executable.
    static func environment(
      _ platform: OperatingSystem, executable: String?, variables: [String: String] = [:]
    ) -> ProcessEnvironment {
      var base: [String: String] =
        switch platform {
        case .windows:
          [
            "USERPROFILE": #"C:\Users\ada"#, "APPDATA": #"C:\Users\ada\AppData\Roaming"#,
            "LOCALAPPDATA": #"C:\Users\ada\AppData\Local"#,
          ]
        case .android: ["HOME": "/data/user/0/com.example.app"]
        default: ["HOME": "/home/ada", "XDG_RUNTIME_DIR": "/run/user/1000"]
        }
      base.merge(variables) { $1 }
      var environment = pureEnvironment(
        base, passwordDatabaseHome: "/Users/ada", platform: platform)
      environment.androidAppStorage = platform == .android ? "/data/user/0/com.example.app" : nil
      environment.executablePath = executable
      return environment
    }

    /// A provider whose `lstat` finds a directory of user 1000 at `root` and nothing elsewhere.
    static func provider(directoryAt root: String, owner: UInt32 = 1000) -> RecordingSystemCalls {
      var provider = RecordingSystemCalls()
      provider.onStatus = { _, path, _ in
        path == root
          ? .success(FileStatus(type: .directory, permissions: 0o700, owner: owner))
          : .failure(.noSuchFileOrDirectory)
      }
      return provider
    }

    static func directories(
      _ environment: ProcessEnvironment, portable: PortableMode = .automatic,
      prefix: String? = nil, syscalls: any SystemCalls
    ) throws(DirectoryError) -> AppDirectories {
      try AppDirectories(
        app: "ExampleApp", organization: "Example", layout: .native, environmentPrefix: prefix,
        portable: portable, environment: environment, syscalls: syscalls)
    }

    static let folders: [(AppDirectory, String)] = [
      (.data, "data"), (.config, "config"), (.cache, "cache"), (.state, "state"), (.logs, "logs"),
    ]

    @Test(
      "The folders of <app>-portable beside the executable, on every platform",
      arguments: platformRows)
    func portableRootBesideTheExecutable(_ row: PlatformRow) throws {
      let environment = Self.environment(
        row.platform, executable: row.executable, variables: row.variables)
      let provider = Self.provider(directoryAt: row.root)
      let dirs = try Self.directories(environment, syscalls: provider)
      let plain = try AppDirectories(
        app: "ExampleApp", organization: "Example", layout: .native, environment: environment,
        syscalls: provider)
      #expect(dirs.portableRootPath == row.root)
      #expect(dirs.portable == .automatic)
      // The root is looked at once, when the value is made.
      #expect(provider.calls == [.status(path: row.root, followSymlinks: false)])
      let style = row.platform.pathStyle
      for (kind, folder) in Self.folders {
        let resolution = try dirs.resolution(for: kind)
        #expect(resolution.path == style.join(row.root, folder), "\(kind)")
        #expect(resolution.source == .portable)
        #expect(resolution.source.description == "portable")
        #expect(resolution.warnings == [])
        #expect(try dirs.appendedPath(for: kind) == folder)
        #expect(try dirs.searchResolutions(for: kind).first?.path == resolution.path)
      }
      // The runtime directory, the base directories and group containers stay the platform's.
      #expect((try? dirs.resolution(for: .runtime)) == (try? plain.resolution(for: .runtime)))
      #expect(
        (try? dirs.standardDirectories.resolution(for: .home))
          == (try? plain.standardDirectories.resolution(for: .home)))
      #expect(
        (try? dirs.resolution(for: .shared(group: "group.com.example.app")))
          == (try? plain.resolution(for: .shared(group: "group.com.example.app"))))
    }

    @Test(
      "Without a portable folder, or without the executable's path, the platform's rules",
      arguments: [OperatingSystem.linux, .macOS, .windows])
    func missingRootMeansThePlatformsRules(_ platform: OperatingSystem) throws {
      let executable = platform == .windows ? #"C:\Apps\ExampleApp.exe"# : "/opt/ExampleApp/bin/x"
      for known in [executable, nil] {
        let environment = Self.environment(platform, executable: known)
        let provider = Self.provider(directoryAt: "/elsewhere")
        let dirs = try Self.directories(environment, syscalls: provider)
        let plain = try AppDirectories(
          app: "ExampleApp", organization: "Example", layout: .native, environment: environment,
          syscalls: provider)
        #expect(dirs.portableRootPath == nil)
        for (kind, _) in Self.folders {
          #expect(try dirs.resolution(for: kind) == plain.resolution(for: kind), "\(kind)")
        }
        // Nothing is looked at without an executable's path.
        #expect(provider.calls.count == (known == nil ? 0 : 1))
      }
    }

    @Test func baseDirectoriesAreThePlatforms() throws {
      let environment = Self.environment(.linux, executable: nil)
      let platform = environment.layout(.native, roaming: false)
      let layer = PortableLayout(
        root: "/media/ada/STICK/ExampleApp-portable", passedOver: [], style: .posix,
        platformLayout: platform)
      for kind in StandardDirectory.allCases {
        #expect((try? layer.base(kind)) == (try? platform.base(kind)), "\(kind)")
      }
    }

    @Test func offLooksAtNothing() throws {
      let environment = Self.environment(.linux, executable: "/opt/ExampleApp/ExampleApp")
      let provider = Self.provider(directoryAt: "/opt/ExampleApp/ExampleApp-portable")
      let dirs = try Self.directories(environment, portable: .off, syscalls: provider)
      #expect(dirs.portableRootPath == nil)
      #expect(dirs.portable == .off)
      #expect(try dirs.resolution(for: .data).path == "/home/ada/.local/share/ExampleApp")
      #expect(provider.calls == [])
      // The default of the public initializer.
      #expect(try AppDirectories(app: "ExampleApp", environment: environment).portable == .off)
    }

    /// One kind's precedence: its own variable, `P_HOME`, the portable root, the platform.
    @Test("P_<KIND>_DIR, then P_HOME, then the portable root", arguments: Self.folders.map(\.0))
    func overridesComeBeforeThePortableRoot(_ kind: AppDirectory) throws {
      let (variable, folder) = try #require(ApplicationOverrides.names(of: kind))
      let root = "/media/ada/STICK/ExampleApp-portable"
      func resolve(_ variables: [String: String]) throws -> DirectoryResolution {
        let environment = Self.environment(
          .linux, executable: "/media/ada/STICK/ExampleApp", variables: variables)
        return try Self.directories(
          environment, prefix: "EX", syscalls: Self.provider(directoryAt: root)
        ).resolution(for: kind)
      }
      let own = try resolve(["EX_\(variable)_DIR": "/srv/own", "EX_HOME": "/srv/home"])
      #expect(own.path == "/srv/own")
      #expect(own.source == .variable("EX_\(variable)_DIR"))
      let home = try resolve(["EX_HOME": "/srv/home"])
      #expect(home.path == "/srv/home/\(folder)")
      #expect(home.source == .variable("EX_HOME"))
      let portable = try resolve([:])
      #expect(portable.path == "\(root)/\(folder)")
      #expect(portable.source == .portable)
      #expect(
        portable.ignored == [
          IgnoredValue(.variable("EX_\(variable)_DIR"), .unset),
          IgnoredValue(.variable("EX_HOME"), .unset),
        ])
    }

    @Test func runtimeStaysThePlatformsAndItsOverrideStillCounts() throws {
      let root = "/media/ada/STICK/ExampleApp-portable"
      let environment = Self.environment(.linux, executable: "/media/ada/STICK/ExampleApp")
      let dirs = try Self.directories(environment, syscalls: Self.provider(directoryAt: root))
      #expect(try dirs.resolution(for: .runtime).path == "/run/user/1000/ExampleApp")
      var withHome = environment
      withHome.variables["EX_HOME"] = "/srv/home"
      let overridden = try Self.directories(
        withHome, prefix: "EX", syscalls: Self.provider(directoryAt: root))
      #expect(try overridden.resolution(for: .runtime).path == "/srv/home/runtime")
    }

    @Test(
      "A translocated Mac application is refused with the advice to move it",
      arguments: [OperatingSystem.macOS, .macCatalyst])
    func translocatedApplicationIsRefused(_ platform: OperatingSystem) throws {
      let executable =
        "/private/var/folders/xy/abc/T/AppTranslocation/1234-ABCD/d/ExampleApp.app/Contents/MacOS/ExampleApp"
      let provider = RecordingSystemCalls()
      #expect(
        throws: DirectoryError.portableRootRefused(
          path: "/private/var/folders/xy/abc/T/AppTranslocation/1234-ABCD/d/ExampleApp.app",
          problem: .translocated)
      ) {
        try Self.directories(
          Self.environment(platform, executable: executable), syscalls: provider)
      }
      #expect(provider.calls == [])
      // Only the automatic mode looks beside the executable.
      let given = try Self.directories(
        Self.environment(platform, executable: executable), portable: .atPath("/Volumes/S/x"),
        syscalls: Self.provider(directoryAt: "/Volumes/S/x"))
      #expect(given.portableRootPath == "/Volumes/S/x")
      // Elsewhere the name means nothing.
      let linux = try Self.directories(
        Self.environment(.linux, executable: "/srv/AppTranslocation/ExampleApp"),
        syscalls: Self.provider(directoryAt: "/srv/AppTranslocation/ExampleApp-portable"))
      #expect(linux.portableRootPath == "/srv/AppTranslocation/ExampleApp-portable")
    }

    @Test("An AppImage variable that cannot be used leaves the executable's own path")
    func unusableAppImageVariable() throws {
      let executable = "/tmp/.mount_X/usr/bin/ExampleApp"
      let beside = "/tmp/.mount_X/usr/bin/ExampleApp-portable"
      for (variables, secure) in [
        (["APPIMAGE": "ExampleApp.AppImage"], false), (["APPIMAGE": ""], false),
        (["APPIMAGE": "/home/ada/ExampleApp.AppImage"], true),
      ] {
        var environment = Self.environment(.linux, executable: executable, variables: variables)
        environment.isSecureExecution = secure
        #expect(
          try PortableMode.automatic.lookup(app: "ExampleApp", environment: environment)
            == .look(beside, isExplicit: false))
      }
      // A program an AppImage started inherits APPIMAGE and APPDIR, and runs from elsewhere:
      // its own folder is beside its own executable (platformdirs has no AppImage rule; the
      // AppImage runtime sets both variables for the program in the image only).
      for (executable, variables) in [
        (
          "/usr/bin/helper",
          ["APPIMAGE": "/home/ada/ExampleApp.AppImage", "APPDIR": "/tmp/.mount_X"]
        ),
        ("/usr/bin/helper", ["APPIMAGE": "/home/ada/ExampleApp.AppImage"]),
        (
          "/tmp/.mount_Xother/helper",
          ["APPIMAGE": "/home/ada/E.AppImage", "APPDIR": "/tmp/.mount_X"]
        ),
      ] {
        let environment = Self.environment(.linux, executable: executable, variables: variables)
        #expect(
          try PortableMode.automatic.lookup(app: "ExampleApp", environment: environment)
            == .look(POSIXPath.parent(executable) + "/ExampleApp-portable", isExplicit: false),
          "\(executable) \(variables)")
        #expect(PortableMode.inheritedAppImage(in: environment) == variables["APPIMAGE"])
      }
      // Not on macOS, where there is no AppImage.
      let mac = Self.environment(
        .macOS, executable: "/Users/ada/bin/x", variables: ["APPIMAGE": "/Users/ada/x.AppImage"])
      #expect(
        try PortableMode.automatic.lookup(app: "ExampleApp", environment: mac)
          == .look("/Users/ada/bin/ExampleApp-portable", isExplicit: false))
      // A relative executable's path is no path at all.
      let relative = Self.environment(.linux, executable: "bin/exampleapp")
      #expect(try PortableMode.automatic.lookup(app: "ExampleApp", environment: relative) == .none)
    }

    @Test(
      "A root given must be absolute, by the platform's rules",
      arguments: [
        (OperatingSystem.linux, "ExampleApp-portable"), (.linux, ""), (.linux, "/a\u{0}b"),
        (.windows, #"ExampleApp-portable"#), (.windows, #"\ExampleApp-portable"#),
        (.windows, "C:ExampleApp-portable"), (.macOS, "~/ExampleApp-portable"),
      ])
    func relativeRootIsRefused(_ platform: OperatingSystem, _ given: String) throws {
      let provider = RecordingSystemCalls()
      #expect(throws: DirectoryError.portableRootRefused(path: given, problem: .notAbsolute)) {
        try Self.directories(
          Self.environment(platform, executable: nil), portable: .atPath(given),
          syscalls: provider)
      }
      #expect(provider.calls == [])
    }

    @Test func windowsRootGivenIsUsedAsSpelled() throws {
      let dirs = try Self.directories(
        Self.environment(.windows, executable: nil), portable: .atPath(#"E:/Stick//ExampleApp"#),
        syscalls: Self.provider(directoryAt: "/none"))
      #expect(dirs.portableRootPath == #"E:\Stick\ExampleApp"#)
      #expect(try dirs.resolution(for: .logs).path == #"E:\Stick\ExampleApp\logs"#)
    }

    // MARK: The file system

    /// The executable inside a temporary root, and its environment.
    static func installed(in root: TemporaryRoot, userID: UInt32? = nil) throws
      -> ProcessEnvironment
    {
      try root.makeDirectory("stick/ExampleApp", mode: 0o755)
      try root.write("", to: "stick/ExampleApp/ExampleApp")
      var environment = root.environment()
      environment.executablePath = root.at("stick/ExampleApp/ExampleApp")
      if let userID { environment.effectiveUserID = userID }
      return environment
    }

    @Test func portableDirectoriesAreMadeInTheRootAndFoundInOneCall() throws {
      try TemporaryRoot.with { root in
        let environment = try Self.installed(in: root)
        let portable = root.at("stick/ExampleApp/ExampleApp-portable")
        try root.makeDirectory(portable, mode: 0o755)
        let provider = RecordingSystemCalls()
        let dirs = try Self.directories(environment, syscalls: provider)
        #expect(dirs.portableRootPath == portable)
        #expect(try dirs.directoryPath(.data) == portable + "/data")
        #expect(root.isDirectory(portable + "/data"))
        #expect(root.mode(portable + "/data") == 0o700)
        let before = provider.calls.count
        _ = try dirs.directoryPath(.data)
        // The steady state stays one system call.
        #expect(
          Array(provider.calls.dropFirst(before)) == [
            .status(path: portable + "/data", followSymlinks: true)
          ])
        // Nothing was made under the home.
        #expect(!root.exists(root.home))
        // A portable cache is tagged when made, and must hold its tag to be emptied.
        _ = try dirs.directoryPath(.cache)
        #expect(root.exists(portable + "/cache/CACHEDIR.TAG"))
        #expect(!dirs.isDefaultLocation(.cache, at: portable + "/cache", scope: .user))
      }
    }

    @Test func missingRootGivenIsMadeOnFirstUse() throws {
      try TemporaryRoot.with { root in
        let portable = root.at("given/ExampleApp-portable")
        let dirs = try Self.directories(
          root.environment(), portable: .atPath(portable + "/"), syscalls: .live)
        #expect(dirs.portableRootPath == portable)
        #expect(!root.exists(portable), "made before it was asked for")
        #expect(try dirs.directoryPath(.config) == portable + "/config")
        #expect(root.isDirectory(portable + "/config"))
      }
    }

    @Test func missingRootBesideTheExecutableIsNotMade() throws {
      try TemporaryRoot.with { root in
        let environment = try Self.installed(in: root)
        let dirs = try Self.directories(environment, syscalls: .live)
        #expect(dirs.portableRootPath == nil)
        #expect(try dirs.directoryPath(.state) == root.home + "/.local/state/ExampleApp")
        #expect(!root.exists(root.at("stick/ExampleApp/ExampleApp-portable")))
      }
    }

    @Test func fileAtTheRootIsRefused() throws {
      try TemporaryRoot.with { root in
        let environment = try Self.installed(in: root)
        let portable = root.at("stick/ExampleApp/ExampleApp-portable")
        try root.writeFile(portable, "not a folder")
        #expect(throws: DirectoryError.notADirectory(path: portable)) {
          try Self.directories(environment, syscalls: .live)
        }
        #expect(!root.exists(root.home))
      }
    }

    @Test func anotherUsersDirectoryIsRefused() throws {
      try TemporaryRoot.with { root in
        // The directory is this process's user's; the environment's user is another.
        let other = UInt32(geteuid()) + 1
        let environment = try Self.installed(in: root, userID: other)
        let portable = root.at("stick/ExampleApp/ExampleApp-portable")
        try root.makeDirectory(portable, mode: 0o755)
        let refusal = DirectoryError.portableRootRefused(
          path: portable, problem: .directoryOfAnotherUser(owner: UInt32(geteuid())))
        #expect(throws: refusal) { try Self.directories(environment, syscalls: .live) }
        #expect(throws: refusal) {
          try Self.directories(environment, portable: .atPath(portable), syscalls: .live)
        }
        #expect(TreeSnapshot.listing(portable) == [])
      }
    }

    @Test(
      "A folder, or a link, that root gave to another user is refused",
      .enabled(if: geteuid() == 0, "needs root to give files to another user"))
    func chownedRootIsRefused() throws {
      try TemporaryRoot.with { root in
        let environment = try Self.installed(in: root)
        let portable = root.at("stick/ExampleApp/ExampleApp-portable")
        try root.makeDirectory(portable, mode: 0o777)
        chown(portable, 65534, 65534)
        #expect(
          throws: DirectoryError.portableRootRefused(
            path: portable, problem: .directoryOfAnotherUser(owner: 65534))
        ) { try Self.directories(environment, syscalls: .live) }
        // A link of the user's to it is refused for the same reason.
        try root.makeDirectory("mine", mode: 0o700)
        try root.symlink("mine/ExampleApp-portable", to: portable)
        #expect(
          throws: DirectoryError.portableRootRefused(
            path: root.at("mine/ExampleApp-portable"),
            problem: .directoryOfAnotherUser(owner: 65534))
        ) {
          try Self.directories(
            environment, portable: .atPath(root.at("mine/ExampleApp-portable")), syscalls: .live)
        }
        // Another user's link, even to a folder of the user's, is not followed.
        try FileManager.default.removeItem(atPath: portable)
        try root.makeDirectory("real", mode: 0o700)
        try root.symlink(portable, to: root.at("real"))
        lchown(portable, 65534, 65534)
        #expect(
          throws: DirectoryError.ownedByAnotherUser(
            path: portable, owner: 65534, isSymbolicLink: true)
        ) { try Self.directories(environment, syscalls: .live) }
        #expect(TreeSnapshot.listing(root.at("real")) == [])
      }
    }

    @Test func linkOfTheUsersToAFolderOfTheUsersIsFollowed() throws {
      try TemporaryRoot.with { root in
        let environment = try Self.installed(in: root)
        let portable = root.at("stick/ExampleApp/ExampleApp-portable")
        try root.makeDirectory("elsewhere/files", mode: 0o700)
        try root.symlink(portable, to: root.at("elsewhere/files"))
        let dirs = try Self.directories(environment, syscalls: .live)
        #expect(dirs.portableRootPath == portable)
        #expect(try dirs.directoryPath(.logs) == portable + "/logs")
        #expect(root.isDirectory(root.at("elsewhere/files/logs")))
      }
    }

    @Test("A link to a file, a dangling link and a loop are refused by what they are")
    func badLinksAreRefused() throws {
      try TemporaryRoot.with { root in
        let environment = try Self.installed(in: root)
        let portable = root.at("stick/ExampleApp/ExampleApp-portable")
        try root.write("x", to: "file")
        try root.symlink(portable, to: root.at("file"))
        #expect(throws: DirectoryError.notADirectory(path: portable)) {
          try Self.directories(environment, syscalls: .live)
        }
        try FileManager.default.removeItem(atPath: portable)
        try root.symlink(portable, to: root.at("nothing"))
        #expect(throws: DirectoryError.danglingSymlink(path: portable)) {
          try Self.directories(environment, syscalls: .live)
        }
        try FileManager.default.removeItem(atPath: portable)
        try root.symlink(portable, to: portable)
        #expect(throws: DirectoryError.symbolicLinkLoop(path: portable)) {
          try Self.directories(environment, syscalls: .live)
        }
      }
    }

    @Test func rootThatCannotBeExaminedIsRefused() throws {
      try TemporaryRoot.with { root in
        let environment = try Self.installed(in: root)
        let portable = root.at("stick/ExampleApp/ExampleApp-portable")
        let denied = RecordingSystemCalls(faults: [
          RecordingSystemCalls.Fault(
            errno: EACCES, remaining: 1, matches: { $0.call == .stat && $0.name == portable })
        ])
        #expect(
          throws: DirectoryError.portableRootRefused(
            path: portable, problem: .unexaminable(.permissionDenied))
        ) { try Self.directories(environment, syscalls: denied) }
        // A link's directory that cannot be examined on its descriptor.
        try root.makeDirectory("elsewhere", mode: 0o700)
        try root.symlink(portable, to: root.at("elsewhere"))
        let failing = RecordingSystemCalls(faults: [
          RecordingSystemCalls.Fault(errno: EIO, remaining: 1, matches: { $0.call == .fstat })
        ])
        #expect(
          throws: DirectoryError.portableRootRefused(
            path: portable, problem: .unexaminable(.ioError))
        ) { try Self.directories(environment, syscalls: failing) }
        #expect(failing.openDescriptors == [])
      }
    }

    // MARK: Isolation

    @Test("In an isolated environment a root outside it is ignored with a warning")
    func rootOutsideAnIsolatedEnvironmentIsIgnored() throws {
      try TemporaryRoot.with { scratch in
        let isolatedRoot = scratch.at("isolated")
        var environment = ProcessEnvironment.isolated(inPath: isolatedRoot)
        environment.executablePath = scratch.at("outside/ExampleApp")
        try scratch.makeDirectory("outside/ExampleApp-portable", mode: 0o700)
        let plain = try AppDirectories(app: "ExampleApp", environment: environment)
        for mode in [
          PortableMode.automatic, .atPath(scratch.at("outside/ExampleApp-portable")),
          .atPath(isolatedRoot + "/../outside/ExampleApp-portable"),
        ] {
          let provider = RecordingSystemCalls()
          let dirs = try AppDirectories(
            app: "ExampleApp", organization: nil, layout: .native, portable: mode,
            environment: environment, syscalls: provider)
          #expect(provider.calls == [], "the outside was looked at")
          #expect(dirs.portableRootPath == nil)
          let data = try dirs.resolution(for: .data)
          #expect(data.path == (try plain.resolution(for: .data).path))
          let passedOver = try #require(data.ignored.first)
          guard case .portableRoot = passedOver.origin else {
            Issue.record("\(passedOver)")
            continue
          }
          #expect(passedOver.reason == .outsideIsolationRoot(isolatedRoot))
          let warning = try #require(data.warnings.first)
          #expect(
            warning.message.hasSuffix("leads outside the sandbox \(isolatedRoot) and is ignored"))
          #expect(warning.message.hasPrefix("the portable folder "))
          #expect(warning.suggestion.contains("inside \(isolatedRoot)"))
          // The runtime directory is not the portable root's business.
          #expect(try dirs.resolution(for: .runtime).warnings == [])
        }
        #expect(!scratch.exists(isolatedRoot))
        // Inside the root, the portable root is used.
        let inside = isolatedRoot + "/apps/ExampleApp-portable"
        try scratch.makeDirectory(inside, mode: 0o700)
        environment.executablePath = isolatedRoot + "/apps/ExampleApp"
        let dirs = try AppDirectories(
          app: "ExampleApp", portable: .automatic, environment: environment)
        #expect(dirs.portableRootPath == inside)
        #expect(try dirs.directoryPath(.data) == inside + "/data")
      }
    }

    @Test func isolatedWindowsEnvironmentKeepsItsRootToo() throws {
      var environment = ProcessEnvironment.isolated(
        inNativePath: #"C:\Tests\isolated"#, platform: .windows, effectiveUserID: 0)
      environment.executablePath = #"D:\ExampleApp\ExampleApp.exe"#
      #expect(
        try PortableMode.automatic.lookup(app: "ExampleApp", environment: environment)
          == .ignored(
            IgnoredValue(
              .portableRoot(#"D:\ExampleApp\ExampleApp-portable"#),
              .outsideIsolationRoot(#"C:\Tests\isolated"#))))
      environment.executablePath = #"c:\tests\isolated\apps\ExampleApp.exe"#
      #expect(
        try PortableMode.automatic.lookup(app: "ExampleApp", environment: environment)
          == .look(#"c:\tests\isolated\apps\ExampleApp-portable"#, isExplicit: false))
    }

    // MARK: The environment and the messages

    @Test func captureReadsTheExecutablesPath() throws {
      let captured = ProcessEnvironment.capture()
      #if os(Linux)
        let expected = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        #expect(captured.executablePath == expected)
      #else
        #expect(captured.executablePath?.hasPrefix("/") == true)
      #endif
      #expect(ProcessEnvironment.readExecutablePath(platform: .android) == nil)
      // An environment made by hand has none until a test gives one, and isolation keeps none.
      #expect(ProcessEnvironment(variables: [:]).executablePath == nil)
      #expect(ProcessEnvironment.isolated(inPath: "/tmp/isolated-example").executablePath == nil)
      var environment = ProcessEnvironment(variables: [:])
      environment.executablePath = "/opt/x"
      #expect(environment != ProcessEnvironment(variables: [:]))
    }

    static let messages: [(DirectoryError, String, String)] = [
      (
        .portableRootRefused(path: "rel", problem: .notAbsolute),
        "refusing the portable folder rel: it is not an absolute path",
        "Give the portable folder as an absolute path."
      ),
      (
        .portableRootRefused(path: "/m/X-portable", problem: .directoryOfAnotherUser(owner: 7)),
        "refusing the portable folder /m/X-portable: it belongs to user 7; a portable application keeps its files only in a folder of your own",
        "Take /m/X-portable over (have user 7 chown it to you), or remove or rename it; a removable drive must be mounted as your user (the uid= option of vfat and exfat)."
      ),
      (
        .portableRootRefused(path: "/m/X-portable", problem: .unexaminable(.ioError)),
        "refusing the portable folder /m/X-portable: it cannot be examined: \(SystemErrno.ioError)",
        "Check /m/X-portable and the folders above it (ls -ld shows its owner and mode), then start the application again."
      ),
      (
        .portableRootRefused(
          path: "/T/AppTranslocation/X.app", problem: .translocated),
        "/T/AppTranslocation/X.app runs translocated: macOS copied the application to a read-only place, away from its portable folder",
        "Move the application out of the folder it was downloaded to (into Applications, or a folder of your own, with the Finder) and open it again."
      ),
    ]

    @Test("Each refusal names the folder and the fix", arguments: messages)
    func refusalMessages(_ error: DirectoryError, _ description: String, _ suggestion: String) {
      #expect(error.description == description)
      #expect(error.recoverySuggestion(for: .linux) == suggestion)
      #expect(error.path != nil)
      #expect(error.localizedDescription == description)
      if case .portableRootRefused(_, .unexaminable(let errno)) = error {
        #expect(error.errno == errno)
      } else {
        #expect(error.errno == nil)
      }
      let reason = (error as NSError).localizedFailureReason
      if case .portableRootRefused(_, let problem) = error {
        #expect(reason == problem.description)
      }
    }

    @Test func urlFormsOfTheRoot() throws {
      let url = URL(fileURLWithPath: "/media/ada/STICK/ExampleApp-portable", isDirectory: true)
      #expect(PortableMode.at(url) == .atPath("/media/ada/STICK/ExampleApp-portable"))
      let dirs = try Self.directories(
        Self.environment(.linux, executable: nil), portable: .at(url),
        syscalls: Self.provider(directoryAt: url.path))
      #expect(dirs.portableRootPath == url.path)
      #expect(try dirs.url(for: .data).path == url.path + "/data")
    }
  }
#endif
