#!/usr/bin/python3
"""Checks the `with:` of every job of a workflow that calls a reusable workflow.

For each job with `uses: OWNER/REPO/PATH@REF`, the inputs that workflow declares at REF are read
offline from a list recorded in .github/workflows-inputs/ (see the comment at the top of each
list). A job fails the check when it
  - names a tag for which no list is recorded (say, a newer one than the recorded list's),
  - passes a `with:` key the workflow does not declare (a misspelling GitHub would only report when
    the workflow runs),
  - passes a value of the wrong type: a boolean input takes true or false, a string one a string
    (a quoted 'true' is a string, and so is '["6.3"]'), a number one a number; an expression
    `${{ ... }}` is taken for any type,
  - or leaves out an input the workflow declares required.
A job that calls a workflow of this repository (`uses: ./.github/workflows/...`) is checked
against that file's own declaration.

Usage: /usr/bin/python3 Scripts/check-workflow-inputs.py [WORKFLOW ...] [--inputs DIR]
(default: .github/workflows/platforms.yml and .github/workflows-inputs/ of this package).
It needs PyYAML (Debian's python3-yaml, for /usr/bin/python3). Exit status 1 names each finding.
"""

import argparse
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
TYPES = {
    "boolean": lambda value: isinstance(value, bool),
    "number": lambda value: isinstance(value, (int, float)) and not isinstance(value, bool),
    "string": lambda value: isinstance(value, str),
}


def load(path):
    with open(path, encoding="utf-8") as file:
        return yaml.safe_load(file)


def triggers(workflow):
    # YAML 1.1 reads a bare `on` key as the boolean true.
    return workflow.get("on", workflow.get(True)) or {}


def describe(value):
    if isinstance(value, bool):
        return "boolean " + ("true" if value else "false")
    if isinstance(value, (int, float)):
        return f"number {value}"
    if isinstance(value, str):
        return f"string {value!r}"
    return f"{type(value).__name__} {value!r}"


def recorded_lists(directory):
    """{workflow: {tag: inputs}} from every list in the directory."""
    lists = {}
    for path in sorted(Path(directory).glob("*.yml")):
        record = load(path)
        for key in ("workflow", "tag", "inputs"):
            if key not in record:
                raise SystemExit(f"check-workflow-inputs: {path} has no `{key}`")
        tag = str(record["tag"])
        lists.setdefault(record["workflow"], {})[tag] = record["inputs"] or {}
    return lists


def declared_inputs(uses, lists):
    """The inputs `uses` declares, or a message saying why they are not known."""
    if uses.startswith("./"):
        local = ROOT / uses[2:]
        if not local.is_file():
            return None, f"calls {uses}, which is not in this repository"
        on = triggers(load(local))
        if isinstance(on, str):
            on = [on]
        if "workflow_call" not in on:
            return None, f"calls {uses}, which has no `on.workflow_call`"
        call = on["workflow_call"] if isinstance(on, dict) else None
        return (call or {}).get("inputs") or {}, None
    name, at, ref = uses.partition("@")
    if not at:
        return None, f"calls {uses} without a tag"
    if name not in lists:
        return None, (
            f"calls {name}, whose inputs are not recorded in .github/workflows-inputs/"
        )
    if ref not in lists[name]:
        recorded = ", ".join(sorted(lists[name]))
        return None, (
            f"calls {name} at {ref}, but its inputs are recorded for {recorded}: "
            "record the list of the new tag, or name the recorded one"
        )
    return lists[name][ref], None


def check(workflow_path, lists):
    findings = []
    workflow = load(workflow_path)
    jobs = (workflow or {}).get("jobs") or {}
    for job_id, job in jobs.items():
        uses = (job or {}).get("uses")
        if not uses:
            continue
        where = f"{workflow_path}: job {job_id}"
        inputs, problem = declared_inputs(str(uses), lists)
        if problem:
            findings.append(f"{where} {problem}")
            continue
        given = job.get("with") or {}
        if not isinstance(given, dict):
            findings.append(f"{where}: `with:` is not a mapping")
            continue
        for key, value in given.items():
            if key not in inputs:
                findings.append(f"{where}: with.{key} is not an input of {uses}")
                continue
            kind = (inputs[key] or {}).get("type", "string")
            if isinstance(value, str) and "${{" in value:
                continue
            if kind not in TYPES:
                findings.append(f"{where}: with.{key} has the type {kind}, which this check does not know")
            elif not TYPES[kind](value):
                findings.append(f"{where}: with.{key} is the {describe(value)}; the input is a {kind}")
        for key, spec in inputs.items():
            if (spec or {}).get("required") and key not in given:
                findings.append(f"{where}: with.{key} is required by {uses} and not given")
    return findings


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("workflows", nargs="*", default=[str(ROOT / ".github/workflows/platforms.yml")])
    parser.add_argument("--inputs", default=str(ROOT / ".github/workflows-inputs"))
    arguments = parser.parse_args()
    lists = recorded_lists(arguments.inputs)
    findings = []
    calls = 0
    for path in arguments.workflows:
        findings += check(path, lists)
        calls += sum(1 for job in ((load(path) or {}).get("jobs") or {}).values() if (job or {}).get("uses"))
    for finding in findings:
        print(f"check-workflow-inputs: {finding}", file=sys.stderr)
    if findings:
        return 1
    print(f"check-workflow-inputs: {calls} calls of reusable workflows, each passing declared inputs of their types")
    return 0


if __name__ == "__main__":
    sys.exit(main())
