#!/usr/bin/env bash
# Builds in release, runs the benchmark suite against Foundation, times `appdirs` against
# systemd-path, and prints one Markdown table. Everything runs in a login-like environment of
# about 40 variables (Foundation's cost grows with the size of the environment) and a temporary
# home, which is removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

need=()
command -v hyperfine >/dev/null 2>&1 || need+=(hyperfine)
command -v systemd-path >/dev/null 2>&1 || need+=(systemd)
[ -x /usr/bin/time ] || need+=(time)
command -v strace >/dev/null 2>&1 || need+=(strace)
if ((${#need[@]})); then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

swift build -c release --product appdirs-benchmarks >&2
# The tool twice: as `swift build --static-swift-stdlib` makes it (a position-independent
# executable), and linked position-dependent (-no-pie), which spares the loader the ~35,000
# relocations of the Swift metadata at every start, at the price of a fixed load address for
# the tool's own code.
# Both without the FoundationAPI trait, as the README's install recipe builds it.
swift build -c release --static-swift-stdlib --scratch-path .build/static --product appdirs \
  --disable-default-traits >&2
swift build -c release --static-swift-stdlib --scratch-path .build/static-nopie \
  --product appdirs --disable-default-traits -Xlinker -no-pie >&2
benchmarks="$PWD/.build/release/appdirs-benchmarks"
appdirs="$PWD/.build/static/release/appdirs"
appdirs_nopie="$PWD/.build/static-nopie/release/appdirs"

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
home="$scratch/home"
mkdir -p "$home"

# A desktop login shell on Debian: session variables, locale, the colours bash's skeleton
# .bashrc exports, and a PATH. No XDG_*_HOME, as on a stock system.
login_environment=(
  HOME="$home" USER=ada LOGNAME=ada SHELL=/bin/bash PWD="$home" OLDPWD="$home" SHLVL=1
  TERM=xterm-256color COLORTERM=truecolor LANG=en_GB.UTF-8 LANGUAGE=en_GB:en LC_ALL=
  PATH="/usr/local/bin:/usr/bin:/bin:/usr/local/games:/usr/games:$home/.local/bin:/opt/swift/usr/bin"
  MAIL=/var/mail/ada EDITOR=vim VISUAL=vim PAGER=less LESS=-R LESSOPEN="| /usr/bin/lesspipe %s"
  LESSCLOSE="/usr/bin/lesspipe %s %s" DISPLAY=:0 WAYLAND_DISPLAY=wayland-0
  XDG_SESSION_TYPE=wayland XDG_SESSION_CLASS=user XDG_SESSION_ID=2 XDG_SESSION_DESKTOP=gnome
  XDG_CURRENT_DESKTOP=GNOME DESKTOP_SESSION=gnome GDMSESSION=gnome
  XDG_MENU_PREFIX=gnome- XDG_DATA_DIRS=/usr/share/gnome:/usr/local/share/:/usr/share/
  XDG_CONFIG_DIRS=/etc/xdg/xdg-gnome:/etc/xdg
  DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/1000/bus SSH_AUTH_SOCK=/run/user/1000/keyring/ssh
  GNOME_TERMINAL_SCREEN=/org/gnome/Terminal/screen/5a1e2c34_0d7b_4a3e_9d0c_3f1f6b0e8e21
  GNOME_TERMINAL_SERVICE=:1.104 VTE_VERSION=7006 SESSION_MANAGER="local/debian:@/tmp/.ICE-unix/1402,unix/debian:/tmp/.ICE-unix/1402"
  QT_IM_MODULE=ibus XMODIFIERS=@im=ibus GTK_MODULES=gail:atk-bridge
  HISTCONTROL=ignoreboth LS_COLORS="$(env -i TERM=xterm-256color dircolors -b 2>/dev/null | sed -n "s/^LS_COLORS='\(.*\)';$/\1/p")"
)
in_login() { env -i "${login_environment[@]}" "$@"; }

echo "Machine: $(nproc) cores, $(uname -sm), $(swift --version 2>/dev/null | head -1 | sed 's/ (.*//')"
in_login "$benchmarks"

# The tool, whole process: wall time against the C tool that answers the same question.
in_login hyperfine -N --warmup 50 --runs 1000 --export-csv "$scratch/cli.csv" \
  "$appdirs path cache --app X" "$appdirs_nopie path cache --app X" \
  "systemd-path user-state-cache" >/dev/null 2>&1
# Medians: a shared machine adds outliers that are no part of either program.
median_ms() { awk -F, -v row="$1" 'NR == row + 1 { printf "%.2f", $4 * 1000 }' "$scratch/cli.csv"; }
theirs=$(median_ms 3)
ratio() { awk -v a="$1" -v b="$theirs" 'BEGIN { printf "%.2f", a / b }'; }
met() { awk -v r="$1" 'BEGIN { print (r <= 0.6) ? "yes" : "**no**" }'; }

# Peak memory: the maximum resident set size of each of 21 runs; the median and the largest.
peaks() {
  for _ in $(seq 21); do in_login /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1; done | sort -n
}
mebibytes() { awk -v k="$1" 'BEGIN { printf "%.1f", k / 1024 }'; }
peaks systemd-path user-state-cache >"$scratch/theirs.rss"
peak_theirs=$(sed -n 11p "$scratch/theirs.rss")

# System calls of the whole process, as strace counts them.
syscalls() {
  in_login strace -f -c -o "$scratch/strace.txt" "$@" >/dev/null 2>&1
  awk '$NF == "total" { print $4 }' "$scratch/strace.txt"
}
calls_theirs=$(syscalls systemd-path user-state-cache)

# One pair of rows per build of the tool.
rows() {
  local label="$1" binary="$2" row="$3"
  local ours peak peak_max
  ours=$(median_ms "$row")
  peaks "$binary" path cache --app X >"$scratch/ours.rss"
  peak=$(sed -n 11p "$scratch/ours.rss")
  peak_max=$(tail -1 "$scratch/ours.rss")
  local memory_met
  memory_met=$(awk -v k="$peak_max" 'BEGIN { print (k <= 8192) ? "yes" : "**no**" }')
  echo "| \`appdirs path cache --app X\` ($label, whole process, median) | $ours ms | $theirs ms \`systemd-path user-state-cache\` | $(ratio "$ours")× the time | $(syscalls "$binary" path cache --app X) / $calls_theirs per process | ≤ 0.6× the time | $(met "$(ratio "$ours")") |"
  echo "| same, peak memory (maxRSS, median and largest of 21 runs) | $(mebibytes "$peak") MiB, largest $(mebibytes "$peak_max") MiB | $(mebibytes "$peak_theirs") MiB \`systemd-path\` | — | — | ≤ 8 MiB | $memory_met |"
}
rows "--static-swift-stdlib" "$appdirs" 1
rows "--static-swift-stdlib -Xlinker -no-pie" "$appdirs_nopie" 2
