// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// The Windows Known Folders the library uses, with their `KNOWNFOLDERID`s and the fallbacks
/// used when `SHGetKnownFolderPath` has no answer (or on another host, in previews and tests).
enum WindowsKnownFolder: String, Sendable, Hashable, CaseIterable {
  case profile = "Profile"
  case roamingAppData = "RoamingAppData"
  case localAppData = "LocalAppData"
  case documents = "Documents"
  case downloads = "Downloads"
  case desktop = "Desktop"
  case music = "Music"
  case pictures = "Pictures"
  case videos = "Videos"
  case templates = "Templates"
  case `public` = "Public"
  case programData = "ProgramData"

  /// Where the folder is when the system does not say.
  enum Fallback: Sendable, Hashable {
    /// Nowhere: without it there is no home directory.
    case none
    /// A path inside another known folder.
    case inside(WindowsKnownFolder, [String])
    /// A folder next to the user's profile (`C:\Users\Public`).
    case besideProfile(String)
    /// A folder at the root of the system's drive (`%SystemDrive%`, else `C:`).
    case onSystemDrive(String)
  }

  /// The `KNOWNFOLDERID`, as Microsoft's table writes it.
  var identifier: String {
    switch self {
    case .profile: "5E6C858F-0E22-4760-9AFE-EA3317B67173"
    case .roamingAppData: "3EB685DB-65F9-4CF6-A03A-E3EF65729F3D"
    case .localAppData: "F1B32785-6FBA-4FCF-9D55-7B8E7F157091"
    case .documents: "FDD39AD0-238F-46AF-ADB4-6C85480369C7"
    case .downloads: "374DE290-123F-4565-9164-39C4925E467B"
    case .desktop: "B4BFCC3A-DB2C-424C-B029-7FE99A87C641"
    case .music: "4BD8D571-6D19-48D3-BE97-422220080E43"
    case .pictures: "33E28130-4E1E-4676-835A-98395C3BC3BB"
    case .videos: "18989B1D-99B5-455B-841C-AB7C74E4DDFC"
    case .templates: "A63293E8-664E-48DB-A079-DF759E0509F7"
    case .public: "DFDF76A2-C82A-4D63-906A-5644AC457385"
    case .programData: "62AB5D82-FDC1-4DC3-A9DD-070D1D495D97"
    }
  }

  /// The environment variable that holds the folder, checked after the Known Folder.
  var variable: String? {
    switch self {
    case .profile: "USERPROFILE"
    case .roamingAppData: "APPDATA"
    case .localAppData: "LOCALAPPDATA"
    case .public: "PUBLIC"
    case .programData: "ProgramData"
    default: nil
    }
  }

  /// Where the folder is by default, relative to the others.
  var fallback: Fallback {
    switch self {
    case .profile: .none
    case .roamingAppData: .inside(.profile, ["AppData", "Roaming"])
    case .localAppData: .inside(.profile, ["AppData", "Local"])
    case .templates: .inside(.roamingAppData, ["Microsoft", "Windows", "Templates"])
    case .public: .besideProfile("Public")
    case .programData: .onSystemDrive("ProgramData")
    case .documents, .downloads, .desktop, .music, .pictures, .videos: .inside(.profile, [rawValue])
    }
  }

  /// The identifier's fields, as the `GUID` structure holds them.
  var guidFields: (data1: UInt32, data2: UInt16, data3: UInt16, data4: [UInt8]) {
    let hex = identifier.filter { $0 != "-" }
    func number(_ offset: Int, _ length: Int) -> UInt64 {
      let start = hex.index(hex.startIndex, offsetBy: offset)
      // The identifiers are the constants of this file, all hexadecimal.
      return UInt64(hex[start..<hex.index(start, offsetBy: length)], radix: 16) ?? 0
    }
    return (
      UInt32(number(0, 8)), UInt16(number(8, 4)), UInt16(number(12, 4)),
      (0..<8).map { UInt8(number(16 + 2 * $0, 2)) }
    )
  }
}
