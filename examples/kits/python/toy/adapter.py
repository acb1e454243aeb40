#!/usr/bin/env python3
"""The toy rummy (rummy_toy.py) behind meldcheck's engine protocol, through the Python kit.

    python3 examples/kits/python/toy/adapter.py

    meldcheck replay --engine "python3 examples/kits/python/toy/adapter.py" \
        --ruleset rummy500 scenarios

The toy knows nothing of meldcheck, so this file maps one onto the other: meldcheck's deal
(the kit's shuffle) becomes the toy's hands and stock; a step's cards become the toy's
cards, with runs put in order and jokers placed where their stand-ins say; the toy's table
becomes the `state`'s melds, jokers named by their place. It declares in `implements` only
what the toy plays: Rummy 500 from a deal, drawing, taking the top discard, melding,
laying off and discarding, no scores.
"""

from __future__ import annotations

import copy
import os
import sys
from typing import Dict, List, Optional

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))   # the kit, one folder up
sys.path.insert(0, HERE)

import meldcheck_protocol as mp  # noqa: E402
import rummy_toy as toy  # noqa: E402

RULESET = "rummy500"


def to_toy(card: mp.Card) -> toy.Card:
    """A protocol card as the toy's card (a joker's stand-in is not the toy's business)."""
    if card.is_joker:
        return toy.JOKER
    return toy.Card(card.rank, toy.SUIT_NAMES[mp.SUITS.index(card.suit)])


def from_toy(card: toy.Card) -> mp.Card:
    """The toy's card as the protocol's."""
    if card.joker:
        return mp.joker()
    return mp.Card(card.rank, mp.SUITS[toy.SUIT_NAMES.index(card.suit)])


def seat(player: int) -> str:
    return chr(ord("A") + player)


def _rank_of(card: mp.Card) -> Optional[int]:
    """The rank a card takes in a meld: its own, or a joker's stand-in's (None: bare)."""
    if not card.is_joker:
        return card.rank
    return card.standin.rank if card.standin is not None else None


def is_set(cards: List[mp.Card]) -> bool:
    """Whether the step's cards mean a set (else a run): the natural cards share a rank and
    either there are two of them or a joker says that rank too."""
    naturals = [c for c in cards if not c.is_joker]
    if not naturals or len({c.rank for c in naturals}) != 1:
        return False
    if len(naturals) >= 2:
        return True
    named = [_rank_of(c) for c in cards if c.is_joker and c.standin is not None]
    if not named and any(c.is_joker for c in cards):
        raise mp.Rejected("a joker beside a lone natural card must name its stand-in")
    return any(r == naturals[0].rank for r in named)


def order_run(cards: List[mp.Card], ace_high: bool) -> List[mp.Card]:
    """A run's cards low to high, an ace counted 14 when `ace_high`: the ranked ones by rank,
    bare jokers into the gaps between them."""
    ranked, bare = [], []
    for c in cards:
        r = _rank_of(c)
        if r is None:
            bare.append(c)
        else:
            ranked.append((14 if r == 1 and ace_high else r, c))
    ranked.sort(key=lambda rc: rc[0])
    out = []
    for k, (r, c) in enumerate(ranked):
        if k and bare:
            for _ in range(min(r - ranked[k - 1][0] - 1, len(bare))):
                out.append(bare.pop())
        out.append(c)
    if bare:
        raise mp.Rejected("a joker at the end of a run must name its stand-in")
    return out


def run_order(cards: List[mp.Card]) -> List[mp.Card]:
    """The run in order, the ace high where the other cards are high (Q K A)."""
    suits = {c.suit for c in cards if not c.is_joker} | {c.standin.suit for c in cards if c.is_joker and c.standin and c.standin.suit}
    if len(suits) > 1:
        raise mp.Rejected("a run is all one suit")
    ranks = [r for r in map(_rank_of, cards) if r is not None]
    span = lambda ace: max(ace if r == 1 else r for r in ranks) - min(ace if r == 1 else r for r in ranks)  # noqa: E731
    return order_run(cards, ace_high=bool(ranks) and span(14) < span(1))


class ToyAdapter:
    """The handlers the kit calls: hello, new, apply, state (no legal, no score)."""

    def __init__(self) -> None:
        self.game: Optional[toy.RummyGame] = None
        self.players = 0

    def hello(self) -> mp.Hello:
        return mp.Hello(
            name="rummy-toy", version="0.1",
            rulesets=[mp.RulesetSupport(RULESET, variants=["no-jokers"], implements=mp.Implements(
                steps=["draw", "take", "meld", "layoff", "discard"]))],
            implements=mp.Implements(starts=["deal"], scores=False, totals=False, rule_ids=False))

    def new(self, game: mp.NewGame) -> None:
        dealt = game.dealt()
        hands = [[to_toy(c) for c in dealt.hands[p]] for p in dealt.players]
        stock = [to_toy(c) for c in reversed(dealt.stock)]       # the toy's top is last
        pile = [to_toy(c) for c in dealt.discard]
        self.game = toy.RummyGame(hands, stock, pile, current=dealt.players.index(dealt.to_move))
        self.players = len(hands)

    def apply(self, step: mp.Step) -> mp.Verdict:
        assert self.game is not None
        if step.player is not None and step.player != seat(self.game.current):
            return mp.reject("it is %s's turn" % seat(self.game.current))
        saved = copy.deepcopy(self.game)   # a step is all or nothing; the toy has no undo
        try:
            self._play(step)
        except (toy.RuleError, mp.Rejected) as e:
            self.game = saved
            return mp.reject(str(e))
        return mp.ok()

    def _play(self, step: mp.Step) -> None:
        g = self.game
        assert g is not None
        if isinstance(step, mp.Draw):
            g.draw_from_stock()
        elif isinstance(step, mp.Take):
            if step.how != "top":
                raise mp.Rejected("this game takes the top card only")
            g.take_discard()
        elif isinstance(step, mp.Meld):
            for meld in step.melds:
                if is_set(meld):
                    self._check_set_standins(meld)
                    g.lay_set([to_toy(c) for c in meld])
                else:
                    g.lay_run([to_toy(c) for c in run_order(meld)])
        elif isinstance(step, mp.Layoff):
            self._layoff(step)
        elif isinstance(step, mp.Discard):
            assert step.card is not None
            g.discard(to_toy(step.card))
        else:
            raise mp.Rejected("this game has no %s" % step.kind)

    @staticmethod
    def _check_set_standins(meld: List[mp.Card]) -> None:
        rank = next(c.rank for c in meld if not c.is_joker)
        if any(c.is_joker and c.standin is not None and c.standin.rank != rank for c in meld):
            raise mp.Rejected("a joker in a set stands for the set's rank")

    def _layoff(self, step: mp.Layoff) -> None:
        g = self.game
        assert g is not None
        number = int(step.to[1:]) - 1 if step.to[:1] == "m" and step.to[1:].isdigit() else -1
        if not 0 <= number < len(g.table):
            raise mp.Rejected("no meld %s on the table" % step.to)
        meld = g.table[number]
        natural = next(p.card for p in meld.cards if not p.card.joker)
        for c in step.cards:
            wrong_suit = meld.kind == "run" and c.standin is not None and c.standin.suit not in ("", mp.SUITS[toy.SUIT_NAMES.index(natural.suit)])
            if wrong_suit or (meld.kind == "set" and c.standin is not None and c.standin.rank != natural.rank):
                raise mp.Rejected("%s does not stand for a card of %s" % (c, step.to))
        if meld.kind == "set":
            g.lay_off(number, [to_toy(c) for c in step.cards])
            return
        below, above = [], []
        for c in step.cards:
            r = _rank_of(c)
            if r == 1:
                r = 1 if meld.low <= 2 else 14   # an ace continues the end it is next to
            if r is None:
                raise mp.Rejected("a joker laid off on a run must name its stand-in")
            (below if r < meld.low else above).append((r, c))
        if below:
            g.lay_off(number, [to_toy(c) for _, c in sorted(below, key=lambda rc: rc[0])], at_start=True)
        if above:
            g.lay_off(number, [to_toy(c) for _, c in sorted(above, key=lambda rc: rc[0])])

    def state(self) -> Dict:
        g = self.game
        assert g is not None
        table = []
        for i, meld in enumerate(g.table):
            cards = [from_toy(p.card).with_builder(seat(p.by)) for p in meld.cards]
            table.append(mp.TableMeld("m%d" % (i + 1), mp.name_jokers(cards, meld.kind, RULESET), seat(meld.owner)))
        return mp.write_state(
            hands={seat(p): [from_toy(c) for c in hand] for p, hand in enumerate(g.hands)},
            stock=[from_toy(c) for c in reversed(g.stock)],
            discard=[from_toy(c) for c in g.discard_pile],
            table=table,
            to_move=seat(g.current),
            phase="play" if g.has_drawn else "draw",
            round_over=g.finished)


if __name__ == "__main__":
    mp.serve(ToyAdapter())
