"""Can a player lay a tile? The engine needs it for 004's empty pool ("Vinnaren"): passing is
only for a player who cannot play (catalog pool.empty, resolution: a solver decides).

An exact dynamic programme over the numbers 1..13 (the usual way to solve a Rummikub table:
at each number, every tile of that number either goes on with a run of its colour that is
still open, starts a run, or joins a group of that number). The state after a number is,
for each colour, how many of its open runs have one, two, or three or more tiles (a run may
stop from three on), the jokers used so far and, for an initial meld, the worth so far
(capped at 30). Groups of one number are settled within the number: g tiles of distinct
colours (at most `max_g` of one colour, jokers filling in) make groups of three or four
exactly when some G >= max_g has 3G <= g <= 4G. Each (number, colour) is one stage over a
single dictionary, so positions reached in different ways merge at once; states are packed
into integers to keep Python's dictionaries fast.

Quick sufficient tests (a rack tile extending, completing or splitting a set, a joker with
room, sets from the rack alone, a rack tile freeing the joker that stands for it, a new set
with tiles the table can spare) answer most positions before the full search, which takes
seconds on a table of a hundred tiles.
"""

from functools import lru_cache

from rules import COLOURS, JOKER

# A colour's open runs as one small number: n1 + 5*n2 + 25*n3 (n_k runs of k tiles, k=3
# meaning three or more). Four colours share one integer, 7 bits each. Below the runs:
# worth (5 bits, initial meld only), jokers used (2), colours giving two tiles to this
# number's groups (3), tiles given to this number's groups (4). Every field but the worth
# only grows by addition within a number, so a step is `key + delta`.
_CB = 7
_CMASK = (1 << _CB) - 1
_W, _J, _G2, _GS, _RUNS = 0, 5, 7, 10, 14
_LOW = (1 << _RUNS) - 1


def _groups_ok(total, twos):
    """Can `total` tiles of one number, `twos` colours giving two, and the rest one each
    (jokers among them), form groups of three or four of distinct colours?"""
    if total == 0:
        return True
    for g in range(2 if twos else 1, total // 3 + 1):
        if 3 * g <= total <= 4 * g:
            return True
    return False


@lru_cache(maxsize=None)
def _colour_options(code, must, may, jokers_left):
    """Ways to use one colour's tiles of one number, given its open runs `code`:
    (new code, naturals into groups, jokers into runs, rack naturals used)."""
    n1, n2, n3 = code % 5, (code // 5) % 5, code // 25
    needs = n1 + n2                                 # runs too short to stop here
    out = set()
    for nat in range(must, must + may + 1):
        for grp in range(0, min(nat, 2) + 1):       # a colour joins at most two groups
            for jk in range(0, jokers_left + 1):
                m = nat - grp + jk                  # tiles going into runs
                for go_on in range(0, n3 + 1):      # complete runs that go on
                    start = m - needs - go_on       # new runs
                    if start < 0:
                        break
                    if start > 4 or n2 + go_on > 4:
                        continue
                    out.add((start + 5 * n1 + 25 * (n2 + go_on), grp, jk, nat - must))
    return tuple(out)


def best_placement(must, may, nat_score, joker_score, table_joker_cost, worth_needed=0):
    """The best score of an arrangement using every tile of `must` and any of `may`
    (Counter-like dicts of tile identities), or None if there is none. A rack natural
    placed scores nat_score(number); each joker placed joker_score(number), less
    table_joker_cost for each joker of `must` (those are placed anyway). With
    worth_needed, only arrangements whose tiles' numbers add up to that much count (the
    initial meld, where `must` is empty and a joker counts the number it stands for)."""
    j_must, j_total = must.get(JOKER, 0), must.get(JOKER, 0) + may.get(JOKER, 0)
    avail = {}
    for v in range(1, 16):
        for c in COLOURS:
            t = "%s%d" % (c, v)
            avail[c, v] = must.get(t, 0) + may.get(t, 0) if v <= 13 else 0
    states = {0: 0}
    for v in range(1, 14):
        for ci, c in enumerate(COLOURS):
            tile = "%s%d" % (c, v)
            m, y = must.get(tile, 0), may.get(tile, 0)
            gain_nat, gain_jk = nat_score(v), joker_score(v)
            shift = _RUNS + _CB * ci
            steps = {}                  # (code, jokers used) -> [(key delta, score gain)]
            nxt = {}
            get = nxt.get
            for key, sc in states.items():
                code = (key >> shift) & _CMASK
                j = (key >> _J) & 3
                opts = steps.get((code, j))
                if opts is None:
                    opts = steps[code, j] = [
                        (((new - code) << shift) + (grp << _GS) + ((grp == 2) << _G2)
                         + (jk << _J), rack * gain_nat + jk * gain_jk, (m + rack + jk) * v)
                        for new, grp, jk, rack in _colour_options(code, m, y, j_total - j)]
                if worth_needed:
                    w = key & 31
                    for d, ds, dw in opts:
                        k2 = key + d + min(dw, worth_needed - w)
                        val = sc + ds
                        if get(k2, -1) < val:
                            nxt[k2] = val
                else:
                    for d, ds, _dw in opts:
                        k2 = key + d
                        val = sc + ds
                        if get(k2, -1) < val:
                            nxt[k2] = val
            states = nxt
        # This number's groups, then drop states whose short runs cannot be finished with
        # the tiles left at the next two numbers (each missing tile needs its own joker).
        gain_jk = joker_score(v)
        nxt = {}
        for key, sc in states.items():
            j = (key >> _J) & 3
            runs = key >> _RUNS
            short = 0
            for ci, c in enumerate(COLOURS):
                code = (runs >> (_CB * ci)) & _CMASK
                n1, n2 = code % 5, (code // 5) % 5
                if n1 or n2:
                    if v == 13 or n1 and v == 12:
                        break
                    short += max(0, n1 + n2 - avail[c, v + 1]) + max(0, n1 - avail[c, v + 2])
            else:
                if short > j_total - j:
                    continue
                g_sum, twos, w = (key >> _GS) & 15, (key >> _G2) & 7, key & 31
                stripped = (runs << _RUNS) | (j << _J)
                for jg in range(0, j_total - j + 1 - short):
                    if _groups_ok(g_sum + jg, twos):
                        k2 = stripped + (jg << _J) + min(worth_needed, w + jg * v)
                        val = sc + jg * gain_jk
                        if nxt.get(k2, -1) < val:
                            nxt[k2] = val
        states = _prune(nxt)
    best = None
    for key, score in states.items():
        runs, used, worth = key >> _RUNS, (key >> _J) & 3, key & 31
        if used < j_must or worth < worth_needed:
            continue
        if any(((runs >> (_CB * ci)) & _CMASK) % 25 for ci in range(4)):
            continue                                # a run of one or two tiles left open
        score -= j_must * table_joker_cost
        if best is None or score > best:
            best = score
    return best


def _prune(states):
    """Drop dominated states. A run of three or more may stop at the next number at no
    cost, so a state with more such runs open (and no lower score) can do all that the
    other can: of the states alike but for those counts, keep the Pareto front."""
    fronts = {}
    for key, score in states.items():
        runs = key >> _RUNS
        full = tuple(((runs >> (_CB * ci)) & _CMASK) // 25 for ci in range(4))
        base = key - sum(n << (_RUNS + _CB * ci) for ci, n in enumerate(full)) * 25
        fronts.setdefault(base, []).append((full, score, key))
    out = {}
    for items in fronts.values():
        if len(items) == 1:
            out[items[0][2]] = items[0][1]
            continue
        items.sort(key=lambda it: (-sum(it[0]), -it[1]))
        kept = []
        for full, score, key in items:
            for kf, ks in kept:
                if ks >= score and kf[0] >= full[0] and kf[1] >= full[1] \
                        and kf[2] >= full[2] and kf[3] >= full[3]:
                    break
            else:
                kept.append((full, score))
                out[key] = score
    return out


def _counts(tiles):
    out = {}
    for t in tiles:
        out[t] = out.get(t, 0) + 1
    return out


def can_open(rack):
    """Sets from the rack alone worth 30 (004 "Så spelar man"; a joker counts the number
    it stands for, resolution of opening.points)."""
    return best_placement({}, _counts(rack), lambda v: 1, lambda v: 1, 0, 30) is not None


def _quick_play(rack, melds):
    """Sufficient tests that an opened player can lay a tile: `melds` are the table's sets
    as (kind, tiles) with canonical stand-ins."""
    naturals = {(t[0], int(t[1:])) for t in rack if t != JOKER}
    for kind, tiles in melds:
        faces = [(t.colour, t.number) for t in tiles]
        if kind == "run":
            c, lo, hi = faces[0][0], faces[0][1], faces[-1][1]
            if JOKER in rack and (lo > 1 or hi < 13):
                return True                         # a joker at either end
            for k in range(lo + 2, hi - 1):         # 004 "Kombinationer" 4: a split
                if (c, k) in naturals:
                    return True
            if (c, lo - 1) in naturals or (c, hi + 1) in naturals:
                return True
        elif len(tiles) == 3:
            number = faces[0][1]
            present = {t.colour for t in tiles if not t.joker}
            if JOKER in rack or any((c, number) in naturals for c in COLOURS if c not in present):
                return True
    best = best_placement({}, _counts(rack), lambda v: 1, lambda v: 1, 0)
    return bool(best) or _borrowed_set(rack, melds)  # a new set from the rack alone


def _spares(melds):
    """The table's tiles that can leave their set with the set still valid: any of a group of
    four, either end of a run of four or more, and a middle tile of a run long enough to
    split into two runs of three or more; a set keeps a numbered tile. As (set index, face),
    a face (colour, number) or JOKER."""
    out = []
    for i, (kind, tiles) in enumerate(melds):
        n = len(tiles)
        if kind == "group" and n == 4:
            picks = range(n)
        elif kind == "run" and n >= 4:
            picks = [0, n - 1] + list(range(3, n - 3))
        else:
            continue
        for k in picks:
            t = tiles[k]
            halves = [tiles[:k], tiles[k + 1:]] if kind == "run" and 3 <= k <= n - 4 else [tiles[:k] + tiles[k + 1:]]
            if all(any(not x.joker for x in h) for h in halves):
                out.append((i, JOKER if t.joker else (t.colour, t.number)))
    return out


def _makes_set(face, a, b):
    """Whether a numbered tile and two more faces (numbered, or jokers standing for what is
    missing) are a group or a run of three."""
    c, v = face
    naturals = [x for x in (a, b) if x != JOKER]
    if len(naturals) == 0:
        return True
    if len(naturals) == 1:
        cx, vx = naturals[0]
        return (vx == v and cx != c) or (cx == c and 1 <= abs(vx - v) <= 2)
    (ca, va), (cb, vb) = naturals
    if va == vb == v and len({c, ca, cb}) == 3:
        return True
    low = min(v, va, vb)
    return ca == cb == c and sorted([v, va, vb]) == [low, low + 1, low + 2]


def _borrowed_set(rack, melds):
    """More sufficient tests: a rack tile takes the place of the joker standing for it, the
    joker going onto a set with room; or a rack tile and two tiles from the rest of the rack
    or spared by the table's sets (each from another set) make a new group or run."""
    naturals = [(t[0], int(t[1:])) for t in rack if t != JOKER]
    room = sum(1 for kind, tiles in melds
               if (kind == "group" and len(tiles) == 3)
               or (kind == "run" and (tiles[0].number > 1 or tiles[-1].number < 13)))
    for kind, tiles in melds:
        for t in tiles:
            if not t.joker:
                continue
            present = {x.colour for x in tiles if not x.joker}
            for c, v in naturals:
                fits = (t.colour, t.number) == (c, v) if t.colour else t.number == v and c not in present
                if fits and room:
                    return True
    spares = _spares(melds)
    for k, face in enumerate(naturals):
        pool = [(None, x) for j, x in enumerate(naturals) if j != k] + spares
        for a in range(len(pool)):
            for b in range(a + 1, len(pool)):
                (sa, fa), (sb, fb) = pool[a], pool[b]
                if (sa is None or sa != sb) and _makes_set(face, fa, fb):
                    return True
    return False


def can_play(rack, melds, opened):
    """Whether some arrange step is legal for this rack and table (melds as (kind, tiles))."""
    key = (tuple(sorted(rack)), tuple(sorted(str(t) for _k, ts in melds for t in ts)), opened)
    if key not in _PLAYABLE:
        if len(_PLAYABLE) > 256:
            _PLAYABLE.clear()
        _PLAYABLE[key] = _can_play(rack, melds, opened)
    return _PLAYABLE[key]


_PLAYABLE = {}      # legal then pass ask the same question of the same position


def _can_play(rack, melds, opened):
    if not opened:
        return can_open(rack)
    if not rack:
        return False
    if _quick_play(rack, melds):
        return True
    table = [t.identity for _kind, tiles in melds for t in tiles]
    best = best_placement(_counts(table), _counts(rack), lambda v: 1, lambda v: 1, 1)
    return best is not None and best >= 1


def best_move(rack, table_tiles, opened):
    """The most rack tiles, and the most rack value (a joker 30), one arrange step can
    place: the `best_move` expectation of the scenario schema. (0, 0) when none."""
    if opened:
        must, need, cost = _counts(table_tiles), 0, 1
    else:
        must, need, cost = {}, 30, 0            # the table is not touched before opening
    may = _counts(rack)
    tiles = best_placement(must, may, lambda v: 1, lambda v: 1, cost, need)
    value = best_placement(must, may, lambda v: v, lambda v: 30, 30 * cost, need)
    if not tiles or not value:
        return 0, 0
    return tiles, value
