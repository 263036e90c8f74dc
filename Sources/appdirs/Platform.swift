#if canImport(Darwin)
  import Darwin
#elseif canImport(Android)
  import Android
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
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
    /// The command given to `sandbox` could not be run (not found, not executable).
    case cannotRun = 127
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

  /// The current directory, for a relative path on the command line.
  static func currentDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: 4097)
    guard getcwd(&buffer, buffer.count) != nil else { return "." }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Replaces the process with `command`, found in `PATH`, its environment the process's with
  /// `variables` set; returns only when it cannot, after saying why.
  static func execute(_ command: [String], overriding variables: [String: String]) -> ExitCode {
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
