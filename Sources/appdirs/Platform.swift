#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Android)
  import Android
#elseif os(Windows)
  import ucrt
#endif

/// The tool's contact with the process: exit codes, standard streams and terminal facts.
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
    /// The environment is unusable: no home, no safe runtime directory.
    case configuration = 78
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

  private static func writeAll(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
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
