// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// A stand-in for the Swift overlay of Android's and musl's C library (the `Android` and `Musl`
// modules of those Swift SDKs), for `Scripts/check-platform-branches.sh`, which compiles the
// package's Android and Musl branches against the C library's own headers. The SDK's overlay
// re-exports the clang module of the headers (`SwiftAndroid`, `SwiftMusl`) and adds what C
// declares in a form Swift cannot import: `errno` (a macro), the variadic `open`, `openat` and
// `fcntl`, the `S_IF…` mode constants (macros with casts) and the signal handlers. Those are
// declared here with the overlay's public signatures (the standard library's Platform.swift);
// nothing else is, so every other name comes from the headers alone.
//
// Only compiled, never run: the bodies stop the process.

#if STAND_IN_ANDROID
  @_exported import SwiftAndroid
#else
  @_exported import SwiftMusl
#endif

public var errno: Int32 {
  get { fatalError("a stand-in, never run") }
  set { fatalError("a stand-in, never run") }
}

public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32) -> Int32 {
  fatalError("a stand-in, never run")
}
public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32, _ mode: mode_t) -> Int32 {
  fatalError("a stand-in, never run")
}
public func openat(_ fd: Int32, _ path: UnsafePointer<CChar>, _ oflag: Int32) -> Int32 {
  fatalError("a stand-in, never run")
}
public func openat(
  _ fd: Int32, _ path: UnsafePointer<CChar>, _ oflag: Int32, _ mode: mode_t
) -> Int32 {
  fatalError("a stand-in, never run")
}
public func fcntl(_ fd: Int32, _ cmd: Int32) -> Int32 {
  fatalError("a stand-in, never run")
}
public func fcntl(_ fd: Int32, _ cmd: Int32, _ value: Int32) -> Int32 {
  fatalError("a stand-in, never run")
}
public func fcntl(_ fd: Int32, _ cmd: Int32, _ ptr: UnsafeMutableRawPointer) -> Int32 {
  fatalError("a stand-in, never run")
}

public var S_IFMT: mode_t { mode_t(0o170000) }
public var S_IFIFO: mode_t { mode_t(0o010000) }
public var S_IFCHR: mode_t { mode_t(0o020000) }
public var S_IFDIR: mode_t { mode_t(0o040000) }
public var S_IFBLK: mode_t { mode_t(0o060000) }
public var S_IFREG: mode_t { mode_t(0o100000) }
public var S_IFLNK: mode_t { mode_t(0o120000) }
public var S_IFSOCK: mode_t { mode_t(0o140000) }
public var S_IRWXU: mode_t { mode_t(0o000700) }
public var S_IRUSR: mode_t { mode_t(0o000400) }
public var S_IWUSR: mode_t { mode_t(0o000200) }
public var S_IXUSR: mode_t { mode_t(0o000100) }
public var S_IRWXG: mode_t { mode_t(0o000070) }
public var S_IRGRP: mode_t { mode_t(0o000040) }
public var S_IWGRP: mode_t { mode_t(0o000020) }
public var S_IXGRP: mode_t { mode_t(0o000010) }
public var S_IRWXO: mode_t { mode_t(0o000007) }
public var S_IROTH: mode_t { mode_t(0o000004) }
public var S_IWOTH: mode_t { mode_t(0o000002) }
public var S_IXOTH: mode_t { mode_t(0o000001) }
public var S_ISUID: mode_t { mode_t(0o004000) }
public var S_ISGID: mode_t { mode_t(0o002000) }
public var S_ISVTX: mode_t { mode_t(0o001000) }

public func ioctl(_ fd: CInt, _ request: UInt, _ value: CInt) -> CInt {
  fatalError("a stand-in, never run")
}
public func ioctl(_ fd: CInt, _ request: UInt, _ ptr: UnsafeMutableRawPointer) -> CInt {
  fatalError("a stand-in, never run")
}
public func ioctl(_ fd: CInt, _ request: UInt) -> CInt {
  fatalError("a stand-in, never run")
}

// The handler type is spelled out: musl names it `sighandler_t` only for GNU code.
public var SIG_DFL: (@convention(c) (Int32) -> Void)? { nil }
public var SIG_IGN: @convention(c) (Int32) -> Void { fatalError("a stand-in, never run") }
public var SIG_ERR: @convention(c) (Int32) -> Void { fatalError("a stand-in, never run") }
public var SIG_HOLD: @convention(c) (Int32) -> Void { fatalError("a stand-in, never run") }

// No `environ`, as in the real overlays: swift's Platform.swift declares one for glibc alone
// (`os(Linux) && !canImport(SwiftMusl)`), Musl.swift.gyb adds none, and musl's unistd.h
// declares it only for GNU code (`_GNU_SOURCE`, which Swift's importer does not define);
// bionic's header declares a mutable, nullable C global. This package reads it through its C
// target, CProcessEnvironment. (The standard streams the Musl overlay adds are left out: this
// package does not use them.)
