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
