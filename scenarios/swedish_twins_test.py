#!/usr/bin/env python3
"""Each Swedish-notation copy in sv/ is what tools/to_swedish.py makes of its English original
today, and replays to the same results: the same scenarios by name, passing or failing at the
same step with the same account.

    swedish_twins_test.py MELDCHECK SCENARIOS_DIR
"""
import json
import pathlib
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tools"))
import to_swedish  # noqa: E402


def results(meldcheck, path):
    run = subprocess.run([meldcheck, "replay", "--format", "json", str(path)], capture_output=True, text=True)
    if run.returncode not in (0, 1):
        raise SystemExit(f"{path}: meldcheck replay exited {run.returncode}: {run.stdout}{run.stderr}")
    return [{k: v for k, v in r.items() if k != "file"} for r in json.loads(run.stdout)["scenarios"]]


def original_of(copy, scenarios):
    for ruleset in sorted((d.name for d in scenarios.iterdir() if d.is_dir() and d.name != "sv"), key=len, reverse=True):
        if copy.name.startswith(ruleset + "-"):
            return scenarios / ruleset / copy.name[len(ruleset) + 1:]
    return None


def main(meldcheck, scenarios):
    scenarios = pathlib.Path(scenarios)
    copies = sorted((scenarios / "sv").glob("*.yaml"))
    problems = []
    for copy in copies:
        original = original_of(copy, scenarios)
        if not original or not original.exists():
            problems.append(f"{copy}: no original <ruleset>/<file> for it")
            continue
        made = to_swedish.translate(original.read_text(encoding="utf-8"), to_swedish.source_name(original))
        if made != copy.read_text(encoding="utf-8"):
            problems.append(f"{copy}: not what tools/to_swedish.py makes of {original} now; run it again")
        english, swedish = results(meldcheck, original), results(meldcheck, copy)
        if english != swedish:
            problems.append(f"{copy} replays unlike {original}:\n  English: {english}\n  Swedish: {swedish}")
        print(f"{copy.name}: {len(swedish)} scenarios, as {original.parent.name}/{original.name}")
    if not copies:
        problems.append(f"no Swedish copies in {scenarios / 'sv'}")
    for p in problems:
        print("FAIL", p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
