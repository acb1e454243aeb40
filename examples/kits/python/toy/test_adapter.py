"""End-to-end tests of the toy rummy's adapter: the adapter as a process, spoken to with
protocol lines as meldcheck speaks to it. python3 -m unittest -v test_adapter (from this
folder)."""

from __future__ import annotations

import json
import os
import random
import selectors
import subprocess
import sys
import unittest
from collections import Counter
from typing import Any, Dict, List, Optional

HERE = os.path.dirname(os.path.abspath(__file__))
ADAPTER = os.path.join(HERE, "adapter.py")
TIMEOUT = 5.0  # seconds: meldcheck's limit for an answer

sys.path.insert(0, os.path.dirname(HERE))
import meldcheck_protocol as mp  # noqa: E402


class Engine:
    """The adapter process: one request written, one answer line read, within TIMEOUT."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, ADAPTER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, env=dict(os.environ, PYTHONDONTWRITEBYTECODE="1"))
        self.selector = selectors.DefaultSelector()
        assert self.proc.stdout is not None
        self.selector.register(self.proc.stdout, selectors.EVENT_READ)
        self.next_id = 1

    def send_line(self, line: str) -> Dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(line.encode("utf-8") + b"\n")
        self.proc.stdin.flush()
        if not self.selector.select(TIMEOUT):
            raise AssertionError("no answer within %s s to %s" % (TIMEOUT, line))
        answer = self.proc.stdout.readline()
        if not answer:
            raise AssertionError("the adapter exited: %s" % self.proc.stderr.read().decode() if self.proc.stderr else "")
        return json.loads(answer)

    def ask(self, cmd: str, **fields: Any) -> Dict[str, Any]:
        rid, self.next_id = self.next_id, self.next_id + 1
        answer = self.send_line(json.dumps({"id": rid, "cmd": cmd, **fields}))
        assert answer.get("id") == rid, answer
        return answer

    def close(self) -> str:
        """Ends the process; its standard error."""
        assert self.proc.stdin is not None and self.proc.stdout is not None and self.proc.stderr is not None
        if not self.proc.stdin.closed:
            self.proc.stdin.close()
        self.proc.wait(timeout=TIMEOUT)
        err = self.proc.stderr.read()
        for stream in (self.proc.stdout, self.proc.stderr):
            stream.close()
        self.selector.close()
        return err.decode("utf-8", "replace")


DECK = Counter(str(c) for c in mp.canonical_deck("rummy500", 2))


def all_cards(state: Dict[str, Any]) -> Counter:
    """Every card the state names, jokers as JK: the deck, when no card is lost or made."""
    cards: List[str] = []
    for seat in state["players"].values():
        cards += seat["hand"]
    cards += state["stock"] + state["discard"]
    for meld in state["table"]:
        cards += [str(mp.parse_card(c).face) for c in meld["cards"]]
    return Counter(cards)


class ToyAdapter(unittest.TestCase):
    def setUp(self) -> None:
        self.engine = Engine()

    def tearDown(self) -> None:
        self.engine.close()

    def state(self) -> Dict[str, Any]:
        answer = self.engine.ask("state")
        self.assertTrue(answer["ok"], answer)
        self.assertEqual(all_cards(answer["state"]), DECK)
        return answer["state"]

    def apply(self, step: Any, verdict: str) -> Dict[str, Any]:
        before = self.state()
        answer = self.engine.ask("apply", step=step)
        self.assertTrue(answer["ok"], answer)
        self.assertEqual(answer["verdict"], verdict, (step, answer))
        after = self.state()
        if verdict == "reject":
            self.assertEqual(after, before, "a refused step changes nothing")
        return after

    def test_a_hand(self) -> None:
        e = self.engine
        hello = e.ask("hello", protocol=1)
        self.assertEqual(hello["protocol"], 1)
        self.assertEqual(hello["requests"], ["hello", "new", "apply", "state", "quit"])
        self.assertEqual(hello["rulesets"][0]["implements"]["steps"], ["draw", "take", "meld", "layoff", "discard"])
        self.assertEqual(hello["implements"], {"starts": ["deal"], "scores": False, "totals": False, "rule_ids": False})
        self.assertEqual(e.ask("state")["error"]["code"], "no-game")
        self.assertEqual(e.ask("new", ruleset="rummikub", deal={"players": 2})["error"]["code"], "unsupported")
        self.assertEqual(e.ask("new", ruleset="rummy500", setup={"players": {"A": {"hand": ["7S"]}}})["error"]["code"],
                         "unsupported")
        self.assertTrue(e.ask("new", ruleset="rummy500", variants=[], options={}, deal={"players": 2, "seed": 33})["ok"])

        s = self.state()
        self.assertEqual(s["players"]["A"]["hand"], ["JS", "4D", "10H", "7H", "JK", "2C", "AH", "2D", "2H", "7S", "JC", "3H", "5H"])
        self.assertEqual(len(s["players"]["B"]["hand"]), 13)
        self.assertEqual((s["discard"], len(s["stock"]), s["stock"][0]), (["5C"], 27, "10S"))
        self.assertEqual((s["to_move"], s["phase"], s["rest"], s["table"]), ("A", "draw", "out", []))

        self.apply({"meld": ["2C", "2D", "2H"]}, "reject")                    # draw first
        s = self.apply({"draw": "stock"}, "ok")
        self.assertEqual((s["phase"], s["players"]["A"]["hand"][-1], len(s["stock"])), ("play", "10S", 26))
        s = self.apply({"meld": [["2C", "2D", "2H"], ["AH", "3H", "JK"]]}, "ok")  # a bare joker in the middle
        self.assertEqual(s["table"], [{"id": "m1", "owner": "A", "cards": ["2C", "2D", "2H"]},
                                      {"id": "m2", "owner": "A", "cards": ["AH", "JK=2H", "3H"]}])
        self.assertTrue(s["players"]["A"]["opened"])
        self.apply({"layoff": {"to": "m2", "cards": ["5H"]}}, "reject")       # 4H is missing
        self.apply({"layoff": {"to": "m9", "cards": ["5H"]}}, "reject")
        self.apply({"meld": ["JS", "JC", "JK=J"]}, "reject")                  # the joker is on the table
        self.apply({"meld": [["7H", "7S", "JS"]]}, "reject")
        s = self.apply({"discard": "5H"}, "ok")
        self.assertEqual((s["discard"], s["to_move"], s["phase"]), (["5C", "5H"], "B", "draw"))
        self.apply({"draw": "stock", "player": "A"}, "reject")                 # not A's turn
        self.assertEqual(e.send_line("this is not JSON")["error"]["code"], "bad-request")
        self.assertEqual(e.ask("apply", step={"swap": {"meld": "m2", "card": "2H"}})["error"]["code"], "unsupported")
        self.assertEqual(e.ask("apply", step={"teleport": "m2"})["error"]["code"], "bad-request")
        s = self.apply({"take": "top", "player": "B"}, "ok")
        self.assertEqual(s["players"]["B"]["hand"][-1], "5H")
        self.assertEqual(e.ask("quit"), {"id": e.next_id - 1, "ok": True})
        self.assertEqual(self.engine.proc.wait(timeout=TIMEOUT), 0)

    def test_random_hands(self) -> None:
        """Hands played by a careless bot: every answer ok, no card lost or made, and a
        refused step leaves the position as it was."""
        rng = random.Random(5)
        for game in range(12):
            players = 2 + game % 3
            self.assertTrue(self.engine.ask("new", ruleset="rummy500", deal={"players": players, "seed": rng.randrange(2**64)})["ok"])
            for _ in range(150):
                s = self.state()
                if s["round_over"]:
                    break
                step = bot_step(s, rng)
                if step is None:
                    break
                answer = self.engine.ask("apply", step=step)
                self.assertTrue(answer["ok"], answer)
                if answer["verdict"] == "reject":
                    self.assertEqual(self.state(), s, step)
                    if "discard" in step or "draw" in step:
                        hand = s["players"][s["to_move"]]["hand"]
                        self.engine.ask("apply", step={"discard": rng.choice(hand)})


def bot_step(s: Dict[str, Any], rng: random.Random) -> Optional[Dict[str, Any]]:
    """A step to try: draw or take, then a set, a run or a layoff found in the hand, else a
    discard."""
    hand = [mp.parse_card(c) for c in s["players"][s["to_move"]]["hand"]]
    if s["phase"] == "draw":
        if not s["stock"]:
            return None
        return {"take": "top"} if s["discard"] and rng.random() < 0.3 else {"draw": "stock"}
    naturals = [c for c in hand if not c.is_joker]
    jokers = [c for c in hand if c.is_joker]
    by_rank: Dict[int, List[mp.Card]] = {}
    for c in naturals:
        if all(o.suit != c.suit for o in by_rank.get(c.rank, [])):
            by_rank.setdefault(c.rank, []).append(c)
    for cards in by_rank.values():
        if len(cards) >= 3 or (len(cards) == 2 and jokers):
            meld = cards[:4] if len(cards) >= 3 else cards + [mp.joker(mp.Card(cards[0].rank, ""))]
            return {"meld": [str(c) for c in meld]}
    for c in naturals:
        up = [o for o in naturals if o.suit == c.suit and o.rank in (c.rank + 1, c.rank + 2)]
        if len({o.rank for o in up}) == 2:
            return {"meld": [str(c)] + sorted({str(o) for o in up})}
    if s["table"] and rng.random() < 0.5:
        meld = rng.choice(s["table"])
        return {"layoff": {"to": meld["id"], "cards": [str(rng.choice(hand))]}}
    return {"discard": str(rng.choice(hand))}


if __name__ == "__main__":
    unittest.main()
