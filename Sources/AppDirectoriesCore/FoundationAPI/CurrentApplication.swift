// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

#if FoundationAPI
  #if canImport(FoundationEssentials)
    import FoundationEssentials
  #else
    import Foundation
  #endif

  extension AppDirectories {
    /// Finds or creates one of the running application's directories, named after its
    /// executable (or the environment's ``ProcessEnvironment/applicationName``), in the current environment (``ProcessEnvironment/current``): one made current
    /// for the task or the whole process is resolved anew, the captured one once, whose steady
    /// state copies nothing but the URL.
    static func currentApplicationDirectory(_ kind: AppDirectory) throws(DirectoryError) -> URL {
      if let chosen = ProcessEnvironment.chosen {
        return try AppDirectories(
          app: chosen.applicationName ?? currentApplicationName, organization: nil,
          layout: .native, environment: chosen, syscalls: .live
        )
        ._directory(kind)
      }
      return try processApplication.directories.get()._directory(kind)
    }

    /// The running application's directories in the captured environment, which never
    /// changes, made once, in a box so that the steady state borrows them instead of copying
    /// them. Process-wide: the captured environment is the process's, and nothing chosen by a
    /// task or by ``ProcessEnvironment/withProcessWide(_:operation:)-(_,()->R)`` is kept here.
    private static let processApplication = ProcessApplication()

    private final class ProcessApplication: Sendable {
      /// The directories, or why the executable's name cannot be a folder name.
      let directories: Result<AppDirectories, DirectoryError>

      init() {
        directories = Result { () throws(DirectoryError) in
          try AppDirectories(
            app: currentApplicationName, organization: nil, layout: .native,
            environment: .captured, syscalls: .live)
        }
      }
    }

    /// The bundle's executable name where there is a bundle, else the executable's file name
    /// (``applicationName(executable:platform:processName:)``).
    static var currentApplicationName: String {
      #if canImport(Darwin) && !canImport(FoundationEssentials)
        if let name = Bundle.main.object(forInfoDictionaryKey: "CFBundleExecutable") as? String {
          return name
        }
      #endif
      let platform = ProcessEnvironment.captured.platform
      return applicationName(
        executable: ProcessInfo.processInfo.processName, platform: platform,
        processName: platform == .android
          ? ProcessEnvironment.readProcessName(syscalls: .live) : nil)
    }

    /// The application's name from its executable's file name, by the rules of `platform`:
    /// - on Windows without `.exe` (in any case), which Foundation's `processName` keeps;
    /// - on Android the app's package (`com.example.app`), which is the process's name
    ///   (`/proc/self/cmdline`, without a `:worker` suffix), where the executable is the
    ///   system's `app_process64`; the executable's name when the process is not an app's.
    static func applicationName(executable: String, platform: OperatingSystem, processName: String?)
      -> String
    {
      switch platform {
      case .windows:
        let suffix = Array(executable.utf8.suffix(4)).map { $0 | 0x20 }
        guard executable.utf8.count > 4, suffix == Array(".exe".utf8) else { return executable }
        return String(executable.dropLast(4))
      case .android:
        return processName.flatMap(ProcessEnvironment.androidPackage(processName:)) ?? executable
      case .linux, .freeBSD, .openBSD, .macOS, .iOS, .macCatalyst:
        return executable
      }
    }
  }
#endif
