// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension StandardDirectories {
  /// The first existing file with this relative path in a base directory's search list, or
  /// `nil`.
  ///
  /// For data and config the search list is the user's directory then each system directory
  /// (`XDG_DATA_DIRS`, `XDG_CONFIG_DIRS`); for other kinds it is the kind's own directory.
  /// Each directory probed costs one system call.
  ///
  /// ```swift
  /// import AppDirectories
  ///
  /// let mime = try StandardDirectories().locate("mime/mime.cache", in: .data)
  /// ```
  ///
  /// - Parameters:
  ///   - file: A relative path such as `user-dirs.dirs` or `fontconfig/fonts.conf`, without
  ///     `..` components.
  ///   - kind: The base directory whose search list is probed.
  public func locate(_ file: String, in kind: StandardDirectory) throws(DirectoryError) -> URL? {
    try locate(file, in: kind, stopAtFirst: true).first
  }

  /// Every existing file with this relative path in a base directory's search list, most
  /// important first.
  public func locateAll(_ file: String, in kind: StandardDirectory) throws(DirectoryError)
    -> [URL]
  {
    try locate(file, in: kind, stopAtFirst: false)
  }

  private func locate(_ file: String, in kind: StandardDirectory, stopAtFirst: Bool)
    throws(DirectoryError) -> [URL]
  {
    try FileSearch.locate(
      file, in: { () throws(DirectoryError) in try searchResolutions(for: kind) },
      style: environment.platform.pathStyle, syscalls: syscalls, stopAtFirst: stopAtFirst)
  }

  /// ``locate(_:in:)`` in the base directories of `environment`.
  public static func locate(
    _ file: String, in kind: StandardDirectory, layout: DirectoryLayout = .native,
    environment: ProcessEnvironment = .current
  ) throws(DirectoryError) -> URL? {
    try StandardDirectories(layout: layout, environment: environment).locate(file, in: kind)
  }

  /// ``locateAll(_:in:)`` in the base directories of `environment`.
  public static func locateAll(
    _ file: String, in kind: StandardDirectory, layout: DirectoryLayout = .native,
    environment: ProcessEnvironment = .current
  ) throws(DirectoryError) -> [URL] {
    try StandardDirectories(layout: layout, environment: environment).locateAll(file, in: kind)
  }
}
