#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension AppDirectories {
  /// The running application's directories, named after its executable.
  static let currentApplication: Result<AppDirectories, DirectoryError> = Result {
    () throws(DirectoryError) in try AppDirectories(app: currentApplicationName)
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
