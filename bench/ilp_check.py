#!/usr/bin/env python3
"""An integer-programming cross-check of the Rummikub best-move solver (engine/solver.cc).

For each position of a corpus (bench/rummikub_corpus.txt) this builds two integer programs,
one for the most rack tiles placed and one for the most rack value placed, solves them with
GLPK's glpsol and compares the optima with the solver's answers. It shares no code with the
solver: it works from the rule text, 004_3729e45c9ab6f2f5.txt (sections "Set", "Så spelar
man", "Kombinationer"), and from the model of den Hertog & Hulshof (2006), "Solving Rummikub
problems by integer linear programming": choose how many copies of each possible set go on
the table, so that every table tile is used and the rest come from the rack.

Usage:
  ilp_check.py CORPUS [--answers FILE | --answers-cmd "CMD" | --solver PROGRAM]
               [--limit N] [--jobs J]
  ilp_check.py --self-test

Without answers, prints the programs' own answers in the solver's format, one line a
position: `<index from 1> tiles=<N> value=<V> found=<0|1>`. With answers, prints one line per
position whose answer differs (its corpus line and both answers) and a summary.
Exit status: 0 all agree, 1 a disagreement or a failure (of the solver or of glpsol),
2 bad input, 77 glpsol is not installed (ctest's SKIP_RETURN_CODE).
"""

import argparse
import concurrent.futures
import itertools
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field

COLOURS = "RBOK"
JOKER = "JK"
JOKER_VALUE = 30     # the brief's `value` objective: a rack joker placed is worth 30
OPENING_POINTS = 30  # 004 "Så spelar man": the first play is worth at least 30 points
EXIT_FAIL, EXIT_BAD_INPUT, EXIT_SKIP = 1, 2, 77
OBJECTIVES = ("tiles", "value")


class BadInput(Exception):
    pass


def number(tile):
    return int(tile[1:])


def tile_value(tile):
    return JOKER_VALUE if tile == JOKER else number(tile)


# ---------------------------------------------------------------------------------------
# The sets, read straight from the rules. set_points is the reference: it validates the
# corpus's table, every solution glpsol returns, and (in the self-test) the enumeration of
# candidate sets the programs are built from.

def set_points(tiles):
    """The most points the multiset `tiles` can count as one valid set, or None if invalid.

    004 "Set" (with the examples of "Kombinationer", see shared/rules/README.md): a group is
    3 or 4 tiles of one number in different colours; a run is 3 or more tiles of one colour
    with consecutive numbers, 1 lowest and never after 13. A joker stands for any tile, and
    counts the number it stands for; a player reads a set the way that counts most.
    """
    naturals = [t for t in tiles if t != JOKER]
    size = len(tiles)
    if size < 3 or not naturals:
        return None
    numbers = [number(t) for t in naturals]
    colours = [t[0] for t in naturals]
    best = None
    if len(set(numbers)) == 1 and len(set(colours)) == len(colours) and size <= 4:
        best = numbers[0] * size
    if len(set(colours)) == 1 and len(set(numbers)) == len(numbers) and size <= 13:
        # Every window of `size` numbers inside 1..13 that holds all the naturals; the
        # jokers fill the gaps and the ends.
        for start in range(1, 14 - size + 1):
            if start <= min(numbers) and max(numbers) <= start + size - 1:
                best = max(best or 0, sum(range(start, start + size)))
    return best


def candidate_sets():
    """All sets worth a variable, as {multiset (sorted (tile, count) tuple): most points}.

    Runs of 3 to 5 tiles only: a longer run is cut into runs of 3 to 5 that are valid too
    (every piece keeps a natural: there are only two jokers), with the same tiles and
    points. Each place of a run or group may be a joker, at most two of them (the game has
    two). Sets made of the same tiles are one variable, worth their best reading (R5 R6 JK
    is 4-5-6 or 5-6-7: 18 points).
    """
    best = {}

    def add(tiles, points):
        key = tuple(sorted(Counter(tiles).items()))
        best[key] = max(best.get(key, 0), points)

    for c in COLOURS:
        for length in (3, 4, 5):
            for start in range(1, 14 - length + 1):
                numbers = range(start, start + length)
                for is_joker in itertools.product((False, True), repeat=length):
                    if sum(is_joker) > 2:
                        continue
                    add([JOKER if j else f"{c}{n}" for n, j in zip(numbers, is_joker)],
                        sum(numbers))
    for n in range(1, 14):
        for size in (3, 4):
            for jokers in (0, 1, 2):
                for colours in itertools.combinations(COLOURS, size - jokers):
                    add([f"{c}{n}" for c in colours] + [JOKER] * jokers, n * size)
    return best


CANDIDATES = sorted(candidate_sets().items())


# ---------------------------------------------------------------------------------------
# The corpus.

NATURAL_RE = re.compile(r"^[RBOK](?:[1-9]|1[0-3])$")
TABLE_JOKER_RE = re.compile(r"^JK(?:=(?:[RBOK]?(?:[1-9]|1[0-3])))?$")


@dataclass
class Position:
    index: int     # from 1, in corpus order
    lineno: int
    text: str
    opened: bool
    table: Counter = field(default_factory=Counter)
    rack: Counter = field(default_factory=Counter)


def parse_position(text, index, lineno):
    """`<opened|unopened> ; <set> | <set> ... ; <rack tiles>`; table jokers as JK=<tile>."""
    parts = text.split(";")
    if len(parts) != 3:
        raise BadInput(f"line {lineno}: expected three parts separated by ';'")
    state = parts[0].strip()
    if state not in ("opened", "unopened"):
        raise BadInput(f"line {lineno}: expected 'opened' or 'unopened', got {state!r}")
    pos = Position(index, lineno, text, state == "opened")
    if parts[1].strip():
        for group in parts[1].split("|"):
            tiles = []
            for token in group.split():
                if TABLE_JOKER_RE.match(token):
                    tiles.append(JOKER)  # what it stands for is free once the table moves
                elif NATURAL_RE.match(token):
                    tiles.append(token)
                else:
                    raise BadInput(f"line {lineno}: bad table tile {token!r}")
            if set_points(tiles) is None:
                raise BadInput(f"line {lineno}: table set {group.strip()!r} is not a valid set")
            pos.table.update(tiles)
    for token in parts[2].split():
        if token != JOKER and not NATURAL_RE.match(token):
            raise BadInput(f"line {lineno}: bad rack tile {token!r}")
        pos.rack[token] += 1
    # 004 "Spelet": two copies of each number and colour, two jokers.
    for tile, count in (pos.table + pos.rack).items():
        if count > 2:
            raise BadInput(f"line {lineno}: {count} copies of {tile} (the game has two)")
    return pos


def read_corpus(path):
    positions = []
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            line = line.strip()
            if line and not line.startswith("#"):
                positions.append(parse_position(line, len(positions) + 1, lineno))
    return positions


ANSWER_RE = re.compile(r"^(\d+) tiles=(\d+) value=(\d+) found=([01])$")


def parse_answers(text):
    """{index: (tiles, value, found)} and a list of problems with the lines."""
    answers, problems = {}, []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        m = ANSWER_RE.match(line)
        if not m:
            problems.append(f"unreadable answer line: {line!r}")
            continue
        index = int(m.group(1))
        if index in answers:
            problems.append(f"two answers for position {index}")
        answers[index] = tuple(int(g) for g in m.group(2, 3, 4))
    return answers, problems


# ---------------------------------------------------------------------------------------
# The integer programs.

@dataclass
class Model:
    lp: str            # CPLEX LP text
    columns: list      # column names in glpsol's order (the objective lists them all)
    sets: list         # (multiset, points) of each x column, in order
    ys: list           # tile type of each y column, in order


def build_model(pos, objective):
    """The program for one position and objective, or None when nothing can be placed.

    Opened (004 "Kombinationer"): the table may be rearranged freely as long as only valid
    sets remain and no tile is left over, so for each tile type t
        sum_s count_s(t) x_s = table_t + y_t,   0 <= y_t <= rack_t,
    x_s in {0,1,2} copies of candidate set s (two copies of each tile), y_t rack tiles placed.
    Unopened (004 "Så spelar man"): the first play uses rack tiles alone, leaves the table as
    it was and is worth at least 30 points: table_t is 0 above, and
        sum_s points_s x_s >= 30.
    Objective: sum_t y_t (tiles) or sum_t value(t) y_t (value: a joker counts 30).
    """
    own = pos.table + pos.rack if pos.opened else Counter(pos.rack)
    table = pos.table if pos.opened else Counter()
    # Only sets made of tiles at hand can be used: the rest would be fixed at 0.
    sets = [(s, pts) for s, pts in CANDIDATES if all(own[t] >= k for t, k in s)]
    used = {t for s, _ in sets for t, _ in s}
    ys = sorted(t for t in pos.rack if t in used)
    if not ys:
        return None
    missing = [t for t in table if t not in used]
    if missing:  # cannot happen for a valid table: its own sets are candidates
        raise BadInput(f"line {pos.lineno}: no set can hold table tile {missing[0]}")

    xs = [f"x{i}" for i in range(len(sets))]
    yname = {t: f"y_{t}" for t in ys}
    weight = {t: 1 if objective == "tiles" else tile_value(t) for t in ys}
    terms = {t: [] for t in sorted(used)}
    for x, (s, _) in zip(xs, sets):
        for t, k in s:
            terms[t].append(f"+ {k} {x}")

    lines = ["Maximize", " obj: " + " ".join(
        [f"+ {weight[t]} {yname[t]}" for t in ys] + [f"+ 0 {x}" for x in xs]), "Subject To"]
    for t, row in terms.items():
        if t in yname:
            row = row + [f"- 1 {yname[t]}"]
        lines.append(f" t_{t}: {' '.join(row)} = {table[t]}")
    if not pos.opened:
        lines.append(" opening: " + " ".join(f"+ {pts} {x}" for x, (_, pts) in zip(xs, sets))
                     + f" >= {OPENING_POINTS}")
    lines.append("Bounds")
    lines += [f" 0 <= {x} <= 2" for x in xs]
    lines += [f" 0 <= {yname[t]} <= {pos.rack[t]}" for t in ys]
    lines.append("General")
    lines += [f" {name}" for name in xs + [yname[t] for t in ys]]
    lines.append("End")
    return Model("\n".join(lines) + "\n", [yname[t] for t in ys] + xs, sets, ys)


@dataclass
class Optimum:
    feasible: bool
    value: int = 0
    seconds: float = 0.0


def solve(pos, objective, workdir, timeout, keep=False):
    """Solves one program with glpsol; raises RuntimeError on any glpsol trouble."""
    model = build_model(pos, objective)
    if model is None:
        # No rack tile fits any set: nothing to place, and no opening either.
        return Optimum(feasible=pos.opened)
    stem = os.path.join(workdir, f"p{pos.index}_{objective}")
    with open(stem + ".lp", "w") as f:
        f.write(model.lp)
    started = time.monotonic()
    try:
        run = subprocess.run(["glpsol", "--lp", stem + ".lp", "-w", stem + ".sol"],
                             capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise RuntimeError(f"glpsol took more than {timeout} s")
    seconds = time.monotonic() - started
    if run.returncode != 0:
        raise RuntimeError(f"glpsol exit {run.returncode}: {run.stdout[-500:]}")
    # glpsol's plain solution: `s mip ROWS COLS STATUS OBJ`, then `j COL VALUE` per column.
    status, optimum, values = None, None, {}
    with open(stem + ".sol") as f:
        for line in f:
            words = line.split()
            if words[:2] == ["s", "mip"]:
                status, optimum = words[4], round(float(words[5]))
            elif words and words[0] == "j":
                values[int(words[1])] = round(float(words[2]))
    if not keep:  # a whole corpus's programs would fill a hundred megabytes
        os.remove(stem + ".lp")
        os.remove(stem + ".sol")
    if status == "n":
        return Optimum(False, 0, seconds)
    if status != "o":
        raise RuntimeError(f"glpsol status {status!r} (not optimal)")
    column = {name: values[i + 1] for i, name in enumerate(model.columns)}
    check_solution(pos, objective, model, column, optimum)
    return Optimum(True, optimum, seconds)


def check_solution(pos, objective, model, column, optimum):
    """Re-reads glpsol's solution against the rules, so that a slip in building the program
    or reading its answer cannot pass as an optimum."""
    laid = Counter()
    points = 0
    for i, (s, _) in enumerate(model.sets):
        copies = column[f"x{i}"]
        tiles = [t for t, k in s for _ in range(k)]
        if copies and set_points(tiles) is None:
            raise RuntimeError(f"solution uses an invalid set {tiles}")
        points += copies * (set_points(tiles) or 0)
        for t, k in s:
            laid[t] += copies * k
    placed = Counter({t: column[f"y_{t}"] for t in model.ys})
    expected = (pos.table if pos.opened else Counter()) + placed
    if +laid != +expected or any(placed[t] > pos.rack[t] for t in placed):
        raise RuntimeError("solution's sets do not hold exactly the table and placed tiles")
    if not pos.opened and points < OPENING_POINTS:
        raise RuntimeError(f"solution's opening is worth {points} points")
    score = sum(n * (1 if objective == "tiles" else tile_value(t)) for t, n in placed.items())
    if score != optimum:
        raise RuntimeError(f"solution scores {score}, glpsol says {optimum}")


def answer(pos, tiles, value):
    """(tiles, value, found) in the solver's terms from the two optima."""
    if tiles.feasible != value.feasible:
        raise RuntimeError("the two programs disagree on feasibility")
    # Opened: found when a tile can be placed. Unopened: found when some opening exists
    # (every opening places at least three tiles).
    found = tiles.feasible and tiles.value > 0
    if found != (value.feasible and value.value > 0):
        raise RuntimeError("the two programs disagree on whether anything is placed")
    return (tiles.value, value.value, 1) if found else (0, 0, 0)


def solve_all(positions, jobs, timeout, keep=None):
    """{index: (tiles, value, found) or an error string}, the glpsol seconds and the slowest."""
    with tempfile.TemporaryDirectory(prefix="ilp_check.") as tmp:
        workdir = keep or tmp
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            futures = {(p.index, o): pool.submit(solve, p, o, workdir, timeout, bool(keep))
                       for p in positions for o in OBJECTIVES}
            results, seconds, slowest = {}, 0.0, (0.0, None)
            for p in positions:
                try:
                    tiles, value = (futures[(p.index, o)].result() for o in OBJECTIVES)
                    results[p.index] = answer(p, tiles, value)
                    seconds += tiles.seconds + value.seconds
                    slowest = max(slowest, (max(tiles.seconds, value.seconds), p.index))
                except (RuntimeError, OSError) as e:
                    results[p.index] = f"ILP failure: {e}"
    return results, seconds, slowest


def format_answer(index, a):
    return f"{index} tiles={a[0]} value={a[1]} found={a[2]}"


# ---------------------------------------------------------------------------------------
# The comparison.

def compare(positions, ilp, solver_answers, out):
    """Prints one line per position that differs or failed; returns (compared, differing,
    failures)."""
    compared = differing = failures = 0
    for p in positions:
        mine, theirs = ilp[p.index], solver_answers.get(p.index)
        if isinstance(mine, str) or theirs is None:
            failures += 1
            why = mine if isinstance(mine, str) else "no solver answer"
            print(f"FAIL position {p.index} (line {p.lineno}): {why} | {p.text}", file=out)
            continue
        compared += 2
        if mine != theirs:
            differing += 1
            print(f"DISAGREE position {p.index} (line {p.lineno}): solver "
                  f"{format_answer(p.index, theirs).split(' ', 1)[1]}, ilp "
                  f"{format_answer(p.index, mine).split(' ', 1)[1]} | {p.text}", file=out)
    return compared, differing, failures


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpus", nargs="?")
    src = ap.add_mutually_exclusive_group()
    src.add_argument("--answers", metavar="FILE", help="the solver's answers, in a file")
    src.add_argument("--answers-cmd", metavar="CMD", help="a shell command printing them")
    src.add_argument("--solver", metavar="PROGRAM",
                     help="runs `PROGRAM CORPUS` for them (build/default/bench/solver_corpus)")
    ap.add_argument("--limit", type=int, help="only the first N positions")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="glpsol processes at once (default: the processors)")
    ap.add_argument("--timeout", type=float, default=120, help="seconds for one glpsol run")
    ap.add_argument("--keep-models", metavar="DIR", help="write the .lp and .sol files here")
    ap.add_argument("--self-test", action="store_true", help="check the programs on positions "
                    "whose answers are known")
    args = ap.parse_args(argv)
    if not args.self_test and not args.corpus:
        ap.error("a corpus is needed (or --self-test)")
    if shutil.which("glpsol") is None:
        print("ilp_check: glpsol is not installed (Debian package glpk-utils); skipped",
              file=sys.stderr)
        return EXIT_SKIP
    if args.self_test:
        return self_test(args.jobs)

    try:
        positions = read_corpus(args.corpus)
    except (BadInput, OSError) as e:
        print(f"ilp_check: {args.corpus}: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if args.limit is not None:
        positions = positions[:args.limit]

    solver_answers, problems = None, []
    if args.answers or args.answers_cmd or args.solver:
        if args.answers:
            try:
                with open(args.answers, encoding="utf-8") as f:
                    text = f.read()
            except OSError as e:
                print(f"ilp_check: {e}", file=sys.stderr)
                return EXIT_BAD_INPUT
        else:
            command = args.answers_cmd or [args.solver, args.corpus]
            try:
                run = subprocess.run(command, shell=bool(args.answers_cmd),
                                     capture_output=True, text=True)
            except OSError as e:
                print(f"ilp_check: {args.solver}: {e}", file=sys.stderr)
                return EXIT_FAIL
            text = run.stdout
            if run.returncode != 0:
                problems.append(f"the answers command exited {run.returncode}: "
                                f"{run.stderr.strip()[-500:]}")
        solver_answers, unreadable = parse_answers(text)
        problems += unreadable
        count = len(read_corpus(args.corpus)) if args.limit is not None else len(positions)
        problems += [f"an answer for position {i}, which the corpus does not have"
                     for i in solver_answers if not 1 <= i <= count]

    if args.keep_models:
        os.makedirs(args.keep_models, exist_ok=True)
    started = time.monotonic()
    ilp, seconds, (slowest, at) = solve_all(positions, max(1, args.jobs), args.timeout,
                                            args.keep_models)
    wall = time.monotonic() - started
    runs = 2 * len(positions)
    timing = (f"glpsol {seconds:.1f} s ({1000 * seconds / max(runs, 1):.0f} ms a program, "
              f"slowest {slowest:.2f} s at position {at}; wall {wall:.1f} s, {args.jobs} jobs)")

    if solver_answers is None:
        failed = 0
        for p in positions:
            if isinstance(ilp[p.index], str):
                failed += 1
                print(f"ilp_check: position {p.index} (line {p.lineno}): {ilp[p.index]}",
                      file=sys.stderr)
            else:
                print(format_answer(p.index, ilp[p.index]))
        print(f"{len(positions)} positions, {failed} failed, {timing}", file=sys.stderr)
        return EXIT_FAIL if failed else 0

    for problem in problems:
        print(f"FAIL {problem}")
    compared, differing, failures = compare(positions, ilp, solver_answers, sys.stdout)
    print(f"{len(positions)} positions, {compared} optima compared, {differing} disagree, "
          f"{failures + len(problems)} failures, {timing}")
    return EXIT_FAIL if differing or failures or problems else 0


# ---------------------------------------------------------------------------------------
# The self-test: positions whose answers were worked out by hand from the rules, then small
# random positions against an exhaustive search that knows nothing of the programs.

HAND_CASES = [
    # (position, tiles, value, found, why)
    ("opened ; B4 B5 B6 | O8 R8 K8 ; B3 B8", 2, 11, 1,
     '004 "Kombinationer" 1: B3 extends the run, B8 joins the 8s'),
    ("opened ; B4 R4 K4 O4 ; B3 B5 B6", 3, 14, 1,
     '004 "Kombinationer" 2: B4 leaves the group of four for B3-B6'),
    ("opened ; B8 B9 B10 ; B11 K8 O8", 3, 27, 1,
     '004 "Kombinationer" 3: B11 extends the run, B8 makes a group with K8 O8'),
    ("opened ; R4 R5 R6 R7 R8 ; R6", 1, 6, 1,
     '004 "Kombinationer" 4: the run is split into R4-R6 and R6-R8'),
    ("opened ; O1 O2 O3 O4 | B1 K1 R1 O1 ; B1", 1, 1, 1,
     '004 "Kombinationer" 5: two groups of 1s and O2-O4'),
    ("opened ; O5 O6 O7 | R5 R6 R7 | K5 K6 K7 K8 K9 ; K10 B5", 2, 15, 1,
     '004 "Kombinationer" 6: three groups and K8-K10'),
    ("unopened ; R4 R5 R6 ; R10 K10 O10 R7", 3, 30, 1,
     '004 "Så spelar man": the 10s are worth 30; R7 cannot use the table before opening'),
    ("unopened ; R4 R5 R6 ; R9 K9 O9 R7", 0, 0, 0,
     '004 "Så spelar man": 27 points is no opening'),
    ("opened ;  ; R1 R2 R3 B3 K3", 3, 9, 1,
     '004 "Set": R3 goes to the run or to the group, not both; the group counts more'),
    ("opened ; R4 R5 R6 ; JK", 1, 30, 1, "a rack joker extends a run"),
    ("opened ; R13 B13 O13 K13 | R13 B13 O13 K13 ; JK", 1, 30, 1,
     "eight 13s and a joker make three groups of three"),
    ("opened ; R3 B3 JK=K3 ; K3 O3", 1, 3, 1,
     '004 "Jokern" 1: placing both 3s frees the joker, which then has no set'),
    ("opened ; R2 R3 JK=R4 R5 R6 ; R1 R7", 2, 8, 1,
     '004 "Jokern" 2: R1-R7 with the joker as R4 (or R1-R3 JK and R5-R7)'),
    ("opened ; B6 B7 JK=B8 ; B5", 1, 5, 1, '004 "Jokern" 3: B5 B6 B7 JK'),
    ("opened ; K1 K2 JK=K3 | B1 O1 R1 | B2 O2 R2 ; R3", 1, 3, 1,
     '004 "Jokern" 4 with R3: R1-R3 JK, and K1 K2 join the groups'),
    ("opened ; K1 K2 JK=K3 | B1 O1 R1 | B2 O2 R2 ; ", 0, 0, 0, "an empty rack places nothing"),
    ("opened ; R4 R5 JK=R6 ; ", 0, 0, 0, "a table joker alone is no move"),
    ("unopened ;  ; R9 R10 JK", 3, 49, 1, "the joker as R11: 9+10+11 = 30"),
    ("unopened ;  ; R8 R9 JK", 0, 0, 0, "at best 8+9+10 = 27"),
    ("unopened ;  ; R8 JK JK", 0, 0, 0, "at best 8+9+10 = 27 (as a group 24)"),
    ("unopened ;  ; R12 R13 JK", 3, 55, 1, '004 "Set": only 11-12-13, 36 points (no 14)'),
    ("unopened ;  ; R13 JK JK", 3, 73, 1, "a group of 13s, 39 points"),
    ("unopened ;  ; K10 K11 K12 K13 R1", 4, 46, 1, "a run of four worth 46"),
    ("unopened ; R1 R2 R3 ; R7 R8 R9", 0, 0, 0, "24 points, and the table is not to be used"),
    ("opened ; R1 R2 R3 ; R7 R8 R9", 3, 24, 1, "once opened, any valid set counts"),
    ("opened ;  ; R12 R13 R1", 0, 0, 0, '004 "Set": 1 never follows 13'),
    ("opened ;  ; R1 R1 R2 R2 R3 R3", 6, 12, 1, "two copies of a run"),
    ("opened ;  ; R5 R5 B5", 0, 0, 0, "a group needs different colours"),
    ("opened ;  ; R5 B5 O5 K5 JK", 4, 45, 1,
     "a group has at most four tiles: four naturals (20) or three and the joker (45)"),
    ("opened ; R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 ; R7", 1, 7, 1,
     "a run of 13 split at R7"),
    ("opened ;  ; R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13", 13, 91, 1, "the longest run"),
]


def brute_force(pos):
    """(tiles, value, found) by trying every part of the rack and every split into sets,
    sets of any length judged by set_points: nothing here comes from the programs."""
    memo = {}

    def best_points(tiles):
        # The most points a split of the multiset `tiles` into valid sets counts, or None.
        if not tiles:
            return 0
        if tiles in memo:
            return memo[tiles]
        first, rest = tiles[0], tiles[1:]  # jokers sort last: `first` is a natural
        best = None
        # Every sub-multiset of `rest` that, with `first`, might make a set: tiles of its
        # colour or number and jokers, no natural twice.
        counts = Counter(t for t in rest if t == JOKER or t[0] == first[0]
                         or number(t) == number(first))
        kinds = sorted(counts)
        for picks in itertools.product(*(range((counts[t] if t == JOKER else 1) + 1)
                                         for t in kinds)):
            chosen = [first] + [t for t, k in zip(kinds, picks) for _ in range(k)]
            points = set_points(chosen)
            if points is None:
                continue
            left = Counter(rest)
            left.subtract(Counter(chosen[1:]))
            others = best_points(tuple(sorted(left.elements(), key=joker_last)))
            if others is not None:
                best = max(best or 0, points + others)
        memo[tiles] = best
        return best

    def joker_last(t):
        return (t == JOKER, t)

    rack = sorted(pos.rack.elements())
    table = list(pos.table.elements()) if pos.opened else []
    best_tiles = best_value = 0
    found = False
    seen = set()
    for size in range(len(rack) + 1):
        for part in itertools.combinations(rack, size):
            if part in seen:
                continue
            seen.add(part)
            points = best_points(tuple(sorted(table + list(part), key=joker_last)))
            ok = points is not None and (pos.opened or points >= OPENING_POINTS)
            if ok and part:
                found = True
                best_tiles = max(best_tiles, len(part))
                best_value = max(best_value, sum(tile_value(t) for t in part))
    return (best_tiles, best_value, 1) if found else (0, 0, 0)


def random_positions(count, seed):
    """Small positions crowded into five numbers, so that sets overlap and compete: a table
    of up to three sets (runs up to seven long, groups, jokers) and a rack of 3 to 8."""
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        opened = rng.random() < 0.6
        low = rng.randint(1, 9) if opened else rng.randint(6, 9)  # high numbers open more
        numbers = list(range(low, low + 5))
        table_sets = []
        for _ in range(rng.randint(0, 3)):  # before opening, a table only to be left alone
            if rng.random() < 0.5:
                c, length = rng.choice(COLOURS), rng.randint(3, 7)
                start = rng.randint(max(1, low - 2), min(low + 4, 14 - length))
                tiles = [f"{c}{n}" for n in range(start, start + length)]
            else:
                tiles = [f"{c}{rng.choice(numbers)}" for c in COLOURS][:rng.randint(3, 4)]
                n = number(tiles[0])
                tiles = [f"{t[0]}{n}" for t in tiles]
            if rng.random() < 0.3:
                tiles[rng.randrange(len(tiles))] = JOKER
            table_sets.append(tiles)
        bag = [f"{c}{n}" for c in COLOURS for n in numbers] * 2 + [JOKER] * 2
        rng.shuffle(bag)
        rack = bag[:rng.randint(3, 7) if opened else rng.randint(4, 8)]
        if any(k > 2 for k in (Counter(t for s in table_sets for t in s) + Counter(rack)).values()):
            continue
        text = (f"{'opened' if opened else 'unopened'} ; "
                f"{' | '.join(' '.join(s) for s in table_sets)} ; {' '.join(rack)}")
        positions.append(parse_position(text, len(positions) + 1, len(positions) + 1))
    return positions


def self_test(jobs):
    failures = []

    # The candidates: each a valid set worth its points, and every valid set of 3 to 5
    # tiles (at most two jokers) among them. Valid sets have one colour or one number.
    cands = dict(CANDIDATES)
    for s, pts in CANDIDATES:
        tiles = [t for t, k in s for _ in range(k)]
        if set_points(tiles) != pts or not 3 <= len(tiles) <= 5 or tiles.count(JOKER) > 2:
            failures.append(f"candidate {tiles} worth {pts}")
    pools = [[f"{c}{n}" for n in range(1, 14)] for c in COLOURS]
    pools += [[f"{c}{n}" for c in COLOURS] for n in range(1, 14)]
    valid = set()
    for pool in pools:
        for size in (1, 2, 3, 4, 5):
            for naturals in itertools.combinations(pool, size):
                for jokers in (0, 1, 2):
                    tiles = list(naturals) + [JOKER] * jokers
                    if 3 <= len(tiles) <= 5 and set_points(tiles) is not None:
                        valid.add(tuple(sorted(Counter(tiles).items())))
    if valid != set(cands):
        failures.append(f"{len(valid ^ set(cands))} sets differ between the candidates "
                        "and the valid sets of 3 to 5 tiles")
    print(f"candidates: {len(cands)} sets, {sum(1 for s in cands if dict(s).get(JOKER))} "
          "with jokers, checked against every set of 3 to 5 tiles")

    # Hand-worked positions.
    positions = [parse_position(case[0], i + 1, i + 1) for i, case in enumerate(HAND_CASES)]
    ilp, seconds, _ = solve_all(positions, jobs, 60)
    for p, (text, *expected, why) in zip(positions, HAND_CASES):
        got = ilp[p.index]
        ok = got == tuple(expected)
        print(f"{'ok  ' if ok else 'FAIL'} {format_answer(p.index, got) if ok else got}"
              f"  {text}  ({why})")
        if not ok:
            failures.append(f"hand case {text}: expected {tuple(expected)}, got {got}")

    # The comparison reports a wrong answer and a missing one.
    wrong = {p.index: ilp[p.index] for p in positions[1:]}
    wrong[2] = (0, 0, 0)
    with open(os.devnull, "w") as null:
        if compare(positions, ilp, wrong, null) != (2 * len(positions) - 2, 1, 1):
            failures.append("compare missed a wrong or a missing answer")

    # Random small positions against the exhaustive search.
    randoms = random_positions(100, seed=4)
    ilp, more, _ = solve_all(randoms, jobs, 60)
    seconds += more
    agree = with_move = 0
    for p in randoms:
        searched = brute_force(p)
        with_move += searched[2]
        if ilp[p.index] == searched:
            agree += 1
        else:
            failures.append(f"random {p.text}: ilp {ilp[p.index]}, search {searched}")
    print(f"random positions agreeing with an exhaustive search: {agree} of {len(randoms)} "
          f"({with_move} with a move)")

    for f in failures:
        print(f"FAIL {f}")
    print(f"self-test: {len(failures)} failures, glpsol {seconds:.1f} s")
    return EXIT_FAIL if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
