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
  import ucrt
#endif

extension ProcessEnvironment {
  /// Reads the running process's environment now: the variables the library uses, the effective
  /// user ID, the secure-execution flag, and where the platform has them, the Windows Known
  /// Folders, the Android app's private storage and Apple's per-user temporary directory. The
  /// password database is read only when the home needs it (``passwordDatabaseHome``), so that
  /// a Linux process with a good `HOME` never opens it.
  public static func capture() -> ProcessEnvironment {
    let (variables, undecodable) = readVariables(relevantVariables)
    var environment = ProcessEnvironment(
      variables: variables,
      passwordDatabaseHome: nil,
      effectiveUserID: LiveSystemCalls.live.effectiveUserID,
      platform: .detected(host: .host, variables: variables),
      isSecureExecution: PasswordDatabase.isSecureExecution(),
      userDirectoriesFile: .readFromDisk,
      groupContainers: .system,
      undecodableVariables: undecodable)
    environment.isCaptured = true
    if environment.platform == .linux { environment.flatpakInfoPath = flatpakInfoFile }
    if !environment.isSecureExecution, let root = variables[sandboxRootVariable],
      POSIXPath.isAbsolute(root)
    {
      environment.trustedRoot = POSIXPath.normalize(root)
    }
    if environment.trustedRoot == nil {
      environment.loginSessionRuntimeDirectory = loginSessionRuntimeDirectory(
        platform: environment.platform, effectiveUserID: environment.effectiveUserID)
    }
    #if os(Windows)
      environment.knownFolders = readKnownFolders()
    #endif
    if environment.platform == .android {
      environment.androidAppStorage = readProcessName(syscalls: .live).flatMap {
        androidAppStorage(processName: $0, effectiveUserID: environment.effectiveUserID)
      }
    }
    #if canImport(Darwin)
      // Every Darwin host is an Apple platform.
      environment.systemTemporaryDirectory = readAppleTemporaryDirectory()
    #endif
    environment.executablePath = readExecutablePath(platform: environment.platform)
    if environment.needsPasswordDatabase {
      environment = environment.readingPasswordDatabase()
    }
    return environment
  }

  /// Where the login session manager makes a user's runtime directory on `platform`:
  /// `/run/user/<uid>` on Linux (systemd-logind, elogind), `/var/run/user/<uid>` on FreeBSD and
  /// OpenBSD (as platformdirs takes it); `nil` where there is no such directory.
  static func loginSessionRuntimeDirectory(platform: OperatingSystem, effectiveUserID: UInt32)
    -> String?
  {
    switch platform {
    case .linux: "/run/user/\(effectiveUserID)"
    case .freeBSD, .openBSD: "/var/run/user/\(effectiveUserID)"
    case .macOS, .iOS, .macCatalyst, .windows, .android: nil
    }
  }

  /// The running executable's path as the system gives it, for a portable application; `nil`
  /// where it does not say. Android runs every app as `app_process`, whose folder is not the
  /// app's; FreeBSD and OpenBSD have no `/proc` by default (FreeBSD's `KERN_PROC_PATHNAME`
  /// would do, when a portable build for it is wanted).
  static func readExecutablePath(platform: OperatingSystem) -> String? {
    #if canImport(Darwin)
      return readAppleExecutablePath()
    #elseif os(Windows)
      return readModuleFileName()
    #else
      guard platform == .linux,
        case .success(let path) = LiveSystemCalls.live.readLink(path: "/proc/self/exe"),
        POSIXPath.isAbsolute(path)
      else { return nil }
      return path
    #endif
  }

  /// The variables with these names that the running process has set, those whose bytes are
  /// UTF-8 and the others apart.
  static func readVariables(_ names: [String]) -> (
    variables: [String: String], undecodable: [String: [UInt8]]
  ) {
    var variables: [String: String] = [:]
    var undecodable: [String: [UInt8]] = [:]
    for name in names {
      #if os(Windows)
        guard let value = readVariable(name) else { continue }
        variables[name] = value
      #else
        guard let raw = getenv(name) else { continue }
        if let value = String(validatingCString: raw) {
          variables[name] = value
        } else {
          undecodable[name] = Array(UnsafeBufferPointer(start: raw, count: strlen(raw))).map {
            UInt8(bitPattern: $0)
          }
        }
      #endif
    }
    return (variables, undecodable)
  }

  /// The environment with the variables of an application's overrides (`P_CACHE_DIR`,
  /// `P_HOME`, …) read from the running process, when the environment was captured from it and
  /// does not hold them yet; any other environment as it is, so that a test's stays its own.
  func readingOverrides(prefix: String) -> ProcessEnvironment {
    guard isCaptured else { return self }
    let names = ApplicationOverrides.variableNames(prefix: prefix).filter {
      variables[$0] == nil && undecodableVariables[$0] == nil
    }
    guard !names.isEmpty else { return self }
    let (found, undecodable) = Self.readVariables(names)
    guard !found.isEmpty || !undecodable.isEmpty else { return self }
    var environment = self
    environment.variables.merge(found) { old, _ in old }
    environment.undecodableVariables.merge(undecodable) { old, _ in old }
    return environment
  }

  /// Whether the home comes from the system's answer: on Apple platforms unless
  /// `CFFIXED_USER_HOME` is usable (the system's answer comes before `HOME` there), elsewhere
  /// when `HOME` is unusable.
  var needsPasswordDatabase: Bool {
    let first = platform.isApple ? "CFFIXED_USER_HOME" : "HOME"
    if case .path = pathVariable(first) { return false }
    return true
  }

  /// The same environment with ``passwordDatabaseHome`` read from the system for its
  /// ``effectiveUserID``: the password database (`getpwuid_r`), or on Apple platforms the
  /// process's home (`NSHomeDirectory()`, the container of a sandboxed app).
  package func readingPasswordDatabase() -> ProcessEnvironment {
    var environment = self
    environment.passwordDatabaseHome =
      Self.readAppleHome() ?? PasswordDatabase.homeDirectory(userID: effectiveUserID)
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
