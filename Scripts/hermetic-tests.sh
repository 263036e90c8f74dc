#!/usr/bin/env bash
# Runs the built tests as root in a private mount namespace whose /tmp is a fresh tmpfs seeded with
# hostile runtime directories, with an empty HOME and no TMPDIR; fails if the run leaves anything in
# HOME or /tmp or changes the seeds. Run: bash Scripts/hermetic-tests.sh [-- extra swift test args]
# HERMETIC_COMMAND='shell command' replaces the test command, for trying the harness itself.
# The tests must be built first (swift build --build-tests).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

if [ "$(id -u)" -ne 0 ]; then
  echo "hermetic-tests: must run as root (it mounts a tmpfs on /tmp in a private mount namespace)" >&2
  exit 1
fi
if ! command -v unshare >/dev/null 2>&1; then
  echo "hermetic-tests: unshare (util-linux) is not installed" >&2
  exit 1
fi
if [ "${1:-}" = "--" ]; then shift; fi

package="$(pwd -P)"
# A package under /tmp (a clone made there) is bound into the namespace's fresh /tmp at the same
# path, and that one folder is left out of the checks.
kept=""
case "$package/" in
  /tmp/*)
    kept="/tmp/$(echo "${package#/tmp/}" | cut -d/ -f1)"
    ;;
esac

# The test run's home: fresh and empty, outside /tmp so that it can be checked afterwards.
home="$package/.build/hermetic-home"
rm -rf "$home"
mkdir -p "$home"
# SwiftPM's own caches and configuration, kept out of the test run's home.
swiftpm_state="$package/.build/hermetic-swiftpm"
mkdir -p "$swiftpm_state"

# By default the built test binary runs directly: SwiftPM itself keeps caches in HOME and
# locks in /tmp, which would hide what the tests leave. HERMETIC_SWIFTPM=1 runs
# `swift test --skip-build` instead, with SwiftPM's own files allowed.
if [ -z "${HERMETIC_COMMAND:-}" ] && [ -z "${HERMETIC_SWIFTPM:-}" ]; then
  tests="$(swift build --show-bin-path)/AppDirectoriesPackageTests.xctest"
  [ -x "$tests" ] || { echo "hermetic-tests: build the tests first (swift build --build-tests)" >&2; exit 1; }
  HERMETIC_COMMAND="'$tests' --testing-library swift-testing --parallel $*"
fi
if [ -n "${HERMETIC_COMMAND:-}" ]; then
  mode=command
  echo "== hermetic run of: $HERMETIC_COMMAND"
else
  mode=swiftpm
  echo "== hermetic run of: swift test --skip-build --parallel $*"
fi

# The objects seeded into the namespace's /tmp. A tool running as root that trusts them would
# use a directory that is not private to it, or follow a link out of /tmp.
seed_tmp() {
  # Not nosuid: a test runs a set-user-ID copy of the tool from its root in /tmp.
  mount -t tmpfs -o mode=1777,nodev hermetic-tmp /tmp
  mkdir /tmp/runtime-0
  chmod 0755 /tmp/runtime-0
  mkdir /tmp/runtime-1000
  chown 1000:1000 /tmp/runtime-1000
  chmod 0755 /tmp/runtime-1000
  ln -s /etc /tmp/runtime-1500
}

# One line per seeded object: path, type, owner, mode and link target.
seeded_state() {
  local path
  for path in /tmp/runtime-0 /tmp/runtime-1000 /tmp/runtime-1500; do
    if [ -L "$path" ] || [ -e "$path" ]; then
      if [ -L "$path" ]; then
        echo "$(stat -c '%n: %F, owner %u:%g, mode %a' "$path") -> $(readlink "$path")"
      else
        stat -c '%n: %F, owner %u:%g, mode %a' "$path"
      fi
    else
      echo "$path: missing"
    fi
  done
}

# Whether a path that the run left in /tmp is SwiftPM's own: its lock files (the locked path
# with / turned into _, plus .lock) and TSC's TemporaryDirectory.* directories.
is_swiftpm_tmp_file() {
  case "$1" in
    /tmp/TemporaryDirectory.*) return 0 ;;
    /tmp/_*.lock) [[ "$1" != /tmp/*/* ]] && [ -f "$1" ] && [ ! -L "$1" ] ;;
    *) return 1 ;;
  esac
}

# Runs in the namespace: seeds /tmp, runs the tests, and checks /tmp and the seeds before the
# namespace (and its /tmp) goes away. Exits 1 on a violation, or with the tests' status.
inside_namespace() {
  set -euo pipefail
  local mode="$HERMETIC_MODE" home="$HERMETIC_HOME" swiftpm_state="$HERMETIC_SWIFTPM_STATE"
  local command="${HERMETIC_COMMAND:-}" kept="${HERMETIC_KEPT:-}"
  if [ -n "$kept" ]; then
    mkdir -p /run/hermetic-host-tmp
    mount --bind /tmp /run/hermetic-host-tmp
  fi
  seed_tmp
  if [ -n "$kept" ]; then
    mkdir -p "$kept"
    mount --bind "/run/hermetic-host-tmp/${kept#/tmp/}" "$kept"
  fi
  local before etc_before status=0 violations=0
  before="$(seeded_state)"
  etc_before="$(ls -A /etc)"

  # The test run sees only the empty home and no temporary or XDG directory of the real system.
  local unset_args=(-u TMPDIR -u TMP -u TEMP) name
  for name in $(compgen -e); do
    case "$name" in XDG_* | HERMETIC_*) unset_args+=(-u "$name") ;; esac
  done
  if [ "$mode" = command ]; then
    env "${unset_args[@]}" HOME="$home" bash -c "$command" || status=$?
  else
    env "${unset_args[@]}" HOME="$home" swift test --skip-build --parallel \
      --cache-path "$swiftpm_state/cache" --config-path "$swiftpm_state/config" \
      --security-path "$swiftpm_state/security" --manifest-cache local "$@" || status=$?
  fi
  echo "== test command exited with status $status"

  local left=() ignored=0 path
  while IFS= read -r path; do
    if [ "$mode" = swiftpm ] && is_swiftpm_tmp_file "$path"; then
      ignored=$((ignored + 1))
    else
      left+=("$path")
    fi
  done < <(find /tmp -mindepth 1 ! -path /tmp/runtime-0 ! -path /tmp/runtime-1000 \
    ! -path /tmp/runtime-1500 ! -path "${kept:-/nonexistent}" ! -path "${kept:-/nonexistent}/*" \
    | LC_ALL=C sort)
  if [ "$ignored" -gt 0 ]; then
    echo "   (not counted: $ignored lock and temporary file(s) of SwiftPM itself in /tmp)"
  fi
  if [ "${#left[@]}" -gt 0 ]; then
    echo "FAIL: the run left ${#left[@]} object(s) in /tmp besides the seeded ones:"
    for path in "${left[@]}"; do
      echo "    $(stat -c '%n (%F, owner %u:%g, mode %a)' "$path")"
    done
    violations=$((violations + 1))
  fi

  local after
  after="$(seeded_state)"
  if [ "$after" != "$before" ]; then
    echo "FAIL: the seeded objects in /tmp changed:"
    diff <(printf '%s\n' "$before") <(printf '%s\n' "$after") | sed -n 's/^</    before:/p; s/^>/    after: /p'
    violations=$((violations + 1))
  fi

  local etc_new
  etc_new="$(LC_ALL=C comm -13 <(printf '%s\n' "$etc_before" | LC_ALL=C sort) \
    <(ls -A /etc | LC_ALL=C sort))"
  if [ -n "$etc_new" ]; then
    echo "FAIL: new entries in /etc (written through /tmp/runtime-1500?):"
    printf '%s\n' "$etc_new" | sed 's|^|    /etc/|'
    violations=$((violations + 1))
  fi

  if [ "$violations" -gt 0 ]; then exit 1; fi
  exit "$status"
}

# Whether a path that the run left in the home is SwiftPM's or the toolchain's own (its
# caches, the manifest's module cache, Foundation's URL cache), relative to the home.
is_swiftpm_home_file() {
  case "$1" in
    .swiftpm | .swiftpm/* | .cache/clang | .cache/clang/* | .cache/org.swift.swiftpm | \
      .cache/org.swift.swiftpm/* | .cache/org.swift.foundation.URLCache | \
      .cache/org.swift.foundation.URLCache/*)
      return 0
      ;;
    .local/share/bin) [ -d "$home/$1" ] && [ -z "$(ls -A "$home/$1")" ] ;;
    # Their parents, when something is in them (anything else in them is reported).
    .cache | .local | .local/share) [ -d "$home/$1" ] && [ -n "$(ls -A "$home/$1")" ] ;;
    *) return 1 ;;
  esac
}

status=0
HERMETIC_KEPT="$kept" HERMETIC_HOME="$home" HERMETIC_MODE="$mode" HERMETIC_SWIFTPM_STATE="$swiftpm_state" \
  HERMETIC_COMMAND="${HERMETIC_COMMAND:-}" unshare --mount --propagation private bash -c \
  "$(declare -f seed_tmp seeded_state is_swiftpm_tmp_file inside_namespace); inside_namespace \"\$@\"" \
  hermetic-tests "$@" || status=$?

home_left=()
home_ignored=0
while IFS= read -r path; do
  relative="${path#"$home"/}"
  if [ "$mode" = swiftpm ] && is_swiftpm_home_file "$relative"; then
    home_ignored=$((home_ignored + 1))
  else
    home_left+=("$path")
  fi
done < <(find "$home" -mindepth 1 | LC_ALL=C sort)
if [ "$home_ignored" -gt 0 ]; then
  echo "   (not counted: $home_ignored file(s) of SwiftPM and the toolchain in HOME)"
fi
if [ "${#home_left[@]}" -gt 0 ]; then
  echo "FAIL: HOME ($home) is no longer empty:"
  for path in "${home_left[@]}"; do
    echo "    $(stat -c '%n (%F, owner %u:%g, mode %a)' "$path")"
  done
  status=1
fi

if [ "$status" -eq 0 ]; then
  echo "hermetic-tests: passed; HOME and /tmp are as they were"
else
  echo "hermetic-tests: failed (status $status)" >&2
fi
exit "$status"
