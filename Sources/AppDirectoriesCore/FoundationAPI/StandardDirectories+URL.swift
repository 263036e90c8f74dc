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
    /// The URL of a base directory, without creating it.
    ///
    /// On Linux the user folders (documents, downloads, …) come from `user-dirs.dirs`, which is
    /// parsed once and read again only when it changes: one `stat` per call. The runtime
    /// directory is checked as in ``verifiedResolution(for:)``.
    public func url(for kind: StandardDirectory) throws -> URL {
      try verifiedResolution(for: kind).url
    }

    /// Finds or creates a base directory and returns its URL.
    ///
    /// Missing directories are created with mode 0700; existing ones are left as they are.
    public func directory(_ kind: StandardDirectory) throws -> URL {
      try _directory(kind)
    }

    /// `directory` with its error typed, for the package's own callers.
    package func _directory(_ kind: StandardDirectory) throws(DirectoryError) -> URL {
      try privateDirectoryCheck.ensure(try _resolution(for: kind)).url
    }

    /// Finds or creates a group container and returns its URL: ``groupContainerPath(_:)`` as a
    /// URL.
    public func groupContainer(_ group: String) throws -> URL {
      try privateDirectoryCheck.ensure(try groupContainerResolution(group)).url
    }

    /// The URLs of ``searchResolutions(for:)``: the directories searched for files of a kind,
    /// most important first.
    public func searchURLs(for kind: StandardDirectory) throws -> [URL] {
      try searchResolutions(for: kind).map(\.url)
    }

    /// The first existing file with this relative path in a base directory's search list, or
    /// `nil`: ``locatePath(_:in:)`` as a URL.
    ///
    /// ```swift
    /// import AppDirectories
    ///
    /// let mime = try StandardDirectories().locate("mime/mime.cache", in: .data)
    /// ```
    public func locate(_ file: String, in kind: StandardDirectory) throws
      -> URL?
    {
      try search(file, in: kind, stopAtFirst: true).first.map(\.url)
    }

    /// Every existing file with this relative path in a base directory's search list, most
    /// important first: ``locateAllPaths(_:in:)`` as URLs.
    public func locateAll(_ file: String, in kind: StandardDirectory) throws
      -> [URL]
    {
      try search(file, in: kind, stopAtFirst: false).map(\.url)
    }
  }

  extension StandardDirectories {
    /// ``url(for:)`` of the base directories of `environment`.
    public static func url(
      for kind: StandardDirectory, layout: DirectoryLayout = .native,
      environment: ProcessEnvironment = .current
    ) throws -> URL {
      try StandardDirectories(layout: layout, environment: environment).url(for: kind)
    }

    /// ``directory(_:)`` of the base directories of `environment`.
    public static func directory(
      _ kind: StandardDirectory, layout: DirectoryLayout = .native,
      environment: ProcessEnvironment = .current
    ) throws -> URL {
      try Self._directory(kind, layout: layout, environment: environment)
    }

    /// `directory` with its error typed, for the package's own callers.
    package static func _directory(
      _ kind: StandardDirectory, layout: DirectoryLayout = .native,
      environment: ProcessEnvironment = .current
    ) throws(DirectoryError) -> URL {
      try StandardDirectories(layout: layout, environment: environment)._directory(kind)
    }

    /// ``searchURLs(for:)`` of the base directories of `environment`.
    public static func searchURLs(
      for kind: StandardDirectory, layout: DirectoryLayout = .native,
      environment: ProcessEnvironment = .current
    ) throws -> [URL] {
      try StandardDirectories(layout: layout, environment: environment).searchURLs(for: kind)
    }

    /// ``locate(_:in:)`` in the base directories of `environment`.
    public static func locate(
      _ file: String, in kind: StandardDirectory, layout: DirectoryLayout = .native,
      environment: ProcessEnvironment = .current
    ) throws -> URL? {
      try StandardDirectories(layout: layout, environment: environment).locate(file, in: kind)
    }

    /// ``locateAll(_:in:)`` in the base directories of `environment`.
    public static func locateAll(
      _ file: String, in kind: StandardDirectory, layout: DirectoryLayout = .native,
      environment: ProcessEnvironment = .current
    ) throws -> [URL] {
      try StandardDirectories(layout: layout, environment: environment).locateAll(
        file, in: kind)
    }
  }

  extension FileSearch.Found {
    /// The file URL, a directory's with its trailing `/`.
    var url: URL { pathURL(path, isDirectory: isDirectory) }
  }
#endif
