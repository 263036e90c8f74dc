// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// Linux's Landlock system calls and `prctl`, which Swift cannot call (the C library declares
// `syscall` and `prctl` variadic). Each returns a negative `errno` on failure; on other
// platforms, `-ENOSYS`.

#ifndef APPDIRECTORIES_CLANDLOCK_H
#define APPDIRECTORIES_CLANDLOCK_H

#include <stdint.h>

/// The Landlock version the kernel offers (`LANDLOCK_CREATE_RULESET_VERSION`).
int appdirs_landlock_version(void);

/// A new ruleset that handles the file-system rights `handled` (nothing else): its
/// descriptor.
int appdirs_landlock_create_ruleset(uint64_t handled);

/// Allows `allowed` beneath the open file or directory `parent` (`LANDLOCK_RULE_PATH_BENEATH`).
int appdirs_landlock_add_path_rule(int ruleset, int parent, uint64_t allowed);

/// Sets `no_new_privs` on the calling thread, then restricts it (with
/// `LANDLOCK_RESTRICT_SELF_TSYNC` in `flags`, every thread of the process) to `ruleset`.
int appdirs_landlock_restrict_self(int ruleset, uint32_t flags);

/// How many threads the process runs: the entries of `/proc/self/task`.
int appdirs_thread_count(void);

#endif
