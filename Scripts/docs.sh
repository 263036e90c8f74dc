#!/usr/bin/env bash
# Builds the DocC documentation of the AppDirectories library into .build/docc, warnings as errors.
# The compiler emits the symbol graphs while it builds the library target (not the tests), with
# extension blocks, so that the FileManager extension gets its own pages; `docc convert` then
# renders them with the catalog. Fails if the output lacks the FileManager extension's members.
# Run from anywhere: `bash Scripts/docs.sh`. Works on a fresh clone; needs only the toolchain.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

catalog="Sources/AppDirectories/AppDirectories.docc"
scratch=".build/docs-build"
graphs="$scratch/symbol-graphs"
output=".build/docc"

# The compiler writes the symbol graphs when it emits the module, which an up-to-date build skips:
# removing the module makes the build emit it again, from the current sources.
rm -rf "$graphs" "$output"
mkdir -p "$graphs"
rm -f "$(swift build --scratch-path "$scratch" --show-bin-path)/Modules/AppDirectories.swiftmodule"

swift build --target AppDirectories --scratch-path "$scratch" \
  -Xswiftc -emit-symbol-graph \
  -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
  -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public \
  -Xswiftc -emit-extension-block-symbols

if [ ! -s "$graphs/AppDirectories.symbols.json" ]; then
  echo "docs: the build emitted no symbol graph for AppDirectories in $graphs" >&2
  exit 1
fi

docc convert "$catalog" \
  --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name AppDirectories \
  --fallback-bundle-identifier org.swift.AppDirectories \
  --output-path "$output" \
  --warnings-as-errors

# The headline API is the FileManager extension: each of these members must have a page of its own
# (under .../foundationessentials/filemanager/ on Linux, .../foundation/filemanager/ elsewhere),
# and the index must list it.
for member in applicationsupportdirectory cachesdirectory 'findorcreatedirectory(_:in:appendingpathcomponent:)'; do
  page="$(find "$output/data/documentation/appdirectories" -path "*/filemanager/$member.json" | head -n 1)"
  if [ -z "$page" ]; then
    echo "docs: no page for FileManager.$member in $output; the extension was not rendered" >&2
    exit 1
  fi
done
for symbol in applicationSupportDirectory findOrCreateDirectory; do
  if ! grep -qF "$symbol" "$output/index/index.json"; then
    echo "docs: $output/index/index.json does not list $symbol" >&2
    exit 1
  fi
done

echo "docs: $output ($(find "$output/data" -name '*.json' | wc -l) pages)"
