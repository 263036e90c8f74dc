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

#include <signal.h>
#include <sys/types.h>

/// `posix_spawnp` of `file` with `argv` and the process's environment, the child's signal mask
/// set to `mask` (`POSIX_SPAWN_SETSIGMASK`): 0 with the child's process ID in `child`, or the
/// error number. In C because `posix_spawnattr_t` is a structure in glibc and musl and a
/// pointer in bionic and on Darwin, which Swift imports as different types.
int appdirs_spawn_with_mask(
    pid_t *_Nonnull child, const char *_Nonnull file, char *_Nullable const *_Nonnull argv,
    const sigset_t *_Nonnull mask);
#endif

#endif
