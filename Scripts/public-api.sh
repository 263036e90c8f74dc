#!/usr/bin/env bash
# Counts the public API of each library product from the compiler's symbol graphs, with the
# FoundationAPI trait and without it (`traits: []`): its members (properties, methods,
# initializers, operators, static or not; those the compiler synthesizes, such as `==` and
# `hash(into:)`, left out), and beside them its types and enumeration cases. Prints a table;
# the CHANGELOG quotes it.
# Run from anywhere: `bash Scripts/public-api.sh`. Needs only the toolchain.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

modules=(AppDirectoriesCore AppDirectoriesMaintenance AppDirectoriesFiles AppDirectoriesSandbox AppDirectoriesTesting)
count() {
  local label=$1 name=$2
  shift 2
  local scratch=".build/public-api-$name" graphs
  graphs="$scratch/graphs"
  rm -rf "$graphs"
  mkdir -p "$graphs"
  for module in "${modules[@]}"; do
    # The module is emitted again, with its graph, when its old one is gone.
    rm -f "$(swift build --scratch-path "$scratch" --show-bin-path "$@")/Modules/$module.swiftmodule"
  done
  for module in "${modules[@]}"; do
    swift build --target "$module" --scratch-path "$scratch" "$@" \
      -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
      -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public \
      -Xswiftc -symbol-graph-skip-synthesized-members >/dev/null
  done
  python3 - "$graphs" "$label" "${modules[@]}" <<'PY'
import glob, json, os, sys
graphs, label, modules = sys.argv[1], sys.argv[2], sys.argv[3:]
types = {"swift.struct", "swift.enum", "swift.class", "swift.protocol", "swift.typealias", "swift.actor"}
totals, library = [0, 0, 0], [0, 0, 0]
for module in modules:
    kinds = {}
    # The module's own graph and those of its extensions to other modules' types.
    for path in [f"{graphs}/{module}.symbols.json", *glob.glob(f"{graphs}/{module}@*.symbols.json")]:
        if os.path.exists(path):
            for symbol in json.load(open(path))["symbols"]:
                kinds[symbol["identifier"]["precise"]] = symbol["kind"]["identifier"]
    cases = sum(kind == "swift.enum.case" for kind in kinds.values())
    typed = sum(kind in types for kind in kinds.values())
    counts = [len(kinds) - cases - typed, typed, cases]
    totals = [a + b for a, b in zip(totals, counts)]
    if module != "AppDirectoriesTesting":
        library = [a + b for a, b in zip(library, counts)]
    print(f"{label:<12} {module:<27} {counts[0]:>7} {counts[1]:>5} {counts[2]:>5}")
print(f"{label:<12} {'the library (the three)':<27} {library[0]:>7} {library[1]:>5} {library[2]:>5}")
print(f"{label:<12} {'with the testing kit':<27} {totals[0]:>7} {totals[1]:>5} {totals[2]:>5}")
PY
}

printf '%-12s %-27s %7s %5s %5s\n' traits module members types cases
count FoundationAPI trait
count "traits: []" no-traits --disable-default-traits
