"""A Rummikub round and match, read from 004_3729e45c9ab6f2f5.txt ("004") and the scenario
contract (../shared/design/scenario-format.md): deals and setups, the four steps of a turn
(draw, arrange, timeout, pass), the end of a round and its zero-sum scores, match totals.

Where 004 is silent, the `resolution:` notes of spec/rummikub.yaml are followed; each place
says which.
"""

import copy
import json
from collections import Counter

import solver
from rules import (JOKER, TileError, analyse_set, canonical_deck, first_clause,
                   parse_tile, rack_value, set_key)

SEATS = "ABCDEFGH"
RACK_SIZE = 14            # 004 "Uppställning": 14 tiles each
OPENING_POINTS = 30       # 004 "Så spelar man"
TIMEOUT_PENALTY = 3       # 004 "Så spelar man": three tiles after the minute runs out
MAX_TURNS = 1000          # catalog safety.turn-limit (an engine bound, not in 004)
MASK64 = (1 << 64) - 1

OPTIONS = {
    "rounds": {"one": 1, "two": 2, "three": 3, "four": 4},
    "empty-pool": {"first-stuck": "first-stuck", "all-stuck": "all-stuck"},
    "short-penalty": {"draw-what-is-left": True, "no-penalty": False},
    "lowest-tie": {"split": "split", "fewest-tiles": "fewest-tiles"},
    # The solver's goal only (meldcheck solve and random play); it changes no rule here.
    "best-move": {"most-tiles": "most-tiles", "most-value": "most-value"},
}
OPTION_DEFAULTS = {"rounds": "one", "empty-pool": "first-stuck",
                   "short-penalty": "draw-what-is-left", "lowest-tie": "split",
                   "best-move": "most-tiles"}

ACTIONS = ("draw", "take", "meld", "layoff", "swap", "discard", "arrange", "pass",
           "timeout", "claim", "next_hand")
STEP_EXTRAS = ("player", "expect", "then", "note", "listed")
SETUP_KEYS = {"players", "stock", "discard", "table", "to_move", "phase", "first_player",
              "seed", "rest", "dealer", "turn", "offer", "rng", "turns", "passes",
              "next_meld", "hand_over", "round_scores", "game_over", "winner", "last_out",
              "hand_number",
              # Not a setup key of the schema, but `state` must carry it (protocol), so a
              # state read back as a setup may hold it: taken as hand_over.
              "round_over"}
OTHER_RULESETS_KEYS = {"round", "first_lap"}   # liverpool's and femhundra-rummy's
TURN_KEYS = {"must_use", "no_discard", "pile_meld_due", "freed_jokers", "melded",
             "built_on_others", "built", "opened_now", "discarded", "actions"}


class BadRequest(Exception):
    pass


class Unsupported(Exception):
    pass


class Reject(Exception):
    def __init__(self, rule, reason):
        super().__init__(reason)
        self.rule, self.reason = rule, reason


class SplitMix64:
    """The contract's generator: the state starts at the seed; next() adds the golden
    gamma and mixes (reference SplitMix64)."""

    def __init__(self, seed):
        self.state = seed & MASK64

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)


def shuffle(items, rng):
    """Fisher-Yates from the last index down, swapping i with next() % (i + 1)."""
    items = list(items)
    for i in range(len(items) - 1, 0, -1):
        j = rng.next() % (i + 1)
        items[i], items[j] = items[j], items[i]
    return items


# ---------------------------------------------------------------------------------------
# Reading requests

def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _seed(v, what="seed"):
    if not _is_int(v) or not 0 <= v <= MASK64:
        raise BadRequest("%s must be an integer from 0 to 2^64-1" % what)
    return v


def _tiles(v, what, standin=False, mark=False):
    if not isinstance(v, list):
        raise BadRequest("%s must be a list of tiles" % what)
    try:
        return [parse_tile(t, standin, mark) for t in v]
    except TileError as e:
        raise BadRequest("%s: %s" % (what, e))


def _rack(v, what):
    return [t.identity for t in _tiles(v, what)]


def read_options(options):
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise BadRequest("options must be a mapping")
    chosen = dict(OPTION_DEFAULTS)
    for k, v in options.items():
        if k not in OPTIONS:
            raise BadRequest("rummikub has no option %r" % k)
        if not isinstance(v, str) or v not in OPTIONS[k]:
            raise BadRequest("option %s has no choice %r" % (k, v))
        chosen[k] = v
    return chosen


# ---------------------------------------------------------------------------------------

class Meld:
    __slots__ = ("id", "owner", "tiles", "kind")

    def __init__(self, mid, owner, tiles, kind):
        self.id, self.owner, self.tiles, self.kind = mid, owner, tiles, kind

    def to_json(self):
        out = {"id": self.id, "cards": [str(t) for t in self.tiles]}
        if self.owner:
            out["owner"] = self.owner
        return out


class Game:
    """One match: the current round's position plus the running totals."""

    def __init__(self, options):
        self.opt = options
        self.rounds = OPTIONS["rounds"][options["rounds"]]
        self.players = []
        self.hands = {}
        self.totals = {}
        self.opened = {}
        self.penalty = {}
        self.stock = []
        self.out_of_play = []
        self.table = []
        self.to_move = self.first_player = self.dealer = "A"
        self.turns = self.passes = 0
        self.next_meld = 1
        self.hand_number = 1
        self.rng = 0
        self.hand_over = self.game_over = False
        self.round_scores = None
        self.winner = []
        self.last_out = None

    # -- deals and setups -------------------------------------------------------------

    def deal(self, spec, carry=None):
        """The contract's `deal`: the whole deck shuffled from the seed, dealt one tile at a
        time from the player after the dealer; the rest is the pool (004 "Uppställning").
        Who begins: the player after the dealer (catalog first-player, resolution: the
        text's draw for the first turn is outside the engine)."""
        if not isinstance(spec, dict):
            raise BadRequest("deal must be a mapping")
        unknown = set(spec) - {"players", "seed", "dealer"}
        if unknown:
            raise BadRequest("unknown deal keys: %s" % ", ".join(sorted(unknown)))
        if carry is None:
            n = spec.get("players")
            if not _is_int(n):
                raise BadRequest("deal.players must be an integer")
            if not 2 <= n <= 4:
                raise BadRequest("Rummikub is for two to four players (rummikub/players)")
            self.players = list(SEATS[:n])
            self.totals = {p: 0 for p in self.players}
        elif "players" in spec and spec["players"] != len(self.players):
            raise BadRequest("a next hand has the match's players")
        seed = _seed(spec.get("seed", 0))
        if "dealer" in spec:
            self.dealer = self._seat(spec["dealer"], "dealer")
        elif carry is None:
            self.dealer = self.players[-1]
        else:
            self.dealer = self._after(carry)      # the deal rotates
        rng = SplitMix64(seed)
        deck = shuffle(canonical_deck(), rng)
        self.rng = rng.state
        self.hands = {p: [] for p in self.players}
        order = [self._after(self.dealer, k) for k in range(1, len(self.players) + 1)]
        pos = 0
        for _ in range(RACK_SIZE):
            for p in order:
                self.hands[p].append(deck[pos])
                pos += 1
        self.stock = deck[pos:]
        self.out_of_play = []
        self.table = []
        self.next_meld = 1
        self.first_player = self.to_move = order[0]
        self.opened = {p: False for p in self.players}
        self.penalty = {p: 0 for p in self.players}
        self._fresh_round()

    def setup(self, spec, carry=None):
        """The contract's `setup` (or a next_hand written as one when `carry` is the old
        dealer): every key of the schema that applies to Rummikub, extensions included."""
        if not isinstance(spec, dict):
            raise BadRequest("setup must be a mapping")
        for k in spec:
            if k in OTHER_RULESETS_KEYS:
                raise BadRequest("setup key %r belongs to another ruleset" % k)
            if k not in SETUP_KEYS:
                raise BadRequest("unknown setup key %r" % k)
        players = spec.get("players")
        if not isinstance(players, dict) or not players:
            raise BadRequest("setup.players must be a mapping of seats")
        seats = sorted(players)
        if seats != list(SEATS[:len(seats)]):
            raise BadRequest("players must be A, B, ... in seating order")
        if not 2 <= len(seats) <= 4:
            raise BadRequest("Rummikub is for two to four players (rummikub/players)")
        if carry is not None and seats != self.players:
            raise BadRequest("a next hand has the match's players")
        self.players = seats
        hands, totals, opened, penalty = {}, {}, {}, {}
        for p in seats:
            info = players[p]
            if not isinstance(info, dict) or "hand" not in info:
                raise BadRequest("player %s needs a hand" % p)
            allowed = {"hand", "opened", "penalty", "built_on_others"}
            if carry is None:
                allowed.add("total")
            extra = set(info) - allowed
            if extra:
                raise BadRequest("player %s: unknown keys %s" % (p, ", ".join(sorted(extra))))
            hands[p] = _rack(info["hand"], "players.%s.hand" % p)
            if carry is None:
                totals[p] = info.get("total", 0)
                if not _is_int(totals[p]):
                    raise BadRequest("players.%s.total must be an integer" % p)
            else:
                totals[p] = self.totals[p]        # totals carry over to the next hand
            if "opened" in info and not isinstance(info["opened"], bool):
                raise BadRequest("players.%s.opened must be true or false" % p)
            opened[p] = info.get("opened")
            penalty[p] = info.get("penalty", 0)
            if not _is_int(penalty[p]):
                raise BadRequest("players.%s.penalty must be an integer" % p)
            if "built_on_others" in info and not isinstance(info["built_on_others"], bool):
                raise BadRequest("players.%s.built_on_others must be true or false" % p)

        stock = _rack(spec.get("stock", []), "stock")
        discard = spec.get("discard", [])
        if discard != []:
            raise BadRequest("Rummikub has no discard pile")
        table = self._read_table(spec.get("table", []))
        for m in table:
            if m.owner is not None:
                if opened[m.owner] is False:
                    raise BadRequest("player %s owns %s, so has opened" % (m.owner, m.id))
                opened[m.owner] = True
        opened = {p: bool(opened[p]) for p in seats}

        # No more copies than the deck has (two of each tile, two jokers).
        named = Counter()
        for p in seats:
            named.update(hands[p])
        named.update(stock)
        for m in table:
            named.update(t.identity for t in m.tiles)
        deck = Counter(canonical_deck())
        over = [t for t in named if named[t] > deck[t]]
        if over:
            raise BadRequest("more copies than the deck has: %s" % ", ".join(sorted(over)))

        phase = spec.get("phase", "draw")
        if phase != "draw":
            # The contract: Rummikub has only `draw` (a turn is one step).
            raise BadRequest("Rummikub has no phase %r" % (phase,))
        rest = spec.get("rest", "stock")
        if rest not in ("stock", "out"):
            raise BadRequest("rest must be stock or out")
        seed = _seed(spec.get("seed", 0))
        offer = spec.get("offer", "none")
        if offer != "none":
            raise BadRequest("Rummikub has no discard on offer")
        turn = spec.get("turn", {})
        if not isinstance(turn, dict) or set(turn) - TURN_KEYS:
            raise BadRequest("turn must be a mapping of the schema's keys")
        if any(v not in (False, 0, None, []) for v in turn.values()):
            # A Rummikub turn is one step, so no turn is ever half done.
            raise BadRequest("Rummikub has no turn in progress to describe")

        # The unnamed tiles, in canonical order (the first copies of the deck taken by the
        # named ones), shuffled with the seed; below the stock or out of play.
        left = Counter(named)
        unnamed = []
        for t in canonical_deck():
            if left[t]:
                left[t] -= 1
            else:
                unnamed.append(t)
        rng = SplitMix64(seed)
        unnamed = shuffle(unnamed, rng)
        self.rng = _seed(spec["rng"], "rng") if "rng" in spec else rng.state
        if rest == "stock":
            stock, self.out_of_play = stock + unnamed, []
        else:
            self.out_of_play = unnamed

        # Who deals and begins: given, or by default A begins (contract) and the dealer sits
        # before; in a next hand the dealer and the first player rotate one seat on.
        if carry is None:
            first = self._seat(spec.get("first_player", "A"), "first_player")
            dealer = (self._seat(spec["dealer"], "dealer") if "dealer" in spec
                      else self._before(first))
            to_move = self._seat(spec.get("to_move", "A"), "to_move")
        else:
            dealer = self._seat(spec.get("dealer", self._after(carry)), "dealer")
            first = self._seat(spec.get("first_player", self._after(dealer)), "first_player")
            to_move = self._seat(spec.get("to_move", first), "to_move")
        self.to_move = to_move
        self.first_player, self.dealer = first, dealer

        self.hands, self.totals, self.opened, self.penalty = hands, totals, opened, penalty
        self.stock, self.table = stock, table
        self._fresh_round()
        self.turns = self._count(spec, "turns", 0, 0)
        self.passes = self._count(spec, "passes", 0, 0)
        ids = [int(m.id[1:]) for m in table]
        self.next_meld = self._count(spec, "next_meld", max(ids, default=0) + 1,
                                     max(ids, default=0) + 1)
        if "last_out" in spec and spec["last_out"] is not None:
            self._seat(spec["last_out"], "last_out")
        if carry is None:
            self.hand_number = self._count(spec, "hand_number", 1, 1)
        elif "hand_number" in spec:
            self.hand_number = self._count(spec, "hand_number", 1, 1)
        over = spec.get("hand_over", spec.get("round_over", False))
        if ("hand_over" in spec and "round_over" in spec
                and spec["hand_over"] != spec["round_over"]):
            raise BadRequest("hand_over and round_over disagree")
        if not isinstance(over, bool):
            raise BadRequest("hand_over must be true or false")
        if over:
            # A finished hand read back: its scores are already in the totals.
            self.hand_over = True
            rs = spec.get("round_scores", {p: 0 for p in seats})
            if (not isinstance(rs, dict) or set(rs) != set(seats)
                    or not all(_is_int(v) for v in rs.values())):
                raise BadRequest("round_scores must give every player an integer")
            self.round_scores = dict(rs)
            last = spec.get("last_out")
            if last is not None:
                self._seat(last, "last_out")
            self.last_out = last
            game_over = spec.get("game_over", self.hand_number >= self.rounds)
            if not isinstance(game_over, bool):
                raise BadRequest("game_over must be true or false")
            self.game_over = game_over
            if game_over:
                self.winner = self._match_winners()
        elif spec.get("game_over", False) is not False:
            raise BadRequest("a match cannot be over while its hand goes on")
        if "winner" in spec:
            w = spec["winner"]
            w = [w] if isinstance(w, str) else w
            if not isinstance(w, list):
                raise BadRequest("winner must be a seat or a list of seats")
            for s in w:
                self._seat(s, "winner")

    def _fresh_round(self):
        self.turns = self.passes = 0
        self.hand_over = self.game_over = False
        self.round_scores = None
        self.winner = []
        self.last_out = None

    @staticmethod
    def _count(spec, key, default, low):
        v = spec.get(key, default)
        if not _is_int(v) or v < low:
            raise BadRequest("%s must be an integer of at least %d" % (key, low))
        return v

    def _read_table(self, melds):
        if not isinstance(melds, list):
            raise BadRequest("table must be a list of melds")
        out, seen = [], set()
        for m in melds:
            if not isinstance(m, dict) or "id" not in m or "cards" not in m:
                raise BadRequest("a table meld needs id and cards")
            extra = set(m) - {"id", "owner", "cards"}
            if extra:
                raise BadRequest("unknown meld keys: %s" % ", ".join(sorted(extra)))
            mid = m["id"]
            if (not isinstance(mid, str) or len(mid) < 2 or len(mid) > 4 or mid[0] != "m"
                    or not mid[1:].isdigit() or mid[1] == "0"):
                raise BadRequest("bad meld id %r" % (mid,))
            if mid in seen:
                raise BadRequest("meld id %s used twice" % mid)
            seen.add(mid)
            owner = m.get("owner")
            if owner is not None:
                self._seat(owner, "owner")
            tiles = _tiles(m["cards"], "meld %s" % mid, standin=True, mark=True)
            for t in tiles:
                if t.mark:
                    self._seat(t.mark, "mark")
            res = analyse_set(tiles)
            if res.faults:
                raise BadRequest("meld %s is no valid set (rummikub/%s)"
                                 % (mid, first_clause(res.faults)))
            out.append(Meld(mid, owner, res.tiles, res.kind))
        return out

    def _seat(self, s, what):
        if not isinstance(s, str) or s not in self.players:
            raise BadRequest("%s must be one of the players, not %r" % (what, s))
        return s

    def _after(self, p, k=1):
        return self.players[(self.players.index(p) + k) % len(self.players)]

    def _before(self, p):
        return self._after(p, len(self.players) - 1)

    # -- steps ------------------------------------------------------------------------

    def apply(self, step):
        """Carry out one step or raise Reject (the position untouched) or BadRequest."""
        action, value, player = self._read_step(step)
        if action == "next_hand":
            return self._next_hand(value)
        if self.hand_over:
            raise Reject("core/hand-over", "the round is over; only next_hand may follow")
        if action == "claim":
            # Claims are out-of-turn by nature; Rummikub has none.
            raise Reject("rummikub/turn.one-step", "Rummikub has no claims")
        if player != self.to_move:
            raise Reject("core/not-your-turn", "it is %s's turn" % self.to_move)
        if action in ("take", "meld", "layoff", "swap", "discard"):
            raise Reject("rummikub/turn.one-step",
                         "a turn is one draw, arrange, timeout or pass; no %s" % action)
        if action == "draw":
            self._draw()
        elif action == "pass":
            self._pass()
        elif action == "timeout":
            self._timeout()
        else:
            self._arrange(value)

    def _read_step(self, step):
        if isinstance(step, str):
            if step not in ("pass", "timeout"):
                raise BadRequest("a step written as a word is pass or timeout")
            step = {step: None}
        if not isinstance(step, dict):
            raise BadRequest("a step must be a mapping")
        actions = [k for k in step if k in ACTIONS]
        extra = [k for k in step if k not in ACTIONS and k not in STEP_EXTRAS]
        if extra:
            raise BadRequest("unknown step keys: %s" % ", ".join(sorted(extra)))
        if len(actions) != 1:
            raise BadRequest("a step has exactly one action")
        action = actions[0]
        value = step[action]
        player = step.get("player", self.to_move)
        self._seat(player, "player")
        # The scenario-only keys, read as the schema writes them and otherwise ignored.
        if "note" in step and not isinstance(step["note"], str):
            raise BadRequest("note must be text")
        if "listed" in step and not isinstance(step["listed"], bool):
            raise BadRequest("listed must be true or false")
        if "then" in step and not isinstance(step["then"], dict):
            raise BadRequest("then must be a mapping")
        exp = step.get("expect", "ok")
        if not (exp in ("ok", "reject") or (isinstance(exp, dict) and set(exp) == {"reject"}
                                            and isinstance(exp["reject"], str))):
            raise BadRequest("expect must be ok, reject or {reject: RULE}")
        if action == "draw":
            if value != "stock":
                raise BadRequest("draw: stock is the only draw")
        elif action in ("pass", "timeout"):
            if value not in (None, True, {}):
                raise BadRequest("%s takes no value" % action)
        elif action == "arrange":
            if not isinstance(value, list) or not all(isinstance(s, list) for s in value):
                raise BadRequest("arrange is a list of sets, each a list of tiles")
            value = [_tiles(s, "arrange", standin=True) for s in value]
        elif action == "next_hand":
            if not isinstance(value, dict):
                raise BadRequest("next_hand must be a mapping")
            # Read it whole on a scratch copy first: a malformed next hand is a bad
            # request whatever the position.
            scratch = copy.deepcopy(self)
            scratch._start_next_hand(value)
        else:
            self._check_other_action(action, value)
        return action, value, player

    @staticmethod
    def _check_other_action(action, value):
        # Steps of other rummy games: read them as the schema writes them, then refuse them
        # by rule (turn.one-step) rather than as malformed. A meld or layoff may name a
        # joker's stand-in (the contract's `meld: [7S, 7H, JK=7D]`).
        def cards(v, what):
            _tiles(v, what, standin=what in ("meld", "layoff", "claim"))

        if action == "discard":
            cards([value], "discard")
        elif action == "meld":
            if isinstance(value, list) and value and all(isinstance(x, list) for x in value):
                for x in value:
                    cards(x, "meld")
                    if not x:
                        raise BadRequest("a meld needs at least one card")
            else:
                cards(value, "meld")
                if not value:
                    raise BadRequest("a meld needs at least one card")
        elif action == "layoff":
            if not isinstance(value, dict) or set(value) != {"to", "cards"}:
                raise BadRequest("layoff needs to and cards")
            cards(value["cards"], "layoff")
        elif action == "swap":
            if not isinstance(value, dict) or set(value) != {"meld", "card"}:
                raise BadRequest("swap needs meld and card")
            cards([value["card"]], "swap")
        elif action == "take":
            if not (value in ("top", "all") or (_is_int(value) and value >= 0)):
                cards([value], "take")
        elif action == "claim":
            if (not isinstance(value, dict) or "take" not in value
                    or set(value) - {"take", "meld", "layoff"}):
                raise BadRequest("a claim needs take, and may have meld or layoff")
            Game._check_other_action("take", value["take"])
            for k in ("meld", "layoff"):
                if k in value:
                    Game._check_other_action(k, value[k])

    def _end_turn(self):
        """The turn is over: the next player moves, unless the round has ended. A round
        still going after MAX_TURNS turns is scored as if the pool had run out (catalog
        safety.turn-limit)."""
        mover = self.to_move
        self.turns += 1
        if self.hand_over:
            return
        if self.turns >= MAX_TURNS:
            self._end_round(None, mover)
            return
        self.to_move = self._after(mover)

    def _draw(self):
        # 004 "Så spelar man": a player who does not or cannot play draws one tile.
        if not self.stock:
            raise Reject("core/empty-stock", "the pool is empty")
        self.hands[self.to_move].append(self.stock.pop(0))
        self.passes = 0
        self._end_turn()

    def _timeout(self):
        # 004 "Så spelar man": the minute ran out; the table is put back (a step is atomic,
        # so it is as the turn began) and three penalty tiles are drawn. With fewer left:
        # all of them, or none with option short-penalty no-penalty (timeout resolution).
        n = TIMEOUT_PENALTY
        if len(self.stock) < n:
            n = len(self.stock) if OPTIONS["short-penalty"][self.opt["short-penalty"]] else 0
        self.hands[self.to_move].extend(self.stock[:n])
        del self.stock[:n]
        # A timeout is no pass: whether the player could have played is unknown, so it
        # does not count towards everyone being stuck (option empty-pool all-stuck).
        self.passes = 0
        self._end_turn()

    def _pass(self):
        # 004 "Vinnaren": with the pool empty every player must lay a tile each turn; one who
        # cannot ends the game. Passing with tiles in the pool, or while able to play, breaks
        # pool.empty (the solver decides, as its resolution says).
        p = self.to_move
        if self.stock:
            raise Reject("rummikub/pool.empty", "the pool still has tiles: draw instead")
        if solver.can_play(self.hands[p], [(m.kind, m.tiles) for m in self.table],
                           self.opened[p]):
            raise Reject("rummikub/pool.empty", "the pool is empty and %s can play" % p)
        self.passes += 1
        # pool.stuck: first-stuck reads "if the player cannot go on, the game ends" as the
        # first player who cannot; option all-stuck waits for a whole lap of passes.
        if (self.opt["empty-pool"] == "first-stuck"
                or self.passes >= len(self.players)):
            self._end_round(None, p)
        self._end_turn()

    def arrange_faults(self, sets, player):
        """The clauses a whole-table arrange step breaks, and what it would lay."""
        rack = Counter(self.hands[player])
        old = Counter(t.identity for m in self.table for t in m.tiles)
        new = Counter(t.identity for s in sets for t in s)
        laid = new - old
        if laid - rack:
            return "core/card-not-held", None
        faults, results = set(), []
        for s in sets:
            res = analyse_set(s)
            faults |= res.faults
            results.append(res)
        if old - new:
            faults.add("arrange.table-stays")     # 004 "Kombinationer"; also joker.reused
        if not laid:
            faults.add("arrange.rack-tile")
        if not self.opened[player]:
            faults |= self._opening_faults(sets, results, laid)
        return (("rummikub/" + first_clause(faults)) if faults else None), results

    def _opening_faults(self, sets, results, laid):
        """004 "Så spelar man": the initial meld is worth 30, from the rack alone, the table
        neither rearranged nor built on (nor a joker taken from it, 004 "Jokern")."""
        faults = set()
        keys = [set_key(r.tiles) if r.tiles else set_key(s) for s, r in zip(sets, results)]
        unused = list(range(len(sets)))
        intact = True
        for m in self.table:
            k = set_key(m.tiles)
            hit = next((i for i in unused if keys[i] == k), None)
            if hit is None:
                intact = False
                faults.add("opening.rack-only")
                if any(t.joker for t in m.tiles):
                    faults.add("joker.not-before-opening")
            else:
                unused.remove(hit)
        # The meld's worth: the numbers of the rack tiles laid, a joker counting the number
        # it stands for (resolution of opening.points). Which jokers are the rack's is plain
        # when the table is intact (those in the new sets); otherwise the refusal is about
        # the table anyway, and the rack's jokers are given their best reading.
        worth = sum(int(t[1:]) * k for t, k in laid.items() if t != JOKER)
        jokers = laid.get(JOKER, 0)
        if jokers:
            pool = [n for i in (unused if intact else range(len(sets)))
                    for n in results[i].joker_numbers]
            worth += sum(sorted(pool, reverse=True)[:jokers])
        if worth < OPENING_POINTS:
            faults.add("opening.points")
        return faults

    def _arrange(self, sets):
        p = self.to_move
        rule, results = self.arrange_faults(sets, p)
        if rule:
            raise Reject(rule, _REASONS.get(rule, rule))
        laid = (Counter(t.identity for s in sets for t in s)
                - Counter(t.identity for m in self.table for t in m.tiles))
        hand = []
        for t in self.hands[p]:                    # keep the rack's order
            if laid[t] > 0:
                laid[t] -= 1
            else:
                hand.append(t)
        self.hands[p] = hand
        # The melds after an arrange are m1..mk in the order written (contract). Owners mean
        # nothing in Rummikub but the `opened` default. An initial meld leaves the table's
        # sets as they were, so they keep their owners (meldcheck's convention too); any
        # other arrange is the player's work on the whole table.
        owners = {}
        if not self.opened[p]:
            for m in self.table:
                owners.setdefault(set_key(m.tiles), []).append(m.owner)
        table = []
        for i, r in enumerate(results):
            kept = owners.get(set_key(r.tiles))
            owner = kept.pop(0) if kept else p
            table.append(Meld("m%d" % (i + 1), owner, r.tiles, r.kind))
        self.table = table
        self.next_meld = len(self.table) + 1
        self.opened[p] = True
        self.passes = 0
        if not hand:
            self._end_round(p, p)                  # 004 "Vinnaren": the rack is empty
        self._end_turn()

    def _next_hand(self, spec):
        if not self.hand_over:
            raise Reject("core/hand-not-over", "the round is still going")
        if self.game_over:
            raise Reject("core/game-over", "the match is over")
        self._start_next_hand(spec)

    def _start_next_hand(self, spec):
        """The next hand: dealt by the rules from a seed, or set up (contract, next_hand);
        the totals carry over, the dealer and first player rotate. Raises BadRequest before
        changing anything when `spec` cannot be read (checked on a copy in _read_step)."""
        number = self.hand_number + 1
        if "players" not in spec and "seed" not in spec:
            raise BadRequest("next_hand needs a seed (a deal) or players (a setup)")
        if "players" in spec and not _is_int(spec["players"]):
            self.setup(spec, carry=self.dealer)
        else:
            self.deal(spec, carry=self.dealer)
        self.hand_number = number

    # -- the end of a round -----------------------------------------------------------

    def _end_round(self, out, ender):
        """004 "Poäng". A player who went out gains what the others hold (a joker 30). With
        nobody out (pool run dry, or the turn bound), the lowest rack wins and each other
        player loses their rack less the winner's (score.pool-out)."""
        value = {p: rack_value(self.hands[p]) for p in self.players}
        scores = {}
        if out is not None:
            for p in self.players:
                if p != out:
                    scores[p] = -value[p]
            scores[out] = -sum(scores.values())
        else:
            low = min(value.values())
            best = [p for p in self.players if value[p] == low]
            if len(best) > 1 and self.opt["lowest-tie"] == "fewest-tiles":
                fewest = min(len(self.hands[p]) for p in best)
                best = [p for p in best if len(self.hands[p]) == fewest]
            for p in self.players:
                if p not in best:
                    scores[p] = -(value[p] - low)
            won = -sum(scores.values())
            # Tied winners share; the odd points go one each in turn order from the player
            # after the one whose turn ended the round (score.pool-out resolution).
            order = [self._after(ender, k) for k in range(1, len(self.players) + 1)]
            share, odd = divmod(won, len(best))
            for p in order:
                if p in best:
                    scores[p] = share + (1 if odd > 0 else 0)
                    odd -= 1
        self.round_scores = {p: scores[p] for p in self.players}
        for p in self.players:
            self.totals[p] += scores[p]
        self.hand_over = True
        self.last_out = out
        # match.rounds: one round unless option rounds says more; tied highest share.
        if self.hand_number >= self.rounds:
            self.game_over = True
            self.winner = self._match_winners()

    def _match_winners(self):
        top = max(self.totals.values())
        return [p for p in self.players if self.totals[p] == top]

    # -- answers ----------------------------------------------------------------------

    def state(self):
        players = {}
        for p in self.players:
            players[p] = {"hand": list(self.hands[p]), "total": self.totals[p],
                          "opened": self.opened[p]}
            if self.penalty.get(p):
                players[p]["penalty"] = self.penalty[p]
        out = {
            "players": players,
            "stock": list(self.stock),
            "rest": "out",
            "discard": [],
            "table": [m.to_json() for m in self.table],
            "to_move": self.to_move,
            "phase": "draw",
            "first_player": self.first_player,
            "dealer": self.dealer,
            "rng": self.rng,
            "turns": self.turns,
            "passes": self.passes,
            "next_meld": self.next_meld,
            "hand_number": self.hand_number,
            "hand_over": self.hand_over,
            "round_over": self.hand_over,
            "game_over": self.game_over,
            "winner": list(self.winner),
            "last_out": self.last_out,
        }
        if self.hand_over:
            out["round_scores"] = dict(self.round_scores)
        return out

    def score(self):
        out = {"round_over": self.hand_over, "totals": dict(self.totals),
               "game_over": self.game_over}
        if self.hand_over:
            out["round_scores"] = dict(self.round_scores)
        if self.game_over:
            out["winner"] = list(self.winner)
        return out

    def legal(self):
        """Some legal steps of the player to move: draw, timeout, pass where allowed, and
        a few arrange steps (a rack tile added to a set, a run split by a rack tile, sets
        from the rack), each checked by arrange_faults before it is listed."""
        if self.hand_over:
            return []
        p = self.to_move
        steps = []
        if self.stock:
            steps.append({"draw": "stock"})
        steps += [{"arrange": sets} for sets in self._some_arrangements(p)]
        if not self.stock and not solver.can_play(
                self.hands[p], [(m.kind, m.tiles) for m in self.table], self.opened[p]):
            steps.append({"pass": None})
        steps.append({"timeout": None})
        return steps

    def _some_arrangements(self, p, limit=12):
        table = [[str(t) for t in m.tiles] for m in self.table]
        rack = self.hands[p]
        out = []
        if self.opened[p]:
            for i, m in enumerate(self.table):
                for t in sorted(set(rack)):
                    if t != JOKER and not _may_join(m, t):
                        continue  # another colour or number: no candidate to check
                    if t == JOKER:
                        if m.kind == "run" and m.tiles[0].number > 1:
                            t = "JK=%s%d" % (m.tiles[0].colour, m.tiles[0].number - 1)
                        elif m.kind == "run" and m.tiles[-1].number < 13:
                            t = "JK=%s%d" % (m.tiles[0].colour, m.tiles[-1].number + 1)
                        elif m.kind == "run":
                            continue                        # 1 to 13: no room left
                    out.append(table[:i] + [table[i] + [t]] + table[i + 1:])
                    if m.kind == "run" and t != JOKER:      # 004 "Kombinationer" 4
                        k = [x.number for x in m.tiles].index(int(t[1:])) \
                            if t[0] == m.tiles[0].colour and any(
                                x.number == int(t[1:]) for x in m.tiles) else -1
                        if 2 <= k <= len(m.tiles) - 3:
                            out.append(table[:i] + [table[i][:k + 1], [t] + table[i][k + 1:]]
                                       + table[i + 1:])
        found = _rack_sets(rack)
        if self.opened[p]:
            out += [table + [s] for s in found]
        else:
            # Disjoint sets from the rack, richest first, until they are worth 30.
            chosen, left, worth = [], Counter(rack), 0
            for s in sorted(found, key=lambda s: -sum(int(x[1:]) for x in s)):
                if not Counter(s) - left:
                    chosen.append(s)
                    left -= Counter(s)
                    worth += sum(int(x[1:]) for x in s)
            if worth >= OPENING_POINTS:
                out.append(table + chosen)
        seen, good = set(), []
        for sets in out:
            key = json.dumps(sets)
            if key in seen:
                continue
            seen.add(key)
            parsed = [[parse_tile(c, standin=True) for c in s] for s in sets]
            if self.arrange_faults(parsed, p)[0] is None:
                good.append(sets)
                if len(good) == limit:
                    break
        return good


def _may_join(meld, tile):
    """Whether a natural tile could go into a set at all: a run's colour within one of its
    numbers, or a group's number."""
    colour, number = tile[0], int(tile[1:])
    if meld.kind == "run":
        first, last = meld.tiles[0], meld.tiles[-1]
        return colour == first.colour and first.number - 1 <= number <= last.number + 1
    return any(number == x.number for x in meld.tiles)


def _rack_sets(rack):
    """Groups and runs of rack naturals: each number's distinct colours (three or four),
    and each colour's longest stretches of three or more."""
    have = set(t for t in rack if t != JOKER)
    out = []
    for n in range(1, 14):
        cols = [c for c in "RBOK" if "%s%d" % (c, n) in have]
        if len(cols) >= 3:
            out.append(["%s%d" % (c, n) for c in cols])
    for c in "RBOK":
        run = []
        for n in range(1, 15):
            if n <= 13 and "%s%d" % (c, n) in have:
                run.append("%s%d" % (c, n))
                continue
            if len(run) >= 3:
                out.append(run)
            run = []
    return out


_REASONS = {
    "core/card-not-held": "a tile laid is not on the player's rack",
    "rummikub/set.size": "a set has fewer than three tiles",
    "rummikub/set.shape": "a set is neither a group nor a run",
    "rummikub/set.group": "a group needs three or four tiles of one number in distinct colours",
    "rummikub/set.run": "a run needs consecutive numbers of one colour",
    "rummikub/set.one-lowest": "1 is the lowest number and never follows 13",
    "rummikub/opening.points": "the initial meld is worth less than 30",
    "rummikub/opening.rack-only": "the initial meld must come from the rack alone",
    "rummikub/arrange.table-stays": "every tile on the table must stay on the table",
    "rummikub/arrange.rack-tile": "the move lays no tile from the rack",
    "rummikub/notation.standin": "what a joker stands for is not settled",
    "rummikub/joker.natural": "a set needs a numbered tile",
}
