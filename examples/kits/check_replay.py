#!/usr/bin/env python3
"""Replays the conformance scenarios against a toy adapter and checks meldcheck's JSON report.

    check_replay.py --meldcheck BIN --engine "CMD" --ruleset RULESET --scenarios DIR \
        --steps draw,take,... --starts deal

What must hold (the toys may get rules wrong, so a FAIL on a rule is fine):
- the report is meldcheck's JSON conformance report, with results for the ruleset;
- no scenario ends in an engine failure: a crash, a hang, a line that is not JSON, an answer
  to another request, an error answer, a malformed answer or a state that does not read;
- a scenario that needs what the adapter does not declare (a step of another kind, a start
  from a setup) is reported as not applicable, with the reason.

The not-applicable status is NOT_APPLICABLE below ("N/A", the reason in `detail`), as the
engine protocol's `implements` will have replay write it: adjust it here, or with
--na-status, if the report spells it otherwise. Standard library only.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from typing import Dict, List, Set, Tuple

# The report's status for a scenario that needs what the engine does not implement.
NOT_APPLICABLE = "N/A"

# What replay's `detail` says when the engine itself failed rather than a rule
# (protocol/engine_client.cc, protocol/engine_replay.cc): any of these in a FAIL or ERROR is an
# engine failure.
ENGINE_FAILURES = (
    "exited",
    "no answer within",
    "does not read its input",
    "answered with what is not JSON",
    "answered another request",
    "closed its output",
    "a line of more than",
    "the engine answered {",      # an error answer (ok: false) where a result was due
    "is malformed",
    "does not read as a setup",
    "no engine",
    "hello:",
)

STEP_KINDS = ("draw", "take", "meld", "layoff", "swap", "discard", "arrange", "pass", "timeout", "claim", "next_hand")
_ITEM = re.compile(r"^  - (%s)\b" % "|".join(STEP_KINDS))
_KEY = re.compile(r"^    (%s):" % "|".join(STEP_KINDS))


def _unquote(text: str) -> str:
    text = text.strip()
    if text.startswith('"'):
        return json.loads(text)
    if text.startswith("'"):
        return text[1:-1].replace("''", "'")
    return text.split(" #")[0].strip()


def scan_scenarios(folder: str) -> Dict[Tuple[str, str], Tuple[Set[str], str]]:
    """(file, name) -> (the step kinds a scenario has, how it starts: 'deal' or 'setup'),
    read from the files' lines as the suite writes them (a steps list at two spaces, a
    step's further keys at four), which is enough without a YAML reader."""
    out: Dict[Tuple[str, str], Tuple[Set[str], str]] = {}
    for root, _, files in os.walk(folder):
        for fname in sorted(files):
            if not fname.endswith(".yaml"):
                continue
            path = os.path.realpath(os.path.join(root, fname))
            with open(path, encoding="utf-8") as f:
                docs = re.split(r"^---\s*$", f.read(), flags=re.M)
            for doc in docs:
                name, start, kinds, in_steps = None, "setup", set(), False
                for line in doc.splitlines():
                    if line.startswith("name:"):
                        name = _unquote(line[5:])
                    if line.startswith("deal:"):
                        start = "deal"
                    if line and not line.startswith((" ", "#", "-")):
                        in_steps = line.startswith("steps:")
                        continue
                    m = in_steps and (_ITEM.match(line) or _KEY.match(line))
                    if m:
                        kinds.add(m.group(1))
                if name is not None:
                    out[(path, name)] = (kinds, start)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--meldcheck", required=True)
    ap.add_argument("--engine", required=True, help="the adapter's command")
    ap.add_argument("--ruleset", required=True)
    ap.add_argument("--scenarios", required=True)
    ap.add_argument("--steps", required=True, help="the step kinds the adapter declares, comma separated")
    ap.add_argument("--starts", default="deal,setup", help="the starts the adapter declares")
    ap.add_argument("--na-status", default=NOT_APPLICABLE)
    args = ap.parse_args()
    declared, starts = set(args.steps.split(",")), set(args.starts.split(","))

    cmd = [args.meldcheck, "replay", "--engine", args.engine, "--ruleset", args.ruleset, "--format", "json", args.scenarios]
    run = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=3000)
    sys.stderr.write(run.stderr.decode("utf-8", "replace")[-4000:])
    try:
        report = json.loads(run.stdout)
    except ValueError:
        print("replay did not write a JSON report (exit %d):\n%s" % (run.returncode, run.stdout[:2000].decode("utf-8", "replace")))
        return 1
    results = [r for r in report.get("results", []) if r.get("ruleset") == args.ruleset]
    if not results:
        print("the report has no %s scenarios" % args.ruleset)
        return 1
    scenarios = scan_scenarios(args.scenarios)
    problems: List[str] = []
    statuses: Dict[str, int] = {}
    for r in results:
        statuses[r["status"]] = statuses.get(r["status"], 0) + 1
        where = "%s: %s" % (os.path.relpath(r["file"], args.scenarios), r["name"])
        detail = r.get("detail", "")
        if r["status"] in ("FAIL", "ERROR") and any(f in detail for f in ENGINE_FAILURES):
            problems.append("engine failure: %s: %s" % (where, detail))
        kinds, start = scenarios.get((os.path.realpath(r["file"]), r["name"]), (None, None))
        if kinds is None:
            problems.append("not found in the scenario files: %s" % where)
            continue
        needs = sorted(kinds - declared) + ([start] if start not in starts else [])
        if needs and r["status"] not in (args.na_status, "SKIP"):
            problems.append("needs %s, which the adapter does not declare, but is %s: %s (%s)"
                            % (", ".join(needs), r["status"], where, detail))
        # (No check the other way: replay also finds scenarios not applicable for what this
        # scan does not see - expected scores or totals, meldcheck's own rules - but it must
        # say why.)
        if r["status"] == args.na_status and not detail:
            problems.append("%s without a reason: %s" % (args.na_status, where))
    print("%s against %s: %s" % (args.ruleset, args.engine, ", ".join("%d %s" % (n, s) for s, n in sorted(statuses.items()))))
    for r in results:
        if r["status"] == "FAIL" and not any(f in r.get("detail", "") for f in ENGINE_FAILURES):
            print("  FAIL %s: %s (a rule the toy gets wrong: allowed)" % (r["name"], r.get("detail", "")))
    if statuses.get(args.na_status, 0) == 0:
        problems.append("no scenario is reported %s: has replay learned `implements`?" % args.na_status)
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
