// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#ifndef C_PROCESS_ENVIRONMENT_H
#define C_PROCESS_ENVIRONMENT_H

#if !defined(_WIN32)
/// The process's environment, `char **environ`, as the C library keeps it (`*_NSGetEnviron()`
/// on Darwin), or NULL when it has none.
///
/// POSIX leaves declaring `environ` to the program, and the C libraries' headers differ: glibc
/// and musl declare it only for GNU code (`_GNU_SOURCE`, which Swift's importer does not
/// define), bionic declares it nullable, and Darwin not at all. Swift 6 also refuses to read a
/// mutable C global. This one function, compiled as C, is the same everywhere.
char *_Nullable *_Nullable appdirs_process_environment(void);
#endif

#endif
