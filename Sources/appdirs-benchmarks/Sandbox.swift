// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if FoundationAPI
  import CProcessEnvironment
  import Foundation

  #if canImport(Darwin)
    import Darwin
  #elseif canImport(Android)
    import Android
  #elseif canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  /// A temporary home for the benchmark: HOME points to it, with a stock `user-dirs.dirs` and the
  /// system data directories for the search benchmarks.
  struct Sandbox {
    let root: String

    init() throws {
      var temporary = NSTemporaryDirectory()
      while temporary.count > 1 && temporary.hasSuffix("/") { temporary.removeLast() }
      var template = Array((temporary + "/appdirs-benchmarks.XXXXXX").utf8CString)
      guard let made = mkdtemp(&template) else { throw SandboxError("mkdtemp failed") }
      root = String(cString: made)
      let home = root + "/home"
      try FileManager.default.createDirectory(
        atPath: home + "/.config", withIntermediateDirectories: true)
      // The file xdg-user-dirs-update writes, comments included.
      try """
      # This file is written by xdg-user-dirs-update
      # If you want to change or add directories, just edit the line you're
      # interested in. All local changes will be retained on the next run.
      # Format is XDG_xxx_DIR="$HOME/yyy", where yyy is a shell-escaped
      # homedir-relative path, or XDG_xxx_DIR="/yyy", where /yyy is an
      # absolute path. No other format is supported.
      #
      XDG_DESKTOP_DIR="$HOME/Desktop"
      XDG_DOWNLOAD_DIR="$HOME/Downloads"
      XDG_TEMPLATES_DIR="$HOME/Templates"
      XDG_PUBLICSHARE_DIR="$HOME/Public"
      XDG_DOCUMENTS_DIR="$HOME/Documents"
      XDG_MUSIC_DIR="$HOME/Music"
      XDG_PICTURES_DIR="$HOME/Pictures"
      XDG_VIDEOS_DIR="$HOME/Videos"

      """.write(toFile: home + "/.config/user-dirs.dirs", atomically: false, encoding: .utf8)
      for name in ["XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"] {
        unsetenv(name)
      }
      setenv("HOME", home, 1)
    }

    /// `count` existing directories to put in `XDG_DATA_DIRS`.
    func dataDirectories(_ count: Int) throws -> [String] {
      try (0..<count).map { index in
        let path = "\(root)/share/\(index)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
      }
    }

    func remove() {
      try? FileManager.default.removeItem(atPath: root)
    }
  }

  struct SandboxError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  /// The number of variables in the process environment and their total size.
  func environmentSize() -> (variables: Int, bytes: Int) {
    var count = 0
    var bytes = 0
    guard let variables = appdirs_process_environment() else { return (0, 0) }
    while let entry = variables[count] {
      bytes += strlen(entry) + 1
      count += 1
    }
    return (count, bytes)
  }
#endif
