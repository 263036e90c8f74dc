// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if canImport(Darwin)
  import Darwin
#elseif canImport(Android)
  import Android
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif os(Windows)
  import ucrt
#endif

/// An error number reported by the operating system, such as `EACCES`.
///
/// Named `SystemErrno` so that it does not collide with swift-system's `Errno` in a file that
/// imports both.
public struct SystemErrno: Error, RawRepresentable, Sendable, Hashable, CustomStringConvertible {
  /// The raw value of `errno`.
  public let rawValue: Int32

  /// Wraps a raw `errno` value.
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// `EPERM`: the operation is not permitted.
  public static let notPermitted = SystemErrno(rawValue: EPERM)
  /// `ENOENT`: no such file or directory.
  public static let noSuchFileOrDirectory = SystemErrno(rawValue: ENOENT)
  /// `EINTR`: a signal interrupted the call.
  public static let interrupted = SystemErrno(rawValue: EINTR)
  /// `EIO`: an input or output error.
  public static let ioError = SystemErrno(rawValue: EIO)
  /// `EACCES`: permission denied.
  public static let permissionDenied = SystemErrno(rawValue: EACCES)
  /// `EEXIST`: the file exists.
  public static let fileExists = SystemErrno(rawValue: EEXIST)
  /// `ENOTDIR`: a component of the path is not a directory.
  public static let notDirectory = SystemErrno(rawValue: ENOTDIR)
  /// `ENOSPC`: no space left on the device.
  public static let noSpace = SystemErrno(rawValue: ENOSPC)
  /// `EROFS`: a read-only file system.
  public static let readOnlyFileSystem = SystemErrno(rawValue: EROFS)
  /// `ENAMETOOLONG`: the name is too long.
  public static let nameTooLong = SystemErrno(rawValue: ENAMETOOLONG)
  /// `ELOOP`: too many levels of symbolic links, or a symbolic link where none may be.
  public static let tooManySymbolicLinks = SystemErrno(rawValue: ELOOP)
  /// `EMFILE`: the process has too many open files.
  public static let tooManyOpenFiles = SystemErrno(rawValue: EMFILE)
  /// `ENFILE`: the system has too many open files.
  public static let tooManyOpenFilesInSystem = SystemErrno(rawValue: ENFILE)
  /// `EINVAL`: an invalid argument.
  public static let invalidArgument = SystemErrno(rawValue: EINVAL)
  /// `EXDEV`: the two paths are on different file systems.
  public static let crossDevice = SystemErrno(rawValue: EXDEV)
  /// `ENOTEMPTY`: the directory is not empty.
  public static let directoryNotEmpty = SystemErrno(rawValue: ENOTEMPTY)
  /// `ENOSYS`: the system has no such call.
  public static let notImplemented = SystemErrno(rawValue: ENOSYS)
  /// `EBADF`: not an open descriptor.
  package static let badFileDescriptor = SystemErrno(rawValue: EBADF)
  /// `EISDIR`: a directory where a file was expected.
  package static let isDirectory = SystemErrno(rawValue: EISDIR)
  /// `EMLINK`: too many links; the library says it of a file of its own that has another
  /// name (a hard link), which makes it someone else's file too.
  public static let tooManyLinks = SystemErrno(rawValue: EMLINK)
  /// `EBUSY`: the file or directory is in use.
  public static let busy = SystemErrno(rawValue: EBUSY)
  /// `EAGAIN` (`EWOULDBLOCK`): the call would have to wait, such as for a lock another holder
  /// has.
  public static let wouldBlock = SystemErrno(rawValue: EAGAIN)
  #if !os(Windows)
    /// `EDQUOT`: the disk quota is exceeded.
    public static let quotaExceeded = SystemErrno(rawValue: EDQUOT)
  #endif

  /// The symbolic name and the system's message, for example `EACCES (Permission denied)`.
  public var description: String {
    let message = systemMessage(rawValue).map { String(cString: $0) } ?? "error \(rawValue)"
    guard let name = SystemErrno.names[rawValue] else { return message }
    return "\(name) (\(message))"
  }

  /// Whether the disk or the user's quota is full.
  var isOutOfSpace: Bool {
    #if os(Windows)
      self == .noSpace
    #else
      self == .noSpace || self == .quotaExceeded
    #endif
  }

  private static let names: [Int32: String] = {
    var names: [Int32: String] = [
      EPERM: "EPERM", ENOENT: "ENOENT", EINTR: "EINTR", EIO: "EIO", EACCES: "EACCES",
      EEXIST: "EEXIST", ENOTDIR: "ENOTDIR", EISDIR: "EISDIR", EINVAL: "EINVAL", EMFILE: "EMFILE",
      ENFILE: "ENFILE", ENOSPC: "ENOSPC", EROFS: "EROFS", EMLINK: "EMLINK",
      ENAMETOOLONG: "ENAMETOOLONG", ELOOP: "ELOOP", EBADF: "EBADF", ENOMEM: "ENOMEM",
      EXDEV: "EXDEV", ENOTEMPTY: "ENOTEMPTY", ENOSYS: "ENOSYS", EBUSY: "EBUSY",
      EAGAIN: "EAGAIN",
    ]
    #if !os(Windows)
      names[EDQUOT] = "EDQUOT"
    #endif
    return names
  }()
}

/// `strerror` as an optional on every C library: bionic declares it `_Nonnull`, glibc, musl,
/// Darwin and the ucrt do not, so each imports it with another type.
private func systemMessage(_ code: Int32) -> UnsafeMutablePointer<CChar>? {
  strerror(code)
}
