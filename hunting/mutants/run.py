#!/usr/bin/env python3
"""One-line rule bugs in the engine's turn flow, each built into a scratch clone and hunted
by `meldcheck simulate` (every check on, arbitrary actions at 0.1) for at most 60 seconds:
what the differential check against the executable catalog (oracles/catalog.h) catches.
The bugs are not engine/fault.h faults: they are the kind of slip a change to engine/
could make. Nothing here touches the working tree.

  hunting/mutants/run.py /tmp/scratch [BUG_ID...]
  hunting/mutants/run.py /tmp/scratch --books [--seconds 30] [BUG_ID...]
  hunting/mutants/run.py /tmp/scratch --engine build/default/tools/meldcheck [BUG_ID...]

--boundaries runs the slips at the edges of the rules (a tie, a target, the last round or stock
card, a pool-out tie, ...), each hunted by plain simulate and by simulate --start positions
side by side, one job each, for 60 seconds (--seconds):

  hunting/mutants/run.py /tmp/scratch --boundaries [--seconds 60] [BUG_ID...]

--default runs five slips of those kinds, each hunted by `meldcheck simulate --seconds 60`
with no other flag (its games one in four from a boundary position):

  hunting/mutants/run.py /tmp/scratch --default [--seconds 60] [BUG_ID...]

--books runs the slips in the engine's bookkeeping instead (who laid a card, the turn's
flags, counts, penalties, who went out, the credit of a swapped card): none changes the
verdict of the step where it happens; only the reference model's books (oracles/catalog.h
`next`) can tell.

/tmp/scratch: a clone of this repository configured with `cmake --preset default`
(the script builds only `meldcheck` there and restores each file after its run).

With --engine, the mutant is the other engine instead: the given (correct) meldcheck plays
it in lockstep through the engine protocol (`simulate --engine "MUTANT serve"`), which
compares verdicts, positions and listed steps, with no check of its own.
"""
import contextlib
import os
import re
import subprocess
import sys
import time

# id, ruleset, hands or whole matches, file, the line as it is, the line with the bug
BUGS = [
 ("lone-card-discardable", "rummy500", "hands", "engine/drawing.cc",
  "if (n == 1 && d.lone_taken_card_no_discard) s.turn.no_discard = deepest;",
  "if (n == 1 && d.lone_taken_card_no_discard) s.turn.no_discard = kNoCard;"),
 ("top-card-owed-not-deepest", "rummy500", "hands", "engine/drawing.cc",
  "const Card deepest = s.discard.at(size - n);",
  "const Card deepest = s.discard.at(size - 1);"),
 ("pass-with-one-stock-card", "rummy500", "hands", "engine/drawing.cc",
  "    case EmptyStock::kPassEnds:\n      if (!s.stock.empty()) return Check::kPassNotAllowed;",
  "    case EmptyStock::kPassEnds:\n      if (s.stock.size() > 1) return Check::kPassNotAllowed;"),
 ("contract-counts-melds-only", "liverpool", "hands", "engine/melding.cc",
  "if (sets != want.sets || runs != want.runs) fails.add(Check::kContract);",
  "if (sets + runs != want.sets + want.runs) fails.add(Check::kContract);"),
 ("buy-without-penalty-card", "liverpool", "hands", "engine/claims.cc",
  "  s.hand(q).insert(s.stock.pop());  // the penalty card\n",
  ""),
 ("buy-by-player-to-move", "liverpool", "hands", "engine/claims.cc",
  "claim_turn(s, a, after_decline(s), true)",
  "claim_turn(s, a, after_decline(s), false)"),
 ("match-ends-a-round-early", "liverpool", "matches", "engine/hand_end.cc",
  "over = s.round >= m.rounds;",
  "over = s.round >= m.rounds - 1;"),
 ("match-goes-on-at-exactly-500", "femhundra-rummy", "matches", "engine/hand_end.cc",
  "over |= s.players[p].total >= m.target;",
  "over |= s.players[p].total > m.target;"),
 ("tie-to-player-to-move", "femhundra-rummy", "matches", "engine/hand_end.cc",
  "if (s.last_out != kNoPlayer && (leaders >> s.last_out) & 1) leaders = uint8_t(1u << s.last_out);",
  "if (s.last_out != kNoPlayer && (leaders >> s.to_move) & 1) leaders = uint8_t(1u << s.to_move);"),
 ("bonus-despite-building-on-others", "femhundra-rummy", "hands", "engine/hand_end.cc",
  "case OutBonusWhen::kMeldsOnlyTurn: return !s.turn.discarded && !s.turn.built_on_others;",
  "case OutBonusWhen::kMeldsOnlyTurn: return !s.turn.discarded;"),
 ("whole-pile-checks-turn-not-opening", "femhundra-rummy", "hands", "engine/drawing.cc",
  "d.whole_pile.needs_opened && !s.players[p].opened)",
  "d.whole_pile.needs_opened && !s.turn.melded)"),
 ("pile-penalty-not-in-totals", "femhundra-rummy", "hands", "engine/drawing.cc",
  "      s.players[p].total += d.whole_pile.unmeldable_penalty;\n",
  ""),
 ("rummy-caller-skipped", "rummy500", "hands", "engine/claims.cc",
  "pass_turn_to(s, r, q);  // the claimer finishes a turn",
  "pass_turn_to(s, r, s.next_player(q));  // the claimer finishes a turn"),
 ("first-lap-one-seat-long", "femhundra-rummy", "hands", "engine/turn.cc",
  "if (s.first_lap && player == s.first_player) s.first_lap = false;",
  "if (s.first_lap && player == s.next_player(s.first_player)) s.first_lap = false;"),
 ("row-ends-at-dealer", "femhundra-familj", "hands", "engine/discarding.cc",
  "if (next == s.first_player) s.phase = Phase::kDraw;",
  "if (next == s.dealer) s.phase = Phase::kDraw;"),
 ("dead-discard-one-card-early", "rummy500", "hands", "engine/discarding.cc",
  "s.hand(p).size() == 1 && fits_table(s, r, p, a.card)",
  "s.hand(p).size() == 2 && fits_table(s, r, p, a.card)"),
("single-taken-card-not-owed", "femhundra-familj", "hands", "engine/drawing.cc",
  "if (owes) s.turn.must_use = deepest;",
  "if (owes && n > 1) s.turn.must_use = deepest;"),
]


# Slips in the books: the same shape, none changing the verdict of its own step.
BOOKS = [
 ("layoff-credits-meld-owner", "femhundra-rummy", "hands", "engine/turn.cc",
  "grown.builders[f.slot_of_token[old_size + t]] = uint8_t(builder);",
  "grown.builders[f.slot_of_token[old_size + t]] = m.owner;"),
 ("swap-credits-swapper-always", "femhundra-rummy", "hands", "engine/melding.cc",
  "if (r.swap.natural_scores_for == SwapScorer::kSwapper) meld.builders[slot] = uint8_t(p);",
  "meld.builders[slot] = uint8_t(p);"),
 ("turn-flag-building-on-others-unset", "femhundra-rummy", "hands", "engine/melding.cc",
  "    s.turn.built_on_others = true;\n", ""),
 ("hand-flag-building-on-others-unset", "femhundra-rummy", "hands", "engine/melding.cc",
  "    s.players[p].built_on_others = true;\n", ""),
 ("going-down-unnoted", "liverpool", "hands", "engine/melding.cc",
  "    s.turn.opened_now = true;\n", ""),
 ("layoff-uncounted", "liverpool", "hands", "engine/melding.cc",
  "  s.turn.built = true;\n  ++s.turn.actions;", "  s.turn.built = true;"),
 ("turns-counted-twice", "rummy500", "hands", "engine/turn.cc",
  "if (!fault(\"endless-hand\")) ++s.turns;", "if (!fault(\"endless-hand\")) s.turns += 2;"),
 ("pile-penalty-not-in-hand-books", "femhundra-rummy", "hands", "engine/drawing.cc",
  "      s.players[p].penalty += d.whole_pile.unmeldable_penalty;\n", ""),
 ("nobody-out-names-the-mover", "rummy500", "hands", "engine/hand_end.cc",
  "  s.last_out = uint8_t(out);", "  s.last_out = uint8_t(out == kNoPlayer ? s.to_move : out);"),
 ("rummy-caller-going-down-unnoted", "rummy500", "hands", "engine/claims.cc",
  "  s.turn.opened_now = use.target < 0 && !s.players[q].opened;\n", ""),
 ("row-card-counted-as-a-turn", "femhundra-familj", "hands", "engine/discarding.cc",
  "  s.to_move = uint8_t(next);", "  s.to_move = uint8_t(next), ++s.turns;"),
 ("discard-unnoted", "femhundra-rummy", "hands", "engine/discarding.cc",
  "  s.turn.discarded = true;\n", ""),
 ("offer-not-declined-by-a-draw", "liverpool", "hands", "engine/drawing.cc",
  "  if (s.offer.from != kNoPlayer) s.offer.declined = true;  // the discard on offer was passed up\n", ""),
 ("reshuffle-generator-not-carried", "femhundra-rummy", "hands", "engine/turn.cc",
  "  s.rng = rng.state;\n  s.discard.clear();", "  s.discard.clear();"),
 ("penalty-entered-twice", "femhundra-rummy", "hands", "engine/hand_end.cc",
  "s.players[p].total += scores[p] - s.players[p].penalty;", "s.players[p].total += scores[p];"),
 ("claim-building-on-others-unnoted", "rummy500", "hands", "engine/claims.cc",
  "    if (m.owner != q) s.players[q].built_on_others = true;\n", ""),
 ("freed-joker-not-owed", "liverpool", "hands", "engine/melding.cc",
  "  if (r.swap.joker_used_same_turn) s.turn.freed_jokers.insert(joker);\n", ""),
]


# Slips at the edges of the rules, each hunted twice side by side, one job each: by plain
# `simulate` (games from their deals) and by `simulate --start positions` (hunting/boundary.h).
# The first six are the kinds issue 22 names; the rest are boundaries of our own choosing.
BOUNDARY = [
# (A tie given to the player to move instead of the one who went out changes nothing in
# femhundra-rummy: a hand there ends only in the turn of the player who goes out.)
 ("tie-to-the-first-leader", "femhundra-rummy", "engine/hand_end.cc",
  "if (s.last_out != kNoPlayer && (leaders >> s.last_out) & 1) leaders = uint8_t(1u << s.last_out);",
  "if (s.last_out != kNoPlayer && (leaders >> s.last_out) & 1) leaders = uint8_t(leaders & -leaders);"),
 ("match-ends-a-point-early", "femhundra-rummy", "engine/hand_end.cc",
  "over |= s.players[p].total >= m.target;", "over |= s.players[p].total >= m.target - 1;"),
 ("match-ends-a-point-late", "femhundra-rummy", "engine/hand_end.cc",
  "over |= s.players[p].total >= m.target;", "over |= s.players[p].total > m.target;"),
 ("contract-counts-melds-only", "liverpool", "engine/melding.cc",
  "if (sets != want.sets || runs != want.runs) fails.add(Check::kContract);",
  "if (sets + runs != want.sets + want.runs) fails.add(Check::kContract);"),
 ("same-suit-sets", "rummy500", "engine/meld.cc",
  "if (rules.set_distinct_suits && used[s] > 1 && !fault(\"same-suit-sets\"))",
  "if (rules.set_distinct_suits && used[s] > 2 && !fault(\"same-suit-sets\"))"),
 ("pass-on-the-last-stock-card", "rummy500", "engine/drawing.cc",
  "case EmptyStock::kPassEnds: return s.stock.empty() ? Check::kNone : Check::kPassNotAllowed;",
  "case EmptyStock::kPassEnds: return s.stock.size() <= 1 ? Check::kNone : Check::kPassNotAllowed;"),
 ("pool-out-tie-to-one", "rummikub", "engine/hand_end.cc",
  "if (rack[p] == low) winners |= uint8_t(1u << p);", "if (rack[p] == low) winners = uint8_t(1u << p);"),
 ("pool-out-odd-point-to-mover", "rummikub", "engine/hand_end.cc",
  "const int p = (ender + k) % n;", "const int p = (ender + k - 1) % n;"),
 ("rummikub-opening-joker-as-30", "rummikub", "engine/arrange.cc",
  "points += jokers[size_t(j)];", "points += 30;"),
 ("rounds-one-too-many", "liverpool", "engine/hand_end.cc",
  "over = s.round >= m.rounds;", "over = s.round > m.rounds;"),
 ("highest-total-wins", "liverpool", "engine/hand_end.cc",
  "best = m.lowest_wins ? std::min(best, s.players[p].total) : std::max(best, s.players[p].total);",
  "best = m.lowest_wins ? std::max(best, s.players[p].total) : std::min(best, s.players[p].total);"),
 ("last-round-never-last", "liverpool", "engine/turn.cc",
  "s.round >= r.opening.contracts.size();", "s.round > r.opening.contracts.size();"),
 ("tie-at-500-ends-the-match", "rummy500", "engine/hand_end.cc",
  "case TieRule::kPlayOn: return;", "case TieRule::kPlayOn: break;"),
 ("dealer-stays", "femhundra-familj", "engine/hand_end.cc",
  "deal_hand(s, r, a.seed, s.next_player(s.dealer));", "deal_hand(s, r, a.seed, s.dealer);"),
 ("turn-bound-one-late", "rummy500", "engine/turn.cc",
  "if (s.turns >= r.max_turns) end_hand(s, r, kNoPlayer, ended);", "if (s.turns > r.max_turns) end_hand(s, r, kNoPlayer, ended);"),
 ("buy-leaves-the-offer-open", "liverpool", "engine/claims.cc",
  "  s.hand(q).insert(s.stock.pop());  // the penalty card\n  refill_stock(s, r);\n  s.offer = {};",
  "  s.hand(q).insert(s.stock.pop());  // the penalty card\n  refill_stock(s, r);"),
 ("dead-discard-one-card-early", "rummy500", "engine/discarding.cc",
  "s.hand(p).size() == 1 && fits_table(s, r, p, a.card)", "s.hand(p).size() == 2 && fits_table(s, r, p, a.card)"),
 ("shared-tie-to-the-first-seat", "femhundra-familj", "engine/hand_end.cc",
  "case TieRule::kShared: break;", "case TieRule::kShared: leaders &= uint8_t(-leaders); break;"),
 ("last-round-out-not-in-one-go", "liverpool", "engine/hand_end.cc",
  "if (detail::in_last_round(s, r) && sc.last_round_out_is_one_go) return true;",
  "if (detail::in_last_round(s, r) && !sc.last_round_out_is_one_go) return true;"),
 ("reshuffle-a-lone-pile-card", "femhundra-rummy", "engine/turn.cc",
  "case EmptyStock::kReshufflePile: return s.discard.size() >= 2 ? s.discard.size() : 0;",
  "case EmptyStock::kReshufflePile: return s.discard.size() >= 1 ? s.discard.size() : 0;"),
]


# Slips of the kinds the boundary positions exist for, hunted by `meldcheck simulate
# --seconds 60` with no flags at all: the run a bug hunter starts first, whose games start
# one in four from a boundary position (--start mixed, the default).
DEFAULT_RUN = [
 ("target-from-the-totals-before-the-hand", "engine/hand_end.cc",
  "for (int p = 0; p < n; ++p) over |= s.players[p].total >= m.target;",
  "for (int p = 0; p < n; ++p) over |= s.players[p].total - s.round_scores[p] >= m.target;"),
 ("two-leaders-are-no-tie", "engine/hand_end.cc",
  "if (std::popcount(leaders) > 1) {", "if (std::popcount(leaders) > 2) {"),
 ("pool-out-winner-paid-whole-racks", "engine/hand_end.cc",
  "paid += rack[p] - base;", "paid += rack[p];"),
 ("contract-runs-of-a-suit-apart", "engine/melding.cc",
  "if (x.kind == MeldKind::kSet ? x.rank() == y.rank() : x.suit() == y.suit()) fails.add(Check::kContractDistinct);",
  "if (x.kind == MeldKind::kSet ? x.rank() == y.rank() : x.suit() == y.suit() && x.start == y.start) fails.add(Check::kContractDistinct);"),
 ("passes-kept-after-a-timeout", "engine/arrange.cc",
  "    for (int k = 0; k < due && !s.stock.empty(); ++k) s.hand(s.to_move).insert(s.stock.pop());\n  s.passes = 0;\n",
  "    for (int k = 0; k < due && !s.stock.empty(); ++k) s.hand(s.to_move).insert(s.stock.pop());\n"),
]


@contextlib.contextmanager
def built_with(root, bid, path, old, new):
    """The scratch clone's meldcheck built with the slip (None when it does not build);
    the file is restored afterwards."""
    f = os.path.join(root, path)
    src = open(f).read()
    assert src.count(old) == 1, (bid, src.count(old))
    open(f, "w").write(src.replace(old, new))
    try:
        b = subprocess.run(["cmake", "--build", "--preset", "default", "--target", "meldcheck"], cwd=root,
                           capture_output=True, text=True)
        if b.returncode:
            print(bid, "does not build", b.stdout[-2000:])
            yield None
        else:
            yield root + "/build/default/tools/meldcheck"
    finally:
        open(f, "w").write(src)


def boundaries(root, only, seconds):
    """Each slip hunted by plain simulate and by --start positions, side by side."""
    for bid, ruleset, path, old, new in BOUNDARY:
        if only and bid not in only:
            continue
        with built_with(root, bid, path, old, new) as mutant:
            if not mutant:
                continue
            runs = {}
            procs = {}
            for how, extra in (("plain", []), ("positions", ["--start", "positions"])):
                out = os.path.join(root, "mutant-findings", bid, how)
                subprocess.run(["rm", "-rf", out])
                args = [mutant, "simulate", "--ruleset", ruleset, "--jobs", "1", "--quiet", "--seconds", seconds,
                        "--out", out, *extra]
                procs[how] = subprocess.Popen(["timeout", "-s", "INT", str(int(seconds) + 30), *args],
                                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            for how, proc in procs.items():
                text = proc.communicate()[0]
                found = re.search(r"(?:FINDING|DIVERGENCE) (\S+) in game \d+: (.*)", text)
                m = re.search(r"actions in ([0-9.]+) s", text)
                runs[how] = (f"found in {m.group(1) if m else '?'} s ({found.group(1)})" if found else "not found")
            print(f"{bid} | {ruleset} | plain: {runs['plain']} | positions: {runs['positions']}", flush=True)


def default_run(root, only, seconds):
    """Each slip hunted by `meldcheck simulate --seconds 60`, no other flag (but where to
    write and no progress line)."""
    for bid, path, old, new in DEFAULT_RUN:
        if only and bid not in only:
            continue
        with built_with(root, bid, path, old, new) as mutant:
            if not mutant:
                continue
            out = os.path.join(root, "mutant-findings", bid)
            subprocess.run(["rm", "-rf", out])
            text = subprocess.run(["timeout", "-s", "INT", str(int(seconds) + 60), mutant, "simulate", "--seconds", seconds,
                                   "--quiet", "--out", out], capture_output=True, text=True).stdout
            found = re.findall(r"FINDING (\S+) in game (\d+)[^:]*: (.*)", text)
            rate = re.search(r"([0-9]+) actions/s", text)
            print(f"{bid} | {len(found)} findings, first {found[0][0] + ' in game ' + found[0][1] + ': ' + found[0][2][:90] if found else 'none'}"
                  f" | {rate.group(1) if rate else '?'} actions/s", flush=True)


def main():
    root = sys.argv[1]
    only = sys.argv[2:]
    reference = None
    seconds = "60"
    bugs = BUGS
    if only[:1] == ["--engine"]:
        reference, only = os.path.abspath(only[1]), only[2:]
    if only[:1] == ["--books"]:
        bugs, only = BOOKS, only[1:]
    if only[:1] == ["--default"]:
        only = only[1:]
        if only[:1] == ["--seconds"]:
            seconds, only = only[1], only[2:]
        return default_run(root, only, seconds)
    if only[:1] == ["--boundaries"]:
        only = only[1:]
        if only[:1] == ["--seconds"]:
            seconds, only = only[1], only[2:]
        return boundaries(root, only, seconds)
    if only[:1] == ["--seconds"]:
        seconds, only = only[1], only[2:]
    for bid, ruleset, mode, path, old, new in bugs:
        if only and bid not in only:
            continue
        with built_with(root, bid, path, old, new) as mutant:
            if not mutant:
                continue
            out = os.path.join(root, "mutant-findings", bid)
            subprocess.run(["rm", "-rf", out])
            if reference:
                args = [reference, "simulate", "--engine", mutant + " serve", "--jobs", "1", "--legal", "sampled",
                        "--ruleset", ruleset, "--out", out]
            else:
                args = [mutant, "simulate", "--ruleset", ruleset, "--arbitrary", "0.1", "--quiet", "--out", out]
            args += ["--seconds", seconds] if mode == "hands" else ["--matches", "100000000"]
            t0 = time.time()
            p = subprocess.run(["timeout", "-s", "INT", str(int(seconds) + 15), *args], cwd=root, capture_output=True, text=True)
            text = p.stdout + p.stderr
            m = re.search(r"(?:actions|tried),? in ([0-9.]+) s", text)
            found = re.search(r"(?:FINDING|DIVERGENCE) (\S+) in game \d+: (.*)", text)
            print(f"{bid} | {ruleset} | {m.group(1) if m else '?'} s (wall {time.time() - t0:.0f} s) | "
                  f"{found.group(1) + ': ' + found.group(2) if found else 'not found'}", flush=True)


if __name__ == "__main__":
    main()
