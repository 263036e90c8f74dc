#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension AppDirectories {
  /// The running application's directories, named after its executable, in the current
  /// environment: the one a task made current (``ProcessEnvironment/withCurrent(_:operation:)-(_,()->R)``),
  /// resolved anew, else the process's, resolved once.
  static func currentApplication() throws(DirectoryError) -> AppDirectories {
    if let environment = ProcessEnvironment.taskCurrent {
      return try AppDirectories(app: currentApplicationName, environment: environment)
    }
    return try processApplication.get()
  }

  /// The running application's directories in the process's own environment.
  private static let processApplication: Result<AppDirectories, DirectoryError> = Result {
    () throws(DirectoryError) in
    try AppDirectories(app: currentApplicationName, environment: .captured)
  }

  /// The bundle's executable name where there is a bundle, else the executable's file name.
  static var currentApplicationName: String {
    #if canImport(Darwin) && !canImport(FoundationEssentials)
      if let name = Bundle.main.object(forInfoDictionaryKey: "CFBundleExecutable") as? String {
        return name
      }
    #endif
    return ProcessInfo.processInfo.processName
  }
}
