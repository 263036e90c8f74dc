// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

extension ProcessEnvironment {
  /// The private storage of the Android app this process belongs to, `/data/user/<n>/<package>`:
  /// an app process is named after its package (`com.example.app`, or `com.example.app:worker`
  /// for a second process), and Android user `n` owns the app user IDs from `n * 100000`.
  static func androidAppStorage(processName: String, effectiveUserID: UInt32) -> String? {
    guard let package = androidPackage(processName: processName) else { return nil }
    return "/data/user/\(effectiveUserID / 100_000)/\(package)"
  }

  /// The package of an app process's name: `com.example.app` for `com.example.app:worker`;
  /// `nil` for a name that is not a package's (a shell, a daemon).
  static func androidPackage(processName: String) -> String? {
    let package = processName.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
    guard !package.isEmpty, !package.contains("/"), package.contains(".") else { return nil }
    return package
  }

  /// The process name: the first string of `/proc/self/cmdline`.
  static func readProcessName(syscalls: any SystemCalls) -> String? {
    guard case .success(let bytes) = syscalls.readFile(path: "/proc/self/cmdline", limit: 256)
    else { return nil }
    let name = String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
    return name.isEmpty ? nil : name
  }
}
