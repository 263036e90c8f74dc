// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if FoundationAPI
  #if canImport(FoundationEssentials)
    public import FoundationEssentials
  #else
    public import Foundation
  #endif
  public import AppDirectoriesCore

  extension AppDirectories {
    /// Finds or creates a directory and returns the URL of a file in it:
    /// ``filePath(named:in:)`` as a URL. The file itself is not touched.
    ///
    /// ```swift
    /// import AppDirectories
    /// import Foundation
    ///
    /// let dirs = try AppDirectories(app: "ExampleApp")
    /// let settings = try dirs.fileURL(named: "settings.json", in: .config)
    /// ```
    ///
    /// - Throws: ``DirectoryError/invalidName(name:reason:)`` for a bad name, before anything
    ///   is created, or an error of finding or creating the directory.
    public func fileURL(named name: String, in kind: AppDirectory) throws -> URL {
      pathURL(try filePath(named: name, in: kind), isDirectory: false)
    }
  }
#endif
