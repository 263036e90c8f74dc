// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if FoundationAPI
  // A bounded stress test of find-or-create: many threads and processes create the same
  // directories under a deep, fresh base at once. It prints its figures and exits non-zero on
  // any failure, any created directory that is not exactly 0700, or anything outside the base.
  //
  //   appdirs-stress [--threads 64] [--apps 300] [--processes 16] [--depth 24] [--rounds 1]
  //                  [--umask OCTAL] [--appdirs PATH]

  import AppDirectories
  import Foundation
  import Synchronization

  #if canImport(Darwin)
    import Darwin
  #elseif canImport(Android)
    import Android
  #elseif canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  struct Options {
    var threads = 64
    var apps = 300
    var processes = 16
    var depth = 24
    var rounds = 1
    var umask: mode_t?
    var tool: String

    init(_ arguments: [String]) {
      let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      tool = executable.deletingLastPathComponent().appendingPathComponent("appdirs").path
      var rest = arguments[...]
      while let option = rest.popFirst() {
        guard let value = rest.popFirst() else { fail("\(option) needs a value") }
        switch option {
        case "--threads": threads = number(value, option)
        case "--apps": apps = number(value, option)
        case "--processes": processes = number(value, option)
        case "--depth": depth = number(value, option)
        case "--rounds": rounds = number(value, option)
        case "--umask":
          guard let mask = mode_t(value, radix: 8) else { fail("bad --umask \(value)") }
          umask = mask
        case "--appdirs": tool = value
        default: fail("unknown option \(option)")
        }
      }
    }
  }

  func number(_ text: String, _ option: String) -> Int {
    guard let value = Int(text), value > 0 else { fail("\(option) needs a positive number") }
    return value
  }

  func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("appdirs-stress: \(message)\n".utf8))
    exit(2)
  }

  /// A failure seen by a thread, a process or the final check.
  final class Failures: Sendable {
    private let messages = Mutex<[String]>([])
    func record(_ message: String) { messages.withLock { $0.append(message) } }
    var all: [String] { messages.withLock { $0 } }
  }

  /// Every entry below `root`, found with `lstat` (never following symlinks).
  func walk(_ root: String) -> [(path: String, status: stat)] {
    var result: [(String, stat)] = []
    var pending = [root]
    while let directory = pending.popLast() {
      guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
        continue
      }
      for name in entries {
        let path = directory + "/" + name
        var info = stat()
        guard lstat(path, &info) == 0 else { continue }
        result.append((path, info))
        if info.st_mode & S_IFMT == S_IFDIR { pending.append(path) }
      }
    }
    return result
  }

  func makeRoot() -> String {
    var template = Array("\(NSTemporaryDirectory())/appdirs-stress.XXXXXX".utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap(mkdtemp) })
    else {
      fail("mkdtemp failed")
    }
    // mkdtemp's mode is subject to the umask, which may be a strict one under test.
    chmod(made, 0o700)
    return URL(fileURLWithPath: String(cString: made)).standardizedFileURL.path
  }

  /// One round: a fresh deep base, threads and processes at once, then the check.
  func round(_ options: Options, failures: Failures) -> (
    calls: Int, directories: Int, seconds: Double
  ) {
    let root = makeRoot()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let chain = (1...options.depth).map { "level\($0)" }
    let base = root + "/" + chain.joined(separator: "/")
    let environment = ProcessEnvironment(
      variables: ["HOME": root + "/home", "XDG_DATA_HOME": base, "TMPDIR": root + "/tmp"],
      effectiveUserID: geteuid())
    let apps = (0..<options.apps).map { "app-\($0)" }

    // The processes start first, so that they race the threads for the base itself.
    var children: [Process] = []
    var errorPipes: [Pipe] = []
    for index in 0..<options.processes {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: options.tool)
      let app = apps[(index * 37) % apps.count]
      process.arguments = ["path", "data", "--app", app, "--create"]
      process.environment = environment.variables.merging(["PATH": "/usr/bin:/bin"]) { $1 }
      process.standardOutput = FileHandle.nullDevice
      let errors = Pipe()
      process.standardError = errors
      errorPipes.append(errors)
      do {
        try process.run()
        children.append(process)
      } catch {
        failures.record("process \(index) did not start: \(error)")
      }
    }

    let calls = Atomic<Int>(0)
    let ready = Atomic<Int>(0)
    let done = DispatchGroup()
    let start = Date()
    for thread in 0..<options.threads {
      done.enter()
      let worker = Thread {
        ready.add(1, ordering: .sequentiallyConsistent)
        while ready.load(ordering: .sequentiallyConsistent) < options.threads { sched_yield() }
        // Each thread starts at its own place in the list, so that every directory is raced.
        for offset in 0..<apps.count {
          let app = apps[(offset + thread * 7) % apps.count]
          do {
            let directories = try AppDirectories(app: app, environment: environment)
            let url = try directories.directory(.data)
            if url.path != base + "/" + app {
              failures.record("thread \(thread): \(app) resolved to \(url.path)")
            }
          } catch {
            failures.record("thread \(thread): \(app): \(error)")
          }
          calls.add(1, ordering: .relaxed)
        }
        done.leave()
      }
      worker.stackSize = 1 << 20
      worker.start()
    }
    done.wait()
    for (index, process) in children.enumerated() {
      process.waitUntilExit()
      let message = String(
        decoding: errorPipes[index].fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      if process.terminationStatus != 0 {
        let firstLine = message.split(separator: "\n").first ?? ""
        failures.record("process \(index) exited with \(process.terminationStatus): \(firstLine)")
      }
    }
    let seconds = Date().timeIntervalSince(start)

    // The check: exactly the chain and the apps, every one a real directory with mode 0700;
    // in each app's directory (an XDG value's, so not the platform's default place) the one
    // marker that the winning walk wrote, a regular file naming the app, and no temporary file.
    var expected = Set<String>()
    var prefix = root
    for component in chain {
      prefix += "/" + component
      expected.insert(prefix)
    }
    var markers: [String: String] = [:]
    for app in apps {
      expected.insert(base + "/" + app)
      markers[base + "/" + app + "/.appdirectories"] = "AppDirectories-Owner: " + app + "\n"
    }
    let found = walk(root)
    for (path, info) in found {
      if let owner = markers[path] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        if info.st_mode & S_IFMT != S_IFREG || !text.hasPrefix(owner) {
          failures.record("\(path) is not the marker naming its app")
        }
      } else if !expected.contains(path) {
        failures.record("unexpected entry \(path)")
      } else if info.st_mode & S_IFMT != S_IFDIR {
        failures.record("\(path) is not a real directory")
      } else if info.st_mode & 0o7777 != 0o700 {
        failures.record("\(path) has mode \(String(info.st_mode & 0o7777, radix: 8))")
      }
    }
    let missing = expected.union(markers.keys).subtracting(found.map(\.path))
    for path in missing.sorted().prefix(5) { failures.record("missing \(path)") }
    return (calls.load(ordering: .relaxed) + children.count, found.count, seconds)
  }

  let options = Options(Array(CommandLine.arguments.dropFirst()))
  if let mask = options.umask { umask(mask) }
  guard FileManager.default.isExecutableFile(atPath: options.tool) else {
    fail("no appdirs at \(options.tool); build it first or pass --appdirs PATH")
  }
  let failures = Failures()
  var totalCalls = 0
  var totalDirectories = 0
  var totalSeconds = 0.0
  for _ in 0..<options.rounds {
    let result = round(options, failures: failures)
    totalCalls += result.calls
    totalDirectories += result.directories
    totalSeconds += result.seconds
  }
  let failed = failures.all
  print(
    """
    appdirs-stress: rounds \(options.rounds), threads \(options.threads), apps \(options.apps), \
    processes \(options.processes), base depth \(options.depth), umask \
    \(options.umask.map { String($0, radix: 8) } ?? "inherited")
    appdirs-stress: find-or-create calls \(totalCalls), directories checked \(totalDirectories), \
    failures \(failed.count), time \(String(format: "%.2f", totalSeconds)) s
    """)
  for message in failed.prefix(20) { print("appdirs-stress: FAIL \(message)") }
  exit(failed.isEmpty ? 0 : 1)
#else
  // What this measures is the library's URL and FileManager API beside Foundation's own.
  print("built without the FoundationAPI trait, whose API this program measures")
#endif
