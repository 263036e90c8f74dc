// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if !os(Windows)
  import CProcessEnvironment

  #if canImport(Darwin)
    import Darwin
  #elseif canImport(Android)
    import Android
  #elseif canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  extension Platform {
    /// Replaces the process with `command`, found in `PATH`, its environment the process's with
    /// `variables` set and the variables `isRemoved` names unset; returns only when it cannot,
    /// after saying why.
    static func execute(
      _ command: [String], overriding variables: [String: String],
      removing isRemoved: (String) -> Bool
    ) -> ExitCode {
      for name in variableNames() where isRemoved(name) { unsetenv(name) }
      for (name, value) in variables { setenv(name, value, 1) }
      var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
      execvp(command[0], &argv)
      let reason = String(cString: strerror(errno))
      for pointer in argv { free(pointer) }
      writeError("appdirs: error: cannot run \(command[0]): \(reason)\n")
      return .cannotRun
    }

    /// Runs `command`, found in `PATH`, with the process's environment, waits for it and
    /// returns the status to end with: its exit code, or 128 plus the signal that ended it, as
    /// a shell reports it; `cannotRun` after saying why when it cannot be started. Meanwhile
    /// the signals that ask a program to stop or to reload (HUP, INT, QUIT, TERM, USR1, USR2)
    /// are passed on to it, so that the tool ends when the command does. The open descriptor
    /// `inherited` stays open in the command (its close-on-exec flag cleared), so that what it
    /// holds, such as a lock, outlives the tool while the command runs.
    static func run(_ command: [String], inheriting inherited: Int32? = nil) -> Int32 {
      if let inherited {
        let flags = fcntl(inherited, F_GETFD)
        if flags >= 0 { _ = fcntl(inherited, F_SETFD, flags & ~FD_CLOEXEC) }
      }
      var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
      defer { for pointer in argv { free(pointer) } }
      // The signals to pass on are blocked until the command's process ID is known, so that one
      // that arrives while the command starts waits, pending, and is then passed on, not lost.
      // The command gets the tool's mask as it was, with those signals unblocked: one that the
      // tool's parent blocked would neither reach the command nor be passed on.
      var passedOn = sigset_t()
      sigemptyset(&passedOn)
      for signal in forwardedSignals { sigaddset(&passedOn, signal) }
      var previous = sigset_t()
      pthread_sigmask(SIG_BLOCK, &passedOn, &previous)
      var unblocked = previous
      for signal in forwardedSignals { sigdelset(&unblocked, signal) }
      defer { pthread_sigmask(SIG_SETMASK, &unblocked, nil) }
      for signal in forwardedSignals { _ = systemSignal(signal, forwardToChild) }
      defer { for signal in forwardedSignals { _ = systemSignal(signal, SIG_DFL) } }
      var child: pid_t = 0
      let spawned = appdirs_spawn_with_mask(&child, command[0], &argv, &unblocked)
      guard spawned == 0 else {
        writeError(
          "appdirs: error: cannot run \(command[0]): \(String(cString: strerror(spawned)))\n")
        return ExitCode.cannotRun.rawValue
      }
      forwardedChild = child
      defer { forwardedChild = 0 }
      // What arrived meanwhile is delivered now, to the command.
      pthread_sigmask(SIG_SETMASK, &unblocked, nil)
      var status: Int32 = 0
      while waitpid(child, &status, 0) < 0 {
        guard errno == EINTR else { return ExitCode.cannotRun.rawValue }
      }
      // The wait status's layout is the same on Linux, Android and Darwin: the signal in the
      // low seven bits, else the exit code in the next eight.
      let signal = status & 0x7F
      return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// Waits (`usleep`).
    static func pause(milliseconds: Int) {
      usleep(UInt32(milliseconds * 1000))
    }

    /// Ends the process with a status of its own, such as a command's that `lock` ran.
    static func exit(status: Int32) -> Never {
      systemExit(status)
    }

    /// Whether standard output is a terminal.
    static var standardOutputIsTerminal: Bool { isatty(1) != 0 }

    /// The names of the process's variables.
    static func variableNames() -> [String] {
      guard var entry = appdirs_process_environment() else { return [] }
      var names: [String] = []
      while let pointer = entry.pointee {
        let text = String(cString: pointer)
        if let equals = text.firstIndex(of: "=") { names.append(String(text[..<equals])) }
        entry += 1
      }
      return names
    }

    /// `path` as an absolute path: itself when it starts with `/`, else joined to the working
    /// directory (`getcwd`); `nil` when the working directory cannot be read or is not UTF-8.
    static func absolutePath(_ path: String) -> String? {
      if path.hasPrefix("/") { return path }
      let directory = [CChar](unsafeUninitializedCapacity: Int(PATH_MAX) + 1) { buffer, count in
        guard let start = buffer.baseAddress, getcwd(start, buffer.count) != nil else {
          count = 0
          return
        }
        count = strlen(start)
      }
      guard !directory.isEmpty else { return nil }
      return String(validating: directory.map { UInt8(bitPattern: $0) }, as: UTF8.self).map {
        $0 + "/" + path
      }
    }

    /// An environment variable of the real process, for terminal settings such as `NO_COLOR`.
    static func variable(_ name: String) -> String? {
      getenv(name).flatMap { String(validatingCString: $0) }
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
  private let systemSignal = signal

  /// The signals `run` passes on to its command.
  private let forwardedSignals = [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2]

  /// The command `run` waits for, while it runs; 0 before and after. Written only by the
  /// tool's one thread and read by the signal handler on that thread.
  nonisolated(unsafe) private var forwardedChild: pid_t = 0

  private let forwardToChild: @convention(c) (Int32) -> Void = { signal in
    // A handler leaves errno as it found it (kill sets it when the command has just ended).
    let saved = errno
    let child = forwardedChild
    if child > 0 { kill(child, signal) }
    errno = saved
  }

#endif
