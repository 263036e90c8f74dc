// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// A stand-in for the names of FoundationEssentials that the library's Windows tree calls use
// (`PathTreeCalls`), with swift-foundation's signatures, for the Windows step of
// `Scripts/check-platform-branches.sh`: FoundationEssentials itself is built for glibc here,
// which that step does not see. `PathTreeCalls` is compiled and tested against the real one
// on Linux. Only compiled, never run.

public final class FileManager: @unchecked Sendable {
  public static let `default` = FileManager()
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
