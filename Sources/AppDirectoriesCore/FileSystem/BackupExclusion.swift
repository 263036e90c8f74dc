// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if canImport(Darwin)
  import Foundation
#endif

/// Keeps a directory out of backups: on Apple platforms the resource value that Time Machine
/// and iCloud Backup read (`URLResourceValues.isExcludedFromBackup`); nothing elsewhere, where
/// backup tools read `CACHEDIR.TAG` instead.
func excludeFromBackup(_ path: String) {
  #if canImport(Darwin)
    var url = URL(fileURLWithPath: path, isDirectory: true)
    var values = URLResourceValues()
    values.isExcludedFromBackup = true
    try? url.setResourceValues(values)
  #endif
}
