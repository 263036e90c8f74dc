// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if os(Windows)
  import ucrt
  import WinSDK

  extension Platform {
    /// Runs `command`, found in `PATH`, with the process's environment and `variables` set, and
    /// ends with its exit code: Windows has no `exec` that keeps the process, so the tool waits
    /// for the command (`_wspawnvp` with `_P_WAIT`) and passes its status on.
    static func execute(
      _ command: [String], overriding variables: [String: String],
      removing isRemoved: (String) -> Bool
    ) -> ExitCode {
      // The variables to remove are the XDG ones, which Windows programs do not read.
      for (name, value) in variables {
        _ = name.withCString(encodedAs: UTF16.self) { name in
          value.withCString(encodedAs: UTF16.self) { value in _wputenv_s(name, value) }
        }
      }
      exitProcess(run(command))
    }

    /// `path` as an absolute path: itself when it has a drive and a root (`C:\x`, `C:/x`) or
    /// is a UNC or device path (`\\server\share`, `\\?\C:\x`), else joined to the working
    /// directory (`GetCurrentDirectoryW`); `nil` when that cannot be read.
    static func absolutePath(_ path: String) -> String? {
      let bytes = Array(path.utf8)
      func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/")
      }
      if bytes.count >= 3, bytes[1] == UInt8(ascii: ":"), isSeparator(bytes[2]) { return path }
      if bytes.count >= 2, isSeparator(bytes[0]), isSeparator(bytes[1]) { return path }
      let length = GetCurrentDirectoryW(0, nil)
      guard length > 0 else { return nil }
      var buffer = [WCHAR](repeating: 0, count: Int(length))
      guard GetCurrentDirectoryW(length, &buffer) > 0 else { return nil }
      return String(decodingCString: buffer, as: UTF16.self) + "\\" + path
    }

    /// Runs `command`, found in `PATH`, with the process's environment, waits for it and
    /// returns its exit code; `cannotRun` after saying why when it cannot be started. Windows
    /// has no signals to pass on: Ctrl+C reaches every process of the console. `inherited` is
    /// not passed on: Windows releases a `LockFileEx` lock when the process that took it ends,
    /// whatever handles its children inherited, so a lock ends with the tool there.
    static func run(_ command: [String], inheriting inherited: Int32? = nil) -> Int32 {
      // The program is looked up in PATH by its name; the arguments are joined into one
      // command line, so each is quoted for the C runtime to split it back.
      let program = Array(command[0].utf16) + [0]
      let wide = command.map { Array(WindowsCommandLine.quoted($0).utf16) + [0] }
      var pointers: [UnsafePointer<UInt16>?] = []
      let status: Int = program.withUnsafeBufferPointer { name in
        withPointers(to: wide[...], collecting: &pointers) { argv in
          guard let name = name.baseAddress else { return -1 }
          return _wspawnvp(_P_WAIT, name, argv)
        }
      }
      guard status >= 0 else {
        let reason = String(cString: strerror(lastErrno))
        writeError("appdirs: error: cannot run \(command[0]): \(reason)\n")
        return ExitCode.cannotRun.rawValue
      }
      return Int32(truncatingIfNeeded: status)
    }

    /// Waits (`Sleep`).
    static func pause(milliseconds: Int) {
      Sleep(DWORD(milliseconds))
    }

    /// Ends the process with a status of its own, such as a command's that `lock` ran.
    static func exit(status: Int32) -> Never {
      exitProcess(status)
    }

    /// Whether standard output is a console (`_isatty`). When it is, the console is asked to
    /// read the colour sequences of the table (`ENABLE_VIRTUAL_TERMINAL_PROCESSING`); a console
    /// that cannot counts as no terminal, so that no colour is written.
    static var standardOutputIsTerminal: Bool {
      guard _isatty(1) != 0 else { return false }
      let output = GetStdHandle(STD_OUTPUT_HANDLE)
      var mode: DWORD = 0
      guard output != INVALID_HANDLE_VALUE, GetConsoleMode(output, &mode) else { return false }
      return SetConsoleMode(output, mode | DWORD(ENABLE_VIRTUAL_TERMINAL_PROCESSING)) == true
    }

    /// An environment variable of the real process, read in UTF-16 as Windows keeps it.
    static func variable(_ name: String) -> String? {
      name.withCString(encodedAs: UTF16.self) { name in
        _wgetenv(name).map { String(decodingCString: $0, as: UTF16.self) }
      }
    }

    /// Writes all of `text` to a descriptor: to a console in UTF-16 (`WriteConsoleW`), which
    /// shows every character whatever the console's code page (UTF-8 bytes written to a
    /// console of another code page come out as mojibake); to a file or a pipe as UTF-8 bytes
    /// (`_write`), which is what a program reading them expects.
    static func writeAll(_ text: String, to descriptor: Int32) {
      if let console = console(behind: descriptor) {
        writeAll(Array(text.utf16)[...], toConsole: console)
        return
      }
      var text = text
      text.withUTF8 { buffer in
        var offset = 0
        guard let base = buffer.baseAddress else { return }
        while offset < buffer.count {
          let chunk = UInt32(min(buffer.count - offset, Int(Int32.max)))
          let written = _write(descriptor, base + offset, chunk)
          if written <= 0 { return }
          offset += Int(written)
        }
      }
    }

    /// The console a descriptor writes to, or `nil` when it is a file, a pipe or closed: a
    /// handle is a console's when `GetConsoleMode` can read its mode.
    private static func console(behind descriptor: Int32) -> HANDLE? {
      guard let handle = HANDLE(bitPattern: _get_osfhandle(descriptor)),
        handle != INVALID_HANDLE_VALUE
      else { return nil }
      var mode: DWORD = 0
      return GetConsoleMode(handle, &mode) ? handle : nil
    }

    /// Writes UTF-16 units to a console, in pieces that never split a surrogate pair.
    private static func writeAll(_ units: ArraySlice<UInt16>, toConsole console: HANDLE) {
      var rest = units
      while !rest.isEmpty {
        var count = min(rest.count, 8192)
        if count < rest.count, UTF16.isLeadSurrogate(rest[rest.startIndex + count - 1]) {
          count -= 1
        }
        var written: DWORD = 0
        let isWritten = rest.withUnsafeBufferPointer { buffer in
          WriteConsoleW(console, buffer.baseAddress, DWORD(count), &written, nil)
        }
        guard isWritten, written > 0 else { return }
        rest = rest.dropFirst(Int(written))
      }
    }

    /// Calls `body` with a NUL-terminated array of pointers to each wide string.
    private static func withPointers<R>(
      to strings: ArraySlice<[UInt16]>, collecting pointers: inout [UnsafePointer<UInt16>?],
      _ body: ([UnsafePointer<UInt16>?]) -> R
    ) -> R {
      guard let first = strings.first else { return body(pointers + [nil]) }
      return first.withUnsafeBufferPointer { buffer in
        pointers.append(buffer.baseAddress)
        return withPointers(to: strings.dropFirst(), collecting: &pointers, body)
      }
    }
  }

  private func exitProcess(_ code: Int32) -> Never { exit(code) }

  /// The C library's `errno`, which the ucrt module cannot import (it is the macro
  /// `(*_errno())`): read with `_get_errno`, as swift-system does.
  private var lastErrno: Int32 {
    var value: Int32 = 0
    _ = _get_errno(&value)
    return value
  }
#endif
