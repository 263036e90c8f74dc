// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

// The whole API under one name: the directories (AppDirectoriesCore), their upkeep
// (AppDirectoriesMaintenance), the files in them (AppDirectoriesFiles) and the sandbox grants
// and self-confinement (AppDirectoriesSandbox). A program that only finds its directories can
// depend on AppDirectoriesCore alone and compile nothing else.
@_exported public import AppDirectoriesCore
@_exported public import AppDirectoriesFiles
@_exported public import AppDirectoriesMaintenance
@_exported public import AppDirectoriesSandbox
