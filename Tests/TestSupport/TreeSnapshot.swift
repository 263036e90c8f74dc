// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if FoundationAPI && !os(Windows)
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

  /// Everything a move must keep of a tree, one line per entry, sorted: the relative path
  /// (bytes that are not printable ASCII escaped), the type, the permission bits, and for a
  /// regular file its size, modification time and a hash of its bytes, for a symbolic link its
  /// target. Read with `lstat`, never following a link; `nil` when nothing is at the path.
  enum TreeSnapshot {
    static func lines(of path: String, times: Bool = true) -> [String]? {
      var info = stat()
      guard lstat(path, &info) == 0 else { return nil }
      var lines: [String] = []
      walk(path, relative: [], into: &lines, times: times)
      return lines.sorted()
    }

    /// The names in a directory, as bytes, without `.` and `..`.
    static func names(in path: String) -> [[UInt8]] {
      names(in: Array(path.utf8))
    }

    static func names(in path: [UInt8]) -> [[UInt8]] {
      guard let stream = withPath(path, { opendir($0) }) else { return [] }
      defer { closedir(stream) }
      var names: [[UInt8]] = []
      while let entry = readdir(stream) {
        let name = withUnsafeBytes(of: &entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
        if name == [46] || name == [46, 46] { continue }
        names.append(name)
      }
      return names
    }

    /// The names in a directory, for messages and `contains` checks.
    static func listing(_ path: String) -> [String] {
      names(in: path).map { String(decoding: $0, as: UTF8.self) }.sorted()
    }

    private static func escaped(_ bytes: [UInt8]) -> String {
      bytes.map { byte in
        (0x21...0x7e).contains(byte) && byte != 0x5c
          ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
      }.joined()
    }

    /// Calls `body` with a path of bytes as a C string.
    private static func withPath<Result>(
      _ path: [UInt8], _ body: (UnsafePointer<CChar>) -> Result
    ) -> Result {
      body(path.map { CChar(bitPattern: $0) } + [0])
    }

    private static func walk(
      _ path: String, relative: [[UInt8]], into lines: inout [String], times: Bool
    ) {
      walk(Array(path.utf8), relative: relative, into: &lines, times: times)
    }

    private static func walk(
      _ path: [UInt8], relative: [[UInt8]], into lines: inout [String], times: Bool
    ) {
      let names = names(in: path)
      for name in names {
        let full = path + [47] + name
        var info = stat()
        let found = withPath(full) { lstat($0, &info) }
        let label = (relative + [name]).map(escaped).joined(separator: "/")
        guard found == 0 else {
          lines.append("\(label) unreadable")
          continue
        }
        let mode = String(info.mode & 0o7777, radix: 8)
        switch info.mode & S_IFMT {
        case S_IFDIR:
          lines.append("\(label) dir \(mode)")
          walk(full, relative: relative + [name], into: &lines, times: times)
        case S_IFLNK:
          var buffer = [CChar](repeating: 0, count: 4097)
          let count = withPath(full) { readlink($0, &buffer, 4096) }
          let target = escaped(buffer[..<max(0, count)].map { UInt8(bitPattern: $0) })
          lines.append("\(label) link -> \(target)")
        case S_IFREG:
          #if canImport(Darwin)
            let modified = info.st_mtimespec
          #else
            let modified = info.st_mtim
          #endif
          let time = times ? " \(modified.tv_sec).\(modified.tv_nsec)" : ""
          lines.append("\(label) file \(mode) \(info.st_size)\(time) \(hash(full))")
        default:
          lines.append("\(label) special \(mode)")
        }
      }
    }

    /// Makes a legacy tree at `path` with what a move must keep: nested and empty folders, a
    /// read-only folder, modes, old modification times, a relative and a dangling symbolic link,
    /// a name that is not UTF-8, an empty file and a file of `largeSize` bytes.
    static func makeSample(at path: String, largeSize: Int = 100_000) throws {
      let manager = FileManager.default
      try manager.createDirectory(atPath: path + "/themes/dark", withIntermediateDirectories: true)
      try manager.createDirectory(atPath: path + "/empty", withIntermediateDirectories: true)
      try manager.createDirectory(atPath: path + "/locked", withIntermediateDirectories: true)
      func write(_ relative: String, _ bytes: [UInt8], mode: mode_t = 0o644) throws {
        let file = path + "/" + relative
        guard manager.createFile(atPath: file, contents: Data(bytes)) else {
          throw SetupFailure("create", file)
        }
        chmod(file, mode)
      }
      try write("settings.json", Array(#"{"theme": "dark"}"#.utf8), mode: 0o600)
      try write("themes/dark/colors.txt", Array("black\n".utf8), mode: 0o640)
      try write("empty-file", [])
      try write("locked/readme", Array("keep\n".utf8), mode: 0o444)
      // Bytes from xorshift, seeded once: a system random number for each byte would cost a
      // system call each.
      var state = UInt64.random(in: 1...UInt64.max)
      try write(
        "large.bin",
        (0..<largeSize).map { _ in
          state ^= state << 13
          state ^= state >> 7
          state ^= state << 17
          return UInt8(truncatingIfNeeded: state)
        })
      try write("run.sh", Array("#!/bin/sh\n".utf8), mode: 0o755)
      // A name that no String holds: the bytes "caf" and 0xE9.
      let latin1 = (Array(path.utf8) + [47, 99, 97, 102, 0xE9, 0]).map { CChar(bitPattern: $0) }
      let descriptor = open(latin1, O_CREAT | O_WRONLY, 0o600)
      guard descriptor >= 0 else { throw SetupFailure("open", path + "/caf?") }
      close(descriptor)
      guard symlink("themes/dark/colors.txt", path + "/colors") == 0,
        symlink("/nonexistent/target", path + "/dangling") == 0
      else { throw SetupFailure("symlink", path) }
      let old = timespec(tv_sec: 978_307_200, tv_nsec: 123_456_789)
      utimensat(AT_FDCWD, path + "/settings.json", [old, old], 0)
      // Only root may remove what is in a folder without write permission, as rm -rf.
      chmod(path + "/locked", geteuid() == 0 ? 0o555 : 0o755)
      chmod(path + "/themes", 0o750)
    }

    /// A hash of a file's bytes (FNV-1a over 64-bit words).
    private static func hash(_ path: [UInt8]) -> String {
      let descriptor = withPath(path) { open($0, O_RDONLY | O_NONBLOCK) }
      guard descriptor >= 0 else { return "unreadable" }
      defer { close(descriptor) }
      var value: UInt64 = 0xcbf2_9ce4_8422_2325
      var buffer = [UInt8](repeating: 0, count: 65536)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 65536) }
        if count <= 0 { break }
        // Eight bytes at a time: the tests hash megabytes in debug builds.
        buffer.withUnsafeBytes { bytes in
          let words = count / 8
          for index in 0..<words {
            let word = bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)
            value = (value ^ word) &* 0x100_0000_01b3
          }
          for byte in bytes[(words * 8)..<count] {
            value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
          }
        }
      }
      return String(value, radix: 16)
    }
  }
#endif
