// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// The way a user catches the library's errors, at top level: it must compile without a warning.
import AppDirectories

do {
  let dirs = try AppDirectories(app: "notesd")
  let bytes = (try dirs.contents(ofFile: "starts", in: .state)).map { $0.count }
  print(bytes as Any)
} catch let error as DirectoryError {
  print(error)
}
