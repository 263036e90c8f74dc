// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

import AppDirectories

switch Platform.arguments() {
case .success(let arguments):
  Platform.exit(CommandLineTool.run(arguments: arguments, environment: .current))
case .failure(let error):
  Platform.exit(CommandLineTool.usageError(error.message))
}
