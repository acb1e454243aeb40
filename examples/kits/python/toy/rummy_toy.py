"""rummy_toy: a small Rummy 500-like card game, written the way a hobby engine is.

It knows nothing of meldcheck: its own cards (suit names, rank numbers), its own stock
(the top at the end of the list), jokers placed by position in a run, no scores, no timer.
Deliberately simple; adapter.py next to it puts it behind meldcheck's engine protocol.

A turn: draw from the stock or take the top discard, then lay sets (3-4 of a rank, each of
another suit) and runs (3 or more of a suit in sequence, ace low or high), lay cards off on
any meld, and discard one card. Jokers stand in for any card, one natural card at least
per meld. The hand ends when a player has no cards left.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import List, Optional

SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")


class RuleError(Exception):
    """A move the rules do not allow; the game is unchanged."""


@dataclass(frozen=True)
class Card:
    """A playing card: rank 1 (ace) to 13 (king) and a suit name, or a joker."""

    rank: int = 0
    suit: str = ""
    joker: bool = False

    def __str__(self) -> str:
        if self.joker:
            return "Joker"
        names = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}
        return "%s of %s" % (names.get(self.rank, str(self.rank)), self.suit)


JOKER = Card(joker=True)


@dataclass
class Placed:
    """A card on the table and the player who put it there."""

    card: Card
    by: int


@dataclass
class TableMeld:
    """A set or a run on the table. A run's cards are in order, low to high; `low` is the
    rank of its first place (an ace high counts 14)."""

    kind: str                       # "set" or "run"
    owner: int
    cards: List[Placed] = field(default_factory=list)
    low: int = 0


def _run_fits(cards: List[Card], low: int) -> bool:
    """Whether cards laid in order make a run whose first place has rank `low` (an ace
    counts 1 at the low end and 14 at the high end; no wrapping round the king)."""
    high = low + len(cards) - 1
    if low < 1 or high > 14 or high - low >= 13:
        return False
    naturals = [(i, c) for i, c in enumerate(cards) if not c.joker]
    if not naturals or len({c.suit for _, c in naturals}) != 1:
        return False
    return all(c.rank == low + i or (c.rank == 1 and low + i == 14) for i, c in naturals)


def _run_low(cards: List[Card]) -> int:
    """The rank of the first place of a run laid in order; raises RuleError if the cards
    are not one."""
    naturals = [(i, c) for i, c in enumerate(cards) if not c.joker]
    if not naturals:
        raise RuleError("a run needs at least one natural card")
    if len({c.suit for _, c in naturals}) != 1:
        raise RuleError("a run is all one suit")
    i0, c0 = naturals[0]
    for low in (c0.rank - i0, 14 - i0):
        if _run_fits(cards, low):
            return low
    raise RuleError("the cards are not in sequence")


def _check_set(cards: List[Card]) -> None:
    naturals = [c for c in cards if not c.joker]
    if not naturals:
        raise RuleError("a set needs at least one natural card")
    if len({c.rank for c in naturals}) != 1:
        raise RuleError("a set is all one rank")
    if len({c.suit for c in naturals}) != len(naturals):
        raise RuleError("a set has each suit once")
    if not 3 <= len(cards) <= 4:
        raise RuleError("a set has 3 or 4 cards")


class RummyGame:
    """One hand of the toy rummy. Players are numbered 0, 1, ...; `current` moves next."""

    def __init__(self, hands: List[List[Card]], stock: List[Card], discard_pile: List[Card], current: int = 0) -> None:
        self.hands = [list(h) for h in hands]
        self.stock = list(stock)                 # the top card is the last one
        self.discard_pile = list(discard_pile)   # the top card is the last one
        self.table: List[TableMeld] = []
        self.current = current
        self.has_drawn = False
        self.taken_top: Optional[Card] = None    # the card taken from the pile this turn
        self.finished = False
        self.log: List[str] = []

    @classmethod
    def deal_new(cls, players: int, seed: Optional[int] = None) -> "RummyGame":
        """A fresh game, shuffled with Python's own random (the toy's way; the adapter deals
        from meldcheck's deal instead)."""
        deck = [Card(r, s) for s in SUIT_NAMES for r in range(1, 14)] + [JOKER, JOKER]
        random.Random(seed).shuffle(deck)
        size = 13 if players == 2 else 7
        hands = [[deck.pop() for _ in range(size)] for _ in range(players)]
        return cls(hands, deck[:-1], deck[-1:], 0)

    # -- moves ----------------------------------------------------------------------------

    def _before_draw(self) -> None:
        if self.finished:
            raise RuleError("the hand is over")
        if self.has_drawn:
            raise RuleError("you have drawn already")

    def _after_draw(self) -> None:
        if self.finished:
            raise RuleError("the hand is over")
        if not self.has_drawn:
            raise RuleError("draw first")

    def draw_from_stock(self) -> Card:
        self._before_draw()
        if not self.stock:
            raise RuleError("the stock is empty")
        card = self.stock.pop()
        self.hands[self.current].append(card)
        self.has_drawn, self.taken_top = True, None
        return card

    def take_discard(self) -> Card:
        self._before_draw()
        if not self.discard_pile:
            raise RuleError("the discard pile is empty")
        card = self.discard_pile.pop()
        self.hands[self.current].append(card)
        self.has_drawn, self.taken_top = True, card
        return card

    def _take_from_hand(self, cards: List[Card]) -> None:
        hand = list(self.hands[self.current])
        for c in cards:
            if c not in hand:
                raise RuleError("you do not hold %s" % c)
            hand.remove(c)
        self.hands[self.current] = hand

    def lay_set(self, cards: List[Card]) -> int:
        """Lays a set from the hand; returns its place on the table."""
        self._after_draw()
        _check_set(cards)
        return self._lay(TableMeld("set", self.current), cards)

    def lay_run(self, cards: List[Card]) -> int:
        """Lays a run from the hand, cards in order, low to high, jokers where they stand."""
        self._after_draw()
        if len(cards) < 3:
            raise RuleError("a run has at least 3 cards")
        meld = TableMeld("run", self.current, low=_run_low(cards))
        return self._lay(meld, cards)

    def _lay(self, meld: TableMeld, cards: List[Card]) -> int:
        self._take_from_hand(cards)
        meld.cards = [Placed(c, self.current) for c in cards]
        self.table.append(meld)
        self._check_out()
        return len(self.table) - 1

    def lay_off(self, meld_no: int, cards: List[Card], at_start: bool = False) -> None:
        """Adds cards to a meld on the table: to a set, or to one end of a run (in order)."""
        self._after_draw()
        if not 0 <= meld_no < len(self.table):
            raise RuleError("no such meld")
        meld = self.table[meld_no]
        now = [p.card for p in meld.cards]
        if meld.kind == "set":
            _check_set(now + cards)
            low = 0
        else:
            low = meld.low - len(cards) if at_start else meld.low
            if not _run_fits(cards + now if at_start else now + cards, low):
                raise RuleError("the cards do not continue the run")
        self._take_from_hand(cards)
        placed = [Placed(c, self.current) for c in cards]
        meld.cards = placed + meld.cards if at_start else meld.cards + placed
        meld.low = low
        self._check_out()

    def discard(self, card: Card) -> None:
        self._after_draw()
        if card not in self.hands[self.current]:
            raise RuleError("you do not hold %s" % card)
        if self.taken_top is not None and card == self.taken_top and self.hands[self.current].count(card) == 1:
            raise RuleError("you cannot throw back the card you just took")
        self.hands[self.current].remove(card)
        self.discard_pile.append(card)
        self.log.append("player %d discards %s" % (self.current, card))
        self._check_out()
        if not self.finished:
            self.current = (self.current + 1) % len(self.hands)
            self.has_drawn, self.taken_top = False, None

    def _check_out(self) -> None:
        if not self.hands[self.current]:
            self.finished = True
