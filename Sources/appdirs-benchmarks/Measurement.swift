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

  /// What one operation costs: nanoseconds and system calls per call.
  struct Cost {
    var nanoseconds: Double
    /// `nil` where system calls cannot be counted on this machine.
    var systemCalls: Double?
  }

  /// Times an operation: a calibration pass sizes the rounds to about `roundSeconds`, then the
  /// median of `rounds` rounds is reported. System calls are counted over a separate pass, with
  /// the counter open only then: an active syscall tracepoint slows every system call down.
  struct Measurement {
    var rounds = 7
    var roundSeconds = 0.08

    func measure(_ operation: () throws -> Void) rethrows -> Cost {
      // Warm up, and find how many calls fit in a round.
      var iterations = 1
      while true {
        let start = Self.now()
        for _ in 0..<iterations { try operation() }
        let elapsed = Self.now() - start
        if elapsed > 0.01 {
          iterations = max(1, Int(Double(iterations) * roundSeconds / elapsed))
          break
        }
        iterations *= 4
      }
      var samples: [Double] = []
      for _ in 0..<rounds {
        let start = Self.now()
        for _ in 0..<iterations { try operation() }
        samples.append((Self.now() - start) / Double(iterations) * 1e9)
      }
      samples.sort()
      return Cost(
        nanoseconds: samples[samples.count / 2], systemCalls: try countSystemCalls(operation))
    }

    /// System calls per call over `calls` calls, less the two reads of the counter.
    private func countSystemCalls(_ operation: () throws -> Void) rethrows -> Double? {
      guard let counter = SystemCallCounter.make(), let before = counter.read() else { return nil }
      let calls = 1000
      for _ in 0..<calls { try operation() }
      guard let after = counter.read() else { return nil }
      return Double(after - before - 1) / Double(calls)
    }

    static func now() -> Double {
      var time = timespec()
      clock_gettime(CLOCK_MONOTONIC, &time)
      return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
  }

  /// Keeps the optimizer from dropping a result.
  @inline(never)
  func consume<T>(_ value: T) {
    withExtendedLifetime(value) {}
  }
#endif
