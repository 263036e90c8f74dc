// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// swift-tools-version: 6.0
// A package that depends on AppDirectories as its users' packages do, for an end-to-end test
// of the testing kit: `Scripts/client-package.sh` copies it beside a link to the package and
// runs its tests.
import PackageDescription

let package = Package(
  name: "ClientPackage",
  dependencies: [.package(path: "../AppDirectories")],
  targets: [
    // How users catch the library's errors: built with no warning allowed.
    .executableTarget(
      name: "CatchAtTopLevel",
      dependencies: [.product(name: "AppDirectories", package: "AppDirectories")]),
    .executableTarget(
      name: "CatchInFunction",
      dependencies: [.product(name: "AppDirectoriesCore", package: "AppDirectories")]
    ),
    .testTarget(
      name: "ClientTests",
      dependencies: [
        .product(name: "AppDirectories", package: "AppDirectories"),
        .product(name: "AppDirectoriesTesting", package: "AppDirectories"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
