// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#include "CProcessEnvironment.h"

#if defined(__APPLE__)
#include <crt_externs.h>

char **appdirs_process_environment(void) { return *_NSGetEnviron(); }
#elif !defined(_WIN32)
// Declared by the program, as POSIX says (the same declaration a header may have made).
extern char **environ;

char **appdirs_process_environment(void) { return environ; }
#endif

#if !defined(_WIN32)
#include <spawn.h>
#include <stddef.h>

int appdirs_spawn_with_mask(
    pid_t *child, const char *file, char *const *argv, const sigset_t *mask) {
  posix_spawnattr_t attributes;
  int error = posix_spawnattr_init(&attributes);
  if (error != 0) return error;
  error = posix_spawnattr_setsigmask(&attributes, mask);
  if (error == 0) error = posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK);
  if (error == 0) {
    error = posix_spawnp(child, file, NULL, &attributes, argv, appdirs_process_environment());
  }
  posix_spawnattr_destroy(&attributes);
  return error;
}
#else
// Windows keeps its environment in UTF-16 (`_wenviron`, `GetEnvironmentStringsW`), and the
// tool reads it there; this file declares nothing for it.
typedef int appdirs_no_process_environment_on_windows;
#endif
