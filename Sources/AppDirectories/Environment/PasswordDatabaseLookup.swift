/// The home directory from the password database: either given, or looked up the first time it
/// is read and then kept.
///
/// Deferring the lookup keeps `getpwuid_r` — which opens `nsswitch.conf` and `/etc/passwd` and
/// probes nscd, about a dozen system calls — out of every process whose `HOME` is usable, which
/// is nearly all of them. Two values are equal when their home directories are.
struct PasswordDatabaseLookup: Sendable, Hashable {
  private enum Storage: Sendable {
    case known(String?)
    case deferred(DeferredLookup)
  }

  private let storage: Storage

  /// A home directory that is already known.
  init(home: String?) {
    storage = .known(home)
  }

  /// A lookup made on first use, at most once, whichever thread asks first.
  init(deferred lookUp: @escaping @Sendable () -> String?) {
    storage = .deferred(DeferredLookup(lookUp))
  }

  var home: String? {
    switch storage {
    case .known(let home): home
    case .deferred(let lookup): lookup.value
    }
  }

  static func == (left: Self, right: Self) -> Bool {
    left.home == right.home
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(home)
  }
}

private final class DeferredLookup: @unchecked Sendable {
  private let lookUp: @Sendable () -> String?
  private let lock = ThreadLock()
  // Guarded by `lock`.
  private var result: String?? = nil

  init(_ lookUp: @escaping @Sendable () -> String?) {
    self.lookUp = lookUp
  }

  var value: String? {
    lock.withLock {
      if let known = result { return known }
      let found = lookUp()
      result = .some(found)
      return found
    }
  }
}
