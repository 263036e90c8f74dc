// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// A stand-in for the Swift overlay of the Windows SDK (the `WinSDK` module of Swift's Windows
// toolchain), for `Scripts/check-platform-branches.sh`, which compiles the package's Windows
// branches against the Windows API as mingw-w64's headers declare it. The overlay re-exports
// the C runtime (`ucrt`) and the SDK's clang module, and declares what the headers spell as
// macros with casts, which Swift does not import: the names below, with the overlay's
// signatures. Compiled with `-import-underlying-module`, as the overlay is.

@_exported import WinSDK
@_exported import ucrt

public var HANDLE_FLAG_INHERIT: DWORD { 0x0000_0001 }
public var STARTF_USESTDHANDLES: DWORD { 0x0000_0100 }
public var INFINITE: DWORD { DWORD(bitPattern: -1) }
public var WAIT_OBJECT_0: DWORD { 0 }
public var STD_INPUT_HANDLE: DWORD { DWORD(bitPattern: -10) }
public var STD_OUTPUT_HANDLE: DWORD { DWORD(bitPattern: -11) }
public var STD_ERROR_HANDLE: DWORD { DWORD(bitPattern: -12) }
public var INVALID_HANDLE_VALUE: HANDLE { HANDLE(bitPattern: -1)! }
public var INVALID_FILE_ATTRIBUTES: DWORD { DWORD(bitPattern: -1) }
