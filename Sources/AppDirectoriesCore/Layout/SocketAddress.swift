// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// How long the path of a Unix-domain socket may be, and the short private directory a socket
/// moves to when its natural path is longer: pure rules, no system call.
///
/// `bind(2)` copies the path into `sun_path`, a fixed array that must also hold the
/// terminating NUL: 108 bytes on Linux, Android and Windows (`afunix.h`), 104 on Apple
/// platforms and the BSDs. A longer path fails with `ENAMETOOLONG` or `EINVAL`, or is cut.
enum SocketAddress {
  /// The size of `sun_path` on the platform, its terminating NUL included.
  static func capacity(on platform: OperatingSystem) -> Int {
    switch platform {
    case .linux, .android, .windows: 108
    case .macOS, .iOS, .macCatalyst, .freeBSD, .openBSD: 104
    }
  }

  /// The bytes `path` takes in `sun_path`: its UTF-8 and the NUL.
  static func length(of path: String) -> Int { path.utf8.count + 1 }

  /// The name of the short directory for a socket whose natural path is too long:
  /// `<the application's name, its first 8 bytes>-<uid>-<8 hex digits>`, the digits a stable
  /// hash of the natural path, so that each runtime directory keeps its own short one, the
  /// same in every process.
  ///
  /// The name is cut at the last whole character within 8 bytes, so that it stays UTF-8.
  static func shortDirectoryName(application: String, userID: UInt32, naturalPath: String)
    -> String
  {
    var prefix = ""
    var bytes = 0
    for scalar in application.unicodeScalars {
      let width = String(scalar).utf8.count
      guard bytes + width <= 8 else { break }
      prefix.unicodeScalars.append(scalar)
      bytes += width
    }
    let digits = String(stableHash(naturalPath), radix: 16)
    let hash = String(repeating: "0", count: 8 - digits.count) + digits
    return "\(prefix)-\(userID)-\(hash)"
  }

  /// The 32-bit FNV-1a hash of the path's UTF-8: the same on every platform and in every
  /// process (Swift's `Hasher` is seeded per process).
  static func stableHash(_ path: String) -> UInt32 {
    var hash: UInt32 = 0x811C_9DC5
    for byte in path.utf8 {
      hash ^= UInt32(byte)
      hash = hash &* 0x0100_0193
    }
    return hash
  }
}
