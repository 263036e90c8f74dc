// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if os(Windows)
  import WinSDK

  // The thin Windows readers; everything they feed is resolved by the pure WindowsLayout.
  extension ProcessEnvironment {
    /// Each Known Folder from `SHGetKnownFolderPath` with `KF_FLAG_DONT_VERIFY` (no existence
    /// check, no creation); folders it cannot give are left out, and the layout falls back to
    /// `APPDATA`, `LOCALAPPDATA`, `USERPROFILE` and `PUBLIC`.
    static func readKnownFolders() -> [WindowsKnownFolder: String] {
      var folders: [WindowsKnownFolder: String] = [:]
      for folder in WindowsKnownFolder.allCases {
        let fields = folder.guidFields
        let bytes = fields.data4
        let identifier = KNOWNFOLDERID(
          Data1: fields.data1, Data2: fields.data2, Data3: fields.data3,
          Data4: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7]))
        var path: PWSTR? = nil
        let result: HRESULT = withUnsafePointer(to: identifier) { identifier in
          SHGetKnownFolderPath(identifier, DWORD(KF_FLAG_DONT_VERIFY.rawValue), nil, &path)
        }
        // The caller frees the buffer whether or not the call succeeded.
        defer { CoTaskMemFree(path) }
        if result >= 0, let path {
          folders[folder] = String(decodingCString: path, as: UTF16.self)
        }
      }
      return folders
    }

    /// The executable's path, `GetModuleFileNameW` for the process's own module, with a larger
    /// buffer while the path does not fit (the call then fills the buffer and reports
    /// `ERROR_INSUFFICIENT_BUFFER`); `nil` when it fails.
    static func readModuleFileName() -> String? {
      var capacity = Int(MAX_PATH)
      while capacity <= 32_768 {
        var buffer = [WCHAR](repeating: 0, count: capacity)
        let length = Int(GetModuleFileNameW(nil, &buffer, DWORD(capacity)))
        if length == 0 { return nil }
        if length < capacity { return String(decoding: buffer[..<length], as: UTF16.self) }
        capacity *= 2
      }
      return nil
    }

    /// An environment variable in UTF-16, as Windows stores it (`getenv` would give the ANSI
    /// code page).
    static func readVariable(_ name: String) -> String? {
      name.withCString(encodedAs: UTF16.self) { name in
        _wgetenv(name).map { String(decodingCString: $0, as: UTF16.self) }
      }
    }
  }
#endif
