// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// The declarations of bionic, Android's C library, that Swift imports with another type than
// glibc's, for the names this package uses: each written as a Swift declaration with bionic's
// nullability and types, read from bionic's headers (libc/include in AOSP's platform/bionic),
// the header's line quoted above it.
//
// `Scripts/check-platform-branches.sh` builds an Android variant of the package, where the
// Glibc module stands in for the Android one. In that copy every use of a name below (`strerror(`,
// `SOCK_STREAM`) is renamed `bionic_<name>`, and this file is added to each target: so each use
// is type-checked against bionic's declaration alone, not glibc's. A name not listed here is
// checked against glibc's declaration only. The bodies only make the file compile.
//
// `strerror` is not here although string.h declares it `char* _Nonnull`: clang knows it as a
// library builtin and keeps the builtin's type, without the nullability, so Swift imports it
// as glibc's (an implicitly unwrapped pointer), as compiling against bionic's own headers shows
// (step 6a of the script, with BIONIC_SOURCE).

#if canImport(Glibc)
  import Glibc

  // ssize_t pwrite(int __fd, const void* _Nonnull __buf, size_t __count, off_t __offset);
  //                                                                     (unistd.h)
  func bionic_pwrite(
    _ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int, _ offset: off_t
  ) -> Int {
    pwrite(descriptor, buffer, count, offset)
  }

  // ssize_t pread(int __fd, void* _Nonnull __buf, size_t __count, off_t __offset);
  //                                                                     (unistd.h)
  func bionic_pread(
    _ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, _ offset: off_t
  ) -> Int {
    pread(descriptor, buffer, count, offset)
  }

  // #define SOCK_STREAM 1                                               (sys/socket.h)
  let bionic_SOCK_STREAM: Int32 = 1

  // #define SOCK_DGRAM 2                                                (sys/socket.h)
  let bionic_SOCK_DGRAM: Int32 = 2
#endif
