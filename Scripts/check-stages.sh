#!/usr/bin/env bash
# Checks the stage boundaries of the sources: Sources/AppDirectoriesCore/Layout/ holds pure path
# tables (no C library, no Foundation file APIs, no system calls), and the appdirs tool leaves
# file-system work to the library (no libc file calls). Comments and string literals are ignored.
# Run from the package root: `bash Scripts/check-stages.sh` (prints path:line: reason, exit 1).
set -euo pipefail

layout_dir="Sources/AppDirectoriesCore/Layout"
tool_dir="Sources/appdirs"

for dir in "$layout_dir" "$tool_dir"; do
  if [ ! -d "$dir" ]; then
    echo "check-stages: $dir not found; run this script from the package root" >&2
    exit 1
  fi
done

# Prints each line of the Swift files given as arguments as "path<TAB>line<TAB>code", where
# code is the line with comments (//, ///, nested /* */) blanked and the contents of string
# literals ("...", """...""", #"..."#) blanked, so that only code is matched.
code_lines() {
  awk '
    function repeat(s, n,    r) { r = ""; while (n-- > 0) r = r s; return r }
    FNR == 1 { depth = 0; instr = 0; hashes = 0 }
    {
      line = $0; n = length(line); out = ""; i = 1
      while (i <= n) {
        c = substr(line, i, 1); c2 = substr(line, i, 2)
        if (depth > 0) {
          if (c2 == "/*") { depth++; out = out "  "; i += 2; continue }
          if (c2 == "*/") { depth--; out = out "  "; i += 2; continue }
          out = out " "; i++; continue
        }
        if (instr > 0) {
          if (hashes == 0 && c == "\\") { out = out "  "; i += 2; continue }
          closing = (instr == 3 ? "\"\"\"" : "\"") repeat("#", hashes)
          if (substr(line, i, length(closing)) == closing) {
            out = out closing; i += length(closing); instr = 0; continue
          }
          out = out " "; i++; continue
        }
        if (c2 == "//") break
        if (c2 == "/*") { depth = 1; out = out "  "; i += 2; continue }
        if (c == "#" && match(substr(line, i), /^#+"/)) {
          hashes = RLENGTH - 1
          out = out repeat("#", hashes); i += hashes; c = "\""
        } else if (c == "\"") {
          hashes = 0
        }
        if (c == "\"") {
          if (substr(line, i, 3) == "\"\"\"") { instr = 3; out = out "\"\"\""; i += 3 }
          else { instr = 1; out = out "\""; i++ }
          continue
        }
        out = out c; i++
      }
      if (instr == 1) instr = 0
      print FILENAME "\t" FNR "\t" out
    }
  ' "$@"
}

# Matches the code lines on standard input against the rules of one stage ("layout" or
# "tool") and prints "path:line: reason" for each line that breaks one.
find_violations() {
  awk -F '\t' -v stage="$1" '
    BEGIN {
      ident = "[A-Za-z0-9_]"
      # A bare call: the name at the start of the line or after a character that cannot be
      # part of an identifier or a member access (so `.status(` and `lstatus(` do not count),
      # or qualified with a C module (`Glibc.stat(`).
      modules = "(Glibc|Musl|Darwin|Android|ucrt|WinSDK|CRT|Foundation|FoundationEssentials|SystemPackage|System)"
      before = "(^|[^A-Za-z0-9_.]|" modules "\\.)"
      if (stage == "layout") {
        ncalls = split("getenv stat lstat open openat readlink access", calls, " ")
        nprefixes = split("mkdir getpwuid", prefixes, " ")
        import_re = "(^|;)[ \t]*(@[A-Za-z_]+(\\([^)]*\\))?[ \t]+)*((public|package|internal|fileprivate|private|open)[ \t]+)?import[ \t]+((typealias|struct|class|enum|protocol|let|var|func)[ \t]+)?" modules "([ \t.;]|$)"
      } else {
        ncalls = split("stat lstat fstat fstatat access readlink mkdir mkdirat open openat opendir unlink rmdir", calls, " ")
        nprefixes = split("getpwuid", prefixes, " ")
        import_re = ""
      }
    }
    {
      path = $1; lineno = $2; code = $3
      reasons = ""
      if (import_re != "" && match(code, import_re)) {
        imported = substr(code, RSTART, RLENGTH)
        sub(/[ \t.;]$/, "", imported)
        sub(/.*[ \t]/, "", imported)
        reasons = reasons "; imports " imported " (Layout/ must not use a C library or Foundation)"
      }
      if (stage == "layout" && code ~ ("(^|[^A-Za-z0-9_])FileManager([^A-Za-z0-9_]|$)"))
        reasons = reasons "; uses FileManager"
      found = ""
      for (k = 1; k <= ncalls; k++)
        if (code ~ (before calls[k] "[ \t]*\\(")) found = found ", " calls[k] "("
      for (k = 1; k <= nprefixes; k++)
        if (code ~ (before prefixes[k] ident "*")) {
          match(code, before prefixes[k] ident "*")
          name = substr(code, RSTART, RLENGTH); sub(/^.*[^A-Za-z0-9_]/, "", name)
          found = found ", " name
        }
      if (stage == "tool" && code ~ "(^|[^A-Za-z0-9_])S_IFMT([^A-Za-z0-9_]|$)")
        found = found ", S_IFMT"
      if (found != "") {
        found = substr(found, 3)
        if (stage == "layout")
          reasons = reasons "; calls " found " (Layout/ must not touch the system)"
        else
          reasons = reasons "; uses libc " found " (file-system work belongs in the AppDirectories library)"
      }
      if (reasons != "") print path ":" lineno ": " substr(reasons, 3)
    }
  '
}

# Lists the Swift files under a directory, recursively, one per line, sorted.
swift_files() {
  find "$1" -type f -name '*.swift' | LC_ALL=C sort
}

violations=0
report=""
for stage in layout tool; do
  if [ "$stage" = layout ]; then dir="$layout_dir"; else dir="$tool_dir"; fi
  mapfile -t files < <(swift_files "$dir")
  [ "${#files[@]}" -gt 0 ] || continue
  found="$(code_lines "${files[@]}" | find_violations "$stage")"
  if [ -n "$found" ]; then
    report+="$found"$'\n'
    violations=$((violations + $(printf '%s\n' "$found" | wc -l)))
  fi
done

if [ "$violations" -gt 0 ]; then
  printf '%s' "$report"
  echo "check-stages: $violations line(s) break the stage rules" >&2
  exit 1
fi
echo "check-stages: $layout_dir and $tool_dir keep to their stages"
