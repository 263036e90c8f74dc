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
