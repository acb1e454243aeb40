#!/usr/bin/env python3
"""Play random Rummikub steps against two protocol engines in lockstep and report where their
answers differ (verdict, rule id, or the position after the step).

    python3 oracles/rummikub-py/compare.py [--games N] [--seed S]
        [--a "build/default/tools/meldcheck serve"] [--b "python3 oracles/rummikub-py/engine.py"]

A development tool: a difference is a question for the rule text, not a verdict on who is
right. Positions come from real deals played on, and from small setups with jokers on the
table; steps are draws, passes, timeouts and whole-table arrangements, most of them made
by changing the table a little (so that many are refused, each for some clause).
"""

import argparse
import json
import os
import random
import subprocess
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
COLOURS = "RBOK"


class Engine:
    def __init__(self, cmd):
        self.cmd = cmd
        self.proc = subprocess.Popen(cmd, shell=True, cwd=ROOT, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.n = 0

    def ask(self, req):
        self.n += 1
        req = dict(req, id=self.n)
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("%s closed its output" % self.cmd)
        ans = json.loads(line)
        ans.pop("id", None)
        return ans

    def close(self):
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()


def tile_key(t):
    t = t.split("@")[0]
    return t


def norm_meld(cards):
    cards = [tile_key(c) for c in cards]
    nums = set()
    cols = set()
    for c in cards:
        face = c[3:] if c.startswith("JK=") else (None if c == "JK" else c)
        if face and face[0] in COLOURS:
            cols.add(face[0])
            nums.add(face[1:])
        elif face:
            nums.add(face)
    if len(nums) == 1:          # a group: a multiset
        return ("group", tuple(sorted(cards)))
    return ("run", tuple(cards))


def norm_state(s):
    out = {
        "hands": {p: sorted(v["hand"]) for p, v in s["players"].items()},
        "totals": {p: v.get("total", 0) for p, v in s["players"].items()},
        "opened": {p: v.get("opened", False) for p, v in s["players"].items()},
        "stock": s.get("stock"),
        "table": [(m["id"], m.get("owner"), norm_meld(m["cards"])) for m in s.get("table", [])],
        "to_move": s.get("to_move"),
        "over": s.get("round_over", s.get("hand_over")),
        "game_over": s.get("game_over"),
        "winner": sorted(s.get("winner") or []) if s.get("game_over") else None,
        "hand_number": s.get("hand_number"),
        "passes": s.get("passes"),
        "first_player": s.get("first_player"),
        "dealer": s.get("dealer"),
    }
    if out["over"]:
        out["round_scores"] = s.get("round_scores")
        out["to_move"] = None
    return out


# ---------------------------------------------------------------------------------------
# Steps

def face(c):
    """('R', 5) of a table tile, or None for a bare joker."""
    c = tile_key(c)
    if c.startswith("JK="):
        c = c[3:]
    if c == "JK" or c[0] not in COLOURS:
        return None
    return c[0], int(c[1:])


def ident(c):
    return "JK" if tile_key(c).startswith("JK") else tile_key(c)


def random_arrange(rng, state):
    """A whole table after some random change: most are refused, some are good moves."""
    p = state["to_move"]
    rack = list(state["players"][p]["hand"])
    table = [[tile_key(c) for c in m["cards"]] for m in state["table"]]
    sets = [list(s) for s in table]
    rng.shuffle(rack)
    kind = rng.random()
    if kind < 0.25 and rack:
        # Add rack tiles where they fit by number or colour, or anywhere.
        for t in rack[:rng.randint(1, 3)]:
            if sets and rng.random() < 0.8:
                rng.choice(sets).append(t)
            else:
                sets.append([t])
    elif kind < 0.45:
        # New sets from the rack: search small groups and runs that are valid.
        sets += find_rack_sets(rng, rack)
    elif kind < 0.6 and sets:
        # Split or shorten a set, maybe with rack tiles.
        s = rng.choice(sets)
        if len(s) >= 4:
            k = rng.randint(1, len(s) - 1)
            sets.remove(s)
            sets += [s[:k], s[k:]]
        if rack and rng.random() < 0.7:
            rng.choice(sets).append(rack[0])
    elif kind < 0.7 and sets:
        # Move one table tile to another set or drop it (table-stays).
        s = rng.choice(sets)
        t = s.pop(rng.randrange(len(s)))
        if rng.random() < 0.6 and sets:
            rng.choice(sets).append(t)
        if rack:
            rng.choice(sets).append(rack[0]) if sets else None
        sets = [x for x in sets if x]
    elif kind < 0.8:
        # Strip stand-ins off jokers or name odd ones.
        for s in sets:
            for i, c in enumerate(s):
                if c.startswith("JK"):
                    r = rng.random()
                    if r < 0.4:
                        s[i] = "JK"
                    elif r < 0.7:
                        s[i] = "JK=%d" % rng.randint(1, 13)
                    else:
                        s[i] = "JK=%s%d" % (rng.choice(COLOURS), rng.randint(1, 13))
        if rack:
            sets.append(rack[:3])
    elif kind < 0.9:
        # Tiles the player does not hold.
        sets.append(["%s%d" % (rng.choice(COLOURS), rng.randint(1, 13)) for _ in range(3)])
    else:
        # Extend a set by its natural neighbours from the rack (often good).
        for s in sets:
            fs = [face(c) for c in s if face(c)]
            if not fs:
                continue
            cols = {f[0] for f in fs}
            nums = sorted({f[1] for f in fs})
            for t in list(rack):
                if t == "JK":
                    continue
                c, n = t[0], int(t[1:])
                if len(cols) == 1 and c in cols and (n == nums[0] - 1 or n == nums[-1] + 1):
                    s.append(t)
                    rack.remove(t)
                    nums = sorted(set(nums) | {n})
                elif len(nums) == 1 and n == nums[0] and c not in cols and len(s) < 4:
                    s.append(t)
                    rack.remove(t)
                    cols.add(c)
        if rng.random() < 0.5:
            sets += find_rack_sets(rng, rack)
    for s in sets:
        rng.shuffle(s) if rng.random() < 0.2 else None
    return {"arrange": [s for s in sets if s or rng.random() < 0.05]}


def find_rack_sets(rng, rack):
    """Some valid groups and runs made of rack tiles only (jokers named)."""
    out = []
    left = Counter(rack)
    jokers = left.pop("JK", 0)
    by_num = {}
    for t in left:
        by_num.setdefault(int(t[1:]), set()).add(t[0])
    for n, cols in sorted(by_num.items(), key=lambda kv: -kv[0]):
        if len(cols) >= 3 and all(left["%s%d" % (c, n)] for c in cols):
            s = ["%s%d" % (c, n) for c in sorted(cols)]
            for t in s:
                left[t] -= 1
            out.append(s)
        elif len(cols) == 2 and jokers:
            jokers -= 1
            s = ["%s%d" % (c, n) for c in sorted(cols)]
            for t in s:
                left[t] -= 1
            out.append(s + ["JK=%d" % n])
    for c in COLOURS:
        run = []
        for n in range(1, 15):
            if n <= 13 and left["%s%d" % (c, n)] > 0:
                run.append("%s%d" % (c, n))
                continue
            if len(run) == 2 and jokers and n <= 13:
                jokers -= 1
                run.append("JK=%s%d" % (c, n))
            if len(run) >= 3:
                for t in run:
                    if not t.startswith("JK"):
                        left[t] -= 1
                out.append(run)
            run = []
    rng.shuffle(out)
    return out[:rng.randint(1, max(1, len(out)))] if out else []


def random_step(rng, state):
    r = rng.random()
    if r < 0.12:
        step = {"draw": "stock"}
    elif r < 0.2:
        step = {"pass": None}
    elif r < 0.24:
        step = {"timeout": None}
    elif r < 0.27:
        step = rng.choice([{"meld": ["R1", "R2", "R3"]}, {"discard": "R5"}, {"take": "top"},
                           {"swap": {"meld": "m1", "card": "R4"}}])
    else:
        step = random_arrange(rng, state)
    if rng.random() < 0.05:
        step["player"] = rng.choice(sorted(state["players"]))
    return step


# ---------------------------------------------------------------------------------------
# Positions

def random_setup(rng):
    """A small position: a few sets on the table (some with jokers), short racks."""
    n = rng.randint(2, 4)
    seats = "ABCD"[:n]
    pool = Counter({"%s%d" % (c, k): 2 for c in COLOURS for k in range(1, 14)})
    pool["JK"] = 2

    def take(t):
        if pool[t] > 0:
            pool[t] -= 1
            return True
        return False

    table = []
    for i in range(rng.randint(0, 4)):
        if rng.random() < 0.5:
            k = rng.randint(1, 13)
            cols = rng.sample(COLOURS, rng.choice([3, 4]))
            s = []
            for c in cols:
                if take("%s%d" % (c, k)):
                    s.append("%s%d" % (c, k))
            if len(s) == len(cols) and rng.random() < 0.4 and take("JK"):
                s[rng.randrange(len(s))] = "JK=%s%d" % (cols[s.index(s[0])][0], k)
                pool[s[0]] += 0
            if len(s) >= 3:
                table.append(s)
        else:
            c = rng.choice(COLOURS)
            length = rng.randint(3, 6)
            lo = rng.randint(1, 14 - length)
            s = []
            for k in range(lo, lo + length):
                t = "%s%d" % (c, k)
                if rng.random() < 0.15 and take("JK"):
                    s.append("JK=" + t)
                elif take(t):
                    s.append(t)
                else:
                    s = None
                    break
            if s and any(not x.startswith("JK") for x in s):
                table.append(s)
    # Fix the group jokers: they stood for a colour of the group; name it properly.
    fixed = []
    for s in table:
        fs = [x for x in s if not x.startswith("JK")]
        if len(fs) == len(s):
            fixed.append(s)
            continue
        nums = {int(x[1:]) for x in fs}
        cols = {x[0] for x in fs}
        if len(nums) == 1 and len(cols) == len(fs):
            k = nums.pop()
            miss = [c for c in COLOURS if c not in cols]
            fixed.append(fs + ["JK=%s%d" % (miss[0], k)])
        else:
            fixed.append(s)
    table = fixed
    players = {}
    near = [t for s in table for t in s if not t.startswith("JK")]
    for p in seats:
        hand = []
        for _ in range(rng.randint(1, 8)):
            if near and rng.random() < 0.5:
                base = rng.choice(near)
                c, k = base[0], int(base[1:])
                t = rng.choice(["%s%d" % (c, max(1, min(13, k + rng.choice([-1, 1, 0])))),
                                "%s%d" % (rng.choice(COLOURS), k)])
            elif rng.random() < 0.08:
                t = "JK"
            else:
                t = "%s%d" % (rng.choice(COLOURS), rng.randint(1, 13))
            if take(t):
                hand.append(t)
        players[p] = {"hand": hand, "opened": rng.random() < 0.75}
    stock = []
    if rng.random() < 0.6:
        for _ in range(rng.choice([0, 1, 2, 3, 5])):
            t = "%s%d" % (rng.choice(COLOURS), rng.randint(1, 13))
            if take(t):
                stock.append(t)
    setup = {"players": players, "table": [{"id": "m%d" % (i + 1), "cards": s}
                                           for i, s in enumerate(table)],
             "stock": stock, "rest": "out", "to_move": rng.choice(seats)}
    if rng.random() < 0.15:
        setup["turns"] = rng.randint(990, 999)      # near the turn bound
    return setup


def new_request(rng):
    options = {}
    for k, choices in (("rounds", ["one", "two"]), ("empty-pool", ["first-stuck", "all-stuck"]),
                       ("short-penalty", ["draw-what-is-left", "no-penalty"]),
                       ("lowest-tie", ["split", "fewest-tiles"])):
        if rng.random() < 0.3:
            options[k] = rng.choice(choices)
    req = {"cmd": "new", "ruleset": "rummikub", "variants": [], "options": options}
    if rng.random() < 0.3:
        req["deal"] = {"players": rng.randint(2, 4), "seed": rng.randrange(1 << 64)}
    else:
        req["setup"] = random_setup(rng)
    return req


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--a", default="build/default/tools/meldcheck serve")
    ap.add_argument("--b", default="python3 oracles/rummikub-py/engine.py")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--steps", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-diffs", type=int, default=20)
    ap.add_argument("--examples", type=int, default=1,
                    help="examples shown of each kind of difference (verdicts and fields)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    a, b = Engine(args.a), Engine(args.b)
    diffs = 0
    counts = Counter()
    kinds = Counter()
    try:
        for g in range(args.games):
            req = new_request(rng)
            ra, rb = a.ask(req), b.ask(req)
            if ra.get("ok") != rb.get("ok"):
                diffs += 1
                print("DIFF new:", json.dumps(req), "\n  a:", ra, "\n  b:", rb)
                continue
            if not ra.get("ok"):
                continue
            history = [req]
            for _ in range(args.steps):
                sa = a.ask({"cmd": "state"})["state"]
                if sa.get("game_over"):
                    break
                if sa.get("round_over") or sa.get("hand_over"):
                    if rng.random() < 0.5:
                        step = {"next_hand": {"seed": rng.randrange(1 << 64)}}
                    else:
                        nh = random_setup(rng)
                        nh["players"] = {p: v for p, v in zip(sorted(sa["players"]), nh["players"].values())}
                        if len(nh["players"]) != len(sa["players"]):
                            step = {"next_hand": {"seed": rng.randrange(1 << 64)}}
                        else:
                            if rng.random() < 0.5:
                                del nh["to_move"]
                            step = {"next_hand": nh}
                else:
                    step = random_step(rng, sa)
                    la = {next(iter(s)) for s in a.ask({"cmd": "legal"})["steps"]} & {"draw", "pass"}
                    lb = {next(iter(s)) for s in b.ask({"cmd": "legal"})["steps"]} & {"draw", "pass"}
                    if la != lb:
                        kinds[("legal", tuple(sorted(la)), tuple(sorted(lb)))] += 1
                        print("DIFF legal draw/pass: a=%s b=%s before=%s" % (la, lb, json.dumps(sa)))
                history.append(step)
                ra = a.ask({"cmd": "apply", "step": step})
                rb = b.ask({"cmd": "apply", "step": step})
                va = (ra.get("ok"), ra.get("verdict"), ra.get("rule"), ra.get("error", {}).get("code"))
                vb = (rb.get("ok"), rb.get("verdict"), rb.get("rule"), rb.get("error", {}).get("code"))
                counts[va[1:3]] += 1
                sa2 = norm_state(a.ask({"cmd": "state"})["state"])
                sb2 = norm_state(b.ask({"cmd": "state"})["state"])
                sca, scb = a.ask({"cmd": "score"}), b.ask({"cmd": "score"})
                if va != vb or sa2 != sb2 or sca != scb:
                    kind = (va[1:], vb[1:], tuple(k for k in sa2 if sa2[k] != sb2.get(k)),
                            sca != scb)
                    kinds[kind] += 1
                    if kinds[kind] > args.examples:
                        break
                    diffs += 1
                    print("DIFF game %d after %d steps" % (g, len(history) - 1))
                    print("  new:", json.dumps(history[0]))
                    print("  before:", json.dumps({k: sa[k] for k in ("players", "table", "stock", "to_move")}))
                    print("  step:", json.dumps(step))
                    print("  a:", va, ra.get("reason"))
                    print("  b:", vb, rb.get("reason"))
                    if sa2 != sb2:
                        for k in sa2:
                            if sa2[k] != sb2.get(k):
                                print("  state %s: a=%s b=%s" % (k, sa2[k], sb2.get(k)))
                    if sca != scb:
                        print("  score: a=%s b=%s" % (sca, scb))
                    if diffs >= args.max_diffs:
                        return 1
                    break
    finally:
        a.close()
        b.close()
    print("%d games, %d differences" % (args.games, sum(kinds.values())))
    for k, v in kinds.most_common():
        print("  %5d  meldcheck %s / py %s / state %s / score %s" % (v, k[0], k[1], k[2], k[3]))
    print("steps by verdict (engine a):")
    for k, v in counts.most_common():
        print("  %5d %s" % (v, k))
    return 1 if kinds else 0


if __name__ == "__main__":
    sys.exit(main())
