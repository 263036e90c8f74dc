// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// The umbrella header of the stand-in clang module `WinSDK` that
// `Scripts/check-platform-branches.sh` makes of mingw-w64's headers (WindowsCRT.h is the
// `ucrt` one).

#include <windows.h>
#include <aclapi.h>
#include <knownfolders.h>
#include <sddl.h>
#include <shlobj.h>
#include <userenv.h>
#include <winioctl.h>

// The narrow-text calls of the C runtime, unavailable (NarrowText.h), and those of Win32 (`…A`),
// whose `…W` twin takes UTF-16.
#include "NarrowText.h"
APPDIRS_NARROW(SetEnvironmentVariableA, "SetEnvironmentVariableW")
APPDIRS_NARROW(GetEnvironmentVariableA, "GetEnvironmentVariableW")
APPDIRS_NARROW(GetEnvironmentStringsA, "GetEnvironmentStringsW")
APPDIRS_NARROW(CreateFileA, "CreateFileW")
APPDIRS_NARROW(CreateDirectoryA, "CreateDirectoryW")
APPDIRS_NARROW(RemoveDirectoryA, "RemoveDirectoryW")
APPDIRS_NARROW(DeleteFileA, "DeleteFileW")
APPDIRS_NARROW(MoveFileExA, "MoveFileExW")
APPDIRS_NARROW(GetFileAttributesA, "GetFileAttributesW")
APPDIRS_NARROW(FindFirstFileA, "FindFirstFileW")
APPDIRS_NARROW(CreateMutexA, "CreateMutexW")
APPDIRS_NARROW(CreateProcessA, "CreateProcessW")
APPDIRS_NARROW(GetCurrentDirectoryA, "GetCurrentDirectoryW")
APPDIRS_NARROW(WriteConsoleA, "WriteConsoleW")
