#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Android)
  import Android
#elseif os(Windows)
  import ucrt
#endif

extension ProcessEnvironment {
  /// Reads the running process's environment now: the variables the library uses, the effective
  /// user ID, the secure-execution flag, and where the platform has them, the Windows Known
  /// Folders and the Android app's private storage. The system's home directory (the password
  /// database, or the process's home on Apple platforms) is read the first time it is needed.
  public static func capture() -> ProcessEnvironment {
    var variables: [String: String] = [:]
    var invalidUTF8: [String] = []
    for name in relevantVariables {
      #if os(Windows)
        guard let value = readVariable(name) else { continue }
        variables[name] = value
      #else
        guard let raw = getenv(name) else { continue }
        if let value = String(validatingCString: raw) {
          variables[name] = value
        } else {
          invalidUTF8.append(name)
        }
      #endif
    }
    let userID = PasswordDatabase.effectiveUserID()
    var environment = ProcessEnvironment(
      variables: variables,
      passwordDatabaseHome: nil,
      effectiveUserID: userID,
      platform: .detected(host: .host, variables: variables),
      isSecureExecution: PasswordDatabase.isSecureExecution(),
      userDirectoriesFile: .readFromDisk,
      groupContainers: .system)
    environment.passwordDatabaseLookup = PasswordDatabaseLookup {
      readAppleHome() ?? PasswordDatabase.homeDirectory(userID: userID)
    }
    environment.variablesWithInvalidUTF8 = invalidUTF8
    #if os(Windows)
      environment.knownFolders = readKnownFolders()
    #endif
    if environment.platform == .android {
      environment.androidAppStorage = readProcessName(syscalls: .live).flatMap {
        androidAppStorage(processName: $0, effectiveUserID: environment.effectiveUserID)
      }
    }
    return environment
  }
}

#if os(Linux) || os(Android)
  // glibc's and bionic's getauxval, which the C module map does not export.
  @_silgen_name("getauxval")
  private func auxiliaryVectorValue(_ type: UInt) -> UInt
#endif

/// The thin reader of the user database and process credentials.
enum PasswordDatabase {
  static func effectiveUserID() -> UInt32 {
    #if os(Windows)
      0
    #else
      UInt32(geteuid())
    #endif
  }

  static func isSecureExecution() -> Bool {
    #if os(Linux) || os(Android)
      // AT_SECURE is 23 in <elf.h>; glibc sets it for setuid, setgid and capability gains.
      auxiliaryVectorValue(23) != 0
    #elseif canImport(Darwin) || os(FreeBSD) || os(OpenBSD)
      issetugid() != 0
    #else
      false
    #endif
  }

  /// The home directory of the effective user in the password database, or `nil`.
  static func homeDirectory(userID: UInt32) -> String? {
    #if os(Windows)
      return nil
    #else
      var record = passwd()
      var result: UnsafeMutablePointer<passwd>? = nil
      var size = 1024
      while size <= 1 << 20 {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: size)
        defer { buffer.deallocate() }
        let status = getpwuid_r(uid_t(userID), &record, buffer, size, &result)
        if status == ERANGE {
          size *= 4
          continue
        }
        guard status == 0, result != nil, let directory = record.pw_dir else { return nil }
        let home = String(validatingCString: directory)
        return home?.isEmpty == false ? home : nil
      }
      return nil
    #endif
  }
}
