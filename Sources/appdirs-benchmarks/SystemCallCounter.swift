// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if FoundationAPI
  #if canImport(Darwin)
    import Darwin
  #elseif canImport(Android)
    import Android
  #elseif canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #endif

  // The C function, under a name that the counter's own read() does not hide.
  private let systemRead = read

  /// Counts the system calls the calling thread makes, as the kernel sees them: a perf event on the
  /// `raw_syscalls:sys_enter` tracepoint. Every call is counted, whether it goes through the
  /// library's own wrappers, glibc (`getpwuid_r`) or Foundation.
  ///
  /// Needs Linux, tracefs and permission to open tracepoint events (root, or
  /// `kernel.perf_event_paranoid` at -1); elsewhere ``make()`` returns `nil` and the table says
  /// `n/a`.
  final class SystemCallCounter {
    private let descriptor: Int32

    private init(descriptor: Int32) {
      self.descriptor = descriptor
    }

    deinit {
      close(descriptor)
    }

    static func make() -> SystemCallCounter? {
      #if os(Linux)
        guard let id = tracepointID() else { return nil }
        // struct perf_event_attr, PERF_ATTR_SIZE_VER0 (64 bytes): type, size, config, then zeros:
        // enabled, counting user and kernel, this thread only.
        var attributes = [UInt8](repeating: 0, count: 64)
        attributes.withUnsafeMutableBytes { raw in
          raw.storeBytes(of: UInt32(2), toByteOffset: 0, as: UInt32.self)  // PERF_TYPE_TRACEPOINT
          raw.storeBytes(of: UInt32(64), toByteOffset: 4, as: UInt32.self)
          raw.storeBytes(of: id, toByteOffset: 8, as: UInt64.self)
        }
        let descriptor = attributes.withUnsafeMutableBytes { raw in
          Int32(
            truncatingIfNeeded: systemCall(
              perfEventOpen, Int(bitPattern: raw.baseAddress), 0, -1, -1, 0))
        }
        guard descriptor >= 0 else { return nil }
        let counter = SystemCallCounter(descriptor: descriptor)
        return counter.read() == nil ? nil : counter
      #else
        return nil
      #endif
    }

    /// The number of system calls entered so far; the `read` that asks is counted too.
    func read() -> UInt64? {
      var value: UInt64 = 0
      let count = systemRead(descriptor, &value, MemoryLayout<UInt64>.size)
      return count == MemoryLayout<UInt64>.size ? value : nil
    }

    private static func tracepointID() -> UInt64? {
      for root in ["/sys/kernel/tracing", "/sys/kernel/debug/tracing"] {
        guard let file = fopen(root + "/events/raw_syscalls/sys_enter/id", "r") else { continue }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 32)
        guard fgets(&buffer, 32, file) != nil else { continue }
        let text = String(
          decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if let id = UInt64(text.filter(\.isNumber)) { return id }
      }
      return nil
    }
  }

  #if arch(x86_64)
    private let perfEventOpen = 298
  #else
    private let perfEventOpen = 241  // arm64
  #endif

  // glibc's syscall(2) is variadic and so not imported; on x86-64 and arm64 it is a plain
  // register shuffle, which this fixed-arity declaration matches.
  @_silgen_name("syscall")
  private func systemCall(_ number: Int, _ a: Int, _ b: Int, _ c: Int, _ d: Int, _ e: Int) -> Int
#endif
