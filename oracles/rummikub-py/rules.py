"""Rummikub tiles and sets, read from the rule text 004_3729e45c9ab6f2f5.txt ("004" below).

Written independently of meldcheck's C++ engine: only the rule text, the scenario contract
(../shared/design/scenario-format.md) and the catalog of spec/rummikub.yaml were used.
"""

COLOURS = "RBOK"          # the contract's order: red, blue, orange, black
NUMBERS = range(1, 14)
JOKER = "JK"
JOKER_PENALTY = 30        # 004 "Jokern": a joker left on the rack costs 30

# The catalog of spec/rummikub.yaml, in its order: a refusal names the first clause that
# fails (scenario contract, "Rule ids"). test_engine.py checks this list against the spec.
CATALOG = [
    "players", "tiles", "deal", "first-player", "goal",
    "set.size", "set.shape", "set.group", "set.run", "set.one-lowest",
    "turn.one-step", "turn.draw",
    "opening.points", "opening.rack-only",
    "arrange.valid", "arrange.table-stays", "arrange.rack-tile", "arrange.combinations",
    "joker.standin", "notation.standin", "joker.natural", "joker.retrieve", "joker.not-before-opening",
    "joker.reused", "joker.penalty",
    "timeout", "pool.empty", "pool.stuck",
    "score.out", "score.pool-out", "score.zero-sum", "match.rounds", "safety.turn-limit",
]
_RANK = {c: i for i, c in enumerate(CATALOG)}


def first_clause(clauses):
    """The clause that comes first in the catalog among those given."""
    return min(clauses, key=lambda c: _RANK[c])


class TileError(ValueError):
    """A string that is no tile of this game (the request is malformed)."""


class Tile:
    """A natural tile (colour, number), or a joker with an optional stand-in.

    A joker's stand-in is None (bare JK), a number alone (JK=7) or a whole tile (JK=R7).
    `mark` is the contract's @P; it means nothing in Rummikub but is kept for read-back.
    """
    __slots__ = ("colour", "number", "joker", "mark")

    def __init__(self, colour, number, joker=False, mark=None):
        self.colour, self.number, self.joker, self.mark = colour, number, joker, mark

    @property
    def identity(self):
        """What the tile is physically: 'R5' or 'JK' (stand-ins are not part of it)."""
        return JOKER if self.joker else "%s%d" % (self.colour, self.number)

    def __str__(self):
        if not self.joker:
            s = self.identity
        elif self.number is None:
            s = JOKER
        elif self.colour is None:
            s = "JK=%d" % self.number
        else:
            s = "JK=%s%d" % (self.colour, self.number)
        return s + ("@" + self.mark if self.mark else "")

    __repr__ = __str__


def _parse_face(text):
    """'R5' -> ('R', 5); raises TileError."""
    if len(text) < 2 or text[0] not in COLOURS or not text[1:].isdigit():
        raise TileError("not a tile: %r" % text)
    if text[1] == "0" or not 1 <= int(text[1:]) <= 13:
        raise TileError("not a tile: %r" % text)
    return text[0], int(text[1:])


def parse_tile(text, standin=False, mark=False):
    """A tile in the contract's notation. A rack tile has no stand-in; a table tile may have
    one (JK=R5, JK=5) and an owner mark (@B)."""
    if not isinstance(text, str):
        raise TileError("a tile must be a string, not %r" % (text,))
    s = text.strip()
    owner = None
    if "@" in s:
        if not mark:
            raise TileError("no owner mark allowed here: %r" % text)
        s, owner = s.split("@", 1)
        if len(owner) != 1 or not "A" <= owner <= "H":
            raise TileError("bad owner mark in %r" % text)
    if s == JOKER:
        return Tile(None, None, True, owner)
    if s.startswith(JOKER + "="):
        if not standin:
            raise TileError("a stand-in is only written on the table: %r" % text)
        rest = s[3:]
        if rest.isdigit():
            if rest[0] == "0" or not 1 <= int(rest) <= 13:
                raise TileError("bad stand-in in %r" % text)
            return Tile(None, int(rest), True, owner)
        c, n = _parse_face(rest)
        return Tile(c, n, True, owner)
    c, n = _parse_face(s)
    return Tile(c, n, False, owner)


def canonical_deck():
    """106 tiles in the contract's canonical order: colours R B O K, each 1..13, once per
    copy (two copies), then the two jokers (004 "Spelet")."""
    deck = []
    for _copy in range(2):
        for c in COLOURS:
            for n in NUMBERS:
                deck.append("%s%d" % (c, n))
    return deck + [JOKER, JOKER]


def rack_value(rack):
    """What a rack costs at the end of a round (004 "Poäng" and "Jokern")."""
    return sum(JOKER_PENALTY if t == JOKER else int(t[1:]) for t in rack)


class SetResult:
    """The verdict on one set: its faults (catalog clauses), the canonical tiles, and the
    numbers its jokers stand for (for the initial meld's count; an unsettled joker gives the
    highest number it could stand for, see `analyse_set`)."""
    __slots__ = ("faults", "tiles", "kind", "joker_numbers")

    def __init__(self, faults, tiles=None, kind=None, joker_numbers=()):
        self.faults, self.tiles, self.kind = faults, tiles, kind
        self.joker_numbers = list(joker_numbers)


def analyse_set(tiles):
    """Check one set of the table (004 "Set", "Kombinationer", "Jokern").

    A group: one number, three or four distinct colours. A run: one colour, three or more
    consecutive numbers, 1 lowest and never after 13 (no wrap). The stand-in a joker carries
    counts as the tile it stands for. Canonical stand-ins (scenario contract): a whole tile
    in a run and in a group of four, the number alone in a group of three. A bare joker is
    accepted only where the other tiles settle it; a named stand-in less specific than the
    set needs (JK=5 in a run or in a group of four) is refused (notation.standin), as the
    contract says of less specific stand-ins.
    """
    n = len(tiles)
    if n < 3:
        return SetResult({"set.size"})
    naturals = [t for t in tiles if not t.joker]
    jokers = [t for t in tiles if t.joker]
    if not naturals:
        # joker.natural: 004 is silent; a set of jokers alone stands for nothing (resolution).
        return SetResult({"joker.natural"})
    numbers = [t.number for t in tiles if t.number is not None]
    colours = [t.colour for t in tiles if t.colour is not None]
    one_number = len(set(numbers)) == 1
    one_colour = len(set(colours)) == 1
    if one_number and one_colour:
        # Every tile whose face is known is the same tile. Two of them cannot be in a run
        # (a repeated number), so it is a group with a repeated colour; one natural with bare
        # jokers could be either, and what the jokers stand for is not settled.
        if len(numbers) >= 2:
            return _group(tiles, numbers[0])
        if n <= 4:
            return SetResult({"notation.standin"}, kind="either",
                             joker_numbers=[_max_either(naturals[0], n)] * len(jokers))
        return _run(tiles, colours[0])
    if one_number:
        return _group(tiles, numbers[0])
    if one_colour:
        return _run(tiles, colours[0])
    return SetResult({"set.shape"})


def _max_either(natural, n):
    # The highest number a joker could stand for beside a lone natural in a set of n.
    return min(13, natural.number + n - 1)


def _group(tiles, number):
    n = len(tiles)
    if n > 4:
        return SetResult({"set.group"})
    known = [t.colour for t in tiles if t.colour is not None]
    if len(known) != len(set(known)):
        return SetResult({"set.group"})
    faults = set()
    out = []
    if n == 3:
        # Either missing colour may free the joker: it stands for the number alone.
        for t in tiles:
            out.append(Tile(None, number, True, t.mark) if t.joker else t)
    else:
        missing = [c for c in COLOURS if c not in known]
        for t in tiles:
            if t.joker and t.colour is None:
                if t.number is not None:
                    faults.add("notation.standin")   # JK=8 where the whole tile is needed
                out.append(Tile(missing.pop(0), number, True, t.mark))
            else:
                out.append(t if not t.joker else Tile(t.colour, number, True, t.mark))
    jokers = sum(1 for t in tiles if t.joker)
    return SetResult(faults, out, "group", [number] * jokers)


def _run(tiles, colour):
    n = len(tiles)
    known = sorted(t.number for t in tiles if t.number is not None)
    if len(known) != len(set(known)) or n > 13:
        return SetResult({"set.run"})
    lo_min, lo_max = max(1, known[-1] - n + 1), min(known[0], 14 - n)
    if lo_min > lo_max:
        # No straight window holds the numbers. If one would by going on from 13 to 1, the
        # fault is 004's "1 is always lowest, never after 13"; else a gap.
        cyclic = any(all((k - s) % 13 < n for k in known) for s in NUMBERS)
        return SetResult({"set.one-lowest" if cyclic else "set.run"})
    faults = set()
    bare = [t for t in tiles if t.joker and t.number is None]
    if any(t.joker and t.number is not None and t.colour is None for t in tiles):
        faults.add("notation.standin")           # JK=5 in a run: the colour must be named
    if bare and lo_max > lo_min:
        faults.add("notation.standin")           # R3 R4 JK: R2 or R5?
    lo = lo_max if bare else lo_min           # an unsettled joker counts its highest reading
    free = [k for k in range(lo, lo + n) if k not in known]
    by_number = {}
    for t in tiles:
        if t.number is not None:
            by_number[t.number] = Tile(colour, t.number, True, t.mark) if t.joker else t
    for t in bare:
        by_number[free.pop(0)] = Tile(colour, None, True, t.mark)
    out = []
    for k in range(lo, lo + n):
        t = by_number[k]
        out.append(Tile(colour, k, True, t.mark) if t.joker else t)
    return SetResult(faults, out, "run", [t.number for t in out if t.joker])


def set_key(tiles):
    """A set up to the order of its tiles (runs are kept sorted anyway); marks ignored."""
    return tuple(sorted(str(Tile(t.colour, t.number, t.joker)) for t in tiles))
