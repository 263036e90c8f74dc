// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// The declarations of musl that Swift imports with another type than glibc's, for the names
// this package uses, read from musl's headers (include/ in musl 1.2), the line quoted above
// each. Used by `Scripts/check-platform-branches.sh` for its Musl variant as
// BionicDeclarations.swift is for the Android one: every use of a name below is renamed
// `musl_<name>` in the copy, and checked against this declaration alone.

#if canImport(Glibc)
  import Glibc

  // #define SOCK_STREAM 1                                               (sys/socket.h)
  let musl_SOCK_STREAM: Int32 = 1

  // #define SOCK_DGRAM 2                                                (sys/socket.h)
  let musl_SOCK_DGRAM: Int32 = 2
#endif
