// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// These tests run the tool or other processes, which the tests do on macOS and Linux: iOS,
// tvOS, watchOS and visionOS have no Process, and Windows none of the POSIX tools they use.
#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  @testable import TestSupport

  /// `appdirs list --sizes` and `appdirs clean` (SPEC section 10), run through the built tool.
  @Suite struct CleanCommandTests {
    static func run(
      _ arguments: [String], _ root: TemporaryRoot, _ extra: [String: String] = [:],
      standardError: ExpectedStandardError = .empty,
      sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ToolResult {
      try Tool.run(
        arguments, environment: root.toolEnvironment.merging(extra) { $1 }, in: root,
        standardError: standardError, sourceLocation: sourceLocation)
    }

    @Test func listSizesGivesBytesInJSONAndHumanUnitsInTheTable() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try TreeSnapshot.makeSample(at: root.home + "/.cache/ExampleApp/sample")
      try root.write(String(repeating: "z", count: 3000), to: "home/.config/ExampleApp/settings")
      #expect(
        link(root.home + "/.config/ExampleApp/settings", root.home + "/.config/ExampleApp/again")
          == 0
      )
      try root.write(String(repeating: "o", count: 70_000), to: "outside/big")
      try root.symlink("home/.cache/ExampleApp/out", to: root.at("outside"))
      let json = try Self.run(["list", "--app", "ExampleApp", "--sizes", "--json"], root)
      #expect(json.status == 0)
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
      let directories = try #require(object["directories"] as? [String: [String: Any]])
      let cacheSize = try #require(
        try Tool.apparentSize(of: root.home + "/.cache/ExampleApp", in: root))
      let configSize = try #require(
        try Tool.apparentSize(of: root.home + "/.config/ExampleApp", in: root))
      #expect((directories["cache"]?["size"] as? NSNumber)?.int64Value == cacheSize)
      #expect((directories["config"]?["size"] as? NSNumber)?.int64Value == configSize)
      // Missing directories and the shared base directories have no size.
      #expect(directories["data"]?["size"] is NSNull)
      #expect(directories["home"]?["size"] is NSNull)

      let table = try Self.run(["list", "--app", "ExampleApp", "--sizes"], root)
      #expect(table.lines.first?.hasSuffix("EXISTS  SIZE") == true)
      let config = try #require(table.lines.first { $0.hasPrefix("config ") })
      #expect(config.hasSuffix("yes     \(Self.human(configSize))"), "\(config)")
      #expect(table.lines.first { $0.hasPrefix("data ") }?.hasSuffix("no") == true)
    }

    /// Bytes as the tool writes them below a mebibyte: `61 B`, `6.9 KiB`.
    static func human(_ bytes: Int64) -> String {
      guard bytes >= 1024 else { return "\(bytes) B" }
      let tenths = Int((Double(bytes) / 1024 * 10).rounded())
      return "\(tenths / 10).\(tenths % 10) KiB"
    }

    @Test func sizesNeedAnApp() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Self.run(
        ["list", "--sizes"], root,
        standardError: .usageError(
          "--sizes needs --app NAME: it measures the application's own directories",
          command: "list"))
      #expect(result.status == 64)
    }

    @Test func aDryRunSaysWhatWouldGoAndRemovesNothing() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.write(String(repeating: "c", count: 2048), to: "home/.cache/ExampleApp/a")
      try root.write("s", to: "home/.config/ExampleApp/settings")
      let before = TreeSnapshot.lines(of: root.path)
      let cacheSize = try #require(
        try Tool.apparentSize(of: root.home + "/.cache/ExampleApp", in: root))
      let configSize = try #require(
        try Tool.apparentSize(of: root.home + "/.config/ExampleApp", in: root))
      let cache = try Self.run(["clean", "--app", "ExampleApp", "--cache"], root)
      #expect(cache.status == 0)
      #expect(
        cache.lines == [
          "would empty \(root.home)/.cache/ExampleApp (\(Self.human(cacheSize)))",
          "\(Self.human(cacheSize)) in all; run again with --yes to empty it",
        ])
      let all = try Self.run(["clean", "--app", "ExampleApp", "--all"], root)
      #expect(all.status == 0)
      #expect(
        all.lines == [
          "would remove \(root.home)/.config/ExampleApp (\(Self.human(configSize)))",
          "would remove \(root.home)/.cache/ExampleApp (\(Self.human(cacheSize)))",
          "\(Self.human(cacheSize + configSize)) in all; run again with --yes to remove it",
        ])
      #expect(TreeSnapshot.lines(of: root.path) == before)
    }

    @Test func yesEmptiesTheCacheOrRemovesEverything() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let made = try Self.run(["path", "cache", "--app", "ExampleApp", "--create"], root)
      #expect(made.status == 0)
      try root.write("c", to: "home/.cache/ExampleApp/deep/a")
      try root.write("s", to: "home/.config/ExampleApp/settings")
      try root.write("theirs", to: "home/.cache/Other/file")
      let cache = try Self.run(["clean", "--app", "ExampleApp", "--cache", "--yes"], root)
      #expect(cache.status == 0)
      #expect(cache.standardOutput == "emptied \(root.home)/.cache/ExampleApp\n")
      #expect(TreeSnapshot.listing(root.home + "/.cache/ExampleApp") == ["CACHEDIR.TAG"])
      #expect(TreeSnapshot.listing(root.home + "/.config/ExampleApp") == ["settings"])

      let all = try Self.run(["clean", "--app", "ExampleApp", "--all", "--yes"], root)
      #expect(all.status == 0)
      #expect(
        all.lines == [
          "removed \(root.home)/.config/ExampleApp", "removed \(root.home)/.cache/ExampleApp",
        ])
      #expect(TreeSnapshot.listing(root.home + "/.cache") == ["Other"])
      #expect(!root.exists(root.home + "/.config/ExampleApp"))

      let again = try Self.run(["clean", "--app", "ExampleApp", "--all", "--yes"], root)
      #expect(again.status == 0)
      #expect(again.standardOutput == "nothing to clean for ExampleApp\n")
    }

    @Test func allWithAGroupRemovesItsContainerToo() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.write("s", to: "home/.local/share/group-containers/group.com.example/shared")
      try root.write("o", to: "home/.local/share/group-containers/group.com.other/shared")
      try root.write("c", to: "home/.cache/ExampleApp/file")
      let dry = try Self.run(
        ["clean", "--app", "ExampleApp", "--all", "--group", "group.com.example"], root)
      #expect(dry.status == 0)
      #expect(
        dry.standardOutput.contains(root.home + "/.local/share/group-containers/group.com.example"))
      let all = try Self.run(
        ["clean", "--app", "ExampleApp", "--all", "--group", "group.com.example", "--yes"], root)
      #expect(all.status == 0)
      #expect(
        all.lines == [
          "removed \(root.home)/.cache/ExampleApp",
          "removed \(root.home)/.local/share/group-containers/group.com.example",
        ])
      #expect(
        TreeSnapshot.listing(root.home + "/.local/share/group-containers") == ["group.com.other"])
    }

    @Test func aBaseDirectoryThroughAnOverrideIsAUsageError() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.write("theirs", to: "home/.cache/Other/file")
      let before = TreeSnapshot.lines(of: root.path)
      let result = try Self.run(
        ["clean", "--app", "ExampleApp", "--env-prefix", "EX", "--cache", "--yes"], root,
        ["EX_CACHE_DIR": root.home + "/.cache"],
        standardError: .failure(
          "refusing to remove \(root.home)/.cache: it is, or holds, the base directory cache, which every application shares"
        ))
      #expect(result.status == 64)
      #expect(result.standardOutput == "")
      #expect(TreeSnapshot.lines(of: root.path) == before)
    }

    @Test(.asTheUnprivilegedUser) func anUnremovableFileIsReportedAndExits73() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.write("x", to: "home/.cache/ExampleApp/goes")
      try root.write("x", to: "home/.cache/ExampleApp/locked/stays")
      try root.write("x", to: "home/.cache/ExampleApp/open/goes-too")
      root.chownAll(to: Tool.unprivilegedUser)
      chmod(root.home + "/.cache/ExampleApp/locked", 0o555)
      defer { chmod(root.home + "/.cache/ExampleApp/locked", 0o755) }
      let result = try Tool.run(
        ["clean", "--app", "ExampleApp", "--cache", "--yes"], environment: root.toolEnvironment,
        asUser: Tool.unprivilegedUser, in: root,
        standardError: .lines([
          "appdirs: error: cannot remove \(root.home)/.cache/ExampleApp/locked/stays: EACCES (Permission denied)",
          "appdirs: note: Give your user write permission on the folders that hold them (ls -ld shows their owners and modes), then run the command again.",
        ]))
      #expect(result.status == 73)
      #expect(result.standardOutput == "emptied \(root.home)/.cache/ExampleApp\n")
      #expect(TreeSnapshot.listing(root.home + "/.cache/ExampleApp") == ["locked"])
      #expect(TreeSnapshot.listing(root.home + "/.cache/ExampleApp/locked") == ["stays"])
    }

    static let usageErrors: [(arguments: [String], message: String)] = [
      (
        ["clean", "--app", "ExampleApp"],
        "appdirs: error: clean needs --cache (empty the cache), --all (remove everything) or --logs (prune the logs)"
      ),
      (
        ["clean", "--cache"],
        "appdirs: error: clean needs --app NAME: it removes one application's files"
      ),
      (
        ["clean", "--app", "ExampleApp", "--cache", "--all"],
        "appdirs: error: --cache and --all cannot be used together"
      ),
      (
        ["clean", "--app", "ExampleApp", "--cache", "extra"],
        "appdirs: error: clean takes no arguments, got 'extra'"
      ),
    ]

    @Test(arguments: usageErrors)
    func usageErrorsExit64(arguments: [String], message: String) throws {
      let root = try TemporaryRoot.withUserDirectories()
      let result = try Self.run(
        arguments, root,
        standardError: .usageError(
          String(message.dropFirst("appdirs: error: ".count)), command: arguments.first))
      #expect(result.status == 64)
      #expect(result.standardOutput == "")
      #expect(result.standardError.split(separator: "\n").first.map(String.init) == message)
    }
  }

  /// `clean` against system paths and mount points, in a private mount namespace: a tmpfs over
  /// `/srv` and `/mnt` (never the host's own, never `/opt`, which holds the toolchain), and tmpfs
  /// mounted on and inside the application's cache.
  @Suite struct CleanMountTests {
    @Test(.needsPrivateMounts) func systemPathsAndMountPointsAreRefusedAndLeftAsTheyWere() throws {
      let root = try TemporaryRoot.withUserDirectories()
      try root.makeDirectory("home/.cache/Mounted")
      try root.makeDirectory("home/.cache/ExampleApp/inner")
      let mounts = try PrivateMounts([
        "/srv", "/mnt", root.home + "/.cache/Mounted", root.home + "/.cache/ExampleApp/inner",
      ])
      func place(_ text: String, at path: String) throws {
        try FileManager.default.createDirectory(
          atPath: (mounts.view(path) as NSString).deletingLastPathComponent,
          withIntermediateDirectories: true)
        #expect(
          FileManager.default.createFile(atPath: mounts.view(path), contents: Data(text.utf8)))
      }
      try place("srv", at: "/srv/data/file")
      try place("mnt", at: "/mnt/disk/file")
      try place("mounted", at: root.home + "/.cache/Mounted/file")
      try place("inner", at: root.home + "/.cache/ExampleApp/inner/file")
      try place("own", at: root.home + "/.cache/ExampleApp/own")
      func clean(
        _ app: String, _ extra: [String: String], _ flags: [String] = ["--yes"],
        standardError: ExpectedStandardError, sourceLocation: SourceLocation = #_sourceLocation
      ) throws -> ToolResult {
        try Tool.runProcess(
          mounts.inside(
            [Tool.path, "clean", "--app", app, "--env-prefix", "EX", "--cache"] + flags),
          environment: root.toolEnvironment.merging(extra) { $1 }, in: root,
          standardError: standardError, sourceLocation: sourceLocation)
      }
      let refusals: [(String, [String: String], String)] = [
        (
          "ExampleApp", ["EX_CACHE_DIR": "/srv/data"],
          "/srv/data: it is, holds or lies inside /srv/data"
        ),
        ("ExampleApp", ["EX_CACHE_DIR": "/srv"], "/srv: it is, holds or lies inside /srv"),
        (
          "ExampleApp", ["EX_CACHE_DIR": "/mnt/disk/.."],
          "/mnt/disk/..: it is, holds or lies inside /mnt"
        ),
        (
          "disk", ["XDG_CACHE_HOME": "/mnt"],
          "/mnt/disk: it was chosen by an override or an XDG variable"
        ),
        ("Mounted", [:], "/.cache/Mounted: it is a mount point"),
      ]
      for (app, extra, message) in refusals {
        for flags in [["--yes"], []] {
          let result = try clean(
            app, extra, flags, standardError: .failure("refusing to remove "))
          #expect(result.status == 64, "\(app) \(extra) \(flags): \(result.standardError)")
          #expect(result.standardOutput == "")
          #expect(
            result.standardError.hasPrefix("appdirs: error: refusing to remove ")
              && result.standardError.contains(message), "\(message): \(result.standardError)")
        }
      }
      for (path, text) in [
        ("/srv/data/file", "srv"), ("/mnt/disk/file", "mnt"),
        (root.home + "/.cache/Mounted/file", "mounted"),
      ] {
        #expect(try Tool.readText(mounts.view(path)) == text, "\(path)")
      }
      // A mount inside the cache is left alone and reported as such; the rest goes.
      let inside = try clean(
        "ExampleApp", [:],
        standardError: .lines([
          "appdirs: error: \(root.home)/.cache/ExampleApp/inner is a mount point: it was left alone, untouched, with everything in it",
          "appdirs: note: A mount point inside is never entered; to empty it too, unmount it first, or remove its files yourself.",
        ]))
      #expect(inside.status == 73)
      #expect(inside.standardOutput == "emptied \(root.home)/.cache/ExampleApp\n")
      #expect(
        try Tool.readText(mounts.view(root.home + "/.cache/ExampleApp/inner/file")) == "inner")
      #expect(
        !FileManager.default.fileExists(atPath: mounts.view(root.home + "/.cache/ExampleApp/own")))
    }

    /// A bind mount of a folder of the same file system (the same device number as its
    /// parent's): inside the cache, `clean` and pruning leave it alone and report it, and a
    /// cache that is one is refused as a mount point; the folder it shows keeps every file.
    @Test(.needsPrivateMounts) func bindMountsOfTheSameFileSystemAreLeftAlone() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let cache = root.home + "/.cache/ExampleApp"
      let made = try Tool.run(
        ["path", "cache", "--app", "ExampleApp", "--create"], environment: root.toolEnvironment,
        in: root)
      #expect(made.status == 0 && made.lines == [cache])
      try root.write("precious", to: "elsewhere/precious")
      try root.write("also precious", to: "other/file")
      try root.makeDirectory("home/.cache/ExampleApp/bound")
      try root.makeDirectory("home/.cache/Whole")
      let mounts = try PrivateMounts(binding: [
        (root.at("elsewhere"), cache + "/bound"), (root.at("other"), root.home + "/.cache/Whole"),
      ])
      // The same device as the cache: only the mount table tells.
      #expect(root.status(mounts.view(cache + "/bound"))?.st_dev == root.status(cache)?.st_dev)
      for command in [
        ["--cache", "--yes"], ["--cache", "--max-size", "0", "--yes"], ["--all", "--yes"],
      ] {
        try root.write("junk", to: "home/.cache/ExampleApp/junk")
        let result = try Tool.runProcess(
          mounts.inside([Tool.path, "clean", "--app", "ExampleApp"] + command),
          environment: root.toolEnvironment, in: root,
          standardError: .anything(because: "the wording of the report is CleanCommandTests'"))
        #expect(result.status == 73, "\(command): \(result.standardError)")
        #expect(
          result.standardError.contains(cache + "/bound"), "\(command): \(result.standardError)")
        #expect(!root.exists(cache + "/junk"), "\(command)")
        #expect(try Tool.readText(root.at("elsewhere/precious")) == "precious", "\(command)")
        #expect(try Tool.readText(mounts.view(cache + "/bound/precious")) == "precious")
      }
      // A cache that is itself a bind mount is not the application's to empty.
      let whole = try Tool.runProcess(
        mounts.inside([Tool.path, "clean", "--app", "Whole", "--cache", "--yes"]),
        environment: root.toolEnvironment, in: root, standardError: .failure("refusing to remove "))
      #expect(whole.status == 64, "\(whole.standardError)")
      #expect(whole.standardError.contains("it is a mount point"), "\(whole.standardError)")
      #expect(try Tool.readText(root.at("other/file")) == "also precious")
    }

    /// `ProtectSystem=strict`: systemd bind-mounts a unit's own cache onto itself, read-write in
    /// a read-only tree. The service manager's variable naming it at systemd's place proves it
    /// the service's, so the service prunes and empties it although it is a mount point; the
    /// same folder without the variable is still refused as one.
    @Test(.needsPrivateMounts) func aServicePrunesTheCacheSystemdBindMounted() throws {
      let root = try TemporaryRoot.withUserDirectories()
      let cache = root.at("system/var/cache/ExampleApp")
      try root.write("old", to: "system/var/cache/ExampleApp/old")
      try root.write("new", to: "system/var/cache/ExampleApp/new")
      let long = Int(Date().timeIntervalSince1970) - 30 * 86_400
      let times = [timespec(tv_sec: long, tv_nsec: 0), timespec(tv_sec: long, tv_nsec: 0)]
      #expect(utimensat(AT_FDCWD, cache + "/old", times, 0) == 0)
      let mounts = try PrivateMounts(binding: [(cache, cache)])
      let sandboxed = root.toolEnvironment.merging(["APPDIRS_SANDBOX_ROOT": root.path]) { $1 }
      let plain = try Tool.runProcess(
        mounts.inside([Tool.path, "clean", "--app", "ExampleApp", "--system", "--cache", "--yes"]),
        environment: sandboxed, in: root, standardError: .failure("refusing to remove "))
      #expect(plain.status == 64, "\(plain.standardError)")
      let service = sandboxed.merging(["CACHE_DIRECTORY": cache]) { $1 }
      let pruned = try Tool.runProcess(
        mounts.inside([
          Tool.path, "clean", "--app", "ExampleApp", "--cache", "--older-than", "7d", "--yes",
        ]),
        environment: service, in: root)
      #expect(pruned.status == 0, "\(pruned.standardError)")
      #expect(!FileManager.default.fileExists(atPath: mounts.view(cache + "/old")))
      #expect(try Tool.readText(mounts.view(cache + "/new")) == "new")
      let emptied = try Tool.runProcess(
        mounts.inside([Tool.path, "clean", "--app", "ExampleApp", "--cache", "--yes"]),
        environment: service, in: root)
      #expect(emptied.status == 0, "\(emptied.standardError)")
      #expect(!FileManager.default.fileExists(atPath: mounts.view(cache + "/new")))
      #expect(FileManager.default.fileExists(atPath: mounts.view(cache)))
    }
  }
#endif
