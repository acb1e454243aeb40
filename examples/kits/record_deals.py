#!/usr/bin/env python3
"""Records deals from `meldcheck serve` and holds both kits' deal() to them.

    record_deals.py --meldcheck BIN --out FILE [--node NODE]

For every ruleset, every number of players it seats, several seeds (0 to 2^64-1), dealers
and the variants and options that change the deck or the deal, asks serve for `new` with
that `deal` and then `state`, and writes what it answered (hands, the whole stock top first,
the discard pile, who moves, the phase) to FILE in the form of fixtures/deals-from-scenarios.json.
Then checks the Python kit against FILE, and with --node the JavaScript kit too (their
deal tests read the file named by MELDCHECK_DEALS). Exit 0 when both agree with serve.

fixtures/deals-serve.json, which both kits' tests check always, is a sample of such a
recording (its `about` says which cases). Standard library only.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from typing import Any, Dict, List

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "python"))
import meldcheck_protocol as mp  # noqa: E402

SEEDS = (0, 1, 7, 42, 2**63 + 5, 2**64 - 1)
# (ruleset, variants, options) that change the deck or the deal (spec/*.yaml).
HOUSES = [(r, [], {}) for r in sorted(mp.RULESETS)] + [
    ("femhundra-rummy", ["no-joker"], {}),
    ("femhundra-rummy", ["seven-cards"], {}),
    ("rummy500", ["no-jokers"], {}),
    ("liverpool", [], {"deal-size": "ten"}),
    ("liverpool", [], {"deal-size": "ten-then-twelve"}),
]


def cases() -> List[Dict[str, Any]]:
    out = []
    for ruleset, variants, options in HOUSES:
        lo, hi = mp.RULESETS[ruleset].players
        for players in range(lo, hi + 1):
            for k, seed in enumerate(SEEDS):
                deal: Dict[str, Any] = {"players": players, "seed": seed}
                if k == 2:
                    deal["dealer"] = "A"
                if k == 3:
                    deal["dealer"] = mp.seat_names(players)[players // 2]
                out.append({"ruleset": ruleset, "variants": variants, "options": options, "deal": deal})
    return out


class Serve:
    def __init__(self, meldcheck: str) -> None:
        self.proc = subprocess.Popen([meldcheck, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 0

    def ask(self, request: Dict[str, Any]) -> Dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.next_id += 1
        self.proc.stdin.write((json.dumps(dict(request, id=self.next_id)) + "\n").encode())
        self.proc.stdin.flush()
        answer = json.loads(self.proc.stdout.readline())
        if not answer.get("ok"):
            raise RuntimeError("serve refused %s: %s" % (request, answer))
        return answer

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


def record(meldcheck: str) -> Dict[str, Any]:
    serve = Serve(meldcheck)
    recorded = []
    try:
        for case in cases():
            serve.ask({"cmd": "new", "ruleset": case["ruleset"], "variants": case["variants"],
                       "options": case["options"], "deal": case["deal"]})
            state = serve.ask({"cmd": "state"})["state"]
            case["expect"] = {"hand": {p: s["hand"] for p, s in state["players"].items()}, "stock": state["stock"],
                              "discard": state["discard"], "to_move": state["to_move"], "phase": state["phase"]}
            recorded.append(case)
    finally:
        serve.close()
    return {"about": "Deals as `meldcheck serve` dealt them (new with a deal, then state), recorded by "
                     "examples/kits/record_deals.py: hands (as multisets), the whole stock top first, the discard "
                     "pile, who moves and the phase.", "cases": recorded}


def check_python(path: str) -> bool:
    with open(path, encoding="utf-8") as f:
        recorded = json.load(f)["cases"]
    bad = 0
    for case in recorded:
        d, want = case["deal"], case["expect"]
        dealt = mp.deal(case["ruleset"], d["players"], d["seed"], d.get("dealer"), case["variants"], case["options"])
        got = {"hand": {p: sorted(map(str, h)) for p, h in dealt.hands.items()}, "stock": list(map(str, dealt.stock)),
               "discard": list(map(str, dealt.discard)), "to_move": dealt.to_move, "phase": dealt.phase}
        want = dict(want, hand={p: sorted(h) for p, h in want["hand"].items()})
        if got != want:
            bad += 1
            print("python kit differs from serve: %s %s %s %s" % (case["ruleset"], case["variants"], case["options"], d))
    print("python kit: %d of %d deals as serve deals them" % (len(recorded) - bad, len(recorded)))
    return bad == 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--meldcheck", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--node", help="also run the JavaScript kit's deal tests against the recording")
    args = ap.parse_args()
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(record(args.meldcheck), f, indent=1)
        f.write("\n")
    good = check_python(args.out)
    if args.node:
        test = os.path.join(HERE, "js", "test", "deals.test.mjs")
        run = subprocess.run([args.node, "--test", test], env=dict(os.environ, MELDCHECK_DEALS=os.path.abspath(args.out)))
        good = good and run.returncode == 0
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
