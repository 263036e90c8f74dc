import AppDirectories

switch Platform.arguments() {
case .success(let arguments):
  Platform.exit(CommandLineTool.run(arguments: arguments, environment: .current))
case .failure(let error):
  Platform.exit(CommandLineTool.usageError(error.message))
}
