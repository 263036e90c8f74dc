// This source file is part of AppDirectories.
// Copyright 2026 The AppDirectories Project Authors.
// Licensed under the Apache License, Version 2.0; see LICENSE and NOTICE.

/// The shell completion scripts printed by `appdirs --generate-completion-script SHELL`,
/// generated from the command table so that they never fall behind the tool.
///
/// Every script completes the commands, each command's options, the choices of options such as
/// `--layout native|xdg`, kind names where a command takes a KIND, command names after `help`,
/// and file names where a command takes a FILE.
enum CompletionScript {
  static let optionName = "--generate-completion-script"
  static let shells = ["bash", "zsh", "fish"]
  static let option = OptionSpec(
    name: optionName, value: .choice(shells, noun: "shell"),
    help: "Print a shell completion script.")

  static func script(forShell shell: String) throws(UsageError) -> String {
    switch shell {
    case "bash": return bash()
    case "zsh": return zsh()
    case "fish": return fish()
    default:
      // The parser has checked the name against `shells`.
      throw UsageError(message: "unknown shell '\(shell)'")
    }
  }

  /// What one position or option value completes to.
  enum Candidates: Equatable {
    case words([String])
    /// The tool's command names (for `help COMMAND`).
    case commandNames
    case files
    case nothing
  }

  /// The completion facts of one command, read from its table entry.
  struct CommandSpec {
    let name: String
    let options: [String]
    let values: [(option: String, candidates: Candidates)]
    let positionals: [Candidates]
  }

  static var specs: [CommandSpec] {
    CommandLineTool.commands.map { command in
      let options = command.options + [CommandLineTool.helpOption]
      return CommandSpec(
        name: command.name,
        options: options.map(\.name),
        values: options.compactMap { option in
          switch option.value {
          case .choice(let words, _): (option.name, .words(words))
          case .name: (option.name, .nothing)
          case nil: nil
          }
        },
        positionals: command.arguments.map(\.completion))
    }
  }

  /// The top level: the commands and the options that stand instead of one.
  static var topLevel: CommandSpec {
    CommandSpec(
      name: "", options: CommandLineTool.topLevelOptionNames,
      values: [(optionName, .words(shells))],
      positionals: [.words(CommandLineTool.commands.map(\.name))])
  }

  // MARK: - POSIX core shared by bash and zsh

  /// A POSIX shell function that prints the candidates for the last of its arguments, one a
  /// line, or `:files` when file names fit.
  static func posixCore() -> String {
    var text = """
      # Prints the candidates for the last argument, one a line, given the words after 'appdirs'.
      _appdirs_candidates() {
        local command="" position=0 skip="" prev="" word
        while [ $# -gt 1 ]; do
          word=$1
          shift
          if [ -n "$skip" ]; then
            skip=""
          elif [ -z "$command" ]; then
            case $word in
              \(topLevel.values.map(\.option).joined(separator: "|"))) skip=1 ;;
              -*) ;;
              *) command=$word ;;
            esac
          else
            case $command:$word in

      """
    for spec in specs where !spec.values.isEmpty {
      let pattern = spec.values.map { "\(spec.name):\($0.option)" }.joined(separator: "|")
      text += "        \(pattern)) skip=1 ;;\n"
    }
    text += """
              *:-*) ;;
              *) position=$((position + 1)) ;;
            esac
          fi
          prev=$word
        done
        case $command in

      """
    for spec in [topLevel] + specs {
      text += "    \(spec.name.isEmpty ? "''" : spec.name))\n"
      text += posixBranch(spec)
      text += "      ;;\n"
    }
    text += """
          *) ;;
        esac
      }

      """
    return text
  }

  private static func posixBranch(_ spec: CommandSpec) -> String {
    var text = "      if [ -n \"$skip\" ]; then\n        case $prev in\n"
    for (option, candidates) in spec.values {
      text += "          \(option)) \(posixPrint(candidates)) ;;\n"
    }
    text += "        esac\n        return\n      fi\n"
    text += "      case $1 in -*) \(posixPrint(.words(spec.options))); return ;; esac\n"
    if !spec.positionals.isEmpty {
      text += "      case $position in\n"
      for (index, candidates) in spec.positionals.enumerated() {
        text += "        \(index)) \(posixPrint(candidates)) ;;\n"
      }
      text += "      esac\n"
    }
    return text
  }

  private static func posixPrint(_ candidates: Candidates) -> String {
    switch candidates {
    case .words(let words): "printf '%s\\n' \(words.joined(separator: " "))"
    case .commandNames: posixPrint(.words(CommandLineTool.commands.map(\.name)))
    case .files: "echo :files"
    case .nothing: ":"
    }
  }

  // MARK: - bash

  static func bash() -> String {
    """
    # bash completion for appdirs.
    # Load it now:     source <(appdirs --generate-completion-script bash)
    # Or for good:     appdirs --generate-completion-script bash > ~/.local/share/bash-completion/completions/appdirs

    """ + posixCore() + """

      _appdirs() {
        local cur=${COMP_WORDS[COMP_CWORD]} candidates
        candidates=$(_appdirs_candidates "${COMP_WORDS[@]:1:COMP_CWORD}")
        if [ "$candidates" = :files ]; then
          COMPREPLY=($(compgen -f -- "$cur"))
        else
          COMPREPLY=($(compgen -W "$candidates" -- "$cur"))
        fi
      }

      complete -F _appdirs appdirs

      """
  }

  // MARK: - zsh

  static func zsh() -> String {
    """
    #compdef appdirs
    # zsh completion for appdirs.
    # Install:  appdirs --generate-completion-script zsh > ~/.zfunc/_appdirs
    #           and in ~/.zshrc, before compinit: fpath=(~/.zfunc $fpath)

    """ + posixCore() + """

      _appdirs() {
        local candidates
        candidates=$(_appdirs_candidates "${(@)words[2,CURRENT]}")
        if [[ $candidates == :files ]]; then
          _files
        else
          compadd -- ${(f)candidates}
        fi
      }

      if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
        _appdirs "$@"
      else
        compdef _appdirs appdirs
      fi

      """
  }

  // MARK: - fish

  static func fish() -> String {
    var text = """
      # fish completion for appdirs.
      # Install:  appdirs --generate-completion-script fish > ~/.config/fish/completions/appdirs.fish

      function __appdirs_candidates
          set -l command ''
          set -l position 0
          set -l skip ''
          set -l prev ''
          for word in (commandline -opc)[2..-1]
              if test -n "$skip"
                  set skip ''
              else if test -z "$command"
                  if contains -- $word \(topLevel.values.map(\.option).joined(separator: " "))
                      set skip 1
                  else if not string match -q -- '-*' $word
                      set command $word
                  end
              else if contains -- "$command:$word" \(fishValuedPairs())
                  set skip 1
              else if not string match -q -- '-*' $word
                  set position (math $position + 1)
              end
              set prev $word
          end
          set -l current (commandline -ct)
          switch $command

      """
    for spec in [topLevel] + specs {
      text += "        case \(spec.name.isEmpty ? "''" : spec.name)\n"
      text += "            if test -n \"$skip\"\n                switch $prev\n"
      for (option, candidates) in spec.values {
        text +=
          "                    case \(option)\n                        \(fishPrint(candidates))\n"
      }
      text += "                end\n                return\n            end\n"
      text += "            if string match -q -- '-*' $current\n"
      text +=
        "                \(fishPrint(.words(spec.options)))\n                return\n            end\n"
      if !spec.positionals.isEmpty {
        text += "            switch $position\n"
        for (index, candidates) in spec.positionals.enumerated() {
          text += "                case \(index)\n                    \(fishPrint(candidates))\n"
        }
        text += "            end\n"
      }
    }
    text += """
          end
      end

      complete -c appdirs -f -a '(__appdirs_candidates)'

      """
    return text
  }

  private static func fishValuedPairs() -> String {
    specs.flatMap { spec in spec.values.map { "\(spec.name):\($0.option)" } }.joined(
      separator: " ")
  }

  private static func fishPrint(_ candidates: Candidates) -> String {
    switch candidates {
    case .words(let words): "printf '%s\\n' \(words.joined(separator: " "))"
    case .commandNames: fishPrint(.words(CommandLineTool.commands.map(\.name)))
    case .files: "__fish_complete_path $current"
    case .nothing: "true"
    }
  }
}
