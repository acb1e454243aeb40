"""Tests of the independent Rummikub engine (python3 -m unittest, standard library only).

Positions come from the rule text 004_3729e45c9ab6f2f5.txt ("004"), cited by section, and
from meldcheck's scenario files, which TestScenarios replays through the engine with a
small YAML reader (yaml_subset.py), checking every expectation.
"""

import glob
import itertools
import json
import os
import random
import subprocess
import sys
import unittest
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)

import solver  # noqa: E402
import yaml_subset  # noqa: E402
from engine import Session, answer  # noqa: E402
from game import SplitMix64, shuffle  # noqa: E402
from rules import CATALOG, analyse_set, canonical_deck, parse_tile  # noqa: E402


class Driver:
    """An engine session in this process, answering requests as dicts."""

    def __init__(self):
        self.session = Session()
        self.n = 0

    def ask(self, cmd, **fields):
        self.n += 1
        return answer(self.session, json.dumps(dict(fields, id=self.n, cmd=cmd)))

    def new(self, setup=None, options=None, deal=None):
        req = {"ruleset": "rummikub", "variants": [], "options": options or {}}
        req["deal" if deal else "setup"] = deal or setup
        return self.ask("new", **req)

    def apply(self, step):
        return self.ask("apply", step=step)

    def state(self):
        return self.ask("state")["state"]


def opened(hand):
    return {"hand": hand, "opened": True}


def game(players, table=(), stock=("O1", "O2"), options=None, **extra):
    """A driver with a position: players as {seat: hand or player dict}."""
    d = Driver()
    setup = {"players": {p: (v if isinstance(v, dict) else {"hand": v})
                         for p, v in players.items()},
             "table": [{"id": "m%d" % (i + 1), "cards": list(s)} for i, s in enumerate(table)],
             "stock": list(stock), "rest": "out"}
    setup.update(extra)
    ans = d.new(setup, options)
    assert ans["ok"], ans
    return d


def tiles(*names):
    return [parse_tile(n, standin=True) for n in names]


# ---------------------------------------------------------------------------------------

class TestCatalog(unittest.TestCase):
    def test_catalog_order_is_the_spec(self):
        # Refusals name the first clause in catalog order, so the order must be the spec's.
        ids, inside = [], False
        with open(os.path.join(ROOT, "spec", "rummikub.yaml"), encoding="utf-8") as f:
            for line in f:
                if line.startswith("catalog:"):
                    inside = True
                elif inside and line.startswith("  - id: "):
                    ids.append(line.split(":", 1)[1].strip())
        self.assertEqual(ids, CATALOG)


class TestShuffle(unittest.TestCase):
    def test_splitmix64_reference_outputs(self):
        # The contract: for seed 0 the first two outputs.
        rng = SplitMix64(0)
        self.assertEqual(rng.next(), 0xE220A8397B1DCDAF)
        self.assertEqual(rng.next(), 0x6E789E6AA1B965F4)

    def test_canonical_deck(self):
        deck = canonical_deck()   # 004 "Spelet": 104 numbered tiles and 2 jokers
        self.assertEqual(len(deck), 106)
        self.assertEqual(deck[:3], ["R1", "R2", "R3"])
        self.assertEqual(deck[13], "B1")
        self.assertEqual(deck[52], "R1")
        self.assertEqual(deck[-3:], ["K13", "JK", "JK"])

    def test_shuffle_is_a_permutation(self):
        deck = canonical_deck()
        self.assertEqual(Counter(shuffle(deck, SplitMix64(99))), Counter(deck))

    def test_deal_two_players(self):
        # 004 "Uppställning": 14 tiles each, the rest the pool; A gets the first tile.
        d = Driver()
        self.assertTrue(d.new(deal={"players": 2, "seed": 1})["ok"])
        s = d.state()
        self.assertEqual(s["players"]["A"]["hand"][:4], ["B3", "K6", "R1", "O1"])
        self.assertEqual(len(s["players"]["B"]["hand"]), 14)
        self.assertEqual(len(s["stock"]), 78)
        self.assertEqual((s["to_move"], s["dealer"]), ("A", "B"))

    def test_deal_starts_after_the_dealer(self):
        d = Driver()
        d.new(deal={"players": 3, "seed": 5, "dealer": "A"})
        s = d.state()
        self.assertEqual(s["to_move"], "B")
        self.assertEqual(s["players"]["B"]["hand"][:2], ["O3", "B12"])

    def test_setup_rest_and_seed(self):
        # The unnamed tiles go below the named stock in the shuffle's order, or out.
        d = game({"A": ["R1"], "B": ["R2"]}, stock=["K5"], rest="stock", seed=3)
        stock = d.state()["stock"]
        self.assertEqual(stock[0], "K5")
        self.assertEqual(len(stock), 106 - 2)      # all but the two in the racks
        d = game({"A": ["R1"], "B": ["R2"]}, stock=["K5"])
        self.assertEqual(d.state()["stock"], ["K5"])


class TestSets(unittest.TestCase):
    def fault(self, *names):
        res = analyse_set(tiles(*names))
        return min(res.faults, key=CATALOG.index) if res.faults else None

    def canonical(self, *names):
        res = analyse_set(tiles(*names))
        self.assertFalse(res.faults, names)
        return [str(t) for t in res.tiles]

    def test_groups(self):
        # 004 "Kombinationer" examples: one number, distinct colours, three or four.
        self.assertIsNone(self.fault("O8", "R8", "K8"))
        self.assertIsNone(self.fault("O8", "R8", "K8", "B8"))
        self.assertEqual(self.fault("R5", "R5", "B5"), "set.group")
        self.assertEqual(self.fault("R5", "B5", "O5", "K5", "R5"), "set.group")
        self.assertEqual(self.fault("R5", "B5"), "set.size")

    def test_runs(self):
        # 004 "Set": three or more in a row, one colour; 1 lowest, never after 13.
        self.assertEqual(self.canonical("B6", "B4", "B5", "B3"), ["B3", "B4", "B5", "B6"])
        self.assertEqual(self.fault("B3", "B4", "B6"), "set.run")
        self.assertEqual(self.fault("R7", "B8", "O9"), "set.shape")
        self.assertEqual(self.fault("R12", "R13", "R1"), "set.one-lowest")
        self.assertEqual(self.fault("R13", "R1", "R2"), "set.one-lowest")
        self.assertIsNone(self.fault("R11", "R12", "R13"))
        self.assertIsNone(self.fault(*["R%d" % k for k in range(1, 14)]))

    def test_joker_standins(self):
        # Contract: whole tile in a run and a group of four, the number in a group of three.
        self.assertEqual(self.canonical("B6", "JK", "B8"), ["B6", "JK=B7", "B8"])
        self.assertEqual(self.fault("R3", "R4", "JK"), "notation.standin")      # R2 or R5?
        self.assertEqual(self.canonical("R3", "R4", "JK=R5"), ["R3", "R4", "JK=R5"])
        self.assertEqual(self.canonical("R1", "R2", "JK"), ["R1", "R2", "JK=R3"])
        self.assertEqual(self.canonical("R8", "B8", "O8", "JK"), ["R8", "B8", "O8", "JK=K8"])
        self.assertEqual(self.canonical("R2", "B2", "JK=O2"), ["R2", "B2", "JK=2"])
        self.assertEqual(self.canonical("R2", "B2", "JK"), ["R2", "B2", "JK=2"])
        self.assertEqual(self.fault("R3", "R4", "JK=5"), "notation.standin")    # colour unnamed
        self.assertEqual(self.fault("R8", "B8", "O8", "JK=8"), "notation.standin")
        self.assertEqual(self.fault("R2", "B2", "JK=R2"), "set.group")
        self.assertEqual(self.fault("R12", "R13", "JK=R1"), "set.one-lowest")
        self.assertEqual(self.canonical("JK=R3", "JK=R4", "R5"), ["JK=R3", "JK=R4", "R5"])
        self.assertEqual(self.fault("R5", "JK", "JK"), "notation.standin")      # group or run?
        self.assertEqual(self.canonical("R5", "JK=5", "JK"), ["R5", "JK=5", "JK=5"])


class TestArrange(unittest.TestCase):
    def check(self, hand, table, arrange, rule=None, is_opened=True):
        d = game({"A": {"hand": hand, "opened": is_opened}, "B": opened(["K13"])}, table,
                 stock=["B12"])
        ans = d.apply({"arrange": arrange})
        if rule is None:
            self.assertEqual(ans["verdict"], "ok", ans)
        else:
            self.assertEqual((ans["verdict"], ans.get("rule")), ("reject", rule), arrange)
        return d

    def test_the_six_combinations(self):
        # 004 "Kombinationer" 1-6, each with the rack and table the text gives.
        self.check(["B3", "B8"], [["B4", "B5", "B6"], ["O8", "R8", "K8"]],
                   [["B3", "B4", "B5", "B6"], ["O8", "R8", "K8", "B8"]])
        self.check(["B3", "B5", "B6"], [["B4", "R4", "K4", "O4"]],
                   [["B3", "B4", "B5", "B6"], ["R4", "K4", "O4"]])
        self.check(["B11", "K8", "O8"], [["B8", "B9", "B10"]],
                   [["B9", "B10", "B11"], ["B8", "K8", "O8"]])
        self.check(["R6"], [["R4", "R5", "R6", "R7", "R8"]],
                   [["R4", "R5", "R6"], ["R6", "R7", "R8"]])
        self.check(["B1"], [["O1", "O2", "O3", "O4"], ["B1", "K1", "R1", "O1"]],
                   [["K1", "B1", "O1"], ["B1", "R1", "O1"], ["O2", "O3", "O4"]])
        d = self.check(["K10", "B5"], [["O5", "O6", "O7"], ["R5", "R6", "R7"],
                                       ["K5", "K6", "K7", "K8", "K9"]],
                       [["B5", "O5", "R5", "K5"], ["O6", "R6", "K6"], ["O7", "R7", "K7"],
                        ["K8", "K9", "K10"]])
        self.assertTrue(d.state()["round_over"])          # the rack is empty: out

    def test_the_four_ways_to_free_a_joker(self):
        # 004 "Jokern", 4 ways; the freed joker must go into a new set the same turn, so
        # tiles for that set are added to the rack (catalog joker.reused resolution).
        self.check(["K3", "K9", "K11"], [["R3", "B3", "JK=3"]],
                   [["R3", "B3", "K3"], ["K9", "JK", "K11"]])
        self.check(["R1", "R7", "B10", "B12"], [["R2", "R3", "JK=R4", "R5", "R6"]],
                   [["R1", "R2", "R3"], ["R5", "R6", "R7"], ["B10", "JK", "B12"]])
        self.check(["B5", "R12", "R13"], [["B6", "B7", "JK=B8"]],
                   [["B5", "B6", "B7"], ["JK=R11", "R12", "R13"]])
        self.check(["O7", "K7"], [["K1", "K2", "JK=K3"], ["B1", "O1", "R1"], ["B2", "O2", "R2"]],
                   [["K1", "B1", "O1", "R1"], ["K2", "B2", "O2", "R2"], ["O7", "K7", "JK=7"]])

    def test_table_tiles_stay(self):
        # 004 "Kombinationer" (no left-over tiles) and "Jokern" (a freed joker is not kept).
        self.check(["B5"], [["B6", "B7", "JK=B8"]], [["B5", "B6", "B7"]],
                   "rummikub/arrange.table-stays")
        self.check(["R1", "R2", "R3"], [["B4", "B5", "B6", "B7"]],
                   [["B4", "B5", "B6"], ["R1", "R2", "R3"]], "rummikub/arrange.table-stays")
        # Way 4 exactly as the text moves it: no rack tile and the joker in no set.
        self.check(["O7"], [["K1", "K2", "JK=K3"], ["B1", "O1", "R1"], ["B2", "O2", "R2"]],
                   [["K1", "B1", "O1", "R1"], ["K2", "B2", "O2", "R2"]],
                   "rummikub/arrange.table-stays")

    def test_rack_tile_and_possession(self):
        self.check(["K1"], [["R4", "R5", "R6", "R7", "R8", "R9"]],
                   [["R4", "R5", "R6"], ["R7", "R8", "R9"]], "rummikub/arrange.rack-tile")
        self.check(["K1"], [["R4", "R5", "R6"]], [["R4", "R5", "R6", "R7"]],
                   "core/card-not-held")
        self.check(["K1"], [], [], "rummikub/arrange.rack-tile")

    def test_every_set_valid_at_the_end(self):
        self.check(["R9"], [["R4", "R5", "R6", "R7", "R8"]],
                   [["R4", "R5"], ["R6", "R7", "R8", "R9"]], "rummikub/set.size")
        # Several broken clauses: the first in catalog order is named.
        self.check(["R1", "R2", "R7", "B8", "O9"], [["B4", "B5", "B6"]],
                   [["B4", "B5", "B6"], ["R1", "R2"], ["R7", "B8", "O9"]], "rummikub/set.size")

    def test_initial_meld(self):
        # 004 "Så spelar man": 30 or more, from the rack alone.
        self.check(["R5", "B5", "O5", "K2", "K3", "K4", "K5"], [],
                   [["R5", "B5", "O5"], ["K2", "K3", "K4", "K5"]], "rummikub/opening.points",
                   is_opened=False)
        self.check(["R5", "B5", "O5", "K4", "K5", "K6"], [],
                   [["R5", "B5", "O5"], ["K4", "K5", "K6"]], is_opened=False)
        # A joker counts the number it stands for (resolution of opening.points).
        self.check(["JK", "K9", "K10"], [], [["JK=K8", "K9", "K10"]],
                   "rummikub/opening.points", is_opened=False)
        self.check(["JK", "K9", "K10"], [], [["K9", "K10", "JK=K11"]], is_opened=False)
        # Building on the table in the same turn.
        self.check(["B7", "R10", "R11", "R12"], [["B4", "B5", "B6"]],
                   [["B4", "B5", "B6", "B7"], ["R10", "R11", "R12"]],
                   "rummikub/opening.rack-only", is_opened=False)
        # No joker from the table before the initial meld (opening.rack-only comes first).
        self.check(["K3", "R10", "R11", "R12"], [["R3", "B3", "JK=3"]],
                   [["R3", "B3", "K3"], ["R10", "R11", "R12", "JK=R13"]],
                   "rummikub/opening.rack-only", is_opened=False)
        # Only what comes from the rack counts towards the 30: one tile worth 13.
        self.check(["O13"], [["O10", "O11", "O12"]], [["O10", "O11", "O12", "O13"]],
                   "rummikub/opening.points", is_opened=False)
        d = self.check(["R10", "R11", "R12", "K1"], [["B4", "B5", "B6"]],
                       [["B4", "B5", "B6"], ["R10", "R11", "R12"]], is_opened=False)
        self.assertTrue(d.state()["players"]["A"]["opened"])

    def test_melds_numbered_as_written(self):
        d = self.check(["R1", "R2", "R3", "K1"], [["B4", "B5", "B6"]],
                       [["R3", "R1", "R2"], ["B4", "B5", "B6"]])
        table = d.state()["table"]
        self.assertEqual([(m["id"], m["cards"]) for m in table],
                         [("m1", ["R1", "R2", "R3"]), ("m2", ["B4", "B5", "B6"])])


class TestTurns(unittest.TestCase):
    def test_one_step_a_turn(self):
        d = game({"A": opened(["R1", "R2", "R3", "B7"]), "B": opened(["K9"])},
                 [["B4", "B5", "B6"]])
        for step in ({"meld": ["R1", "R2", "R3"]}, {"discard": "B7"}, {"take": "top"},
                     {"layoff": {"to": "m1", "cards": ["B7"]}},
                     {"swap": {"meld": "m1", "card": "B4"}},
                     {"player": "B", "claim": {"take": "top"}}):
            self.assertEqual(d.apply(step)["rule"], "rummikub/turn.one-step", step)
        self.assertEqual(d.apply({"draw": "stock"})["verdict"], "ok")
        self.assertEqual(d.apply({"player": "A", "draw": "stock"})["rule"], "core/not-your-turn")
        self.assertEqual(d.state()["to_move"], "B")

    def test_timeout_penalty(self):
        # 004 "Så spelar man": three tiles; fewer left: those (or none, option no-penalty).
        d = game({"A": opened(["B7"]), "B": opened(["K2"])}, stock=["O1", "O2", "O3", "O4"])
        d.apply("timeout")
        self.assertEqual(d.state()["players"]["A"]["hand"], ["B7", "O1", "O2", "O3"])
        d.apply("timeout")
        self.assertEqual(d.state()["players"]["B"]["hand"], ["K2", "O4"])
        d = game({"A": opened(["B7"]), "B": opened(["K2"])}, stock=["O1", "O2"],
                 options={"short-penalty": "no-penalty"})
        d.apply("timeout")
        self.assertEqual(len(d.state()["stock"]), 2)

    def test_empty_pool(self):
        # 004 "Vinnaren": with the pool empty a player must lay a tile; one who cannot ends
        # the round (first-stuck) and the lowest rack wins.
        d = game({"A": opened(["B7", "R1"]), "B": opened(["K2"])}, [["B4", "B5", "B6"]],
                 stock=[])
        self.assertEqual(d.apply({"draw": "stock"})["rule"], "core/empty-stock")
        self.assertEqual(d.apply("pass")["rule"], "rummikub/pool.empty")
        d.apply({"arrange": [["B4", "B5", "B6", "B7"]]})
        self.assertEqual(d.apply("pass")["verdict"], "ok")
        score = d.ask("score")
        self.assertEqual(score["round_scores"], {"A": 1, "B": -1})
        self.assertEqual(d.apply("pass")["rule"], "core/hand-over")

    def test_pass_with_tiles_in_the_pool(self):
        d = game({"A": ["K1"], "B": ["K2"]}, stock=["O1"])
        self.assertEqual(d.apply("pass")["rule"], "rummikub/pool.empty")

    def test_all_stuck(self):
        d = game({"A": opened(["R1", "B13"]), "B": opened(["K8", "O2"]),
                  "C": opened(["R12", "O13"])}, [["K5", "K6", "K7"]], stock=[],
                 options={"empty-pool": "all-stuck"})
        d.apply("pass")
        self.assertEqual(d.apply("pass")["rule"], "rummikub/pool.empty")
        d.apply({"arrange": [["K5", "K6", "K7", "K8"]]})
        for _ in range(3):
            self.assertFalse(d.state()["round_over"])
            self.assertEqual(d.apply("pass")["verdict"], "ok")
        self.assertEqual(d.ask("score")["round_scores"], {"A": -12, "B": 35, "C": -23})

    def test_turn_bound(self):
        d = game({"A": ["R5", "R6"], "B": ["B13"]}, stock=["K1", "K2", "K3"], turns=998)
        d.apply({"draw": "stock"})
        self.assertFalse(d.state()["round_over"])
        d.apply({"draw": "stock"})
        self.assertEqual(d.ask("score")["round_scores"], {"A": 3, "B": -3})


class TestLegal(unittest.TestCase):
    def test_listed_steps_are_accepted(self):
        players = {"A": opened(["B7", "R6", "JK", "O1", "O2", "O3", "K3"]), "B": opened(["K2"])}
        table = [["B4", "B5", "B6"], ["R4", "R5", "R6", "R7", "R8"], ["R3", "B3", "O3"]]
        steps = game(players, table, stock=[]).ask("legal")["steps"]
        arranges = [s for s in steps if "arrange" in s]
        self.assertIn({"arrange": [["B4", "B5", "B6"], ["R4", "R5", "R6"], ["R6", "R7", "R8"],
                                   ["R3", "B3", "O3"]]}, arranges)       # 004 "Kombinationer" 4
        self.assertNotIn({"pass": None}, steps)
        self.assertNotIn({"draw": "stock"}, steps)
        for step in arranges:
            self.assertEqual(game(players, table, stock=[]).apply(step)["verdict"], "ok", step)

    def test_no_joker_listed_onto_a_whole_run(self):
        # Found by lockstep play: a rack joker was offered to the end of a run from 1 to 13
        # as a 14, which is no tile (004 "Set": 13 is the highest number).
        whole = ["B%d" % n for n in range(1, 14)]
        d = game({"A": opened(["JK", "K9"]), "B": opened(["K2"])}, [whole, ["R4", "O4", "K4"]])
        steps = d.ask("legal")["steps"]
        self.assertIn({"arrange": [whole, ["R4", "O4", "K4", "JK"]]}, steps)
        self.assertFalse(any(any(len(s) > 13 for s in step["arrange"]) for step in steps if "arrange" in step))

    def test_pass_listed_when_stuck(self):
        d = game({"A": opened(["K2"]), "B": opened(["R1"])}, [["B4", "B5", "B6"]], stock=[])
        self.assertEqual(d.ask("legal")["steps"], [{"pass": None}, {"timeout": None}])


class TestScoring(unittest.TestCase):
    def test_going_out(self):
        # 004 "Poäng": losers pay their racks (a joker 30), the winner gains the sum.
        d = game({"A": opened(["R7", "R8", "R9"]), "B": ["JK", "R4"], "C": opened(["K13", "O2"])})
        d.apply({"arrange": [["R7", "R8", "R9"]]})
        self.assertEqual(d.ask("score")["round_scores"], {"A": 49, "B": -34, "C": -15})

    def test_lowest_rack_wins_when_nobody_is_out(self):
        d = game({"A": ["R5"], "B": ["B12"], "C": ["O10", "K10"]}, stock=[])
        d.apply("pass")
        self.assertEqual(d.ask("score")["round_scores"], {"A": 22, "B": -7, "C": -15})

    def test_tie_split_and_fewest_tiles(self):
        players = {"A": ["B2", "B3"], "B": ["R5"], "C": ["O10", "K10"]}
        d = game(players, stock=[])
        d.apply("pass")   # A's pass ends it; B, next in turn, takes the odd point
        self.assertEqual(d.ask("score")["round_scores"], {"A": 7, "B": 8, "C": -15})
        d = game(players, stock=[], options={"lowest-tie": "fewest-tiles"})
        d.apply("pass")
        self.assertEqual(d.ask("score")["round_scores"], {"A": 0, "B": 15, "C": -15})

    def test_match_over_rounds(self):
        # 004 "Poängexempel": rounds add up; the highest total wins.
        d = game({"A": opened(["R7", "R8", "R9"]), "B": ["B9", "O11"]}, options={"rounds": "two"})
        self.assertEqual(d.apply({"next_hand": {"seed": 3}})["rule"], "core/hand-not-over")
        d.apply({"arrange": [["R7", "R8", "R9"]]})
        self.assertFalse(d.ask("score")["game_over"])
        ans = d.apply({"next_hand": {"players": {"A": {"hand": ["B5", "K7"]},
                                                 "B": {"hand": ["O3", "O4", "O5"], "opened": True}},
                                     "stock": ["R1"], "rest": "out", "to_move": "B"}})
        self.assertEqual(ans["verdict"], "ok")
        self.assertEqual(d.state()["hand_number"], 2)
        d.apply({"arrange": [["O3", "O4", "O5"]]})
        score = d.ask("score")
        self.assertEqual((score["totals"], score["game_over"], score["winner"]),
                         ({"A": 8, "B": -8}, True, ["A"]))
        self.assertEqual(d.apply({"next_hand": {"seed": 1}})["rule"], "core/game-over")

    def test_next_hand_dealt_rotates_the_dealer(self):
        d = game({"A": opened(["R7", "R8", "R9"]), "B": ["B9"]}, options={"rounds": "two"})
        d.apply({"arrange": [["R7", "R8", "R9"]]})
        d.apply({"next_hand": {"seed": 5}})
        s = d.state()
        self.assertEqual((s["dealer"], s["to_move"], len(s["players"]["B"]["hand"])), ("A", "B", 14))
        self.assertEqual(s["players"]["A"]["total"], 9)
        self.assertEqual(s["table"], [])


# ---------------------------------------------------------------------------------------
# The solver against a brute force written separately.

def _valid(multiset):
    """A multiset of identities can be one set, its jokers standing for what is missing."""
    nat = [(t[0], int(t[1:])) for t in multiset if t != "JK"]
    n = len(multiset)
    if n < 3 or not nat:
        return False
    if len({k for _c, k in nat}) == 1 and n <= 4 and len({c for c, _k in nat}) == len(nat):
        return True
    nums = [k for _c, k in nat]
    return (len({c for c, _k in nat}) == 1 and len(set(nums)) == len(nums) and n <= 13
            and max(nums) - min(nums) + 1 <= n)


def _brute(must, may):
    """Most `may` tiles placed with every `must` tile, or None."""
    def sets_with(first, pool):
        others = list(pool.elements())
        others.remove(first)
        seen = set()
        for size in range(2, len(others) + 1):
            for combo in itertools.combinations(others, size):
                key = tuple(sorted(combo))
                if key not in seen:
                    seen.add(key)
                    if _valid((first,) + key):
                        yield Counter((first,) + key)

    def go(must, may):
        if not +must:
            best = 0
            for t in sorted(+may):
                for s in sets_with(t, may):
                    r = go(Counter(), may - s)
                    best = max(best, r + sum(s.values()))
            return best
        first = min(+must)
        best = None
        for s in sets_with(first, must + may):
            from_must = s & must
            r = go(must - from_must, may - (s - from_must))
            if r is not None:
                r += sum((s - from_must).values())
                best = r if best is None else max(best, r)
        return best

    return go(Counter(must), Counter(may))


class TestSolver(unittest.TestCase):
    def random_position(self, rng):
        left = Counter({c + str(k): 2 for c in "RBOK" for k in range(1, 8)})
        left["JK"] = 2
        table = []
        for _ in range(rng.randint(0, 2)):
            if rng.random() < 0.5:
                c, lo = rng.choice("RBOK"), rng.randint(1, 4)
                s = [c + str(k) for k in range(lo, lo + rng.randint(3, 4))]
            else:
                k = rng.randint(1, 7)
                s = [c + str(k) for c in rng.sample("RBOK", 3)]
            if rng.random() < 0.3:
                s[rng.randrange(len(s))] = "JK"
            if all(left[t] >= n for t, n in Counter(s).items()):
                left -= Counter(s)
                table += s
        pool = list(left.elements())
        rng.shuffle(pool)
        # Tiles near each other, so that sets are likely.
        rack = [t for t in pool if t == "JK" or int(t[1:]) <= 5][:rng.randint(1, 5)]
        return table, rack

    def test_against_brute_force(self):
        rng = random.Random(4)
        for _ in range(150):
            table, rack = self.random_position(rng)
            want = _brute(table, rack)
            got = solver.best_placement(Counter(table), Counter(rack), lambda v: 1,
                                        lambda v: 1, 1)
            self.assertEqual(got, want, (table, rack))

    def test_best_moves_of_the_scenarios(self):
        self.assertEqual(solver.best_move(["R10", "K10", "O10", "R7"], ["R4", "R5", "R6"], False),
                         (3, 30))
        self.assertEqual(solver.best_move(["R9", "K9", "O9", "R7"], ["R4", "R5", "R6"], False),
                         (0, 0))
        self.assertEqual(solver.best_move(["R1", "R2", "R3", "B3", "K3"], [], True), (3, 9))
        self.assertEqual(solver.best_move(["JK"], ["R13", "B13", "O13", "K13"] * 2, True),
                         (1, 30))

    def test_quick_answers_agree_with_the_search(self):
        # _borrowed_set answers "can play" without the search when a rack tile frees a joker
        # or makes a set with tiles the table can spare: each yes it gives, the search gives.
        rng = random.Random(7)
        said_yes = 0
        for _ in range(1000):
            left = Counter({c + str(k): 2 for c in "RBOK" for k in range(1, 10)})
            left["JK"] = 2
            melds, table = [], []
            for _ in range(rng.randint(1, 6)):
                if rng.random() < 0.5:
                    c, lo = rng.choice("RBOK"), rng.randint(1, 5)
                    faces = [c + str(k) for k in range(lo, lo + rng.randint(3, 5))]
                    kind = "run"
                else:
                    k = rng.randint(1, 9)
                    faces = [c + str(k) for c in rng.sample("RBOK", rng.randint(3, 4))]
                    kind = "group"
                tiles = list(faces)
                if rng.random() < 0.4:
                    i = rng.randrange(len(tiles))
                    stand_in = faces[i] if kind == "run" or len(faces) == 4 else faces[i][1:]
                    tiles[i] = "JK=" + stand_in
                ids = Counter("JK" if t.startswith("JK") else t for t in tiles)
                if all(left[t] >= n for t, n in ids.items()):
                    left -= ids
                    table += list(ids.elements())
                    melds.append((kind, [parse_tile(t, standin=True) for t in tiles]))
            pool = list(left.elements())
            rng.shuffle(pool)
            rack = pool[:rng.randint(1, 3)]
            if solver._borrowed_set(rack, melds):
                said_yes += 1
                best = solver.best_placement(Counter(table), Counter(rack), lambda v: 1, lambda v: 1, 1)
                self.assertTrue(best is not None and best >= 1, (melds, rack))
        self.assertGreater(said_yes, 30)   # the test sees the quick answers at work

    def test_can_open(self):
        self.assertTrue(solver.can_open(["R10", "R11", "R12", "O2"]))
        self.assertFalse(solver.can_open(["R9", "R10", "K9", "O2"]))
        self.assertTrue(solver.can_open(["R9", "R10", "JK"]))        # the joker as R11


# ---------------------------------------------------------------------------------------
# The protocol, through a real process.

class TestProtocol(unittest.TestCase):
    def run_engine(self, lines):
        proc = subprocess.run([sys.executable, os.path.join(HERE, "engine.py")],
                              input="\n".join(lines) + "\n", capture_output=True, text=True,
                              timeout=60)
        return [json.loads(l) for l in proc.stdout.splitlines()], proc

    def test_requests_and_errors(self):
        out, proc = self.run_engine([
            json.dumps({"id": 1, "cmd": "hello", "protocol": 1}),
            json.dumps({"id": 2, "cmd": "state"}),
            "this is not json",
            json.dumps({"id": 3, "cmd": "new", "ruleset": "rummy500", "deal": {"players": 2}}),
            json.dumps({"id": 4, "cmd": "new", "ruleset": "rummikub", "deal": {"players": 5}}),
            json.dumps({"id": 5, "cmd": "new", "ruleset": "rummikub", "deal": {"players": 2}}),
            json.dumps({"id": 6, "cmd": "apply", "step": {"arrange": "R1"}}),
            json.dumps({"id": 7, "cmd": "apply", "step": {"arrange": [["R1", "Q9"]]}}),
            json.dumps({"id": 8, "cmd": "apply", "step": {"draw": "stock"}}),
            json.dumps({"id": 9, "cmd": "frobnicate"}),
            json.dumps({"id": 10, "cmd": "quit"}),
            json.dumps({"id": 11, "cmd": "hello"}),
        ])
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual([a["id"] for a in out], [1, 2, None, 3, 4, 5, 6, 7, 8, 9, 10])
        self.assertEqual(out[0]["rulesets"][0]["id"], "rummikub")
        codes = [a.get("error", {}).get("code") for a in out]
        self.assertEqual(codes, [None, "no-game", "bad-request", "unsupported", "bad-request",
                                 None, "bad-request", "bad-request", None, "unsupported", None])
        self.assertEqual(out[8]["verdict"], "ok")
        self.assertNotIn("internal", proc.stdout)

    def test_state_reads_back(self):
        # `state` is a setup that reads back to the same position (protocol, "state").
        d = game({"A": opened(["R1", "R2", "R3", "JK"]), "B": ["K5"]},
                 [["B9", "O9", "JK=R9"], ["K1", "K2", "K3"]], stock=["O1", "O4"])
        d.apply({"arrange": [["B9", "O9", "JK=R9"], ["K1", "K2", "K3"], ["R1", "R2", "R3", "JK"]]})
        d.apply({"draw": "stock"})
        s = d.state()
        again = Driver()
        self.assertTrue(again.new(s)["ok"])
        self.assertEqual(again.state(), s)

    def test_garbage_never_crashes(self):
        rng = random.Random(7)
        atoms = [None, True, 0, -1, 2 ** 70, 1.5, "", "R5", "JK=R5", "JK=5", "stock", "m1", "A"]
        keys = ["draw", "arrange", "pass", "timeout", "meld", "take", "claim", "next_hand",
                "player", "players", "hand", "seed", "table", "cards", "id", "stock"]

        def junk(depth=0):
            r = rng.random()
            if depth > 3 or r < 0.35:
                return rng.choice(atoms)
            if r < 0.65:
                return [junk(depth + 1) for _ in range(rng.randint(0, 3))]
            return {rng.choice(keys): junk(depth + 1) for _ in range(rng.randint(0, 3))}

        d = game({"A": opened(["R1", "R2", "R3", "JK"]), "B": ["K5"]}, [["B4", "B5", "B6"]])
        for _ in range(2000):
            req = rng.choice([{"cmd": "apply", "step": junk()},
                              {"cmd": "new", "ruleset": "rummikub", "setup": junk()},
                              {"cmd": rng.choice(["state", "legal", "score"]), "x": junk()}])
            ans = answer(d.session, json.dumps(dict(req, id=1)))
            self.assertNotIn("internal error", json.dumps(ans))


# ---------------------------------------------------------------------------------------
# meldcheck's Rummikub scenarios, replayed through this engine.

SCENARIOS = sorted(glob.glob(os.path.join(ROOT, "scenarios", "rummikub", "*.yaml"))) + \
    [os.path.join(ROOT, "scenarios", "disputes", "rummikub.yaml")]


def _norm_meld(cards):
    res = analyse_set([parse_tile(c, standin=True) for c in cards])
    names = [str(t) for t in res.tiles] if res.tiles else list(cards)
    return names if res.kind == "run" else sorted(names)


class TestScenarios(unittest.TestCase):
    def check_expect(self, d, exp, where):
        s = d.state()
        score = d.ask("score")
        players = s["players"]
        for key, want in exp.items():
            msg = "%s: %s" % (where, key)
            if key == "hand":
                for p, hand in want.items():
                    self.assertEqual(Counter(players[p]["hand"]), Counter(hand), msg)
            elif key == "hand_size":
                for p, n in want.items():
                    self.assertEqual(len(players[p]["hand"]), n, msg)
            elif key == "table":
                got = [(m["id"], _norm_meld(m["cards"])) for m in s["table"]]
                self.assertEqual(got, [(m["id"], _norm_meld(m["cards"])) for m in want], msg)
                for m, g in zip(want, s["table"]):
                    if "owner" in m:
                        self.assertEqual(g.get("owner"), m["owner"], msg)
            elif key == "stock_size":
                self.assertEqual(len(s["stock"]), want, msg)
            elif key == "discard":
                self.assertEqual(s["discard"], want, msg)
            elif key in ("to_move", "phase", "round_over", "game_over"):
                self.assertEqual(s[key], want, msg)
            elif key in ("round_scores", "totals"):
                self.assertEqual(score.get(key), want, msg)
            elif key == "winner":
                self.assertEqual(score.get("winner"), [want] if isinstance(want, str) else want, msg)
            elif key == "opened":
                for p, o in want.items():
                    self.assertEqual(players[p]["opened"], o, msg)
            elif key == "round":
                self.assertEqual(s["hand_number"], want, msg)
            elif key == "best_move":
                p = s["to_move"]
                table = [c for m in s["table"] for c in m["cards"]]
                table = [parse_tile(c, standin=True).identity for c in table]
                t, v = solver.best_move(players[p]["hand"], table, players[p]["opened"])
                self.assertEqual(t, want.get("tiles", t), msg)
                self.assertEqual(v, want.get("value", v), msg)
            else:
                self.fail("%s: expectation %s not understood" % (where, key))

    def test_replay(self):
        count = 0
        for path in SCENARIOS:
            with open(path, encoding="utf-8") as f:
                docs = yaml_subset.load_all(f.read())
            for doc in docs:
                count += 1
                with self.subTest(scenario=doc["name"]):
                    self.replay(doc, "%s: %s" % (os.path.basename(path), doc["name"]))
        self.assertGreater(count, 60)

    def replay(self, doc, where):
        d = Driver()
        ans = d.new(doc.get("setup"), doc.get("options"), doc.get("deal"))
        self.assertTrue(ans["ok"], (where, ans))
        for i, step in enumerate(doc.get("steps") or []):
            if isinstance(step, dict):
                expect = step.get("expect", "ok")
                then = step.get("then")
                step = {k: v for k, v in step.items() if k not in ("expect", "then", "note")}
            else:
                expect, then = "ok", None
            ans = d.apply(step)
            self.assertTrue(ans["ok"], (where, i, ans))
            if expect == "ok":
                self.assertEqual(ans["verdict"], "ok", (where, i, ans))
            else:
                self.assertEqual(ans["verdict"], "reject", (where, i, ans))
                if isinstance(expect, dict):
                    self.assertEqual(ans.get("rule"), expect["reject"], (where, i, ans))
            if then:
                self.check_expect(d, then, "%s step %d" % (where, i + 1))
        if doc.get("expect"):
            self.check_expect(d, doc["expect"], where)

    def test_reader_agrees_with_pyyaml(self):
        try:
            import yaml
        except ImportError:
            self.skipTest("PyYAML not installed")
        for path in SCENARIOS:
            with open(path, encoding="utf-8") as f:
                text = f.read()
            self.assertEqual(yaml_subset.load_all(text),
                             [d for d in yaml.safe_load_all(text) if d is not None], path)


if __name__ == "__main__":
    unittest.main()
