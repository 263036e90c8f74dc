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

/// A mutex for the lazily filled caches that a command-line tool creates at start-up: a
/// `pthread_mutex_t`, or an `SRWLOCK` on Windows (which needs no destruction).
///
/// Not generic on purpose: a generic class such as ``Locked`` has its metadata built at run
/// time on first use, which costs more than everything else those caches do in a short process.
final class ThreadLock: @unchecked Sendable {
  #if os(Windows)
    private let mutex = UnsafeMutablePointer<SRWLOCK>.allocate(capacity: 1)
  #else
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  #endif

  init() {
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

  func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
    #if os(Windows)
      AcquireSRWLockExclusive(mutex)
      defer { ReleaseSRWLockExclusive(mutex) }
    #else
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
    #endif
    return try body()
  }
}
