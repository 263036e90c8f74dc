// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// The tool's contact with the process: exit codes, standard streams and terminal facts.
///
/// What needs the C library or Win32 is in one twin file per platform, `Platform+POSIX.swift`
/// and `Platform+Windows.swift`; nothing else in the tool imports either.
enum Platform {
  /// The exit codes of the tool (sysexits.h).
  enum ExitCode: Int32 {
    case success = 0
    /// Not found (locate) or problems found (doctor).
    case failure = 1
    /// A usage error: unknown command, option or kind, or an invalid name.
    case usage = 64
    /// A directory could not be created.
    case cannotCreate = 73
    /// The lock is held by another process (`lock` without `--wait`), as `flock -n` reports it.
    case temporaryFailure = 75
    /// The environment is unusable: no home, no safe runtime directory.
    case configuration = 78
    /// The command given to `sandbox` could not be run (not found, not executable).
    case cannotRun = 127
  }

  /// Ends the process with an exit code.
  static func exit(_ code: ExitCode) -> Never {
    exit(status: code.rawValue)
  }

  /// Writes text to standard output.
  static func write(_ text: String) {
    writeAll(text, to: 1)
  }

  /// Writes text to standard error.
  static func writeError(_ text: String) {
    writeAll(text, to: 2)
  }

  /// The process's arguments after the program name, each checked to be UTF-8: Swift's
  /// `CommandLine.arguments` would turn other bytes into U+FFFD, which names a different folder.
  static func arguments() -> Result<[String], UsageError> {
    var arguments: [String] = []
    for index in 1..<Int(CommandLine.argc) {
      guard let raw = CommandLine.unsafeArgv[index] else { break }
      guard let argument = String(validatingCString: raw) else {
        return .failure(
          UsageError(
            message:
              "argument \(index) is not valid UTF-8; names and paths must be UTF-8 (a folder named otherwise cannot be given as a URL)"
          ))
      }
      arguments.append(argument)
    }
    return .success(arguments)
  }
}
