"""Unit tests of the Python kit: python3 -m unittest -v test_meldcheck_protocol (from this
folder). The notation, step and deal cases are the JSON files of ../fixtures, which the
JavaScript kit's tests read too, so both kits are held to the same answers."""

from __future__ import annotations

import io
import json
import os
import sys
import unittest
from collections import Counter
from typing import Any, Dict, List

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "fixtures")
sys.path.insert(0, HERE)

import meldcheck_protocol as mp  # noqa: E402


def fixture(name: str) -> Any:
    with open(os.path.join(FIXTURES, name), encoding="utf-8") as f:
        return json.load(f)


def names(cards: List[mp.Card]) -> List[str]:
    return [str(c) for c in cards]


class Notation(unittest.TestCase):
    def test_read_and_write(self) -> None:
        for case in fixture("notation.json")["read"]:
            with self.subTest(text=case["text"]):
                card = mp.parse_card(case["text"])
                self.assertEqual(str(card), case["writes"])
                self.assertEqual(card.is_joker, case["is_joker"])
                for key in ("rank", "suit", "builder"):
                    if key in case:
                        self.assertEqual(getattr(card, key), case[key])
                if "standin" in case:
                    self.assertEqual(str(card.standin), case["standin"])
                    if "standin_rank" in case:
                        self.assertEqual(card.standin.rank, case["standin_rank"])
                        self.assertEqual(card.standin.suit, case["standin_suit"])
                # What it writes reads back to the same card.
                self.assertEqual(mp.parse_card(str(card)), card)

    def test_bad_texts(self) -> None:
        for text in fixture("notation.json")["bad"] + [7, None, ["7H"]]:
            with self.subTest(text=text):
                with self.assertRaises(mp.BadRequest):
                    mp.parse_card(text)

    def test_notation_restricts(self) -> None:
        for case in fixture("notation.json")["notation"]:
            with self.subTest(**case):
                if case.get("bad"):
                    with self.assertRaises(mp.BadRequest):
                        mp.parse_card(case["text"], case["notation"])
                else:
                    self.assertEqual(str(mp.parse_card(case["text"], case["notation"])), case["writes"])

    def test_value_object(self) -> None:
        tile = mp.parse_card("O12")
        self.assertEqual((tile.colour, tile.number, tile.tiles), ("O", 12, True))
        joker = mp.parse_card("JK=7D@B")
        self.assertEqual(joker.face, mp.parse_card("JK"))
        self.assertEqual(mp.parse_card("8S@B").face, mp.parse_card("8S"))
        self.assertEqual(str(mp.parse_card("JK").with_standin(mp.parse_card("R5"))), "JK=R5")
        self.assertEqual(str(mp.parse_card("8S").with_builder("C")), "8S@C")
        self.assertEqual(len({mp.parse_card("7H"), mp.parse_card("7\u2665"), mp.parse_card("Hj 7")}), 1)
        with self.assertRaises(ValueError):
            mp.parse_card("7H").with_standin(mp.parse_card("7D"))


class Steps(unittest.TestCase):
    def test_every_kind(self) -> None:
        cases = fixture("steps.json")["read"]
        self.assertEqual({c["kind"] for c in cases}, set(mp.STEP_KINDS))
        for case in cases:
            with self.subTest(step=case["step"]):
                step = mp.parse_step(case["step"])
                self.assertEqual(step.kind, case["kind"])
                self.assertEqual(step.player, case.get("player"))
                self.assertEqual(step.to_json(), case["writes"])
                self.assertEqual(mp.parse_step(step.to_json()).to_json(), case["writes"])
                for key in ("how", "count", "to", "meld", "seed"):
                    if key in case:
                        self.assertEqual(getattr(step, key), case[key])
                for key in ("card",):
                    if key in case:
                        self.assertEqual(str(getattr(step, key)), case[key])
                if "cards" in case:
                    self.assertEqual(names(step.cards), case["cards"])
                if "melds" in case:
                    self.assertEqual([names(m) for m in step.melds], case["melds"])
                if "sets" in case:
                    self.assertEqual([names(s) for s in step.sets], case["sets"])

    def test_typed_objects(self) -> None:
        claim = mp.parse_step({"claim": {"take": 2, "layoff": {"to": "m3", "cards": ["QC"]}}, "player": "C"})
        self.assertIsInstance(claim, mp.Claim)
        self.assertIsInstance(claim.take, mp.Take)
        self.assertEqual((claim.take.how, claim.take.count), ("count", 2))
        self.assertIsInstance(claim.layoff, mp.Layoff)
        self.assertIsNone(claim.melds)
        self.assertIsInstance(mp.parse_step("pass"), mp.Pass)
        self.assertIsInstance(mp.parse_step({"take": "7H"}).card, mp.Card)

    def test_bad_steps(self) -> None:
        for step in fixture("steps.json")["bad"]:
            with self.subTest(step=step):
                with self.assertRaises(mp.BadRequest):
                    mp.parse_step(step)


class Shuffle(unittest.TestCase):
    def test_reference_outputs(self) -> None:
        rng = mp.SplitMix64(0)
        self.assertEqual(rng.next(), 0xE220A8397B1DCDAF)
        self.assertEqual(rng.next(), 0x6E789E6AA1B965F4)
        top = mp.SplitMix64(2**64 - 1)
        self.assertLess(top.next(), 2**64)
        for seed in (-1, 2**64, 1.0, True, "7"):
            with self.assertRaises(ValueError):
                mp.SplitMix64(seed)  # type: ignore[arg-type]

    def test_fisher_yates_from_the_last_index(self) -> None:
        # By hand: i=4 swaps with next()%5, i=3 with next()%4, ... for seed 0.
        rng = mp.SplitMix64(0)
        expected = list(range(5))
        for i in range(4, 0, -1):
            j = rng.next() % (i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        self.assertEqual(mp.shuffle(list(range(5)), mp.SplitMix64(0)), expected)
        self.assertEqual(mp.shuffle([], mp.SplitMix64(0)), [])

    def test_decks(self) -> None:
        sizes = {("rummikub", 2, ()): 106, ("rummy500", 4, ()): 54, ("rummy500", 5, ()): 108,
                 ("rummy500", 5, ("no-jokers",)): 104, ("femhundra-familj", 3, ()): 104,
                 ("femhundra-rummy", 3, ()): 53, ("femhundra-rummy", 3, ("no-joker",)): 52,
                 ("liverpool", 4, ()): 110}
        for (ruleset, players, variants), size in sizes.items():
            with self.subTest(ruleset=ruleset, players=players, variants=variants):
                self.assertEqual(len(mp.canonical_deck(ruleset, players, variants)), size)
        cards = names(mp.canonical_deck("rummy500", 2))
        self.assertEqual(cards[:3] + cards[12:15] + cards[-3:], ["AS", "2S", "3S", "KS", "AH", "2H", "KC", "JK", "JK"])
        tiles = names(mp.canonical_deck("rummikub", 4))
        self.assertEqual(tiles[:2] + tiles[12:14] + tiles[51:54] + tiles[-2:], ["R1", "R2", "R13", "B1", "K13", "R1", "R2", "JK", "JK"])
        with self.assertRaises(mp.BadRequest):
            mp.canonical_deck("rummikub", 5)
        with self.assertRaises(mp.BadRequest):
            mp.canonical_deck("canasta", 4)

    def test_hand_sizes(self) -> None:
        cases = [("rummikub", 3, (), {}, 14), ("rummy500", 2, (), {}, 13), ("rummy500", 3, (), {}, 7),
                 ("femhundra-rummy", 2, (), {}, 10), ("femhundra-rummy", 4, (), {}, 7),
                 ("femhundra-rummy", 6, (), {}, 6), ("femhundra-rummy", 2, ("seven-cards",), {}, 7),
                 ("femhundra-familj", 8, (), {}, 10), ("liverpool", 4, (), {}, 7),
                 ("liverpool", 4, (), {"deal-size": "ten"}, 10),
                 ("liverpool", 4, (), {"deal-size": "ten-then-twelve"}, 10)]
        for ruleset, players, variants, options, size in cases:
            with self.subTest(ruleset=ruleset, players=players, variants=variants, options=options):
                self.assertEqual(mp.hand_size(ruleset, players, variants, options), size)
        self.assertEqual(mp.hand_size("liverpool", 4, (), {"deal-size": "ten-then-twelve"}, round=4), 12)


def check_deal(test: unittest.TestCase, case: Dict[str, Any]) -> None:
    """A kit deal against a recorded one: hands as multisets (a player's hand is a
    multiset, whatever order an engine writes it in), the rest exactly as recorded."""
    d = case["deal"]
    dealt = mp.deal(case["ruleset"], d["players"], d.get("seed", 0), d.get("dealer"),
                    case.get("variants", []), case.get("options", {}))
    want = case["expect"]
    for player, hand in want["hand"].items():
        test.assertEqual(Counter(names(dealt.hands[player])), Counter(hand), player)
    if "stock" in want:
        test.assertEqual(names(dealt.stock), want["stock"])
    if "stock_size" in want:
        test.assertEqual(len(dealt.stock), want["stock_size"])
    if "discard" in want:
        test.assertEqual(names(dealt.discard), want["discard"])
    for key in ("to_move", "phase"):
        if key in want:
            test.assertEqual(getattr(dealt, key), want[key])


class Deals(unittest.TestCase):
    def test_against_the_scenarios(self) -> None:
        cases = fixture("deals-from-scenarios.json")["cases"]
        self.assertEqual({c["ruleset"] for c in cases}, set(mp.RULESETS))
        for case in cases:
            with self.subTest(source=case["source"], deal=case["deal"], variants=case["variants"]):
                check_deal(self, case)

    def test_against_serve(self) -> None:
        path = os.environ.get("MELDCHECK_DEALS") or os.path.join(FIXTURES, "deals-serve.json")
        if not os.path.exists(path):
            self.skipTest("no deals recorded from meldcheck serve (record_deals.py writes them)")
        with open(path, encoding="utf-8") as f:
            cases = json.load(f)
        for case in cases["cases"]:
            with self.subTest(ruleset=case["ruleset"], deal=case["deal"], variants=case["variants"], options=case["options"]):
                check_deal(self, case)

    def test_dealer_and_errors(self) -> None:
        dealt = mp.deal("rummy500", 3, 7, dealer="A")
        self.assertEqual((dealt.dealer, dealt.to_move), ("A", "B"))
        self.assertEqual(mp.deal("rummy500", 3, 7).to_move, "A")
        self.assertEqual(mp.deal("femhundra-familj", 2, 3).phase, "row")
        for args in (("rummy500", 9, 1), ("rummikub", 5, 1), ("liverpool", 2, 1), ("rummy500", 3, -1),
                     ("rummy500", 3, 2**64)):
            with self.assertRaises(mp.BadRequest):
                mp.deal(*args)
        with self.assertRaises(mp.BadRequest):
            mp.deal("rummy500", 3, 1, dealer="D")
        big = mp.deal("rummikub", 4, 2**64 - 1)
        self.assertEqual(sum(len(h) for h in big.hands.values()) + len(big.stock), 106)


class State(unittest.TestCase):
    def test_shape(self) -> None:
        c = mp.parse_card
        state = mp.write_state(
            hands={"A": [c("7S"), "JK"], "B": [c("KD")]},
            stock=[c("5C"), c("9H")],
            discard=[c("3S")],
            table=[mp.TableMeld("m1", [c("4S"), c("5S@A"), c("JK=6S"), c("7S@B")], owner="A"),
                   mp.TableMeld("m2", [c("R1"), c("R2"), c("R3")])],
            to_move="B", phase="play", totals={"A": 120}, round=3)
        self.assertEqual(list(state), ["players", "stock", "rest", "discard", "table", "to_move", "phase",
                                       "round", "round_over", "game_over"])
        self.assertEqual(state["players"], {"A": {"hand": ["7S", "JK"], "total": 120, "opened": True},
                                            "B": {"hand": ["KD"], "total": 0, "opened": False}})
        self.assertEqual(state["stock"], ["5C", "9H"])
        self.assertEqual(state["rest"], "out")
        self.assertEqual(state["discard"], ["3S"])
        self.assertEqual(state["table"], [{"id": "m1", "owner": "A", "cards": ["4S", "5S", "JK=6S", "7S@B"]},
                                          {"id": "m2", "cards": ["R1", "R2", "R3"]}])
        self.assertEqual((state["to_move"], state["phase"], state["round"]), ("B", "play", 3))
        self.assertIs(state["round_over"], False)
        self.assertIs(state["game_over"], False)
        json.dumps(state)  # plain JSON all through
        over = mp.write_state({"A": []}, [], opened={"A": True}, round_over=True, game_over=True)
        self.assertEqual((over["players"]["A"]["opened"], over["round_over"], over["game_over"]), (True, True, True))

    def test_name_jokers(self) -> None:
        c = mp.parse_card
        cases = [
            (["JK", "5H", "JK", "7H"], "run", "rummy500", ["JK=4H", "5H", "JK=6H", "7H"]),
            (["QS", "JK", "AS"], "run", "rummy500", ["QS", "JK=KS", "AS"]),
            (["JK", "JK", "AS"], "run", "rummy500", ["JK=QS", "JK=KS", "AS"]),
            (["R11", "JK", "R13"], "run", "rummikub", ["R11", "JK=R12", "R13"]),
            (["7S", "7H", "JK"], "set", "rummy500", ["7S", "7H", "JK=7"]),
            (["7S", "7H", "JK"], "set", "liverpool", ["7S", "7H", "JK=7"]),
            (["7S", "7H", "JK"], "set", "femhundra-rummy", ["7S", "7H", "JK=7D"]),
            (["R5", "B5", "JK"], "set", "rummikub", ["R5", "B5", "JK=5"]),
            (["R5", "B5", "K5", "JK"], "set", "rummikub", ["R5", "B5", "K5", "JK=O5"]),
            (["R5", "JK", "K5", "JK@B"], "set", "rummikub", ["R5", "JK=B5", "K5", "JK=O5@B"]),
        ]
        for cards, kind, ruleset, want in cases:
            with self.subTest(cards=cards, ruleset=ruleset):
                self.assertEqual(names(mp.name_jokers([c(x) for x in cards], kind, ruleset)), want)
        with self.assertRaises(ValueError):
            mp.name_jokers([c("JK"), c("R13"), c("JK")], "run", "rummikub")
        with self.assertRaises(ValueError):
            mp.name_jokers([c("JK"), c("JK")], "set", "rummy500")

    def test_setup_reads(self) -> None:
        setup = mp.parse_setup({"players": {"A": {"hand": ["7S"], "total": 5}, "B": {"hand": ["KD"], "opened": True}},
                                "stock": ["5C"], "table": [{"id": "m1", "owner": "B", "cards": ["4S", "5S", "6S@A"]}],
                                "to_move": "B", "round": 2, "rest": "out"})
        self.assertEqual(names(setup.players["A"].hand), ["7S"])
        self.assertEqual((setup.players["A"].total, setup.players["B"].opened), (5, True))
        self.assertEqual(setup.table[0].cards[2].builder, "A")
        self.assertEqual((setup.to_move, setup.rest, setup.extra), ("B", "out", {"round": 2}))
        with self.assertRaises(mp.BadRequest):
            mp.parse_setup({"players": {"A": {}}})


class Adapter:
    """A minimal adapter for the loop's tests: rummy500 from deals, draw and discard."""

    def __init__(self) -> None:
        self.steps: List[mp.Step] = []

    def hello(self) -> mp.Hello:
        return mp.Hello("test-engine", "1", [
            mp.RulesetSupport("rummy500", variants=["no-jokers"], options={"ace-runs": ["low-or-high"]},
                              implements=mp.Implements(steps=["draw", "discard", "meld"])),
            mp.RulesetSupport("rummikub")],
            implements=mp.Implements(starts=["deal"], scores=False))

    def new(self, game: mp.NewGame) -> None:
        if game.ruleset == "rummikub" and game.deal and game.deal.seed == 13:
            raise mp.BadRequest("unlucky", rule="rummikub/deal")
        self.dealt = game.dealt()

    def apply(self, step: mp.Step) -> Any:
        self.steps.append(step)
        if isinstance(step, mp.Meld):
            return None                      # None is ok
        if isinstance(step, mp.Discard) and str(step.card) == "KD":
            raise mp.Rejected("not that one")
        if isinstance(step, mp.Discard) and str(step.card) == "QD":
            return mp.reject("nor that one", "rummy500/discard")
        if isinstance(step, mp.Discard) and str(step.card) == "JD":
            return {"what": "a bug"}
        if isinstance(step, mp.Discard) and str(step.card) == "AD":
            print("debugging output that must not reach meldcheck")
            raise KeyError("bug")
        return mp.ok()

    def state(self) -> Dict[str, Any]:
        return mp.write_state({p: self.dealt.hands[p] for p in self.dealt.players}, self.dealt.stock, self.dealt.discard)


def run(lines: List[str], adapter: Any = None) -> List[Dict[str, Any]]:
    """Lines through serve(); the answers it wrote."""
    out = io.BytesIO()
    data = "".join(line + "\n" for line in lines).encode("utf-8")
    mp.serve(adapter or Adapter(), io.BytesIO(data), out)
    return [json.loads(line) for line in out.getvalue().decode("utf-8").splitlines()]


NEW = '{"id": 2, "cmd": "new", "ruleset": "rummy500", "deal": {"players": 3, "seed": 7}}'


class Loop(unittest.TestCase):
    def test_bad_lines_and_the_loop_goes_on(self) -> None:
        answers = run(['not json', '[1, 2]', '{"cmd": "hello"}', '{"id": 4}', '{"id": 5, "cmd": 7}', '{"id": "x", "cmd": "hello"}',
                       '"just a string"', '{"id": 6, "cmd": "hello", "protocol": 1}'])
        self.assertEqual([a["id"] for a in answers], [None, None, None, 4, 5, "x", None, 6])
        for a in answers[:-1]:
            self.assertEqual((a["ok"], a["error"]["code"]), (False, "bad-request"))
        self.assertTrue(answers[-1]["ok"])

    def test_not_utf8_and_blank_lines(self) -> None:
        out = io.BytesIO()
        mp.serve(Adapter(), io.BytesIO(b'\xff\xfe\n\n   \n{"id": 1, "cmd": "quit"}\n'), out)
        answers = [json.loads(x) for x in out.getvalue().splitlines()]
        self.assertEqual([(a["id"], a["ok"]) for a in answers], [(None, False), (1, True)])

    def test_hello(self) -> None:
        (hello,) = run(['{"id": 1, "cmd": "hello", "protocol": 1}'])
        self.assertEqual(hello, {
            "id": 1, "ok": True, "protocol": 1, "engine": {"name": "test-engine", "version": "1"},
            "rulesets": [{"id": "rummy500", "variants": ["no-jokers"], "options": {"ace-runs": ["low-or-high"]},
                          "implements": {"steps": ["draw", "discard", "meld"]}},
                         {"id": "rummikub", "variants": [], "options": {}}],
            "implements": {"starts": ["deal"], "scores": False},
            "requests": ["hello", "new", "apply", "state", "quit"]})

    def test_no_game_and_unsupported(self) -> None:
        answers = run(['{"id": 1, "cmd": "state"}', '{"id": 2, "cmd": "apply", "step": {"draw": "stock"}}',
                       '{"id": 3, "cmd": "legal"}', '{"id": 4, "cmd": "score"}', '{"id": 5, "cmd": "dance"}', NEW,
                       '{"id": 7, "cmd": "state"}'])
        self.assertEqual([a.get("error", {}).get("code") for a in answers],
                         ["no-game", "no-game", "unsupported", "unsupported", "unsupported", None, None])

    def test_new(self) -> None:
        answers = run([
            '{"id": 1, "cmd": "new", "ruleset": "liverpool", "deal": {"players": 3}}',
            '{"id": 2, "cmd": "new", "ruleset": "rummy500", "variants": ["floating"], "deal": {"players": 3}}',
            '{"id": 3, "cmd": "new", "ruleset": "rummy500", "options": {"ace-runs": "round-the-corner"}, "deal": {"players": 3}}',
            '{"id": 4, "cmd": "new", "ruleset": "rummy500", "options": {"deep-card-use": "meld-or-layoff"}, "deal": {"players": 3}}',
            '{"id": 5, "cmd": "new", "ruleset": "rummy500", "setup": {"players": {"A": {"hand": ["7S"]}}}}',
            '{"id": 6, "cmd": "new", "ruleset": "rummy500", "deal": {"players": 1}}',
            '{"id": 7, "cmd": "new", "ruleset": "rummy500", "deal": {"players": 3, "seed": -1}}',
            '{"id": 8, "cmd": "new", "ruleset": "rummy500", "deal": {"players": 3, "dealer": "D"}}',
            '{"id": 9, "cmd": "new", "ruleset": "rummy500"}',
            '{"id": 10, "cmd": "new", "ruleset": "rummikub", "deal": {"players": 2, "seed": 13}}',
            '{"id": 11, "cmd": "new", "ruleset": "rummy500", "deal": {"players": 3, "seed": 18446744073709551615}}',
        ])
        codes = [a.get("error", {}).get("code") for a in answers]
        self.assertEqual(codes, ["unsupported", "unsupported", "unsupported", None, "unsupported",
                                 "bad-request", "bad-request", "bad-request", "bad-request", "bad-request", None])
        self.assertEqual(answers[9]["error"]["rule"], "rummikub/deal")

    def test_apply(self) -> None:
        adapter = Adapter()
        answers = run([NEW,
                       '{"id": 3, "cmd": "apply", "step": {"draw": "stock", "player": "A"}}',
                       '{"id": 4, "cmd": "apply", "step": {"discard": "KD"}}',
                       '{"id": 5, "cmd": "apply", "step": {"discard": "QD"}}',
                       '{"id": 6, "cmd": "apply", "step": {"meld": ["7S", "7H", "7D"]}}',
                       '{"id": 7, "cmd": "apply", "step": {"take": "top"}}',
                       '{"id": 8, "cmd": "apply", "step": {"fly": "away"}}',
                       '{"id": 9, "cmd": "apply"}',
                       '{"id": 10, "cmd": "apply", "step": {"discard": "JD"}}',
                       '{"id": 11, "cmd": "apply", "step": {"discard": "AD"}}',
                       '{"id": 12, "cmd": "state"}',
                       '{"id": 13, "cmd": "quit"}',
                       '{"id": 14, "cmd": "state"}'], adapter)
        self.assertEqual([a["id"] for a in answers], list(range(2, 14)))  # nothing after quit
        self.assertEqual(answers[1], {"id": 3, "ok": True, "verdict": "ok"})
        self.assertEqual(answers[2], {"id": 4, "ok": True, "verdict": "reject", "reason": "not that one"})
        self.assertEqual(answers[3], {"id": 5, "ok": True, "verdict": "reject", "reason": "nor that one", "rule": "rummy500/discard"})
        self.assertEqual(answers[4], {"id": 6, "ok": True, "verdict": "ok"})
        self.assertEqual(answers[5]["error"]["code"], "unsupported")      # take is not declared
        self.assertEqual(answers[6]["error"]["code"], "bad-request")      # no such step
        self.assertEqual(answers[7]["error"]["code"], "bad-request")      # no step
        self.assertEqual(answers[8]["error"]["code"], "internal")         # apply returned junk
        self.assertEqual(answers[9]["error"], {"code": "internal", "message": "KeyError: 'bug'"})
        self.assertTrue(answers[10]["ok"])                                # the loop goes on
        self.assertEqual(answers[10]["state"]["players"]["A"]["hand"], ["9S", "KD", "QD", "5H", "AS", "3D", "AC"])
        self.assertIsInstance(adapter.steps[0], mp.Draw)
        self.assertEqual(adapter.steps[0].player, "A")

    def test_exception_in_state_and_hello(self) -> None:
        class Broken(Adapter):
            def state(self) -> Dict[str, Any]:
                return {"x": 1 / 0}

        answers = run([NEW, '{"id": 3, "cmd": "state"}', '{"id": 4, "cmd": "quit"}'], Broken())
        self.assertEqual(answers[1]["error"]["code"], "internal")
        self.assertIn("ZeroDivisionError", answers[1]["error"]["message"])
        self.assertTrue(answers[2]["ok"])

        class NoHello:
            pass

        (a,) = run(['{"id": 1, "cmd": "hello"}'], NoHello())
        self.assertEqual(a["error"]["code"], "internal")

    def test_answers_that_are_not_json(self) -> None:
        class Objects(Adapter):
            def state(self) -> Dict[str, Any]:
                return {"hand": [mp.parse_card("TH")], "melds": [mp.TableMeld("m1", [mp.parse_card("7S")])]}

            def legal(self) -> List[Any]:
                return [object()]

        answers = run([NEW, '{"id": 3, "cmd": "state"}', '{"id": 4, "cmd": "legal"}', '{"id": 5, "cmd": "state"}'], Objects())
        self.assertEqual(answers[1]["state"], {"hand": ["10H"], "melds": [{"id": "m1", "cards": ["7S"]}]})
        self.assertEqual((answers[2]["id"], answers[2]["error"]["code"]), (4, "internal"))
        self.assertTrue(answers[3]["ok"])

    def test_stdout_is_stderr_while_serving(self) -> None:
        saved_err, saved_out = sys.stderr, sys.stdout
        sys.stderr = io.StringIO()
        try:
            answers = run([NEW, '{"id": 3, "cmd": "apply", "step": {"discard": "AD"}}'])
            printed = sys.stderr.getvalue()
        finally:
            sys.stderr = saved_err
        self.assertEqual(len(answers), 2)
        self.assertIn("debugging output", printed)
        self.assertIn("KeyError", printed)
        self.assertIs(sys.stdout, saved_out)  # given back after serving

    def test_legal_and_score(self) -> None:
        class Full(Adapter):
            def legal(self) -> List[Any]:
                return [mp.Draw(), mp.Take(), {"discard": "7H"}, mp.Meld(melds=[[mp.parse_card("7S")] * 3], player="B")]

            def score(self) -> Dict[str, Any]:
                return {"round_over": False, "totals": {"A": 0}}

        answers = run(['{"id": 1, "cmd": "hello"}', NEW, '{"id": 3, "cmd": "legal"}', '{"id": 4, "cmd": "score"}'], Full())
        self.assertEqual(answers[0]["requests"], ["hello", "new", "apply", "state", "legal", "score", "quit"])
        self.assertEqual(answers[2]["steps"], [{"draw": "stock"}, {"take": "top"}, {"discard": "7H"},
                                               {"meld": ["7S", "7S", "7S"], "player": "B"}])
        self.assertEqual(answers[3], {"id": 4, "ok": True, "round_over": False, "totals": {"A": 0}})


if __name__ == "__main__":
    unittest.main()
