// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// The umbrella header of the stand-in clang module `ucrt` that
// `Scripts/check-platform-branches.sh` makes of mingw-w64's headers: the C runtime's headers
// that the Swift toolchain's `ucrt` module groups (WindowsSDK.h is the `WinSDK` one).

#include <direct.h>
#include <errno.h>
#include <fcntl.h>
#include <io.h>
#include <process.h>
#include <share.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <wchar.h>

// The narrow-text calls, unavailable (NarrowText.h).
#include "NarrowText.h"
