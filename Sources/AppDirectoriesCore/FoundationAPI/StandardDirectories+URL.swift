// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if FoundationAPI
  #if canImport(FoundationEssentials)
    public import FoundationEssentials
  #else
    public import Foundation
  #endif

  extension StandardDirectories {
    /// The URL of a base directory of `environment`, without creating it.
    ///
    /// On Linux the user folders (documents, downloads, …) come from `user-dirs.dirs`, which is
    /// parsed once and read again only when it changes: one `stat` per call. The runtime
    /// directory is checked as in ``verifiedResolution(for:)``.
    ///
    /// ```swift
    /// import AppDirectories
    ///
    /// let documents = try StandardDirectories.url(for: .documents)
    /// ```
    public static func url(
      for kind: StandardDirectory, layout: DirectoryLayout = .native,
      environment: ProcessEnvironment = .current
    ) throws -> URL {
      try StandardDirectories(layout: layout, environment: environment).verifiedResolution(
        for: kind
      ).url
    }
  }

  extension FileSearch.Found {
    /// The file URL, a directory's with its trailing `/`.
    var url: URL { pathURL(path, isDirectory: isDirectory) }
  }
#endif
