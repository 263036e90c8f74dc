// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if canImport(FoundationEssentials) && (os(Windows) || FoundationAPI)
  import FoundationEssentials

  /// The tree calls that work on a name below an open directory, made of Foundation's
  /// `FileManager` on whole paths, for a provider whose descriptors stand for the paths they
  /// were opened at.
  ///
  /// Windows has no `openat`: its provider keeps each open handle's path, and holds every
  /// directory of a walk open without `FILE_SHARE_DELETE`, so that the path of what it holds
  /// keeps naming what it checked. The listing, the links, the renames and the removals below
  /// are then the platform's own Foundation code on those paths (swift-foundation's Win32
  /// calls), with the answers of the POSIX calls they stand for:
  /// - `rename` answers `EXDEV` between two volumes (a move there would be a copy, which the
  ///   caller makes under its own rules), replaces an empty directory with a directory, and
  ///   answers `ENOTEMPTY` for a full one and `EEXIST` for anything else in the way, where
  ///   POSIX would replace a file;
  /// - removing a directory removes it only when it is empty (`ENOTEMPTY` otherwise), and
  ///   removing a file never removes a directory (`EISDIR`), each in two steps: `FileManager`
  ///   removes a folder with what is in it, so what is there is looked at first;
  /// - Foundation's errors become the `errno` values of the calls they stand for.
  ///
  /// The same code is compiled and tested on Linux, with a provider whose descriptors are real
  /// ones and whose paths are read from `/proc/self/fd`.
  protocol PathTreeCalls: SystemCalls {
    /// The path of `name` below the open directory `directory`; `nil` for a descriptor this
    /// provider did not give out.
    func path(in directory: Int32, name: String) -> String?
    /// The volume an open directory is on, which a rename must not leave; by default its
    /// device (on Windows, the volume's serial number).
    func volume(of directory: Int32) -> UInt64?
  }

  extension PathTreeCalls {
    func volume(of directory: Int32) -> UInt64? {
      guard case .success(let status) = status(descriptor: directory) else { return nil }
      return status.device
    }

    func listDirectory(descriptor: Int32) -> Result<[DirectoryEntry], SystemErrno> {
      guard let path = path(in: descriptor, name: ".") else { return .failure(.badFileDescriptor) }
      do {
        let names = try FileManager.default.contentsOfDirectory(atPath: path)
        return .success(names.map { DirectoryEntry(name: FileName($0), type: nil) })
      } catch {
        return .failure(SystemErrno(fileManagerError: error))
      }
    }

    func readLink(in directory: Int32, entry: FileName) -> Result<[UInt8], SystemErrno> {
      guard let path = path(in: directory, name: entry.description) else {
        return .failure(.badFileDescriptor)
      }
      do {
        return .success(Array(try FileManager.default.destinationOfSymbolicLink(atPath: path).utf8))
      } catch {
        return .failure(SystemErrno(fileManagerError: error))
      }
    }

    func makeSymbolicLink(in directory: Int32, entry: FileName, target: [UInt8]) -> SystemErrno? {
      guard let path = path(in: directory, name: entry.description) else {
        return .badFileDescriptor
      }
      return fileManager {
        try $0.createSymbolicLink(
          atPath: path, withDestinationPath: String(decoding: target, as: UTF8.self))
      }
    }

    func link(
      in directory: Int32, entry: FileName, to targetDirectory: Int32, entry targetEntry: FileName
    ) -> SystemErrno? {
      guard let (source, target) = paths(directory, entry, targetDirectory, targetEntry) else {
        return .badFileDescriptor
      }
      return fileManager { try $0.linkItem(atPath: source, toPath: target) }
    }

    func rename(
      in directory: Int32, entry: FileName, to targetDirectory: Int32, entry targetEntry: FileName
    ) -> SystemErrno? {
      guard let (source, target) = paths(directory, entry, targetDirectory, targetEntry) else {
        return .badFileDescriptor
      }
      // Between two volumes a move would be a copy: the caller copies under its own rules.
      if let from = volume(of: directory), let to = volume(of: targetDirectory), from != to {
        return .crossDevice
      }
      switch status(in: targetDirectory, entry: targetEntry, followSymlinks: false) {
      case .success(let existing):
        guard existing.type == .directory,
          case .success(let moved) = status(in: directory, entry: entry, followSymlinks: false),
          moved.type == .directory
        else { return .fileExists }
        if let error = remove(in: targetDirectory, entry: targetEntry, isDirectory: true) {
          return error
        }
      case .failure(.noSuchFileOrDirectory):
        break
      case .failure(let error):
        return error
      }
      return fileManager { try $0.moveItem(atPath: source, toPath: target) }
    }

    func remove(in directory: Int32, entry: FileName, isDirectory: Bool) -> SystemErrno? {
      guard let path = path(in: directory, name: entry.description) else {
        return .badFileDescriptor
      }
      if isDirectory {
        do {
          guard try FileManager.default.contentsOfDirectory(atPath: path).isEmpty else {
            return .directoryNotEmpty
          }
        } catch {
          return SystemErrno(fileManagerError: error)
        }
      } else if case .success(let found) = status(
        in: directory, entry: entry, followSymlinks: false),
        found.type == .directory
      {
        // A directory put where a file was is refused, as unlinkat refuses it, and not removed
        // with what is in it.
        return .isDirectory
      }
      return fileManager { try $0.removeItem(atPath: path) }
    }

    /// The paths of an entry and of its new name, for a call that names two.
    private func paths(
      _ directory: Int32, _ entry: FileName, _ targetDirectory: Int32, _ targetEntry: FileName
    ) -> (String, String)? {
      guard let source = path(in: directory, name: entry.description),
        let target = path(in: targetDirectory, name: targetEntry.description)
      else { return nil }
      return (source, target)
    }

    /// Runs `body` on the default file manager; its error as an `errno` value.
    private func fileManager(_ body: (FileManager) throws -> Void) -> SystemErrno? {
      do {
        try body(FileManager.default)
        return nil
      } catch {
        return SystemErrno(fileManagerError: error)
      }
    }
  }

  extension SystemErrno {
    /// The `errno` value of a `FileManager` error: the one it carries from the system call it
    /// made, else the one its code stands for, else `EIO`.
    init(fileManagerError error: any Error) {
      guard let error = error as? CocoaError else {
        self = .ioError
        return
      }
      // `NSUnderlyingErrorKey`, which FoundationEssentials does not export.
      if let underlying = error.userInfo["NSUnderlyingError"] as? POSIXError {
        self.init(rawValue: underlying.code.rawValue)
        return
      }
      switch error.code {
      case .fileNoSuchFile, .fileReadNoSuchFile: self = .noSuchFileOrDirectory
      case .fileWriteFileExists: self = .fileExists
      case .fileReadNoPermission, .fileWriteNoPermission: self = .permissionDenied
      case .fileWriteOutOfSpace: self = .noSpace
      case .fileWriteVolumeReadOnly: self = .readOnlyFileSystem
      case .fileReadInvalidFileName, .fileWriteInvalidFileName: self = .invalidArgument
      default: self = .ioError
      }
    }
  }
#endif
