#!/usr/bin/env python3
"""Plays random hands in lockstep against a toy adapter and checks the engine held up.

    check_simulate.py --meldcheck BIN --engine "CMD" --ruleset RULESET --out DIR

Runs `meldcheck simulate --engine CMD --ruleset RULESET --hands 20 --seed 1 --out DIR`. The
toys may diverge from meldcheck on rules (that is what simulate reports, exit 1), but no
line may say "engine failure" (a crash, a hang, garbage), and simulate must have run (not
exit 2, its error on the command line or an engine it cannot start). Standard library only.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--meldcheck", required=True)
    ap.add_argument("--engine", required=True)
    ap.add_argument("--ruleset", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--hands", default="20")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    cmd = [args.meldcheck, "simulate", "--engine", args.engine, "--ruleset", args.ruleset,
           "--hands", args.hands, "--seed", "1", "--out", args.out]
    run = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=3000)
    text = run.stdout.decode("utf-8", "replace")
    print(text[-6000:])
    failures = [line for line in text.splitlines() if "engine failure" in line]
    for line in failures:
        print("FAILED: " + line)
    if run.returncode not in (0, 1):
        print("FAILED: simulate exited with %d" % run.returncode)
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
