import AppDirectories

let code = CommandLineTool.run(
  arguments: Array(CommandLine.arguments.dropFirst()), environment: .current)
Platform.exit(code)
