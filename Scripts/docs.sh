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
# The umbrella's graph holds every symbol of the modules it re-exports, so the documentation
# is the one `import AppDirectories` gives; the modules' own graphs would be modules of their
# own beside it.
umbrella="$scratch/umbrella-graphs"
rm -rf "$umbrella"
mkdir -p "$umbrella"
cp "$graphs"/AppDirectories.symbols.json "$graphs"/AppDirectories@*.symbols.json "$umbrella"/

docc convert "$catalog" \
  --additional-symbol-graph-dir "$umbrella" \
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

# Every public type of the library is curated in a Topics group of the module's page: one left out
# falls into DocC's generic "Structures" or "Enumerations" list.
topics=$(sed -n '/^## Topics/,$p' "$catalog/AppDirectories.md")
uncurated=$(grep -rhoE '^ *public (final )?(struct|enum|class|protocol|actor) [A-Za-z][A-Za-z0-9]*' \
  Sources/AppDirectoriesCore Sources/AppDirectoriesMaintenance Sources/AppDirectoriesFiles Sources/AppDirectoriesSandbox \
  --include='*.swift' | awk '{print $NF}' | sort -u |
  while read -r type; do
    page="$output/data/documentation/appdirectories/$(tr '[:upper:]' '[:lower:]' <<<"$type").json"
    [ -f "$page" ] || continue   # a nested type: curated in its parent's page
    grep -qE "^- \`\`(AppDirectories/)?$type\`\`" <<<"$topics" || echo "$type"
  done)
if [ -n "$uncurated" ]; then
  echo "docs: public types no Topics group of $catalog lists:" $uncurated >&2
  exit 1
fi

# The AppDirectories type's page groups every member by what it is for (AppDirectoriesType.md):
# one left out falls into DocC's generic "Instance Methods" or "Instance Properties" list.
generic=$(python3 - "$output/data/documentation/appdirectories/appdirectories.json" <<'PY'
import json, sys
page = json.load(open(sys.argv[1]))
generic = {"Initializers", "Instance Properties", "Instance Methods", "Type Properties",
           "Type Methods", "Operators"}
print(" ".join(sorted({t.get("title", "") for t in page.get("topicSections", [])} & generic)))
PY
)
if [ -n "$generic" ]; then
  echo "docs: the AppDirectories type's page has members in no Topics group: $generic" >&2
  exit 1
fi

# The testing kit's own documentation, from its own symbol graph and catalog.
testing_catalog="Sources/AppDirectoriesTesting/AppDirectoriesTesting.docc"
testing_output=".build/docc-testing"
rm -rf "$testing_output"
rm -f "$(swift build --scratch-path "$scratch" --show-bin-path)/Modules/AppDirectoriesTesting.swiftmodule"
swift build --target AppDirectoriesTesting --scratch-path "$scratch" \
  -Xswiftc -emit-symbol-graph \
  -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
  -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public \
  -Xswiftc -emit-extension-block-symbols
mkdir -p "$scratch/testing-graphs"
rm -f "$scratch/testing-graphs"/*
cp "$graphs"/AppDirectoriesTesting*.symbols.json "$scratch/testing-graphs"/
docc convert "$testing_catalog" \
  --additional-symbol-graph-dir "$scratch/testing-graphs" \
  --fallback-display-name AppDirectoriesTesting \
  --fallback-bundle-identifier org.swift.AppDirectoriesTesting \
  --output-path "$testing_output" \
  --warnings-as-errors
for page in isolatedappdirectoriestrait 'withisolatedappdirectories(app:_:)'; do
  if [ -z "$(find "$testing_output/data/documentation/appdirectoriestesting" -name "$page*.json" | head -n 1)" ]; then
    echo "docs: no page for $page in $testing_output" >&2
    exit 1
  fi
done

echo "docs: $output ($(find "$output/data" -name '*.json' | wc -l) pages), $testing_output ($(find "$testing_output/data" -name '*.json' | wc -l) pages)"
