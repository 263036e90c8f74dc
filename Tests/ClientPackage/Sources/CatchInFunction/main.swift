// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// The same in a function, through the core product alone, with the switch a client writes: an
// error the library adds later lands in `@unknown default` instead of breaking the build.
import AppDirectoriesCore

func cacheSize(of app: String) -> String {
  do {
    let dirs = try AppDirectories(app: app)
    return try dirs.directoryPath(.cache)
  } catch let error as DirectoryError {
    switch error {
    case .invalidName(let name, let reason): return "bad name \(name): \(reason)"
    case .homeUnavailable, .unsupported: return "no cache here: \(error)"
    default: return "\(error.description) (\(error.recoverySuggestion))"
    }
  } catch {
    return "\(error)"
  }
}

func limit(_ limit: NameLengthLimit) -> String {
  switch limit {
  case .fileSystem: "the file system's"
  case .socketAddress(let bytes, let capacity): "\(bytes) of \(capacity) bytes"
  @unknown default: limit.description
  }
}

print(cacheSize(of: "a/b"))
print(limit(.fileSystem))
