#!/usr/bin/env bash
# Scripts/release.sh VERSION: moves the CHANGELOG's [Unreleased] section into a section of
# VERSION dated today, writes VERSION into the tool's --version and the README's dependency
# line, commits, and makes the annotated tag vVERSION. Refuses, changing nothing, when the
# working tree is not clean, VERSION is not X.Y.Z above the current one, the tag exists,
# [Unreleased] is empty, or the three places disagree before the release.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "release: $*" >&2; exit 1; }
[[ $# -eq 1 ]] || fail "usage: Scripts/release.sh VERSION (for example 0.4.0)"
new=$1
[[ $new =~ ^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$ ]] ||
  fail "'$new' is not a version X.Y.Z (numbers without leading zeros)"
[[ -z $(git status --porcelain) ]] || fail "the working tree has changes; commit or stash them first"
git rev-parse -q --verify "refs/tags/v$new" >/dev/null && fail "the tag v$new exists already"

# The three places agree before anything moves; the check of the README's snippets is the
# one the release is there to satisfy, so only the versions are checked here.
old=$(bash Scripts/check-release.sh --version) || fail "the versions disagree before the release"
[[ $(printf '%s\n%s\n' "$old" "$new" | sort -V | tail -1) == "$new" && $old != "$new" ]] ||
  fail "$new is not above the current version $old"
body=$(awk '/^## \[Unreleased\]/{on=1; next} /^## \[/{on=0} on' CHANGELOG.md | grep -v '^[[:space:]]*$' || true)
[[ -n $body ]] || fail "the [Unreleased] section of CHANGELOG.md is empty: nothing to release"

today=$(date -u +%Y-%m-%d)
awk -v v="$new" -v d="$today" '
  /^## \[Unreleased\]/ { print; print ""; print "## [" v "] - " d; next }
  { print }' CHANGELOG.md >CHANGELOG.md.new
mv CHANGELOG.md.new CHANGELOG.md
sed -i "s/\(static let version = \"\)$old\"/\1$new\"/" Sources/appdirs/CommandLineTool.swift
sed -i "s/\(AppDirectories\.git\", from: \"\)$old\"/\1$new\"/" README.md
if ! bash Scripts/check-release.sh; then
  git checkout -- CHANGELOG.md README.md Sources/appdirs/CommandLineTool.swift
  fail "the release would not pass Scripts/check-release.sh; nothing changed"
fi
git commit -q -am "Release $new"
git tag -a "v$new" -m "AppDirectories $new"
echo "release: $new committed and tagged v$new; push main and the tag"
