// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// A stand-in for the names of FoundationEssentials that the library's Windows code uses (the
// tree calls, `PathTreeCalls`, and, with the FoundationAPI trait the Windows job builds with,
// the URL API, the process-wide environment and AppDirectoriesTesting), with swift-foundation's
// signatures, for the Windows step of `Scripts/check-platform-branches.sh`: FoundationEssentials
// itself is built for glibc here (its module loads Glibc's), which that step does not see. The
// same code is compiled and tested against the real one on Linux. Only compiled, never run.

public struct URL: Hashable, Sendable {
  public init(fileURLWithPath path: String, isDirectory: Bool) {
    fatalError("a stand-in, never run")
  }
  public var path: String { fatalError("a stand-in, never run") }
  public func appendingPathComponent(_ pathComponent: String, isDirectory: Bool) -> URL {
    fatalError("a stand-in, never run")
  }
  public func withUnsafeFileSystemRepresentation<ResultType>(
    _ block: (UnsafePointer<Int8>?) throws -> ResultType
  ) rethrows -> ResultType {
    fatalError("a stand-in, never run")
  }
}

public struct UUID: Hashable, Sendable {
  public init() {}
  public var uuidString: String { fatalError("a stand-in, never run") }
}

public final class ProcessInfo: Sendable {
  public static let processInfo = ProcessInfo()
  public var environment: [String: String] { fatalError("a stand-in, never run") }
  public var processName: String { fatalError("a stand-in, never run") }
}

public struct FileAttributeKey: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
}

extension FileManager {
  public enum SearchPathDirectory: UInt, Sendable {
    case applicationDirectory = 1
    case demoApplicationDirectory
    case developerApplicationDirectory
    case adminApplicationDirectory
    case libraryDirectory
    case developerDirectory
    case userDirectory
    case documentationDirectory
    case documentDirectory
    case coreServiceDirectory
    case autosavedInformationDirectory = 11
    case desktopDirectory = 12
    case cachesDirectory = 13
    case applicationSupportDirectory = 14
    case downloadsDirectory = 15
    case inputMethodsDirectory = 16
    case moviesDirectory = 17
    case musicDirectory = 18
    case picturesDirectory = 19
    case printerDescriptionDirectory = 20
    case sharedPublicDirectory = 21
    case preferencePanesDirectory = 22
    case applicationScriptsDirectory = 23
    case itemReplacementDirectory = 99
    case allApplicationsDirectory = 100
    case allLibrariesDirectory = 101
    case trashDirectory = 102
  }

  public struct SearchPathDomainMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let userDomainMask = SearchPathDomainMask(rawValue: 1)
    public static let localDomainMask = SearchPathDomainMask(rawValue: 2)
    public static let networkDomainMask = SearchPathDomainMask(rawValue: 4)
    public static let systemDomainMask = SearchPathDomainMask(rawValue: 8)
    public static let allDomainsMask = SearchPathDomainMask(rawValue: 0x0ffff)
  }
}

public final class FileManager: @unchecked Sendable {
  public static let `default` = FileManager()
  public var temporaryDirectory: URL { fatalError("a stand-in, never run") }
  public func createDirectory(
    at url: URL, withIntermediateDirectories createIntermediates: Bool,
    attributes: [FileAttributeKey: Any]? = nil
  ) throws {
    fatalError("a stand-in, never run")
  }
  public func contentsOfDirectory(atPath path: String) throws -> [String] {
    fatalError("a stand-in, never run")
  }
  public func destinationOfSymbolicLink(atPath path: String) throws -> String {
    fatalError("a stand-in, never run")
  }
  public func createSymbolicLink(atPath path: String, withDestinationPath destPath: String) throws {
    fatalError("a stand-in, never run")
  }
  public func linkItem(atPath srcPath: String, toPath dstPath: String) throws {
    fatalError("a stand-in, never run")
  }
  public func moveItem(atPath srcPath: String, toPath dstPath: String) throws {
    fatalError("a stand-in, never run")
  }
  public func removeItem(atPath path: String) throws {
    fatalError("a stand-in, never run")
  }
}

/// The standard library's `POSIXErrorCode`, which the Glibc overlay declares here.
public struct POSIXErrorCode: RawRepresentable, Hashable, Sendable {
  public var rawValue: Int32
  public init?(rawValue: Int32) { self.rawValue = rawValue }
}

public struct POSIXError: Error, Hashable, Sendable {
  public let code: POSIXErrorCode
}

public struct CocoaError: Error {
  public struct Code: RawRepresentable, Hashable, Sendable {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static var fileNoSuchFile: Code { Code(rawValue: 4) }
    public static var fileReadNoPermission: Code { Code(rawValue: 257) }
    public static var fileReadInvalidFileName: Code { Code(rawValue: 258) }
    public static var fileReadNoSuchFile: Code { Code(rawValue: 260) }
    public static var fileWriteNoPermission: Code { Code(rawValue: 513) }
    public static var fileWriteInvalidFileName: Code { Code(rawValue: 514) }
    public static var fileWriteFileExists: Code { Code(rawValue: 516) }
    public static var fileWriteOutOfSpace: Code { Code(rawValue: 640) }
    public static var fileWriteVolumeReadOnly: Code { Code(rawValue: 642) }
  }
  public var code: Code
  public var userInfo: [String: Any]
}

/// swift-foundation's `LocalizedError` (FoundationEssentials, Error/LocalizedError), with its
/// defaults: `DirectoryError` conforms with the FoundationAPI trait.
public protocol LocalizedError: Error {
  var errorDescription: String? { get }
  var failureReason: String? { get }
  var recoverySuggestion: String? { get }
  var helpAnchor: String? { get }
}

extension LocalizedError {
  public var errorDescription: String? { nil }
  public var failureReason: String? { nil }
  public var recoverySuggestion: String? { nil }
  public var helpAnchor: String? { nil }
}
