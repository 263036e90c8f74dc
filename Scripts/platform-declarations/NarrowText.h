// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// Included at the end of both umbrella headers, WindowsCRT.h and WindowsSDK.h: a header that
// no module owns is read into each module that includes it, and the C runtime's headers are
// read into both, so each module must see its declarations made unavailable (else Swift takes
// the other module's).
#include <direct.h>
#include <io.h>
#include <process.h>
#include <stdio.h>
#include <stdlib.h>

// This package passes text to Windows in UTF-16 only: the narrow calls that take or give text
// (names, paths, variables, command lines) convert it through the ANSI code page, which
// garbles every character outside it (a root under `C:\Users\José`). Each is made unavailable
// here, so that a use of one is a compile error naming the wide call to use instead. (The
// toolchain's own module declares them: this is a rule of the package, not of the SDK.)
#define APPDIRS_NARROW(name, wide)                                                           \
  __typeof__(name) name                                                                      \
      __attribute__((unavailable("takes or gives text in the ANSI code page: use " wide)));
APPDIRS_NARROW(getenv, "_wgetenv")
APPDIRS_NARROW(getenv_s, "_wgetenv_s")
APPDIRS_NARROW(_dupenv_s, "_wdupenv_s")
APPDIRS_NARROW(_putenv, "_wputenv")
APPDIRS_NARROW(_putenv_s, "_wputenv_s")
APPDIRS_NARROW(system, "_wsystem")
APPDIRS_NARROW(_spawnvp, "_wspawnvp")
APPDIRS_NARROW(_spawnv, "_wspawnv")
APPDIRS_NARROW(_execvp, "_wexecvp")
APPDIRS_NARROW(fopen, "_wfopen")
APPDIRS_NARROW(_open, "_wopen")
APPDIRS_NARROW(_mkdir, "_wmkdir")
APPDIRS_NARROW(_rmdir, "_wrmdir")
APPDIRS_NARROW(_unlink, "_wunlink")
APPDIRS_NARROW(remove, "_wremove")
APPDIRS_NARROW(rename, "_wrename")
APPDIRS_NARROW(_chdir, "_wchdir")
APPDIRS_NARROW(_getcwd, "_wgetcwd")
APPDIRS_NARROW(_access, "_waccess")
