#!/usr/bin/env bash
# Traces appdirs with strace in an empty environment and checks its system calls: previews of
# other platforms touch no path beyond what `--version` touches, path and list commands never
# read the password database or ask nscd, and `path data` without --create writes nothing.
# Run from the package root: `bash Scripts/check-system-calls.sh [path-to-appdirs]` (needs strace).
set -euo pipefail

if ! command -v strace >/dev/null 2>&1; then
  echo "check-system-calls: strace is not installed (apt-get install strace)" >&2
  exit 1
fi

binary="${1:-.build/debug/appdirs}"
if [ ! -x "$binary" ] || [ -d "$binary" ]; then
  echo "check-system-calls: no executable at $binary (build it with 'swift build' first)" >&2
  exit 1
fi
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
if ! command -v python3 >/dev/null 2>&1; then
  echo "check-system-calls: python3 is needed to read the traces" >&2
  exit 1
fi

ROOT="$(mktemp -d)"
trap 'rm -rf "$ROOT"' EXIT
mkdir "$ROOT/home" "$ROOT/tmp" "$ROOT/traces"

# Reads the strace files of one run (trace.<pid> in the directory given) and prints, by mode:
#   paths      one "syscall path" line per file-system call that names a path (sorted, unique)
#   passwd     each call that opens or stats the user and group databases or connects to nscd
#   writes     each call that changes the file system or writes to a descriptor other than 1, 2
# The temporary root is printed as $ROOT.
read_trace='
import glob, os, re, sys

mode, directory, root = sys.argv[1], sys.argv[2], sys.argv[3]
call_re = re.compile(r"^(\w+)\((.*)\)\s+=\s+(.*)$")
string_re = re.compile(r"\"((?:[^\"\\\\]|\\\\.)*)\"")
first_arg_re = re.compile(r"^\s*(AT_FDCWD|-?\d+)(?:<([^>]*)>)?")

# Calls whose first string argument is a path (the *at ones take a directory descriptor first).
path_calls = set("""
  open creat stat lstat stat64 lstat64 access readlink mkdir rmdir unlink chdir chmod chown lchown
  truncate execve statfs mknod utime utimes getxattr lgetxattr listxattr llistxattr setxattr
  lsetxattr removexattr lremovexattr chroot uselib swapon acct mount umount2 pivot_root
  openat openat2 newfstatat fstatat64 statx faccessat faccessat2 readlinkat mkdirat unlinkat
  fchmodat fchmodat2 fchownat utimensat futimesat mknodat execveat name_to_handle_at
  inotify_add_watch fanotify_mark
""".split())
# Calls that name two paths.
two_path_calls = set("rename renameat renameat2 link linkat symlink symlinkat".split())
# Calls on a directory descriptor that read the directory.
directory_calls = set("getdents getdents64".split())

write_calls = set("""
  mkdir mkdirat rmdir unlink unlinkat rename renameat renameat2 chmod fchmod fchmodat fchmodat2
  chown fchown lchown fchownat symlink symlinkat link linkat truncate ftruncate creat mknod mknodat
""".split())
open_calls = set("open openat openat2 open_by_handle_at".split())
fd_write_calls = set("write pwrite64 writev pwritev pwritev2".split())

passwd_paths = {"/etc/passwd", "/etc/nsswitch.conf", "/etc/group"}
nscd_sockets = {"/var/run/nscd/socket", "/run/nscd/socket"}

def show(text):
    text = text.replace(root, "$ROOT")
    return re.sub(r"/proc/\d+/", "/proc/<pid>/", text)

def short(name, args, result, limit=160):
    args = args if len(args) <= limit else args[:limit] + "..."
    return show(f"{name}({args}) = {result}")

def paths_of(name, args):
    """The paths a call names, made absolute with its directory descriptor, or []."""
    strings = string_re.findall(args)
    first = first_arg_re.match(args)
    base = first.group(2) if first and first.group(2) else None
    if name in directory_calls:
        return [base] if base else []
    if name in two_path_calls:
        found = strings[:2]
    elif name in path_calls:
        found = strings[:1]
    else:
        return []
    paths = []
    for path in found:
        if path == "":
            continue  # AT_EMPTY_PATH: a call on the descriptor alone
        if not path.startswith("/") and base:
            path = os.path.join(base, path)
        paths.append(path)
    return paths

def calls():
    for file in sorted(glob.glob(os.path.join(directory, "trace.*"))):
        with open(file, errors="replace") as handle:
            for line in handle:
                match = call_re.match(line.rstrip("\n"))
                if match:
                    yield match.groups()

if mode == "paths":
    seen = set()
    for name, args, result in calls():
        for path in paths_of(name, args):
            seen.add(show(f"{name} {path}"))
    for entry in sorted(seen):
        print(entry)
elif mode == "passwd":
    for name, args, result in calls():
        if any(path in passwd_paths for path in paths_of(name, args)):
            print(short(name, args, result))
        elif name == "connect":
            socket = re.search(r"sun_path=\"((?:[^\"\\\\]|\\\\.)*)\"", args)
            if socket and socket.group(1) in nscd_sockets:
                print(short(name, args, result))
elif mode == "writes":
    for name, args, result in calls():
        bare = string_re.sub("\"\"", args)
        if name in write_calls:
            print(short(name, args, result))
        elif name in open_calls and re.search(r"\bO_(WRONLY|RDWR|CREAT)\b", bare):
            print(short(name, args, result))
        elif name in fd_write_calls:
            first = first_arg_re.match(args)
            if not first or first.group(1) not in ("1", "2"):
                print(short(name, args, result))
else:
    sys.exit(f"unknown mode {mode}")
'

failures=0

# Runs appdirs with the arguments given under strace, in the empty environment, with its
# traces in $ROOT/traces/<n>/ and the directory's name in $run. Fails the check when the
# command itself fails.
runs=0
trace_run() {
  runs=$((runs + 1))
  run="$ROOT/traces/$runs"
  mkdir "$run"
  local status=0
  (
    cd "$ROOT"
    env -i HOME="$ROOT/home" TMPDIR="$ROOT/tmp" PATH=/usr/bin:/bin \
      strace -qq -ff -y -s 256 -o "$run/trace" -e trace=%file,%desc,%network,write \
      "$binary" "$@" </dev/null >"$run/stdout" 2>"$run/stderr"
  ) || status=$?
  if [ "$status" -ne 0 ]; then
    echo "FAIL appdirs $*: exited with status $status under strace:"
    sed 's/^/    /' "$run/stderr" | head -5
    failures=$((failures + 1))
    return 1
  fi
}

trace_reader() {
  python3 -c "$read_trace" "$1" "$2" "$ROOT"
}

echo "== a. previews of other platforms touch only the paths that --version touches"
trace_run --version || exit 1
trace_reader paths "$run" >"$ROOT/version-paths"
for platform in windows macos linux; do
  for app in "" "--app ExampleApp"; do
    # shellcheck disable=SC2086
    set -- list --platform "$platform" $app
    trace_run "$@" || continue
    trace_reader paths "$run" >"$run/paths"
    extra="$(LC_ALL=C comm -13 <(LC_ALL=C sort -u "$ROOT/version-paths") <(LC_ALL=C sort -u "$run/paths"))"
    if [ -n "$extra" ]; then
      echo "FAIL appdirs $*: file-system calls that appdirs --version does not make:"
      printf '%s\n' "$extra" | sed 's/^/    /'
      failures=$((failures + 1))
    else
      echo "ok   appdirs $*"
    fi
  done
done

echo "== b. no look at /etc/passwd, /etc/group, /etc/nsswitch.conf, and no connection to nscd"
for command in "path cache" "path cache --app ExampleApp" "list --json" \
  "list --json --app ExampleApp" "path documents"; do
  # shellcheck disable=SC2086
  set -- $command
  trace_run "$@" || continue
  found="$(trace_reader passwd "$run")"
  if [ -n "$found" ]; then
    echo "FAIL appdirs $*: reads the user database or asks nscd:"
    printf '%s\n' "$found" | sed 's/^/    /'
    failures=$((failures + 1))
  else
    echo "ok   appdirs $*"
  fi
done

echo "== c. path data without --create changes nothing"
for command in "path data" "path data --app ExampleApp"; do
  # shellcheck disable=SC2086
  set -- $command
  trace_run "$@" || continue
  found="$(trace_reader writes "$run")"
  if [ -n "$found" ]; then
    echo "FAIL appdirs $*: write-type calls:"
    printf '%s\n' "$found" | sed 's/^/    /'
    failures=$((failures + 1))
  else
    echo "ok   appdirs $*"
  fi
done

echo "== d. the steady state of path --create: one call on the directory, the user ID from the capture only"
for kind in data config state; do
  made="$(cd "$ROOT" && env -i HOME="$ROOT/home" TMPDIR="$ROOT/tmp" PATH=/usr/bin:/bin \
    "$binary" path "$kind" --app ExampleApp --create)"
  trace="$ROOT/traces/steady-$kind"
  (cd "$ROOT" && env -i HOME="$ROOT/home" TMPDIR="$ROOT/tmp" PATH=/usr/bin:/bin \
    strace -qq -s 256 -o "$trace" -e trace=%file,geteuid \
    "$binary" path "$kind" --app ExampleApp --create >/dev/null)
  on_directory="$(grep -c -F "\"$made" "$trace" || true)"
  user_ids="$(grep -c '^geteuid(' "$trace" || true)"
  if [ "$on_directory" -ne 1 ] || [ "$user_ids" -ne 1 ]; then
    echo "FAIL appdirs path $kind --app ExampleApp --create: $on_directory calls on $made, $user_ids geteuid:"
    grep -F -e "$made" -e geteuid "$trace" | sed 's/^/    /'
    failures=$((failures + 1))
  else
    echo "ok   appdirs path $kind --app ExampleApp --create (one call on the directory, one geteuid)"
  fi
done

if [ "$failures" -gt 0 ]; then
  echo "check-system-calls: $failures check(s) failed for $binary" >&2
  exit 1
fi
echo "check-system-calls: all checks pass for $binary"
