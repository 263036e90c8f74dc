#!/usr/bin/env python3
"""Compares the Linux paths of `appdirs` with those of Python's platformdirs.

For each case of the table below, platformdirs' `Unix` class (appname "ExampleApp",
appauthor=False, version=None, opinion=True) and `appdirs` are run in the same controlled
environment: nothing but HOME and TMPDIR inside a fresh temporary root, and the case's XDG
variables. Nothing outside that root is written, and the root is removed at the end.

  user scope    user_data_dir, user_config_dir, user_cache_dir, user_state_dir, user_log_dir
                (~/.local/state/ExampleApp/log) and user_runtime_dir against `appdirs path KIND
                --app ExampleApp`, with the XDG variables unset, set (XDG_RUNTIME_DIR to a 0700
                directory of the user), empty and relative, and with an XDG_RUNTIME_DIR of mode 0755;
                user_applications_dir against `appdirs path applications` in the same four;
                user_documents_dir against `appdirs path documents` with a user-dirs.dirs line
                that has a comment after its closing quote; user_data_dir and the data search
                list with XDG_DATA_HOME also an entry of XDG_DATA_DIRS (listed once here).
  system scope  site_data_dir, site_config_dir, site_cache_dir, site_state_dir, site_log_dir and
                site_runtime_dir against `appdirs path KIND --app ExampleApp --system`; these are
                skipped while the binary rejects --system with exit status 64 (a tool without the
                flag), and run as soon as it accepts it.
  search lists  site_data_dir and site_config_dir with multipath=True against `search.data` and
                `search.config` of `appdirs list --app ExampleApp --json`, less their first entry
                (the user's own directory).

A case listed in EXPECTED_DIFFERENCES must differ, and in the way written there; every other case
must give the same path. The run fails (exit 1) on a difference not in that table, on an expected
difference that is gone, and on a command that fails.

Usage: python3 Scripts/platformdirs-differential.py PATH-TO-APPDIRS
(run with an interpreter that can import platformdirs; Scripts/platformdirs-differential.sh makes
one). It runs as root or as any other user.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile

try:
    import platformdirs
except ImportError:
    sys.exit("platformdirs-differential: platformdirs is not installed for " + sys.executable)

APP = "ExampleApp"

# The platformdirs answers of one environment, printed as one JSON object by a fresh interpreter
# that sees only that environment. A property that raises gives {"error": "..."}.
PROBE = r"""
import json, os, sys, warnings
from platformdirs.unix import Unix

warnings.simplefilter("ignore")  # RuntimeDirWarning, when the runtime directory falls back
options = dict(appname=sys.argv[1], appauthor=False, version=None, opinion=True)
single = Unix(multipath=False, **options)
multi = Unix(multipath=True, **options)
properties = {
    "user_data_dir": lambda: single.user_data_dir,
    "user_config_dir": lambda: single.user_config_dir,
    "user_cache_dir": lambda: single.user_cache_dir,
    "user_state_dir": lambda: single.user_state_dir,
    "user_log_dir": lambda: single.user_log_dir,
    "user_runtime_dir": lambda: single.user_runtime_dir,
    "user_applications_dir": lambda: single.user_applications_dir,
    "user_documents_dir": lambda: single.user_documents_dir,
    "site_data_dir": lambda: single.site_data_dir,
    "site_config_dir": lambda: single.site_config_dir,
    "site_cache_dir": lambda: single.site_cache_dir,
    "site_state_dir": lambda: single.site_state_dir,
    "site_log_dir": lambda: single.site_log_dir,
    "site_runtime_dir": lambda: single.site_runtime_dir,
    "site_data_dir multipath": lambda: multi.site_data_dir.split(os.pathsep),
    "site_config_dir multipath": lambda: multi.site_config_dir.split(os.pathsep),
}
answers = {}
for name, read in properties.items():
    try:
        answers[name] = read()
    except Exception as error:
        answers[name] = {"error": f"{type(error).__name__}: {error}"}
print(json.dumps(answers))
"""

XDG_HOMES = ["XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"]
XDG_ALL = XDG_HOMES + ["XDG_RUNTIME_DIR", "XDG_DATA_DIRS", "XDG_CONFIG_DIRS"]


def private_directory(path, mode=0o700):
    """Makes a directory of the running user with exactly this mode (whatever the umask)."""
    os.mkdir(path)
    os.chmod(path, mode)
    return path


# The environments: each gets a fresh directory of its own (`case`) and returns its XDG variables.
def xdg_unset(case):
    return {}


def xdg_set(case):
    return {
        "XDG_DATA_HOME": f"{case}/xdg/data",
        "XDG_CONFIG_HOME": f"{case}/xdg/config",
        "XDG_CACHE_HOME": f"{case}/xdg/cache",
        "XDG_STATE_HOME": f"{case}/xdg/state",
        "XDG_RUNTIME_DIR": private_directory(f"{case}/runtime"),
        "XDG_DATA_DIRS": f"{case}/share-a:{case}/share-b",
        "XDG_CONFIG_DIRS": f"{case}/etc-xdg-a:{case}/etc-xdg-b",
    }


def xdg_empty(case):
    return {name: "" for name in XDG_ALL}


def xdg_relative(case):
    """Relative values, which the XDG specification says to ignore."""
    variables = {name: "relative/" + name.lower() for name in XDG_ALL}
    variables["XDG_DATA_DIRS"] = "relative/a:relative/b"
    variables["XDG_CONFIG_DIRS"] = "relative/c"
    return variables


def runtime_0755(case):
    """An XDG_RUNTIME_DIR that is not private: both fall back to $TMPDIR/runtime-<uid>."""
    return {"XDG_RUNTIME_DIR": private_directory(f"{case}/runtime", 0o755)}


def user_dirs_comment(case):
    """A user-dirs.dirs line with a comment after its closing quote, as the shell reads it."""
    config = private_directory(f"{case}/config")
    with open(f"{config}/user-dirs.dirs", "w", encoding="utf-8") as file:
        file.write('XDG_DOCUMENTS_DIR="$HOME/Papers" # moved\n')
    return {"XDG_CONFIG_HOME": config}


def data_home_in_dirs(case):
    """XDG_DATA_HOME that is also an entry of XDG_DATA_DIRS, spelled with a trailing slash."""
    return {"XDG_DATA_HOME": f"{case}/share", "XDG_DATA_DIRS": f"{case}/share/:{case}/other"}


ENVIRONMENTS = {
    "xdg-unset": xdg_unset,
    "xdg-set": xdg_set,
    "xdg-empty": xdg_empty,
    "xdg-relative": xdg_relative,
    "runtime-0755": runtime_0755,
    "user-dirs-comment": user_dirs_comment,
    "data-home-in-dirs": data_home_in_dirs,
}


def search_list(kind):
    return lambda output: json.loads(output)["search"][kind][1:]


# A check: the platformdirs property, the appdirs arguments, and how to read appdirs' output.
USER_CHECKS = [
    ("user_data_dir", ["path", "data", "--app", APP], None),
    ("user_config_dir", ["path", "config", "--app", APP], None),
    ("user_cache_dir", ["path", "cache", "--app", APP], None),
    ("user_state_dir", ["path", "state", "--app", APP], None),
    ("user_log_dir", ["path", "logs", "--app", APP], None),
    ("user_runtime_dir", ["path", "runtime", "--app", APP], None),
]
SYSTEM_CHECKS = [
    ("site_data_dir", ["path", "data", "--app", APP, "--system"], None),
    ("site_config_dir", ["path", "config", "--app", APP, "--system"], None),
    ("site_cache_dir", ["path", "cache", "--app", APP, "--system"], None),
    ("site_state_dir", ["path", "state", "--app", APP, "--system"], None),
    ("site_log_dir", ["path", "logs", "--app", APP, "--system"], None),
    ("site_runtime_dir", ["path", "runtime", "--app", APP, "--system"], None),
]
SEARCH_CHECKS = [
    ("site_data_dir multipath", ["list", "--app", APP, "--json"], search_list("data")),
    ("site_config_dir multipath", ["list", "--app", APP, "--json"], search_list("config")),
]
# The base directory of `.desktop` files, no application's own.
BASE_CHECKS = [("user_applications_dir", ["path", "applications"], None)]
RUNTIME_CHECK = [check for check in USER_CHECKS if check[0] == "user_runtime_dir"]

# The table of cases: which checks run in which environment.
CASES = {
    "xdg-unset": USER_CHECKS + BASE_CHECKS + SYSTEM_CHECKS + SEARCH_CHECKS,
    "xdg-set": USER_CHECKS + BASE_CHECKS + SYSTEM_CHECKS + SEARCH_CHECKS,
    "xdg-empty": USER_CHECKS + BASE_CHECKS + SEARCH_CHECKS,
    "xdg-relative": USER_CHECKS + BASE_CHECKS + SEARCH_CHECKS,
    "runtime-0755": RUNTIME_CHECK,
    "user-dirs-comment": [("user_documents_dir", ["path", "documents"], None)],
    "data-home-in-dirs": [("user_data_dir", ["path", "data", "--app", APP], None)] + SEARCH_CHECKS[:1],
}

# The deliberate differences: (environment, platformdirs property) -> (what appdirs answers, or a
# function of platformdirs' answer that gives it, and why).
SYSTEM_DATA = "appdirs' system data is the app's own /var/lib directory; platformdirs' is the first XDG search dir"
SYSTEM_CONFIG = "appdirs' system config is the app's own /etc directory; platformdirs' is the first XDG search dir"
SEARCHED_ONCE = "appdirs searches a directory once: XDG_DATA_HOME leads its list, so the same entry is not repeated"
EXPECTED_DIFFERENCES = {
    ("xdg-unset", "site_data_dir"): (f"/var/lib/{APP}", SYSTEM_DATA),
    ("xdg-set", "site_data_dir"): (f"/var/lib/{APP}", SYSTEM_DATA),
    ("xdg-unset", "site_config_dir"): (f"/etc/{APP}", SYSTEM_CONFIG),
    ("xdg-set", "site_config_dir"): (f"/etc/{APP}", SYSTEM_CONFIG),
    # platformdirs lists the shared entry again; appdirs' list has it once, first, as the user's.
    ("data-home-in-dirs", "site_data_dir multipath"): (lambda expected: expected[1:], SEARCHED_ONCE),
    ("xdg-set", "site_runtime_dir"): (
        f"/run/{APP}",
        "platformdirs' site runtime dir follows XDG_RUNTIME_DIR (the user's); appdirs --system ignores it",
    ),
}


def run_platformdirs(environment):
    result = subprocess.run(
        [sys.executable, "-I", "-c", PROBE, APP], env=environment, capture_output=True, text=True
    )
    if result.returncode != 0:
        sys.exit(f"platformdirs-differential: the platformdirs probe failed:\n{result.stderr}")
    return json.loads(result.stdout)


def run_appdirs(binary, arguments, environment):
    """Returns (exit status, stdout without its final newline, stderr)."""
    result = subprocess.run([binary] + arguments, env=environment, capture_output=True, text=True)
    return result.returncode, result.stdout.rstrip("\n"), result.stderr.strip()


def has_system_flag(binary, environment):
    """False only when the tool rejects --system as a usage error (exit status 64)."""
    status, _, error = run_appdirs(binary, ["path", "cache", "--app", APP, "--system"], environment)
    return not (status == 64 and "--system" in error)


def verdict(environment_name, property_name, expected, actual):
    """Returns (ok, text) for one comparison."""
    expectation = EXPECTED_DIFFERENCES.get((environment_name, property_name))
    if expectation is None:
        if expected == actual:
            return True, "same"
        return False, f"DIFFERENT: platformdirs {expected}, appdirs {actual}"
    appdirs_answer, reason = expectation
    if callable(appdirs_answer):
        # An answer that depends on the case's own paths, worked out from platformdirs'.
        appdirs_answer = appdirs_answer(expected)
    if expected == actual:
        return False, f"DIFFERENCE GONE: both {actual} (expected appdirs {appdirs_answer}: {reason})"
    if actual != appdirs_answer:
        return False, (
            f"DIFFERENT: platformdirs {expected}, appdirs {actual} "
            f"(expected appdirs {appdirs_answer}: {reason})"
        )
    return True, f"expected difference: {reason}"


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    binary = os.path.abspath(sys.argv[1])
    if not (os.path.isfile(binary) and os.access(binary, os.X_OK)):
        print(f"platformdirs-differential: no executable at {binary}", file=sys.stderr)
        return 2
    for key in EXPECTED_DIFFERENCES:
        environment_name, property_name = key
        if property_name not in [check[0] for check in CASES.get(environment_name, [])]:
            print(f"platformdirs-differential: {key} is not a case of the table", file=sys.stderr)
            return 2

    print(f"platformdirs {platformdirs.__version__} (Python {sys.version.split()[0]}), uid {os.geteuid()}")
    print(f"appdirs {binary}")
    root = tempfile.mkdtemp(prefix="platformdirs-differential.")
    failures = 0
    try:
        system_flag = None
        for number, (environment_name, checks) in enumerate(CASES.items()):
            case = private_directory(os.path.join(root, f"{number}-{environment_name}"))
            environment = {
                "HOME": private_directory(f"{case}/home"),
                "TMPDIR": private_directory(f"{case}/tmp"),
            }
            environment.update(ENVIRONMENTS[environment_name](case))
            if system_flag is None:
                system_flag = has_system_flag(binary, environment)
            answers = run_platformdirs(environment)
            for property_name, arguments, read in checks:
                label = f"[{environment_name}] {property_name} | appdirs {' '.join(arguments)}"
                if "--system" in arguments and not system_flag:
                    print(f"{label}: SKIP (appdirs has no --system yet)")
                    continue
                expected = answers[property_name]
                status, output, error = run_appdirs(binary, arguments, environment)
                if isinstance(expected, dict):
                    ok, text = False, f"ERROR: platformdirs raised {expected['error']}"
                elif status != 0:
                    ok, text = False, f"ERROR: appdirs exited {status}: {error or '(no message)'}"
                else:
                    actual = read(output) if read else output
                    ok, text = verdict(environment_name, property_name, expected, actual)
                print(f"{label}: {text}")
                failures += not ok
    finally:
        shutil.rmtree(root)

    if failures:
        sys.stdout.flush()
        print(f"platformdirs-differential: {failures} failed", file=sys.stderr)
        return 1
    print("platformdirs-differential: no unexpected difference")
    return 0


if __name__ == "__main__":
    sys.exit(main())
