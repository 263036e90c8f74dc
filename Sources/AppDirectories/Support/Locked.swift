/// A value guarded by a ``ThreadLock``, for the few process-wide caches.
final class Locked<Value>: @unchecked Sendable {
  private let lock = ThreadLock()
  // Guarded by `lock`.
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try lock.withLock { try body(&value) }
  }
}
