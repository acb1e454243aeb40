"""meldcheck_protocol: put a rummy engine of your own behind meldcheck's engine protocol.

The protocol (spec/engine-protocol.md) is JSON Lines on standard input and output, one
answer per request, in order. This module does everything in it that is the same for every
engine, so that an adapter only maps requests onto its own game:

- the request loop and framing (`serve`): bad lines answered with `bad-request`, a bug in
  the adapter answered with an `internal` error instead of a dead process, `no-game` before
  `new`, `unsupported` for what the adapter does not implement;
- the `hello` answer (`Hello`, `RulesetSupport`, `Implements`);
- cards and tiles in the scenario notation (`Card`, `parse_card`);
- steps as typed objects (`parse_step`: `Draw`, `Take`, `Meld`, ...);
- the contract's shuffle and deal (`SplitMix64`, `shuffle`, `canonical_deck`, `deal`);
- the `state` answer (`write_state`, `TableMeld`, `name_jokers`).

Python 3.8+, standard library only: an engine team copies this one file next to its adapter.
See examples/kits/README.md for the thirty lines an adapter is, and toy/adapter.py for one.
"""

from __future__ import annotations

import json
import sys
import traceback
from dataclasses import dataclass, field
from typing import IO, Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

PROTOCOL = 1

__all__ = [
    "PROTOCOL", "ProtocolError", "BadRequest", "Unsupported", "NoGame", "Rejected", "log",
    "Card", "parse_card", "parse_cards", "format_cards", "joker",
    "Step", "Draw", "Take", "Meld", "Layoff", "Swap", "Discard", "Arrange", "Pass", "Timeout",
    "Claim", "NextHand", "parse_step", "STEP_KINDS",
    "SplitMix64", "shuffle", "RulesetDeck", "RULESETS", "canonical_deck", "deal", "Dealt",
    "TableMeld", "write_state", "name_jokers", "Setup", "SeatSetup", "parse_setup",
    "Implements", "RulesetSupport", "Hello", "NewGame", "DealRequest", "Verdict", "ok", "reject",
    "Session", "serve",
]


# --------------------------------------------------------------------------------------
# Errors: each becomes an error answer with its protocol code.

class ProtocolError(Exception):
    """An error answer: raise one (or a subclass) from a handler to answer with its code.

    `rule` is a meldcheck rule id the error names (the protocol lets `new` name the rule a
    setup breaks), or None.
    """

    code = "bad-request"

    def __init__(self, message: str, rule: Optional[str] = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule


class BadRequest(ProtocolError):
    """A request the engine cannot read (or a setup not valid under the ruleset)."""

    code = "bad-request"


class Unsupported(ProtocolError):
    """Something the engine does not implement: meldcheck skips what needs it."""

    code = "unsupported"


class NoGame(ProtocolError):
    """A request that needs a game before `new`."""

    code = "no-game"


class Rejected(Exception):
    """Raised from `apply` (or returned as `reject(...)`): the step is refused, the position
    is unchanged. An alternative to returning a Verdict for engines that refuse by raising."""

    def __init__(self, reason: str, rule: Optional[str] = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.rule = rule


def log(*parts: Any) -> None:
    """Print to standard error: standard output carries protocol lines only, and meldcheck
    shows the tail of standard error when an engine fails, so that is where debugging goes."""
    print(*parts, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------------------
# Cards and tiles, in the scenario notation (shared/design/scenario-format.md, "Cards and tiles").

SUITS = "SHDC"                     # the canonical order: spades, hearts, diamonds, clubs
COLOURS = "RBOK"                   # tiles: red, blue, orange, black
RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_RANKS = {name: i + 1 for i, name in enumerate(RANK_NAMES)}
_RANKS["T"] = 10
_SUIT_SYMBOLS = {"\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C"}
# The Swedish rule texts' names, which scenarios/sv writes (suit then rank: "Hj 7", "Ru D").
_SWEDISH_SUITS = {"Sp": "S", "Hj": "H", "Ru": "D", "Kl": "C"}
_SWEDISH_RANKS = {"E": 1, "Kn": 11, "D": 12, "K": 13, **{str(n): n for n in range(2, 11)}}


@dataclass(frozen=True)
class Card:
    """One card or tile as the notation writes it: a small value object.

    rank     1..13 (ace 1; for a tile, its number); 0 for a joker
    suit     'S' 'H' 'D' 'C', or a tile's colour 'R' 'B' 'O' 'K'; '' for a joker, and for a
             rank-only stand-in (JK=7)
    is_joker a joker (JK)
    standin  a joker's stand-in on the table (a natural Card, or a rank-only one), or None
    builder  the player who laid it into a table meld, when written (8S@B), or None
    tiles    written as a Rummikub tile; not part of equality (a bare JK is the same joker
             either way, and no tile equals a card since their suits differ)
    """

    rank: int
    suit: str
    is_joker: bool = False
    standin: Optional["Card"] = None
    builder: Optional[str] = None
    tiles: bool = field(default=False, compare=False)

    @property
    def colour(self) -> str:
        """A tile's colour (the suit's place)."""
        return self.suit

    @property
    def number(self) -> int:
        """A tile's number (the rank's place)."""
        return self.rank

    @property
    def is_rank_only(self) -> bool:
        """A stand-in naming a rank (number) alone: JK=7."""
        return not self.is_joker and self.suit == ""

    @property
    def face(self) -> "Card":
        """The card as it is held: no builder, and a joker without its stand-in. Compare
        faces when you look for a card in a hand."""
        if self.is_joker:
            return Card(0, "", True, tiles=self.tiles)
        return Card(self.rank, self.suit, tiles=self.tiles)

    def with_builder(self, builder: Optional[str]) -> "Card":
        """The same card marked as laid by `builder` (None: unmarked)."""
        return Card(self.rank, self.suit, self.is_joker, self.standin, builder, self.tiles)

    def with_standin(self, standin: Optional["Card"]) -> "Card":
        """A joker standing for `standin` (a natural or rank-only card)."""
        if not self.is_joker:
            raise ValueError("only a joker has a stand-in")
        return Card(0, "", True, standin, self.builder, self.tiles)

    def __str__(self) -> str:
        if self.is_joker:
            text = "JK" if self.standin is None else "JK=" + _face_text(self.standin)
        else:
            text = _face_text(self)
        return text + ("@" + self.builder if self.builder else "")

    def __repr__(self) -> str:
        return "Card(%s)" % self


def _face_text(c: Card) -> str:
    """A natural or rank-only card without marks."""
    if c.suit == "":
        return str(c.rank) if c.tiles else RANK_NAMES[c.rank - 1]
    if c.suit in COLOURS and c.tiles:
        return "%s%d" % (c.suit, c.rank)
    return RANK_NAMES[c.rank - 1] + c.suit


def joker(standin: Optional[Card] = None, builder: Optional[str] = None, tiles: bool = False) -> Card:
    """A joker, bare or standing for `standin`."""
    return Card(0, "", True, standin, builder, tiles)


def _tile_number(text: str) -> int:
    """1..13 written without leading zeros; 0 when it is not one."""
    if not text.isdigit() or text[0] == "0" or len(text) > 2:
        return 0
    n = int(text)
    return n if 1 <= n <= 13 else 0


def _parse_natural(text: str, notation: Optional[str]) -> Optional[Card]:
    """A natural card or tile ('10H', 'T♥', 'Hj 7', 'R5'), or None."""
    if len(text) < 2:
        return None
    if notation != "cards" and len(text) >= 2 and text[0] in COLOURS and _tile_number(text[1:]):
        return Card(_tile_number(text[1:]), text[0], tiles=True)
    if notation == "tiles":
        return None
    suit = text[-1:]
    suit = _SUIT_SYMBOLS.get(suit, suit)
    if suit in SUITS and text[:-1] in _RANKS:
        return Card(_RANKS[text[:-1]], suit)
    for name, letter in _SWEDISH_SUITS.items():
        if text.startswith(name):
            rank = text[len(name):]
            rank = rank[1:] if rank.startswith(" ") else rank
            if rank in _SWEDISH_RANKS:
                return Card(_SWEDISH_RANKS[rank], letter)
    return None


def _parse_rank_only(text: str, notation: Optional[str]) -> Optional[Card]:
    """A stand-in naming a rank alone: JK=7, JK=Q, JK=13 (a tile's number), JK=Kn (Swedish).
    Without a notation, 1, 11, 12 and 13 can only be tile numbers; 2-10 read the same in
    both and are taken as cards."""
    number = _tile_number(text)
    if notation == "tiles" or (notation is None and number in (1, 11, 12, 13)):
        return Card(number, "", tiles=True) if number else None
    rank = _RANKS.get(text) or _SWEDISH_RANKS.get(text)
    return Card(rank, "") if rank else None


def parse_card(text: Any, notation: Optional[str] = None) -> Card:
    """A card or tile in the scenario notation: '10H', 'TH', '10♥', 'R5', 'JK', 'JK=7D',
    'JK=7', 'JK=R5', with an optional builder mark '@B'. Swedish names ('Hj 7') are read too,
    since scenarios/sv writes them.

    `notation` is 'cards', 'tiles' or None (either: the text tells). Raises BadRequest,
    since a card that does not read makes the request unreadable.
    """
    if not isinstance(text, str):
        raise BadRequest("a card is a string, not %s" % json.dumps(text))
    body, builder = text, None
    if "@" in text:
        body, builder = text.split("@", 1)
        if not builder.isalnum():
            raise BadRequest("not a player after @ in %r" % text)
    tiles = notation == "tiles"
    if body == "JK":
        return Card(0, "", True, None, builder, tiles)
    if body.startswith("JK="):
        inner = body[3:]
        standin = _parse_natural(inner, notation) or _parse_rank_only(inner, notation)
        if standin is None:
            raise BadRequest("not a stand-in: %r" % text)
        return Card(0, "", True, standin, builder, tiles or standin.tiles)
    card = _parse_natural(body, notation)
    if card is None:
        raise BadRequest("not a %s: %r" % ("tile" if notation == "tiles" else "card", text))
    return card.with_builder(builder)


def parse_cards(items: Any, notation: Optional[str] = None) -> List[Card]:
    """A JSON list of cards."""
    if not isinstance(items, list):
        raise BadRequest("a list of cards was expected, not %s" % json.dumps(items))
    return [parse_card(c, notation) for c in items]


def format_cards(cards: Iterable[Union[Card, str]]) -> List[str]:
    """Cards as the notation writes them (strings pass through)."""
    return [c if isinstance(c, str) else str(c) for c in cards]


# --------------------------------------------------------------------------------------
# Steps (scenario-format.md, "Steps"): one typed object per kind.

STEP_KINDS = ("draw", "take", "meld", "layoff", "swap", "discard", "arrange", "pass",
              "timeout", "claim", "next_hand")


class Step:
    """A step of the game. Each kind is a subclass; `kind` is its name in the notation and
    `player` the player named on the step (None: the player to move)."""

    kind = ""
    player: Optional[str] = None

    def to_json(self) -> Dict[str, Any]:
        """The step as the protocol writes it (for `legal`)."""
        out = {self.kind: self._value()}
        if self.player is not None:
            out["player"] = self.player
        return out

    def _value(self) -> Any:
        return None


def _melds_json(melds: Sequence[Sequence[Card]]) -> Any:
    """One meld as a flat list, several as a list of lists."""
    if len(melds) == 1:
        return format_cards(melds[0])
    return [format_cards(m) for m in melds]


@dataclass
class Draw(Step):
    """draw: stock - the top card of the stock (Rummikub: the pool)."""

    player: Optional[str] = None
    kind = "draw"

    def _value(self) -> Any:
        return "stock"


@dataclass
class Take(Step):
    """take from the discard pile (or row). `how` is 'top', 'count' (the newest `count`
    cards), 'all', or 'down_to' (down to and including the newest `card`). `take: 1` reads
    as 'top'; a count of 0 is read (the engine refuses it)."""

    how: str = "top"
    count: int = 1
    card: Optional[Card] = None
    player: Optional[str] = None
    kind = "take"

    def _value(self) -> Any:
        if self.how == "count":
            return self.count
        if self.how == "down_to":
            return str(self.card)
        return self.how


@dataclass
class Meld(Step):
    """meld: one or several new melds from the hand, each a list of cards in any order."""

    melds: List[List[Card]] = field(default_factory=list)
    player: Optional[str] = None
    kind = "meld"

    def _value(self) -> Any:
        return _melds_json(self.melds)


@dataclass
class Layoff(Step):
    """layoff: cards built onto table meld `to` (an id such as 'm1')."""

    to: str = ""
    cards: List[Card] = field(default_factory=list)
    player: Optional[str] = None
    kind = "layoff"

    def _value(self) -> Any:
        return {"to": self.to, "cards": format_cards(self.cards)}


@dataclass
class Swap(Step):
    """swap: a natural `card` from the hand replaces the joker of `meld` standing for it."""

    meld: str = ""
    card: Optional[Card] = None
    player: Optional[str] = None
    kind = "swap"

    def _value(self) -> Any:
        return {"meld": self.meld, "card": str(self.card)}


@dataclass
class Discard(Step):
    """discard: one card, ending the turn."""

    card: Optional[Card] = None
    player: Optional[str] = None
    kind = "discard"

    def _value(self) -> Any:
        return str(self.card)


@dataclass
class Arrange(Step):
    """arrange (Rummikub): the whole table after the move, every set listed."""

    sets: List[List[Card]] = field(default_factory=list)
    player: Optional[str] = None
    kind = "arrange"

    def _value(self) -> Any:
        return [format_cards(s) for s in self.sets]


@dataclass
class Pass(Step):
    """pass: decline (a Rummikub turn on an empty pool; the pile at an empty stock)."""

    player: Optional[str] = None
    kind = "pass"


@dataclass
class Timeout(Step):
    """timeout (Rummikub): the minute ran out."""

    player: Optional[str] = None
    kind = "timeout"


@dataclass
class Claim(Step):
    """claim: an out-of-turn take by `player`, with the melds or the layoff made with it."""

    take: Take = field(default_factory=Take)
    melds: Optional[List[List[Card]]] = None
    layoff: Optional[Layoff] = None
    player: Optional[str] = None
    kind = "claim"

    def _value(self) -> Any:
        out: Dict[str, Any] = {"take": self.take._value()}
        if self.melds is not None:
            out["meld"] = _melds_json(self.melds)
        if self.layoff is not None:
            out["layoff"] = self.layoff._value()
        return out


@dataclass
class NextHand(Step):
    """next_hand: the next hand, dealt from `seed` or set up as `setup` (the raw mapping)."""

    seed: Optional[int] = None
    setup: Optional[Dict[str, Any]] = None
    player: Optional[str] = None
    kind = "next_hand"

    def _value(self) -> Any:
        return {"seed": self.seed} if self.setup is None else dict(self.setup)


def _parse_take(value: Any, notation: Optional[str]) -> Take:
    if value in ("top", "all"):
        return Take(how=value, count=1 if value == "top" else 0)
    if isinstance(value, int) and not isinstance(value, bool):
        if value < 0:
            raise BadRequest("take: a count is 0 or more")
        return Take(how="top", count=1) if value == 1 else Take(how="count", count=value)
    return Take(how="down_to", count=0, card=parse_card(value, notation))


def _parse_melds(value: Any, notation: Optional[str]) -> List[List[Card]]:
    """One meld (a list of cards) or several (a list of lists)."""
    if not isinstance(value, list) or not value:
        raise BadRequest("meld: a list of cards, or a list of such lists")
    if all(isinstance(m, list) for m in value):
        return [parse_cards(m, notation) for m in value]
    return [parse_cards(value, notation)]


def _parse_layoff(value: Any, notation: Optional[str]) -> Layoff:
    if not isinstance(value, dict) or set(value) != {"to", "cards"} or not isinstance(value["to"], str):
        raise BadRequest("layoff: {to: <meld id>, cards: [...]}")
    return Layoff(to=value["to"], cards=parse_cards(value["cards"], notation))


def _parse_swap(value: Any, notation: Optional[str]) -> Swap:
    if not isinstance(value, dict) or set(value) != {"meld", "card"} or not isinstance(value["meld"], str):
        raise BadRequest("swap: {meld: <meld id>, card: <card>}")
    return Swap(meld=value["meld"], card=parse_card(value["card"], notation))


def _parse_claim(value: Any, notation: Optional[str]) -> Claim:
    if not isinstance(value, dict) or "take" not in value or not set(value) <= {"take", "meld", "layoff"}:
        raise BadRequest("claim: {take: ..., meld: ... or layoff: ...}")
    if "meld" in value and "layoff" in value:
        raise BadRequest("claim: a meld or a layoff, not both")
    return Claim(take=_parse_take(value["take"], notation),
                 melds=_parse_melds(value["meld"], notation) if "meld" in value else None,
                 layoff=_parse_layoff(value["layoff"], notation) if "layoff" in value else None)


def _parse_next_hand(value: Any) -> NextHand:
    if not isinstance(value, dict):
        raise BadRequest("next_hand: {seed: N} or a setup")
    if set(value) <= {"seed"}:
        seed = value.get("seed", 0)
        if not _is_seed(seed):
            raise BadRequest("next_hand: a seed is an integer from 0 to 2^64-1")
        return NextHand(seed=seed)
    return NextHand(setup=dict(value))


# Keys a step may carry besides its action: replay strips `expect` and `then`, and the
# schema's extensions `note` and `listed` may still be there.
_STEP_EXTRAS = {"player", "note", "listed", "expect", "then"}


def parse_step(value: Any, notation: Optional[str] = None) -> Step:
    """A step as the protocol sends it ({"draw": "stock"}, {"meld": [...], "player": "B"},
    "pass", ...). Raises BadRequest for anything else, an unknown step included."""
    if value in ("pass", "timeout"):
        return Pass() if value == "pass" else Timeout()
    if not isinstance(value, dict):
        raise BadRequest("a step is a mapping, not %s" % json.dumps(value))
    actions = [k for k in value if k not in _STEP_EXTRAS]
    unknown = [k for k in actions if k not in STEP_KINDS]
    if unknown:
        raise BadRequest("unknown step %r" % unknown[0])
    if len(actions) != 1:
        raise BadRequest("a step has exactly one action, not %d" % len(actions))
    kind, v = actions[0], value[actions[0]]
    if kind == "draw":
        if v != "stock":
            raise BadRequest("draw: stock is the only draw")
        step: Step = Draw()
    elif kind == "take":
        step = _parse_take(v, notation)
    elif kind == "meld":
        step = Meld(melds=_parse_melds(v, notation))
    elif kind == "layoff":
        step = _parse_layoff(v, notation)
    elif kind == "swap":
        step = _parse_swap(v, notation)
    elif kind == "discard":
        step = Discard(card=parse_card(v, notation))
    elif kind == "arrange":
        if not isinstance(v, list):
            raise BadRequest("arrange: a list of sets")
        step = Arrange(sets=[parse_cards(s, notation) for s in v])
    elif kind == "pass":
        step = Pass()
    elif kind == "timeout":
        step = Timeout()
    elif kind == "claim":
        step = _parse_claim(v, notation)
    else:
        step = _parse_next_hand(v)
    player = value.get("player")
    if player is not None and (not isinstance(player, str) or not player):
        raise BadRequest("player: a player's name")
    step.player = player
    return step


# --------------------------------------------------------------------------------------
# The contract's shuffle and deal (scenario-format.md, "The shuffle").

MASK64 = (1 << 64) - 1


def _is_seed(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MASK64


class SplitMix64:
    """SplitMix64 in its reference form: the state starts at the seed; each next() adds the
    golden gamma and mixes. The same numbers on every machine, so deals agree everywhere."""

    def __init__(self, seed: int) -> None:
        if not _is_seed(seed):
            raise ValueError("a seed is an integer from 0 to 2^64-1")
        self.state = seed

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)


def shuffle(items: List[Any], rng: SplitMix64) -> List[Any]:
    """Fisher-Yates in place, from the last index down, swapping i with next() % (i + 1).
    Index 0 of the result is the top. Returns `items`."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.next() % (i + 1)
        items[i], items[j] = items[j], items[i]
    return items


@dataclass(frozen=True)
class RulesetDeck:
    """What the deal needs to know of a ruleset: copied from the `deck:`, `deal:`,
    `pile_start:`, variants and options of its spec/<id>.yaml (kept in step by the kit's
    tests against `meldcheck rules` and `meldcheck serve`)."""

    notation: str                                  # 'cards' or 'tiles'
    players: Tuple[int, int]                       # the seats the ruleset allows
    decks: Tuple[Tuple[int, int, int], ...]        # (players from, to, decks)
    jokers_per_deck: int
    deal: Tuple[Tuple[int, int, int, int, int], ...]  # (players from, to, rounds from, to, cards)
    pile_start: str                                # 'upcard', 'row' or 'none'
    set_standin: str                               # a joker in a set: 'rank', 'card' or 'determined'
    no_joker_variants: Tuple[str, ...] = ()
    deal_changes: Tuple[Tuple[str, Tuple[Tuple[int, int, int, int, int], ...]], ...] = ()
    option_defaults: Tuple[Tuple[str, str], ...] = ()


_ANY_ROUND = (1, 255)

# From spec/*.yaml (deck:, deal:, pile_start:, meld.set_standin, variants, options). A
# deal change is keyed by 'variant' or 'option=choice'.
RULESETS: Dict[str, RulesetDeck] = {
    # spec/femhundra-familj.yaml: two decks, no jokers, ten cards, the row instead of a pile.
    "femhundra-familj": RulesetDeck(
        "cards", (2, 8), ((2, 8, 2),), 0, ((2, 8) + _ANY_ROUND + (10,),), "row", "rank",
        option_defaults=(("empty-stock", "hand-ends"), ("tie-at-500", "shared"))),
    # spec/femhundra-rummy.yaml: one deck and its joker; 10 cards for two, 7 for 3-4, 6 for 5-6.
    "femhundra-rummy": RulesetDeck(
        "cards", (2, 6), ((2, 6, 1),), 1,
        ((2, 2) + _ANY_ROUND + (10,), (3, 4) + _ANY_ROUND + (7,), (5, 6) + _ANY_ROUND + (6,)),
        "upcard", "card", no_joker_variants=("no-joker",),
        deal_changes=(("seven-cards", ((2, 6) + _ANY_ROUND + (7,),)),),
        option_defaults=(("out-bonus-scope", "going-out-turn"), ("pile-meld", "new-meld"),
                         ("swapped-card-scores", "joker-owner"))),
    # spec/liverpool.yaml: two decks with three jokers each; seven cards (option deal-size).
    "liverpool": RulesetDeck(
        "cards", (3, 6), ((3, 6, 2),), 3, ((3, 6) + _ANY_ROUND + (7,),), "upcard", "rank",
        deal_changes=(("deal-size=ten", ((3, 6) + _ANY_ROUND + (10,),)),
                      ("deal-size=ten-then-twelve", ((3, 6, 1, 3, 10), (3, 6, 4, 255, 12)))),
        option_defaults=(("deal-size", "seven"), ("one-go", "same-turn"), ("freed-joker", "same-round"),
                         ("swap-before-contract", "after-contract"),
                         ("last-round-discards", "others-discard"), ("empty-stock", "reshuffle"))),
    # spec/rummikub.yaml: 106 tiles (two of each, two jokers), fourteen each, no pile.
    "rummikub": RulesetDeck(
        "tiles", (2, 4), ((2, 4, 2),), 1, ((2, 4) + _ANY_ROUND + (14,),), "none", "determined",
        option_defaults=(("rounds", "one"), ("empty-pool", "first-stuck"),
                         ("short-penalty", "draw-what-is-left"), ("lowest-tie", "split"),
                         ("best-move", "most-tiles"))),
    # spec/rummy500.yaml: one deck and two jokers for 2-4, two decks and four for 5-8;
    # thirteen cards for two players, seven otherwise.
    "rummy500": RulesetDeck(
        "cards", (2, 8), ((2, 4, 1), (5, 8, 2)), 2,
        ((2, 2) + _ANY_ROUND + (13,), (3, 8) + _ANY_ROUND + (7,)), "upcard", "rank",
        no_joker_variants=("no-jokers",),
        option_defaults=(("deep-card-use", "meld-or-layoff"), ("ace-runs", "low-or-high"))),
}


def _ruleset(ruleset: str) -> RulesetDeck:
    if ruleset not in RULESETS:
        raise BadRequest("unknown ruleset %r" % ruleset)
    return RULESETS[ruleset]


def _decks_for(rs: RulesetDeck, players: int) -> int:
    for lo, hi, decks in rs.decks:
        if lo <= players <= hi:
            return decks
    raise BadRequest("%d players is not a game of this ruleset (%d-%d)" % ((players,) + rs.players))


def canonical_deck(ruleset: str, players: int, variants: Sequence[str] = ()) -> List[Card]:
    """The ruleset's whole deck in the contract's canonical order: cards by suit S H D C,
    each A..K, once per copy, then the jokers; tiles by colour R B O K, 1..13 per copy, then
    the jokers. A variant without jokers leaves them out."""
    rs = _ruleset(ruleset)
    decks = _decks_for(rs, players)
    tiles = rs.notation == "tiles"
    letters = COLOURS if tiles else SUITS
    cards = [Card(rank, s, tiles=tiles) for _ in range(decks) for s in letters for rank in range(1, 14)]
    jokers = 0 if any(v in rs.no_joker_variants for v in variants) else rs.jokers_per_deck * decks
    return cards + [Card(0, "", True, tiles=tiles) for _ in range(jokers)]


def hand_size(ruleset: str, players: int, variants: Sequence[str] = (),
              options: Optional[Mapping[str, str]] = None, round: int = 1) -> int:
    """The cards dealt to each player: the ruleset's `deal:` as its variants and options
    change it (round: Liverpool's ten-then-twelve deals by round)."""
    rs = _ruleset(ruleset)
    rules = rs.deal
    keys = list(variants) + ["%s=%s" % kv for kv in (options or {}).items()]
    for key, changed in rs.deal_changes:
        if key in keys:
            rules = changed
    for lo, hi, r_lo, r_hi, cards in rules:
        if lo <= players <= hi and r_lo <= min(round, 255) <= r_hi:
            return cards
    raise BadRequest("%d players is not a game of this ruleset" % players)


@dataclass
class Dealt:
    """A deal as the contract makes it. `hands` in seating order (A, B, ...), each in the
    order dealt; `stock` top first; `discard` oldest first (the upcard, where there is one);
    `rng` the generator as the deal left it (a reshuffle carries on with it)."""

    players: List[str]
    hands: Dict[str, List[Card]]
    stock: List[Card]
    discard: List[Card]
    dealer: str
    to_move: str
    phase: str
    rng: SplitMix64


def seat_names(players: int) -> List[str]:
    """A, B, C, ... in seating order."""
    return [chr(ord("A") + i) for i in range(players)]


def deal(ruleset: str, players: int, seed: int = 0, dealer: Optional[str] = None,
         variants: Sequence[str] = (), options: Optional[Mapping[str, str]] = None,
         round: int = 1) -> Dealt:
    """The contract's deal: the whole deck shuffled with `seed`, dealt one card at a time
    from the top starting with the player after the dealer (the dealer is the last player
    unless named), then the upcard where the ruleset turns one; the rest is the stock."""
    rs = _ruleset(ruleset)
    names = seat_names(players)
    if not rs.players[0] <= players <= rs.players[1]:
        raise BadRequest("%s is played by %d-%d players, not %d" % ((ruleset,) + rs.players + (players,)))
    if not _is_seed(seed):
        raise BadRequest("a seed is an integer from 0 to 2^64-1")
    dealer = names[-1] if dealer is None else dealer
    if dealer not in names:
        raise BadRequest("dealer %r is not a player of this game" % dealer)
    rng = SplitMix64(seed)
    cards = shuffle(canonical_deck(ruleset, players, variants), rng)
    first = (names.index(dealer) + 1) % players
    order = names[first:] + names[:first]
    hands: Dict[str, List[Card]] = {n: [] for n in names}
    top = 0
    for _ in range(hand_size(ruleset, players, variants, options, round)):
        for name in order:
            if top < len(cards):
                hands[name].append(cards[top])
                top += 1
    discard = []
    if rs.pile_start == "upcard" and top < len(cards):
        discard.append(cards[top])
        top += 1
    return Dealt(names, hands, cards[top:], discard, dealer, order[0],
                 "row" if rs.pile_start == "row" else "draw", rng)


# --------------------------------------------------------------------------------------
# The state answer (engine-protocol.md, "state").

@dataclass
class TableMeld:
    """A meld on the table: its id ('m1', ...), its owner (who laid it; None where the game
    gives melds no owner, as after a Rummikub arrange) and its cards in order, jokers with
    their stand-ins and cards laid by others marked with their builder."""

    id: str
    cards: List[Card]
    owner: Optional[str] = None

    def to_json(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {"id": self.id}
        if self.owner is not None:
            out["owner"] = self.owner
        cards = []
        for c in self.cards:
            c = parse_card(c) if isinstance(c, str) else c
            # @P only where the builder is not the owner, as the notation writes it.
            cards.append(str(c.with_builder(None) if c.builder == self.owner else c))
        out["cards"] = cards
        return out


def write_state(hands: Mapping[str, Iterable[Union[Card, str]]],
                stock: Iterable[Union[Card, str]],
                discard: Iterable[Union[Card, str]] = (),
                table: Iterable[TableMeld] = (),
                to_move: str = "A",
                phase: str = "draw",
                round_over: bool = False,
                game_over: bool = False,
                totals: Optional[Mapping[str, int]] = None,
                opened: Optional[Mapping[str, bool]] = None,
                **extra: Any) -> Dict[str, Any]:
    """The `state` answer's object: a setup that reads back to the position.

    hands      each player's cards, in seating order (the mapping's order)
    stock      the whole stock, top first (written with rest: out: every card is named)
    discard    the pile (or row), oldest first
    table      the melds on the table
    totals     running match totals (default 0 each)
    opened     who has opened (default: who owns a meld on the table)
    extra      keys the ruleset has: round (Liverpool), first_lap (femhundra-rummy), ...
    """
    table = list(table)
    owners = {m.owner for m in table}
    players: Dict[str, Any] = {}
    for name, hand in hands.items():
        players[name] = {
            "hand": format_cards(hand),
            "total": int((totals or {}).get(name, 0)),
            "opened": bool((opened or {}).get(name, name in owners)),
        }
    state: Dict[str, Any] = {
        "players": players,
        "stock": format_cards(stock),
        "rest": "out",
        "discard": format_cards(discard),
        "table": [m.to_json() for m in table],
        "to_move": to_move,
        "phase": phase,
    }
    state.update(extra)
    state["round_over"] = bool(round_over)
    state["game_over"] = bool(game_over)
    return state


def name_jokers(cards: Sequence[Card], kind: str, ruleset: str) -> List[Card]:
    """The cards of a meld with every joker given its canonical stand-in, for engines that
    place jokers by position: `kind` 'run' (cards in order, low to high, jokers where they
    stand) or 'set'. In a run a joker stands for the whole card its place says (an ace may
    end a run high, or turn the corner, since card ranks count round); in a set, by the
    ruleset: a rank (rummy500, liverpool, femhundra-familj), a whole card of a suit the set
    lacks (femhundra-rummy), or in Rummikub a number in a group of three and the missing
    tile in a group of four. Raises ValueError for a meld with no natural card."""
    rs = _ruleset(ruleset)
    tiles = rs.notation == "tiles"
    naturals = [(i, c) for i, c in enumerate(cards) if not c.is_joker]
    if not naturals:
        raise ValueError("a meld needs a natural card to name its jokers")
    i0, c0 = naturals[0]
    out = []
    if kind == "run":
        for i, c in enumerate(cards):
            if c.is_joker:
                rank = c0.rank + i - i0
                if not tiles:
                    rank = (rank - 1) % 13 + 1
                elif not 1 <= rank <= 13:
                    raise ValueError("a run of tiles goes from 1 to 13")
                c = c.with_standin(Card(rank, c0.suit, tiles=tiles))
            out.append(c)
        return out
    missing = [s for s in (COLOURS if tiles else SUITS) if s not in {c.suit for _, c in naturals}]
    whole = rs.set_standin == "card" or (rs.set_standin == "determined" and len(cards) == 4)
    for c in cards:
        if c.is_joker:
            if whole and missing:
                c = c.with_standin(Card(c0.rank, missing.pop(0), tiles=tiles))
            else:
                c = c.with_standin(Card(c0.rank, "", tiles=tiles))
        out.append(c)
    return out


@dataclass
class SeatSetup:
    """A player in a setup: hand, running total, whether opened (None: not said)."""

    hand: List[Card]
    total: int = 0
    opened: Optional[bool] = None


@dataclass
class Setup:
    """A setup as `new` sends it, read: the keys every ruleset has, and `extra` for the rest
    (round, first_lap, turn, offer, ... as the scenario schema has them)."""

    players: Dict[str, SeatSetup]
    stock: List[Card]
    discard: List[Card]
    table: List[TableMeld]
    to_move: str
    phase: str
    rest: str
    seed: int
    extra: Dict[str, Any]


def parse_setup(value: Any, notation: Optional[str] = None) -> Setup:
    """A `setup` mapping read into a Setup; raises BadRequest where it does not read."""
    if not isinstance(value, dict) or not isinstance(value.get("players"), dict) or not value["players"]:
        raise BadRequest("setup: players is a mapping of players")
    players = {}
    for name, seat in value["players"].items():
        if not isinstance(seat, dict) or "hand" not in seat:
            raise BadRequest("setup: player %s needs a hand" % name)
        players[name] = SeatSetup(parse_cards(seat["hand"], notation), int(seat.get("total", 0)), seat.get("opened"))
    table = []
    for k, meld in enumerate(value.get("table", [])):
        if not isinstance(meld, dict) or "cards" not in meld:
            raise BadRequest("setup: a table meld is {id, owner, cards}")
        table.append(TableMeld(str(meld.get("id", "m%d" % (k + 1))), parse_cards(meld["cards"], notation), meld.get("owner")))
    known = {"players", "stock", "discard", "table", "to_move", "phase", "rest", "seed"}
    return Setup(players, parse_cards(value.get("stock", []), notation), parse_cards(value.get("discard", []), notation),
                 table, value.get("to_move", next(iter(players))), value.get("phase", "draw"),
                 value.get("rest", "stock"), value.get("seed", 0),
                 {k: v for k, v in value.items() if k not in known})


# --------------------------------------------------------------------------------------
# hello (engine-protocol.md, "hello" and its `implements`).

@dataclass
class Implements:
    """What an engine plays within its rulesets (test262's feature flags). None leaves a key
    out, which means "all of it": an engine that says nothing implements everything.

    steps     kinds of step it plays (STEP_KINDS)
    starts    'deal' (the contract's shuffle and deal) and/or 'setup' (any position)
    scores    `score` tells a hand's round_scores
    totals    `score` tells the running totals, game_over and winner
    rule_ids  a refusal names meldcheck's rule id
    """

    steps: Optional[List[str]] = None
    starts: Optional[List[str]] = None
    scores: Optional[bool] = None
    totals: Optional[bool] = None
    rule_ids: Optional[bool] = None

    def __post_init__(self) -> None:
        for s in self.steps or []:
            if s not in STEP_KINDS:
                raise ValueError("unknown step kind %r" % s)
        for s in self.starts or []:
            if s not in ("deal", "setup"):
                raise ValueError("a start is 'deal' or 'setup', not %r" % s)

    def to_json(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {}
        for key in ("steps", "starts", "scores", "totals", "rule_ids"):
            value = getattr(self, key)
            if value is not None:
                out[key] = list(value) if isinstance(value, (list, tuple)) else value
        return out

    def over(self, base: Optional["Implements"]) -> "Implements":
        """These keys over `base`'s (a ruleset's entry over the top's)."""
        if base is None:
            return self
        pick = lambda key: getattr(self, key) if getattr(self, key) is not None else getattr(base, key)  # noqa: E731
        return Implements(pick("steps"), pick("starts"), pick("scores"), pick("totals"), pick("rule_ids"))


@dataclass
class RulesetSupport:
    """A ruleset the engine plays: the variants it knows, and for each option it knows the
    choices it can play (an option left out is played at its default only)."""

    id: str
    variants: List[str] = field(default_factory=list)
    options: Dict[str, List[str]] = field(default_factory=dict)
    implements: Optional[Implements] = None

    def to_json(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {"id": self.id, "variants": list(self.variants),
                               "options": {k: list(v) for k, v in self.options.items()}}
        if self.implements is not None:
            out["implements"] = self.implements.to_json()
        return out


@dataclass
class Hello:
    """The engine's introduction: name, version, rulesets, and what it implements (for
    every ruleset; a ruleset's own `implements` goes over it)."""

    name: str
    version: str
    rulesets: List[RulesetSupport]
    implements: Optional[Implements] = None

    def ruleset(self, ruleset_id: str) -> Optional[RulesetSupport]:
        return next((r for r in self.rulesets if r.id == ruleset_id), None)

    def implements_for(self, ruleset_id: str) -> Implements:
        """What the engine implements in one ruleset, the top's keys under the ruleset's."""
        rs = self.ruleset(ruleset_id)
        own = rs.implements if rs is not None else None
        if own is None:
            return self.implements or Implements()
        return own.over(self.implements)

    def to_json(self, requests: Sequence[str]) -> Dict[str, Any]:
        out: Dict[str, Any] = {"ok": True, "protocol": PROTOCOL,
                               "engine": {"name": self.name, "version": self.version},
                               "rulesets": [r.to_json() for r in self.rulesets]}
        if self.implements is not None:
            out["implements"] = self.implements.to_json()
        out["requests"] = list(requests)
        return out


# --------------------------------------------------------------------------------------
# new and apply, as the adapter's handlers receive and answer them.

@dataclass
class DealRequest:
    """new's `deal`: players, seed and dealer (the last player unless said)."""

    players: int
    seed: int = 0
    dealer: Optional[str] = None


@dataclass
class NewGame:
    """A `new` request, read: the ruleset, variants, options (as sent) and either `deal`
    or `setup` (the raw mapping; `parse_setup` reads it)."""

    ruleset: str
    variants: List[str]
    options: Dict[str, str]
    deal: Optional[DealRequest] = None
    setup: Optional[Dict[str, Any]] = None

    @property
    def notation(self) -> str:
        """'cards' or 'tiles': how this ruleset writes its cards."""
        return RULESETS[self.ruleset].notation if self.ruleset in RULESETS else "cards"

    def option(self, option_id: str) -> Optional[str]:
        """The choice of an option: as sent, else the ruleset's default."""
        if option_id in self.options:
            return self.options[option_id]
        rs = RULESETS.get(self.ruleset)
        return dict(rs.option_defaults).get(option_id) if rs else None

    def dealt(self) -> Dealt:
        """The contract's deal for this game's `deal`."""
        if self.deal is None:
            raise BadRequest("this game starts from a setup, not a deal")
        return deal(self.ruleset, self.deal.players, self.deal.seed, self.deal.dealer,
                    self.variants, self.options)


@dataclass
class Verdict:
    """apply's answer: the step carried out, or refused with the engine's reason and, where
    the engine knows it, meldcheck's rule id."""

    ok: bool
    reason: str = ""
    rule: Optional[str] = None


def ok() -> Verdict:
    """The step was carried out."""
    return Verdict(True)


def reject(reason: str, rule: Optional[str] = None) -> Verdict:
    """The step was refused; the position is exactly as before."""
    return Verdict(False, reason, rule)


def _read_new(req: Mapping[str, Any]) -> NewGame:
    ruleset = req.get("ruleset")
    if not isinstance(ruleset, str):
        raise BadRequest("new needs a ruleset id")
    variants = req.get("variants", [])
    if not isinstance(variants, list) or not all(isinstance(v, str) for v in variants):
        raise BadRequest("variants: a list of variant ids")
    options = req.get("options", {})
    if not isinstance(options, dict) or not all(isinstance(v, str) for v in options.values()):
        raise BadRequest("options: a mapping of option ids to choices")
    if ("deal" in req) == ("setup" in req):
        raise BadRequest("new needs a deal or a setup")
    game = NewGame(ruleset, list(variants), dict(options))
    if "setup" in req:
        if not isinstance(req["setup"], dict):
            raise BadRequest("setup: a mapping")
        game.setup = req["setup"]
        return game
    d = req["deal"]
    if not isinstance(d, dict) or not set(d) <= {"players", "seed", "dealer"}:
        raise BadRequest("deal: {players, seed, dealer}")
    players, seed, dealer = d.get("players"), d.get("seed", 0), d.get("dealer")
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 8:
        raise BadRequest("deal: players is 2 to 8")
    if not _is_seed(seed):
        raise BadRequest("deal: a seed is an integer from 0 to 2^64-1")
    if dealer is not None and dealer not in seat_names(players):
        raise BadRequest("deal: dealer %r is not a player of the game" % (dealer,))
    game.deal = DealRequest(players, seed, dealer)
    return game


# --------------------------------------------------------------------------------------
# The request loop.

# Requests an adapter may implement, each a method of the same name: hello is required
# (it answers hello), quit is optional (called before the loop ends).
HANDLERS = ("new", "apply", "state", "legal", "score")


def _error(code: str, message: str, rule: Optional[str] = None) -> Dict[str, Any]:
    err: Dict[str, Any] = {"code": code, "message": message}
    if rule:
        err["rule"] = rule
    return {"ok": False, "error": err}


def _notation(value: Any) -> Any:
    """json.dumps' fallback: a Card, a TableMeld or a Step as the protocol writes it."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, (Step, TableMeld)):
        return value.to_json()
    raise TypeError("%s is not JSON" % type(value).__name__)


def _request_id(req: Any) -> Any:
    """The id to repeat: an integer (or a string) when one can be read, else null."""
    if isinstance(req, dict):
        rid = req.get("id")
        if (isinstance(rid, int) and not isinstance(rid, bool)) or isinstance(rid, str):
            return rid
    return None


class Session:
    """One engine process's conversation: the adapter, and whether a game has been started.

    The adapter is any object with these methods (each optional but hello):
      hello() -> Hello
      new(game: NewGame) -> None          raise BadRequest/Unsupported to refuse
      apply(step: Step) -> Verdict        ok() / reject(reason, rule); or raise Rejected
      state() -> dict                     write_state(...)
      legal() -> list of Step (or dicts)
      score() -> dict                     round_over, round_scores, totals, game_over, winner
      quit() -> None
    """

    def __init__(self, adapter: Any) -> None:
        self.adapter = adapter
        self._hello: Optional[Hello] = None
        self.game: Optional[NewGame] = None      # the game started last, None before new
        self.done = False                          # quit was answered

    def hello_info(self) -> Hello:
        if self._hello is None:
            info = self.adapter.hello()
            if not isinstance(info, Hello):
                raise TypeError("the adapter's hello() must return a Hello")
            self._hello = info
        return self._hello

    def requests(self) -> List[str]:
        """hello's `requests`: what this adapter implements."""
        return ["hello"] + [h for h in HANDLERS if callable(getattr(self.adapter, h, None))] + ["quit"]

    def answer_line(self, line: Union[str, bytes]) -> str:
        """The answer to one line of input, as one line of JSON (no newline). Never raises:
        an answer that is not JSON (a handler returned some object of its own) is an
        internal error. Cards and steps in an answer are written in the notation."""
        out = self.answer(line)
        try:
            return json.dumps(out, separators=(",", ":"), ensure_ascii=False, default=_notation)
        except (TypeError, ValueError) as e:
            return json.dumps({"id": out.get("id"), **self._internal(e)}, separators=(",", ":"), ensure_ascii=False)

    def answer(self, line: Union[str, bytes]) -> Dict[str, Any]:
        """The answer to one line of input, as a mapping. Never raises."""
        req: Any = None
        try:
            if isinstance(line, bytes):
                line = line.decode("utf-8")
            req = json.loads(line)
            if not isinstance(req, dict):
                raise BadRequest("a request is a JSON object")
            if not isinstance(req.get("id"), int) or isinstance(req.get("id"), bool):
                raise BadRequest("a request needs an integer id")
            if not isinstance(req.get("cmd"), str):
                raise BadRequest("a request needs a cmd")
            out = self.handle(req)
        except UnicodeDecodeError:
            out = _error("bad-request", "a line that is not UTF-8")
        except ValueError as e:  # json.JSONDecodeError
            out = _error("bad-request", "not JSON: %s" % e) if req is None else self._internal(e)
        except RecursionError:
            out = _error("bad-request", "a request nested too deeply")
        except ProtocolError as e:
            out = _error(e.code, e.message, e.rule)
        except Exception as e:  # a bug in the adapter or its engine: say so, keep serving
            out = self._internal(e)
        return {"id": _request_id(req), **out}

    @staticmethod
    def _internal(e: BaseException) -> Dict[str, Any]:
        traceback.print_exc(file=sys.stderr)
        return _error("internal", "%s: %s" % (type(e).__name__, e))

    def handle(self, req: Dict[str, Any]) -> Dict[str, Any]:
        """One request (a mapping with id and cmd) to its answer without the id."""
        cmd = req["cmd"]
        if cmd == "hello":
            return self.hello_info().to_json(self.requests())
        if cmd == "quit":
            quit_ = getattr(self.adapter, "quit", None)
            if callable(quit_):
                quit_()
            self.done = True
            return {"ok": True}
        if cmd not in HANDLERS:
            raise Unsupported("unknown request %r" % cmd)
        handler = getattr(self.adapter, cmd, None)
        if not callable(handler):
            raise Unsupported("%s is not implemented" % cmd)
        if cmd == "new":
            return self._new(handler, req)
        if self.game is None:
            raise NoGame("no game: send new first")
        if cmd == "apply":
            return self._apply(handler, req)
        if cmd == "state":
            return {"ok": True, "state": handler()}
        if cmd == "legal":
            return {"ok": True, "steps": [s.to_json() if isinstance(s, Step) else s for s in handler()]}
        return {"ok": True, **handler()}

    def _new(self, handler: Any, req: Dict[str, Any]) -> Dict[str, Any]:
        game = _read_new(req)
        info = self.hello_info()
        rs = info.ruleset(game.ruleset)
        if rs is None:
            raise Unsupported("this engine does not play %s" % game.ruleset)
        for v in game.variants:
            if v not in rs.variants:
                raise Unsupported("this engine does not play variant %s" % v)
        defaults = dict(RULESETS[game.ruleset].option_defaults) if game.ruleset in RULESETS else {}
        for o, choice in game.options.items():
            if choice not in rs.options.get(o, [defaults.get(o)]):
                raise Unsupported("this engine does not play option %s=%s" % (o, choice))
        starts = info.implements_for(game.ruleset).starts
        start = "deal" if game.deal is not None else "setup"
        if starts is not None and start not in starts:
            raise Unsupported("this engine starts games by %s only" % " or ".join(starts))
        handler(game)
        self.game = game  # only a game the adapter took replaces the old one
        return {"ok": True}

    def _apply(self, handler: Any, req: Dict[str, Any]) -> Dict[str, Any]:
        if "step" not in req:
            raise BadRequest("apply needs a step")
        assert self.game is not None
        step = parse_step(req["step"], self.game.notation)
        steps = self.hello_info().implements_for(self.game.ruleset).steps
        if steps is not None and step.kind not in steps:
            raise Unsupported("this engine does not play %s steps" % step.kind)
        try:
            verdict = handler(step)
        except Rejected as r:
            verdict = reject(r.reason, r.rule)
        if verdict is None or (isinstance(verdict, Verdict) and verdict.ok):
            return {"ok": True, "verdict": "ok"}
        if not isinstance(verdict, Verdict):
            raise TypeError("apply must return ok() or reject(...), not %r" % (verdict,))
        out: Dict[str, Any] = {"ok": True, "verdict": "reject", "reason": verdict.reason}
        if verdict.rule:
            out["rule"] = verdict.rule
        return out


def serve(adapter: Any, stdin: Optional[IO[bytes]] = None, stdout: Optional[IO[bytes]] = None) -> None:
    """Answer requests from `stdin` (default: standard input) on `stdout` (default: standard
    output), both binary, until quit or the end of input: one UTF-8 line per request, flushed
    at once. Blank lines are no requests and get no answer.

    While it serves, sys.stdout is standard error, so that a print() left in the engine
    cannot break the protocol."""
    source = stdin if stdin is not None else sys.stdin.buffer
    out = stdout if stdout is not None else sys.stdout.buffer
    session = Session(adapter)
    saved = sys.stdout
    sys.stdout = sys.stderr
    try:
        for raw in iter(source.readline, b""):
            if not raw.strip():
                continue
            out.write((session.answer_line(raw) + "\n").encode("utf-8"))
            out.flush()
            if session.done:
                break
    finally:
        sys.stdout = saved
