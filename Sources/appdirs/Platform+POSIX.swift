// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if !os(Windows)
  #if canImport(Darwin)
    import Darwin
  #elseif canImport(Android)
    import Android
  #elseif canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif
  #if canImport(FoundationEssentials)
    import FoundationEssentials
  #else
    import Foundation
  #endif

  extension Platform {
    /// Replaces the process with `command`, found in `PATH`, its environment the process's with
    /// `variables` set and the variables `isRemoved` names unset; returns only when it cannot,
    /// after saying why.
    static func execute(
      _ command: [String], overriding variables: [String: String],
      removing isRemoved: (String) -> Bool = { _ in false }
    ) -> ExitCode {
      for name in ProcessInfo.processInfo.environment.keys where isRemoved(name) {
        unsetenv(name)
      }
      for (name, value) in variables { setenv(name, value, 1) }
      var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
      execvp(command[0], &argv)
      let reason = String(cString: strerror(errno))
      for pointer in argv { free(pointer) }
      writeError("appdirs: error: cannot run \(command[0]): \(reason)\n")
      return .cannotRun
    }

    /// Whether standard output is a terminal.
    static var standardOutputIsTerminal: Bool { isatty(1) != 0 }

    /// An environment variable of the real process, for terminal settings such as `NO_COLOR`.
    static func variable(_ name: String) -> String? {
      getenv(name).flatMap { String(validatingCString: $0) }
    }

    /// Ends the process with an exit code.
    static func exit(_ code: ExitCode) -> Never {
      systemExit(code.rawValue)
    }

    /// Writes all of `text` to a descriptor, retrying after a signal.
    static func writeAll(_ text: String, to descriptor: Int32) {
      var text = text
      text.withUTF8 { buffer in
        var offset = 0
        guard let base = buffer.baseAddress else { return }
        while offset < buffer.count {
          let written = systemWrite(descriptor, base + offset, buffer.count - offset)
          if written < 0 {
            if errno == EINTR { continue }
            return
          }
          offset += written
        }
      }
    }
  }

  private let systemWrite = write
  private func systemExit(_ code: Int32) -> Never { exit(code) }
#endif
