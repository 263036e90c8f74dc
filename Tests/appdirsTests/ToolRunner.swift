import Foundation
import Testing

/// What one run of the built `appdirs` printed and returned.
struct ToolResult: Sendable {
  let status: Int32
  let standardOutput: String
  let standardError: String

  /// The standard output's lines, without the final empty one.
  var lines: [String] {
    standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
      String.init)
  }
}

/// A fresh directory for one test, removed when the test is done, with the environment of a
/// user whose home, XDG directories and temporary directory all live inside it.
final class TemporaryRoot: @unchecked Sendable {
  let path: String

  init() throws {
    var template = Array("\(NSTemporaryDirectory())/appdirs-e2e.XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
      throw CocoaError(.fileWriteUnknown)
    }
    path = URL(fileURLWithPath: String(cString: made)).standardizedFileURL.path
    // Searchable by the unprivileged user that permission tests run as.
    chmod(path, 0o755)
    try makeDirectory("home")
    try makeDirectory("tmp")
    try makeDirectory("run", mode: 0o700)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// `root/relative`.
  func at(_ relative: String) -> String { path + "/" + relative }

  /// The home directory inside the root.
  var home: String { at("home") }

  /// The environment of a user with every directory inside the root: HOME, TMPDIR and a
  /// valid XDG_RUNTIME_DIR; no other XDG variable, so the defaults under HOME apply.
  var environment: [String: String] {
    ["HOME": home, "TMPDIR": at("tmp"), "XDG_RUNTIME_DIR": at("run")]
  }

  func makeDirectory(_ relative: String, mode: mode_t = 0o755) throws {
    try FileManager.default.createDirectory(
      atPath: at(relative), withIntermediateDirectories: true)
    chmod(at(relative), mode)
  }

  func write(_ text: String, to relative: String) throws {
    let url = URL(fileURLWithPath: at(relative))
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: false, encoding: .utf8)
  }

  func symlink(_ relative: String, to target: String) throws {
    try FileManager.default.createSymbolicLink(atPath: at(relative), withDestinationPath: target)
  }

  /// Hands the whole tree to another user, for tests that run the tool as that user.
  func chownAll(to user: uid_t) {
    let walker = FileManager.default.enumerator(atPath: path)
    lchown(path, user, user)
    while let relative = walker?.nextObject() as? String {
      lchown(at(relative), user, user)
    }
  }

  /// The permission bits of the file at `relative`, following symlinks.
  func mode(of relative: String) -> mode_t? {
    var info = stat()
    guard stat(at(relative), &info) == 0 else { return nil }
    return info.st_mode & 0o7777
  }

  /// Whether a directory (or a symlink to one) is at `relative`.
  func isDirectory(_ relative: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: at(relative), isDirectory: &isDirectory)
      && isDirectory.boolValue
  }
}

/// Runs the `appdirs` built next to the test bundle as a child process.
enum Tool {
  /// The user the permission tests run as (`nobody`, whose home is `/nonexistent`).
  static let unprivilegedUser: uid_t = 65534

  /// The built tool: `appdirs` in the directory of the running test executable.
  static let path: String = {
    let candidates = [
      CommandLine.arguments[0],
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "",
    ]
    for candidate in candidates where !candidate.isEmpty {
      var directory = URL(fileURLWithPath: candidate).deletingLastPathComponent()
      // Where the tests are a bundle, the executable sits deeper inside it.
      for _ in 0..<4 {
        let tool = directory.appendingPathComponent("appdirs").path
        if FileManager.default.isExecutableFile(atPath: tool) { return tool }
        directory = directory.deletingLastPathComponent()
      }
    }
    return "appdirs-not-built"
  }()

  /// Runs `appdirs arguments` with exactly `environment`, optionally through `/bin/sh -c`
  /// with a prefix such as `umask 0277;`, or as another user through `setpriv`.
  static func run(
    _ arguments: [String], environment: [String: String], shellPrefix: String? = nil,
    asUser user: uid_t? = nil, in root: TemporaryRoot
  ) throws -> ToolResult {
    var command = [path] + arguments
    if let shellPrefix {
      command = ["/bin/sh", "-c", shellPrefix + " exec \"$0\" \"$@\""] + command
    }
    if let user {
      command =
        ["/usr/bin/setpriv", "--reuid=\(user)", "--regid=\(user)", "--clear-groups"] + command
    }
    return try runProcess(command, environment: environment, in: root)
  }

  /// Runs any command with exactly `environment`; its output goes through files in the root,
  /// so that a full pipe can never block it.
  static func runProcess(
    _ command: [String], environment: [String: String], in root: TemporaryRoot
  ) throws -> ToolResult {
    let name = UUID().uuidString
    let outputPath = root.at(".out-\(name)")
    let errorPath = root.at(".err-\(name)")
    _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
    defer {
      try? FileManager.default.removeItem(atPath: outputPath)
      try? FileManager.default.removeItem(atPath: errorPath)
    }
    let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
    let error = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
    defer {
      try? output.close()
      try? error.close()
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    process.environment = environment
    process.currentDirectoryURL = URL(fileURLWithPath: root.path)
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = error
    try process.run()
    process.waitUntilExit()
    return ToolResult(
      status: process.terminationStatus,
      standardOutput: try String(contentsOfFile: outputPath, encoding: .utf8),
      standardError: try String(contentsOfFile: errorPath, encoding: .utf8))
  }
}
