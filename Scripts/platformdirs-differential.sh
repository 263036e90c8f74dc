#!/usr/bin/env bash
# Compares the Linux paths of appdirs with those of Python's platformdirs: makes a virtual
# environment in a temporary directory, installs the newest platformdirs from PyPI into it (and
# fails if it cannot), and runs Scripts/platformdirs-differential.py against the tool. Run as root,
# it runs the comparison a second time as the unprivileged user 65534, from a copy of the tool and
# the script that this user can reach. Exit status 1 when either run finds a difference it does
# not expect, or misses one it does.
# Run: bash Scripts/platformdirs-differential.sh [path-to-appdirs]
# (default: $(swift build --show-bin-path)/appdirs).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

fail() { echo "platformdirs-differential: $*" >&2; exit 1; }

binary="${1:-$(swift build --show-bin-path)/appdirs}"
[ -f "$binary" ] && [ -x "$binary" ] || fail "no executable at $binary (build it with 'swift build' first)"
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
# Debian's python3, not the first one on PATH, which may be another.
python=/usr/bin/python3
[ -x "$python" ] || python=python3

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$python" -m venv "$work/venv" >/dev/null \
  || fail "'$python -m venv' failed (on Debian: apt-get install python3-venv)"
PIP_DISABLE_PIP_VERSION_CHECK=1 "$work/venv/bin/pip" install --quiet --no-cache-dir platformdirs \
  || fail "pip could not install platformdirs from PyPI"
echo "platformdirs $("$work/venv/bin/python" -c 'import platformdirs; print(platformdirs.__version__)')"

status=0
echo "== as uid $(id -u)"
"$work/venv/bin/python" Scripts/platformdirs-differential.py "$binary" || status=1

if [ "$(id -u)" -eq 0 ]; then
  user=65534
  command -v setpriv >/dev/null 2>&1 || fail "setpriv is needed to run as user $user (apt-get install util-linux)"
  # A clone in a private folder is one that user cannot enter: what the run needs is copied out.
  mkdir "$work/bin"
  cp "$binary" Scripts/platformdirs-differential.py "$work/bin/"
  chmod -R go+rX "$work"
  echo "== as uid $user"
  (cd "$work" && setpriv --reuid="$user" --regid="$user" --clear-groups \
    env -i PATH=/usr/bin:/bin LANG=C.UTF-8 \
    "$work/venv/bin/python" "$work/bin/platformdirs-differential.py" "$work/bin/$(basename "$binary")") \
    || status=1
fi
exit "$status"
