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
#else
// Windows keeps its environment in UTF-16 (`_wenviron`, `GetEnvironmentStringsW`), and the
// tool reads it there; this file declares nothing for it.
typedef int appdirs_no_process_environment_on_windows;
#endif
