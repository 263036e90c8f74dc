// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if canImport(Darwin)
  import Darwin
#elseif canImport(Android)
  import Android
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif os(Windows)
  import WinSDK
#endif

/// A value guarded by a mutex, for the few caches shared between threads: a
/// `pthread_mutex_t`, or an `SRWLOCK` on Windows (which needs no destruction).
///
/// The toolchain's `Mutex` (module Synchronization) needs macOS 15 and iOS 18, above the
/// package's deployment targets.
// Unchecked: `value` is reached only inside `withLock`, under the mutex.
package final class Locked<Value>: @unchecked Sendable {
  #if os(Windows)
    private let mutex = UnsafeMutablePointer<SRWLOCK>.allocate(capacity: 1)
  #else
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  #endif
  private var value: Value

  package init(_ value: Value) {
    self.value = value
    #if os(Windows)
      InitializeSRWLock(mutex)
    #else
      pthread_mutex_init(mutex, nil)
    #endif
  }

  deinit {
    #if !os(Windows)
      pthread_mutex_destroy(mutex)
    #endif
    mutex.deallocate()
  }

  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    #if os(Windows)
      AcquireSRWLockExclusive(mutex)
      defer { ReleaseSRWLockExclusive(mutex) }
    #else
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
    #endif
    return try body(&value)
  }
}
