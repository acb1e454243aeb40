// meldcheck's engine protocol in front of DroopyTersen/mayi ("May I?"), a contract rummy
// game written by others in TypeScript + XState, played as meldcheck's `liverpool`.
//
//     node examples/engines/liverpool-mayi/adapter.mjs
//
// The engine is not in this repository: fetch.sh clones it at the pinned commit and bundles its
// rules core; this adapter imports that bundle from MAYI_ENGINE (default
// ${XDG_CACHE_HOME:-~/.cache}/meldcheck/engines/liverpool-mayi), or from --engine-dir DIR.
//
// The engine decides every verdict. Its commands never refuse: an illegal one is silently
// ignored (game-engine.ts says so), so a step is `ok` when the engine's position changed and
// `reject` when it did not. The adapter only maps:
//   - meldcheck's deal (the contract's shuffle and deal) or setup into the engine's XState
//     snapshot, which the engine restores (GameEngine.fromPersistedSnapshot's route);
//   - steps onto the engine's commands (a step of several engine commands, a layoff of two
//     cards say, is all or nothing: the snapshot from before is restored when one is ignored);
//   - the engine's cards, melds and players back to the notation, for `state`, `score`, `legal`.
// What the engine cannot hold (meldcheck's rounds 5 and 7, a run with a 2 or a low ace on the
// table of a setup, a finished hand) is answered `unsupported` or refused with the reason: see
// README.md.

import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { pathToFileURL } from "node:url";
import * as mp from "../../kits/js/meldcheck-protocol.mjs";

export const COMMIT = "6b32af5931739e967307c9024f1f6fdaab7ffcf2";

// ---------------------------------------------------------------------------------------
// Loading the engine from its checkout.

function engineDir(argv = process.argv.slice(2), env = process.env) {
  const i = argv.indexOf("--engine-dir");
  if (i >= 0 && argv[i + 1]) return argv[i + 1];
  if (env.MAYI_ENGINE) return env.MAYI_ENGINE;
  const cache = env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache");
  return path.join(cache, "meldcheck", "engines", "liverpool-mayi");
}

async function loadEngine(dir) {
  const bundle = path.join(dir, ".meldcheck-build", "engine.mjs");
  if (!fs.existsSync(bundle)) {
    throw new Error(`the mayi engine is not built at ${dir}: run examples/engines/liverpool-mayi/fetch.sh ${dir} (or set MAYI_ENGINE)`);
  }
  return import(pathToFileURL(bundle).href);
}

// ---------------------------------------------------------------------------------------
// Cards: the engine's {id, suit, rank} objects and the notation's.

const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const SUIT_LETTERS = Object.fromEntries(Object.entries(SUIT_NAMES).map(([l, n]) => [n, l]));
const RANK_OF = { A: 1, J: 11, Q: 12, K: 13 };
const RANK_NAME = { 1: "A", 11: "J", 12: "Q", 13: "K" };

/** The card as the notation writes it, without stand-in or builder. */
function faceOf(c) {
  if (c.rank === "Joker") return mp.joker();
  return new mp.Card(RANK_OF[c.rank] ?? Number(c.rank), SUIT_LETTERS[c.suit]);
}

const faceKey = (card) => String(card.face);

/** The engine's sense of a run position: 3..13, ace 14; null for its wild cards (2s, jokers). */
function engineValue(c) {
  if (c.rank === "Joker" || c.rank === "2") return null;
  if (c.rank === "A") return 14;
  return RANK_OF[c.rank] ?? Number(c.rank);
}

// meldcheck's rounds and contracts against the engine's (core/engine/contracts.ts): the same
// contract where the engine has it. meldcheck's round 5 (a set and two runs, discards as
// usual) exists in the engine only as its last round, where laying down means going out with
// every card; meldcheck's round 7 (three runs) not at all.
const TO_ENGINE_ROUND = { 1: 1, 2: 2, 3: 3, 4: 5, 6: 4 };
const FROM_ENGINE_ROUND = { 1: 1, 2: 2, 3: 3, 5: 4, 4: 6 };
const UNPLAYABLE_ROUND = {
  5: "meldcheck's round 5 (a set and two runs, with discards) is in the engine only as its last round, which it plays by other rules (every card down at once, no layoffs)",
  7: "meldcheck's round 7 (three runs) has no round in the engine (its six contracts have at most two runs)",
};

// ---------------------------------------------------------------------------------------
// The adapter.

class MayiAdapter {
  constructor(engineModule) {
    this.m = engineModule;
    this.engine = null;
  }

  hello() {
    return new mp.Hello({
      name: "mayi (DroopyTersen/mayi, through examples/engines/liverpool-mayi)",
      version: COMMIT.slice(0, 8),
      rulesets: [
        new mp.RulesetSupport({
          id: "liverpool",
          variants: [],
          // The deal is written into the engine's snapshot, so any deal size plays; the other
          // options' non-default choices are rules the engine does not have.
          options: { "deal-size": ["seven", "ten", "ten-then-twelve"] },
        }),
      ],
      implements: new mp.Implements({
        steps: ["draw", "take", "meld", "layoff", "swap", "discard", "claim", "next_hand"],
        starts: ["deal", "setup"],
        scores: true,
        totals: true,
        ruleIds: false,
      }),
    });
  }

  // ----- new

  new(game) {
    this.game = game;
    if (game.deal) {
      const d = game.dealt();
      this.start({ seats: d.players, round: 1, dealer: d.dealer, dealt: d, totals: {} });
    } else {
      this.start({ seats: Object.keys(game.setup.players ?? {}), round: game.setup.round ?? 1, setup: game.setup, totals: null });
    }
  }

  /** A game (or the next hand) written into the engine's snapshot: from `dealt` (the kit's
   *  deal) or `setup` (a setup mapping), in meldcheck's `round`. `totals` carries the match's
   *  totals over (next_hand), or null to take them from the setup. */
  start({ seats, round, dealer = null, dealt = null, setup = null, totals = null, base = null }) {
    if (seats.length < 3 || seats.length > 6) throw new mp.BadRequest(`liverpool is played by 3-6 players, not ${seats.length}`);
    if (UNPLAYABLE_ROUND[round]) throw new mp.Unsupported(UNPLAYABLE_ROUND[round]);
    const engineRound = TO_ENGINE_ROUND[round];
    if (!engineRound) throw new mp.BadRequest(`round ${round}: liverpool has rounds 1-7`);
    this.seats = seats;
    this.round = round;
    this.over = null;
    this.builders = new Map(); // engine card id -> seat name, for cards laid onto another's meld
    this.meldIds = new Map(); // engine meld id -> meldcheck meld id
    this.nextId = 0;
    const n = seats.length;

    let hands, stock, discard, table = [], toMove, phase = "draw", opened = {}, offer = null, turn = {};
    let dealerSeat, rng, nextMeld = 1;
    const playerTotals = {};
    if (dealt) {
      hands = seats.map((s) => dealt.hands[s].map((c) => this.card(c)));
      stock = dealt.stock.map((c) => this.card(c));
      discard = dealt.discard.map((c) => this.card(c)).reverse(); // the engine's top is index 0
      toMove = dealt.toMove;
      dealerSeat = dealt.dealer;
      rng = dealt.rng;
    } else {
      const s = mp.parseSetup(setup, "cards");
      const x = s.extra;
      if (x.hand_over === true) throw new mp.Unsupported("a finished hand: the engine deals its next round the moment a round ends, so it has no position between rounds");
      if (x.game_over === true) throw new mp.Unsupported("a finished match: the engine has no position after its last round");
      hands = seats.map((name) => s.players[name].hand.map((c) => this.card(c)));
      for (const name of seats) {
        playerTotals[name] = s.players[name].total;
        if (s.players[name].opened != null) opened[name] = Boolean(s.players[name].opened);
      }
      table = s.table.map((meld, i) => this.tableMeld(meld, i, seats));
      for (const meld of s.table) {
        if (meld.owner != null && opened[meld.owner] == null) opened[meld.owner] = true;
        const k = /^m([0-9]+)$/.exec(meld.id);
        if (k) nextMeld = Math.max(nextMeld, Number(k[1]) + 1);
      }
      if (x.next_meld != null) nextMeld = Math.max(nextMeld, Number(x.next_meld));
      // The cards the setup does not name: shuffled with its seed, below the stock or out.
      const named = [...Object.values(s.players).flatMap((p) => p.hand), ...s.stock, ...s.discard, ...s.table.flatMap((m) => m.cards)];
      const left = new Map();
      for (const c of named) left.set(faceKey(c), (left.get(faceKey(c)) ?? 0) + 1);
      const rest = [];
      for (const c of mp.canonicalDeck("liverpool", n, this.game.variants)) {
        const k = faceKey(c);
        if (left.get(k)) left.set(k, left.get(k) - 1);
        else rest.push(c);
      }
      rng = new mp.SplitMix64(BigInt(s.seed ?? 0));
      mp.shuffle(rest, rng);
      if (x.rng != null) rng.state = BigInt(x.rng);
      stock = [...s.stock, ...(s.rest === "out" ? [] : rest)].map((c) => this.card(c));
      discard = s.discard.map((c) => this.card(c)).reverse();
      toMove = s.toMove;
      phase = s.phase;
      const first = x.first_player ?? seats[0];
      dealerSeat = x.dealer ?? seats[(seats.indexOf(first) + n - 1) % n];
      offer = x.offer ?? null;
      turn = x.turn ?? {};
      if (!seats.includes(toMove)) throw new mp.BadRequest(`to_move: ${toMove} is not a player`);
      if (phase !== "draw" && phase !== "play") throw new mp.BadRequest(`phase ${phase}: liverpool has draw and play`);
    }
    if (dealer) dealerSeat = dealer;
    this.rng = rng;
    this.nextMeld = nextMeld;

    const ids = seats.map((_, i) => `player-${i}`);
    const cur = seats.indexOf(toMove);
    const dealerIndex = seats.indexOf(dealerSeat);
    const isDown = seats.map((name) => opened[name] ?? false);
    // The offer on the pile (who threw the top card; whether the player to move declined it
    // by drawing from the stock; 'none' once taken or bought), as the engine's round keeps it.
    let lastDiscardedBy = null, discardClaimed = false, declined = false;
    if (dealt) {
      lastDiscardedBy = null; // what the engine's own deal leaves: nobody threw the upcard
    } else if (offer === "none") {
      discardClaimed = true;
    } else if (discard.length > 0) {
      const from = offer?.from ?? seats[(cur + n - 1) % n];
      lastDiscardedBy = ids[seats.indexOf(from)] ?? null;
      declined = phase === "play" && (offer ? Boolean(offer.declined) : true);
    }
    const laidDownNow = phase === "play" && Boolean(turn.opened_now || turn.melded);

    if (!base) {
      const blank = this.m.GameEngine.createGame({ playerNames: seats, startingRound: engineRound, gameId: "meldcheck" });
      base = blank.getPersistedSnapshot();
      blank.stop();
    }
    const snap = structuredClone(base);
    const g = snap.context;
    g.currentRound = engineRound;
    g.dealerIndex = dealerIndex;
    g.lastError = null;
    g.players = g.players.map((p, i) => ({ ...p, hand: [], isDown: false, totalScore: totals ? Number(totals[seats[i]] ?? p.totalScore) : Number(playerTotals[seats[i]] ?? 0) }));
    const players = g.players.map((p, i) => ({ ...p, hand: hands[i], isDown: isDown[i] }));
    const roundSnap = snap.children.round.snapshot;
    roundSnap.value = { active: "playing" };
    roundSnap.status = "active";
    Object.assign(roundSnap.context, {
      roundNumber: engineRound,
      contract: this.m.CONTRACTS[engineRound],
      players,
      currentPlayerIndex: cur,
      dealerIndex,
      stock,
      discard,
      table,
      winnerPlayerId: null,
      turnNumber: Number(setup?.turns ?? 0) + 1,
      lastDiscardedByPlayerId: lastDiscardedBy,
      predefinedState: null,
      mayIResolution: null,
      discardClaimed,
      currentPlayerHasDrawnFromStock: declined,
    });
    const turnSnap = roundSnap.children.turn.snapshot;
    turnSnap.value = phase === "draw" ? "awaitingDraw" : laidDownNow ? "awaitingDiscard" : "drawn";
    turnSnap.status = "active";
    Object.assign(turnSnap.context, {
      playerId: ids[cur],
      hand: hands[cur],
      stock,
      discard,
      hasDrawn: phase === "play",
      roundNumber: engineRound,
      isDown: isDown[cur],
      laidDownThisTurn: laidDownNow,
      tookActionThisTurn: laidDownNow || Boolean(turn.built),
      table,
      lastError: null,
      playerOrder: ids,
      playerDownStatus: Object.fromEntries(ids.map((id, i) => [id, isDown[i]])),
      lastDiscardedByPlayerId: lastDiscardedBy,
    });
    this.restore(snap);
  }

  /** A setup's table meld as the engine holds it: typed, a run ordered low to high. */
  tableMeld(meld, i, seats) {
    const naturals = meld.cards.filter((c) => !c.isJoker);
    const isSet = naturals.length > 0 && naturals.every((c) => c.rank === naturals[0].rank) &&
      !(naturals.length === 1 && meld.cards.some((c) => c.isJoker && c.standin && c.standin.suit));
    const owner = meld.owner != null ? `player-${seats.indexOf(meld.owner)}` : "player-0";
    let cards = meld.cards;
    if (!isSet) {
      // Each card's place in the run, aces by their role (the stand-ins say where jokers are).
      const value = (c, aceHigh) => {
        const r = c.isJoker ? c.standin?.rank : c.rank;
        return r === 1 && aceHigh ? 14 : r;
      };
      let placed = null;
      for (const aceHigh of [true, false]) {
        const vs = cards.map((c) => value(c, aceHigh));
        if (vs.some((v) => v == null)) break;
        const sorted = [...vs].sort((a, b) => a - b);
        if (sorted.every((v, k) => k === 0 || v === sorted[k - 1] + 1)) {
          placed = cards.map((c, k) => [vs[k], c]).sort((a, b) => a[0] - b[0]);
          break;
        }
      }
      if (!placed) throw new mp.BadRequest(`table meld ${meld.id}: not a run the adapter can order`);
      if (placed[0][0] < 3) {
        throw new mp.Unsupported(`table meld ${meld.id} (${meld.cards.join(" ")}): the engine's runs go from 3 to the ace (a 2 is wild there), so it cannot hold a run with a 2 or a low ace`);
      }
      cards = placed.map(([, c]) => c);
    }
    const engineCards = cards.map((c) => {
      const e = this.card(c);
      if (c.builder && c.builder !== meld.owner) this.builders.set(e.id, c.builder);
      return e;
    });
    const id = `meld-setup-${i}`;
    this.meldIds.set(id, meld.id);
    return { id, type: isSet ? "set" : "run", cards: engineCards, ownerId: owner };
  }

  /** A fresh engine card for a notation card. */
  card(c) {
    const face = c.face;
    const id = `k${this.nextId++}-${face}`;
    if (face.isJoker) return { id, suit: null, rank: "Joker" };
    return { id, suit: SUIT_NAMES[face.suit], rank: RANK_NAME[face.rank] ?? String(face.rank) };
  }

  /** The engine restored from a persisted snapshot, watched so that a finished round's last
   *  position can be read (the engine moves on to its next round at once). */
  restore(snap) {
    if (this.engine) this.engine.stop();
    this.finished = null;
    const actor = this.m.createActor(this.m.gameMachine, {
      snapshot: snap,
      input: { startingRound: 1 },
      inspect: (ev) => {
        if (ev.type === "@xstate.snapshot" && ev.snapshot?.machine?.id === "round" && ev.snapshot.value === "scoring") {
          this.finished = structuredClone(ev.snapshot.context);
        }
      },
    });
    actor.start();
    this.engine = new this.m.GameEngine(actor, "meldcheck", "1970-01-01T00:00:00.000Z");
  }

  // ----- apply

  apply(step) {
    if (this.over) {
      if (step instanceof mp.NextHand) return this.nextHand(step);
      return mp.reject("the hand is over (the engine has already dealt its next round; only next_hand maps onto it)");
    }
    if (step instanceof mp.NextHand) return mp.reject("the hand is not over (the engine deals its next round only when one ends)");
    const before = this.engine.getSnapshot();
    const saved = this.engine.getPersistedSnapshot();
    const pid = this.playerId(step.player ?? this.seats[before.currentPlayerIndex]);
    let outcome;
    if (step instanceof mp.Draw) outcome = this.once(() => this.engine.drawFromStock(pid));
    else if (step instanceof mp.Take) {
      if (step.how !== "top") return mp.reject("the engine takes only the top card of the discard pile");
      outcome = this.once(() => this.engine.drawFromDiscard(pid));
    } else if (step instanceof mp.Discard) outcome = this.once(() => this.engine.discard(pid, this.heldIds(pid, [step.card])[0]));
    else if (step instanceof mp.Meld) outcome = this.asNamed(this.layDown(pid, step.melds), step.melds.flat());
    else if (step instanceof mp.Layoff) outcome = this.asNamed(this.layOff(pid, step), step.cards);
    else if (step instanceof mp.Swap) outcome = this.swapJoker(pid, step);
    else if (step instanceof mp.Claim) outcome = this.mayI(pid, step);
    else return mp.reject(`the engine has no ${step.kind}`);
    const after = this.engine.getSnapshot();
    if (!outcome.ok) {
      if (outcome.restore) this.restore(saved);
      return mp.reject(outcome.reason ?? this.reason(before, after));
    }
    this.afterAccepted(before, after, pid, step);
    return mp.ok();
  }

  /** The engine places wild cards itself and has no stand-ins: a joker the step names (JK=7D)
   *  went down as the step says only if the engine put it where that card goes. Where it put
   *  it elsewhere, the engine made another move than the one asked: refused, the position put
   *  back. (Jokers the step leaves bare are the engine's to place.) */
  asNamed(outcome, cards) {
    if (!outcome.ok || !outcome.ids) return outcome;
    const wanted = [];
    cards.forEach((c, k) => { if (c.isJoker && c.standin) wanted.push([outcome.ids[k], c.standin]); });
    if (wanted.length === 0) return outcome;
    const table = this.finished ?? this.engine.getSnapshot();
    for (const m of table.table) {
      const named = this.writeMeld(m).cards;
      for (const [id, standin] of wanted) {
        const k = m.cards.findIndex((c) => c.id === id);
        if (k < 0) continue;
        const got = named[k].standin;
        const same = got && got.rank === standin.rank && (m.type === "set" || !standin.suit || got.suit === standin.suit);
        if (!same) {
          return { ok: false, restore: true, reason: `the engine places this joker as ${got ?? "?"}, not as ${standin} (it has no stand-ins; wild cards go where it puts them)` };
        }
      }
    }
    return outcome;
  }

  /** One engine command: accepted when the position changed. */
  once(command) {
    const before = this.engine.getSnapshot();
    command();
    const after = this.engine.getSnapshot();
    return { ok: changed(before, after) || after.roundHistory.length > before.roundHistory.length };
  }

  /** The engine's words for an ignored command: its lastError where the command always sets
   *  one (LAY_DOWN and LAY_OFF by the player to move; `fresh`), else where it changed (the
   *  engine keeps an old error until a later command succeeds). */
  reason(before, after, fresh = false) {
    const err = after.lastError;
    if (err && (fresh || err !== before.lastError)) return `the engine ignored the command: ${err}`;
    return "the engine ignored the command (its position did not change)";
  }

  playerId(name) {
    const i = this.seats.indexOf(name);
    return i >= 0 ? `player-${i}` : `no-such-player-${name}`;
  }

  /** The ids of these cards in the player's hand, each copy once; a card not held gets an id
   *  no card has, so that the engine's own check refuses it. */
  heldIds(pid, cards) {
    const snap = this.engine.getSnapshot();
    const hand = snap.players.find((p) => p.id === pid)?.hand ?? [];
    const used = new Set();
    return cards.map((c) => {
      const want = faceKey(c);
      const found = hand.find((h) => !used.has(h.id) && String(faceOf(h)) === want);
      if (!found) return `not-held-${want}-${used.size}`;
      used.add(found.id);
      return found.id;
    });
  }

  engineMeldId(mcId) {
    for (const [eid, id] of this.meldIds) if (id === mcId) return eid;
    return `no-such-meld-${mcId}`;
  }

  /** meld: the engine's LAY_DOWN wants each meld typed set or run; every typing is offered
   *  (a likely one first) and the engine's guard decides. At most one typing can pass: a set's
   *  naturals share a rank, a run's differ, and wilds may not outnumber naturals. */
  layDown(pid, melds) {
    const ids = this.heldIds(pid, melds.flat());
    const specs = [];
    let k = 0;
    for (const meld of melds) specs.push(ids.slice(k, (k += meld.length)));
    const likely = melds.map((m) => {
      const naturals = m.filter((c) => !c.isJoker);
      const suited = m.some((c) => c.isJoker && c.standin && c.standin.suit);
      if (naturals.length === 1) return suited ? "run" : "set";
      return naturals.length > 0 && naturals.every((c) => c.rank === naturals[0].rank) ? "set" : "run";
    });
    const typings = [];
    for (let mask = 0; mask < 1 << melds.length; mask++) {
      typings.push(likely.map((t, i) => ((mask >> i) & 1 ? (t === "set" ? "run" : "set") : t)));
    }
    let reason = null;
    for (const types of typings) {
      const before = this.engine.getSnapshot();
      const r = this.once(() => this.engine.layDown(pid, specs.map((cardIds, i) => ({ type: types[i], cardIds }))));
      if (r.ok) return { ...r, ids };
      const fresh = pid === `player-${before.currentPlayerIndex}`;
      reason ??= this.reason(before, this.engine.getSnapshot(), fresh) + ` (as ${types.join(" + ")})`;
    }
    return { ok: false, reason };
  }

  /** layoff: the engine lays off one card at a time; cards are offered until none more fits,
   *  and the step is refused (the position put back) unless all went on. A joker's stand-in
   *  tells the engine which end of a run it goes to. */
  layOff(pid, step) {
    const meldId = this.engineMeldId(step.to);
    const ids = this.heldIds(pid, step.cards);
    const rounds = this.engine.getSnapshot().roundHistory.length;
    const ended = () => this.engine.getSnapshot().roundHistory.length > rounds;
    let left = step.cards.map((c, i) => [c, ids[i]]);
    let some = false;
    let reason = null;
    while (left.length > 0 && !ended()) {
      const still = [];
      for (const [c, id] of left) {
        const before = this.engine.getSnapshot();
        if (!ended() && this.once(() => this.engine.layOff(pid, id, meldId, this.runEnd(meldId, c))).ok) continue;
        still.push([c, id]);
        const fresh = pid === `player-${before.currentPlayerIndex}`;
        reason ??= `${this.reason(before, this.engine.getSnapshot(), fresh)} (${c})`;
      }
      if (still.length === left.length) break;
      some = true;
      left = still;
    }
    if (left.length > 0) return { ok: false, restore: some, reason };
    return { ok: true, ids };
  }

  /** Where a joker with a stand-in goes on a run: "start" below its lowest card, else "end". */
  runEnd(meldId, c) {
    if (!c.isJoker || !c.standin) return undefined;
    const meld = this.engine.getSnapshot().table.find((m) => m.id === meldId);
    if (!meld || meld.type !== "run") return undefined;
    const i = meld.cards.findIndex((x) => engineValue(x) != null);
    if (i < 0) return undefined;
    const low = engineValue(meld.cards[i]) - i;
    const v = c.standin.rank === 1 ? 14 : c.standin.rank;
    return v < low ? "start" : "end";
  }

  /** swap: each joker of the meld is offered in turn; the engine decides which, if any. */
  swapJoker(pid, step) {
    const meldId = this.engineMeldId(step.meld);
    const [cardId] = this.heldIds(pid, [step.card]);
    const meld = this.engine.getSnapshot().table.find((m) => m.id === meldId);
    const jokers = (meld?.cards ?? []).filter((c) => c.rank === "Joker").map((c) => c.id);
    if (jokers.length === 0) jokers.push(`no-joker-in-${step.meld}`);
    for (const jokerId of jokers) {
      const r = this.once(() => this.engine.swap(pid, meldId, jokerId, cardId));
      if (r.ok) return r;
    }
    return { ok: false };
  }

  /** claim (Liverpool's buy): the engine's "May I?". The engine then asks the players ahead of
   *  the caller, one by one, whether they want the card themselves; a scenario writes the buy
   *  of the nearest player who wants it, so each one asked lets it go. */
  mayI(pid, step) {
    if (step.take.how !== "top") return { ok: false, reason: "the engine buys only the top card of the discard pile" };
    if (step.melds || step.layoff) return { ok: false, reason: "the engine's May I? only takes the card (with its penalty card)" };
    const before = this.engine.getSnapshot();
    let s = this.engine.callMayI(pid);
    for (let guard = 0; s.phase === "RESOLVING_MAY_I" && guard < 16; guard++) {
      const asked = s.mayIContext?.playerBeingPrompted;
      if (!asked) break;
      s = this.engine.allowMayI(asked);
    }
    return { ok: changed(before, this.engine.getSnapshot()) };
  }

  /** After an accepted step: new melds get meldcheck's ids, cards laid onto another's meld
   *  remember their builder, a reshuffled stock takes the contract's order, and a finished
   *  round is kept as it ended. */
  afterAccepted(before, after, pid, step) {
    const seat = this.seats[Number(pid.slice("player-".length))];
    const ended = after.roundHistory.length > before.roundHistory.length;
    const table = ended && this.finished ? this.finished.table : after.table;
    for (const meld of table) {
      if (!this.meldIds.has(meld.id)) this.meldIds.set(meld.id, `m${this.nextMeld++}`);
    }
    if (step instanceof mp.Layoff) {
      const meld = table.find((m) => m.id === this.engineMeldId(step.to));
      const owner = meld ? this.seats[Number(meld.ownerId.slice("player-".length))] : null;
      const had = new Set(before.table.flatMap((m) => m.cards.map((c) => c.id)));
      for (const c of meld?.cards ?? []) if (!had.has(c.id) && owner !== seat) this.builders.set(c.id, seat);
    }
    if (ended) {
      this.over = {
        final: this.finished,
        record: after.roundHistory[after.roundHistory.length - 1],
        totals: Object.fromEntries(after.players.map((p, i) => [this.seats[i], p.totalScore])),
        gameOver: after.phase === "GAME_END",
        dealer: before.dealerIndex,
      };
      return;
    }
    if (step instanceof mp.Claim && before.stock.length === 0) this.reorderBuyReshuffle(before, after, pid);
    else this.reorderReshuffle(before, after);
  }

  /** The engine reshuffles the pile under its top card into a new stock with Math.random when
   *  the last stock card goes; meldcheck's contract shuffles those cards (oldest first) with
   *  the game's generator. Same cards, same moment: the new stock is put in the contract's
   *  order, as the deal is. */
  reorderReshuffle(before, after) {
    const wasPile = new Set(before.discard.map((c) => c.id));
    if (after.stock.length === 0 || !after.stock.every((c) => wasPile.has(c.id))) return;
    const inStock = new Set(after.stock.map((c) => c.id));
    const oldestFirst = [...before.discard].reverse().filter((c) => inStock.has(c.id));
    if (oldestFirst.length !== after.stock.length) return;
    const order = mp.shuffle([...oldestFirst], this.rng);
    const snap = this.engine.getPersistedSnapshot();
    const roundSnap = snap.children.round.snapshot;
    roundSnap.context.stock = order;
    const turnSnap = roundSnap.children?.turn?.snapshot;
    if (turnSnap) turnSnap.context.stock = order;
    this.restore(snap);
  }

  /** A buy that finds the stock empty: the engine (round.machine.ts, grantMayICardsToWinner)
   *  reshuffles the cards under the new top of the pile with Math.random and gives the buyer
   *  the first as the penalty card. The contract shuffles the same cards, oldest first, with
   *  the game's generator: the penalty card and the stock are put in that order. */
  reorderBuyReshuffle(before, after, pid) {
    const i = Number(pid.slice("player-".length));
    const claimed = before.discard[0];
    const had = new Set([...(before.players[i]?.hand ?? []).map((c) => c.id), claimed?.id]);
    const got = (after.players[i]?.hand ?? []).filter((c) => !had.has(c.id));
    if (!claimed || got.length !== 1 || i === after.currentPlayerIndex) return;
    const top = after.discard[0];
    const cards = [...before.discard].reverse().filter((c) => c.id !== claimed.id && c.id !== top?.id);
    const ids = new Set([got[0].id, ...after.stock.map((c) => c.id)]);
    if (cards.length !== ids.size || !cards.every((c) => ids.has(c.id))) return;
    const order = mp.shuffle([...cards], this.rng);
    const snap = this.engine.getPersistedSnapshot();
    const roundSnap = snap.children.round.snapshot;
    const buyer = roundSnap.context.players[i];
    buyer.hand = buyer.hand.map((c) => (c.id === got[0].id ? order[0] : c));
    roundSnap.context.stock = order.slice(1);
    const turnSnap = roundSnap.children?.turn?.snapshot;
    if (turnSnap) turnSnap.context.stock = order.slice(1);
    this.restore(snap);
  }

  /** next_hand: the engine has dealt its next round already (its own 11 cards); meldcheck's
   *  deal (or setup) for the next round is written over it, the totals kept. */
  nextHand(step) {
    const o = this.over;
    if (o.gameOver || this.round >= 7) return mp.reject("the match is over");
    const round = this.round + 1;
    if (UNPLAYABLE_ROUND[round]) return mp.reject(`not played by the engine: ${UNPLAYABLE_ROUND[round]}`);
    const base = this.engine.getPersistedSnapshot();
    const n = this.seats.length;
    const dealer = this.seats[(o.dealer + 1) % n];
    const totals = o.totals;
    const seats = this.seats;
    if (step.setup) {
      const setup = { ...step.setup };
      if (setup.round == null) setup.round = round;
      if (setup.first_player == null && setup.dealer == null) setup.dealer = dealer;
      this.start({ seats, round, setup, totals, base });
    } else {
      const d = mp.deal("liverpool", n, BigInt(step.seed ?? 0), { dealer, variants: this.game.variants, options: this.game.options, round });
      this.start({ seats, round, dealt: d, dealer, totals, base });
    }
    return mp.ok();
  }

  // ----- state, score, legal

  state() {
    if (this.over) return this.finishedState();
    const s = this.engine.getSnapshot();
    const p = this.engine.getPersistedSnapshot();
    const rc = p.children?.round?.snapshot?.context ?? {};
    return mp.writeState({
      hands: Object.fromEntries(s.players.map((pl, i) => [this.seats[i], pl.hand.map(faceOf)])),
      stock: s.stock.map(faceOf),
      discard: [...s.discard].reverse().map(faceOf),
      table: s.table.map((m) => this.writeMeld(m)),
      toMove: this.seats[s.currentPlayerIndex],
      phase: s.turnPhase === "AWAITING_DRAW" ? "draw" : "play",
      totals: Object.fromEntries(s.players.map((pl, i) => [this.seats[i], pl.totalScore])),
      opened: Object.fromEntries(s.players.map((pl, i) => [this.seats[i], pl.isDown])),
      extra: {
        round: this.round,
        dealer: this.seats[s.dealerIndex],
        first_player: this.seats[(s.dealerIndex + 1) % this.seats.length],
        offer: this.offerOf(s, rc),
        rng: this.rng.state,
      },
    });
  }

  /** The engine's offer on the pile, in meldcheck's terms. */
  offerOf(s, rc) {
    if (s.discard.length === 0 || rc.discardClaimed) return "none";
    const from = rc.lastDiscardedByPlayerId
      ? this.seats[Number(rc.lastDiscardedByPlayerId.slice("player-".length))]
      : this.seats[s.dealerIndex];
    return { from, declined: Boolean(rc.currentPlayerHasDrawnFromStock) };
  }

  finishedState() {
    const o = this.over;
    const f = o.final;
    const winner = f.winnerPlayerId ? Number(f.winnerPlayerId.slice("player-".length)) : 0;
    return mp.writeState({
      hands: Object.fromEntries(f.players.map((pl, i) => [this.seats[i], pl.hand.map(faceOf)])),
      stock: f.stock.map(faceOf),
      discard: [...f.discard].reverse().map(faceOf),
      table: f.table.map((m) => this.writeMeld(m)),
      toMove: this.seats[winner],
      phase: "play",
      totals: o.totals,
      opened: Object.fromEntries(f.players.map((pl, i) => [this.seats[i], pl.isDown])),
      roundOver: true,
      gameOver: o.gameOver,
      extra: {
        round: this.round,
        dealer: this.seats[o.dealer],
        first_player: this.seats[(o.dealer + 1) % this.seats.length],
        rng: this.rng.state,
        round_scores: this.roundScores(),
      },
    });
  }

  /** A table meld in the notation: meldcheck's id, the owner, jokers with their stand-ins as
   *  the engine places them (a run low to high), cards laid by others marked. The engine's
   *  wild 2s have no notation of their own and are written as the 2s they are. */
  writeMeld(m) {
    const owner = this.seats[Number(m.ownerId.slice("player-".length))];
    const faces = m.cards.map(faceOf);
    let named;
    if (m.type === "run") {
      const i = m.cards.findIndex((c) => engineValue(c) != null);
      const suit = i >= 0 ? SUIT_LETTERS[m.cards[i].suit] : "";
      const low = i >= 0 ? engineValue(m.cards[i]) - i : 0;
      named = faces.map((c, k) => {
        if (!c.isJoker || i < 0) return c;
        const v = low + k;
        return c.withStandin(new mp.Card(v === 14 ? 1 : v, suit));
      });
    } else {
      const nat = faces.find((c) => !c.isJoker && c.rank !== 2) ?? faces.find((c) => !c.isJoker);
      named = faces.map((c) => (c.isJoker && nat ? c.withStandin(new mp.Card(nat.rank, "")) : c));
    }
    const cards = named.map((c, k) => c.withBuilder(this.builders.get(m.cards[k].id) ?? null));
    return new mp.TableMeld(this.meldIds.get(m.id) ?? m.id, cards, owner);
  }

  roundScores() {
    const rec = this.over?.record;
    if (!rec) return undefined;
    return Object.fromEntries(this.seats.map((name, i) => [name, rec.scores[`player-${i}`] ?? 0]));
  }

  score() {
    if (this.over) {
      return { round_over: true, round_scores: this.roundScores(), totals: this.over.totals, game_over: this.over.gameOver, winner: [] };
    }
    const s = this.engine.getSnapshot();
    return { round_over: false, totals: Object.fromEntries(s.players.map((p, i) => [this.seats[i], p.totalScore])), game_over: false };
  }

  /** The steps the engine's own availability (game-engine.availability.ts) offers: draws, the
   *  discard take, discards and other players' May I?. It does not enumerate melds, layoffs or
   *  swaps, so those are not listed. */
  legal() {
    if (this.over) return [];
    const s = this.engine.getSnapshot();
    const out = [];
    const cur = s.players[s.currentPlayerIndex];
    const mine = this.m.getActionAvailabilityDetails(s, cur.id).availableActions;
    if (mine.canDrawFromStock) out.push(new mp.Draw());
    if (mine.canDrawFromDiscard && s.discard.length > 0) out.push(new mp.Take({ how: "top" }));
    if (mine.canDiscard) {
      const seen = new Set();
      for (const c of cur.hand) {
        const f = faceOf(c);
        if (seen.has(String(f))) continue;
        seen.add(String(f));
        out.push(new mp.Discard({ card: f }));
      }
    }
    s.players.forEach((p, i) => {
      if (i === s.currentPlayerIndex) return;
      if (this.m.getActionAvailabilityDetails(s, p.id).availableActions.canMayI) {
        out.push(new mp.Claim({ take: new mp.Take({ how: "top" }), player: this.seats[i] }));
      }
    });
    return out;
  }

  quit() {
    if (this.engine) this.engine.stop();
  }
}

/** Whether the engine's position moved: what a step can change, the engine's hidden error
 *  text aside. */
function changed(a, b) {
  return JSON.stringify(visible(a)) !== JSON.stringify(visible(b));
}

function visible(s) {
  return {
    phase: s.phase,
    turnPhase: s.turnPhase,
    round: s.currentRound,
    current: s.currentPlayerIndex,
    players: s.players.map((p) => [p.hand.map((c) => c.id), p.isDown, p.totalScore]),
    stock: s.stock.map((c) => c.id),
    discard: s.discard.map((c) => c.id),
    table: s.table.map((m) => [m.id, m.cards.map((c) => c.id)]),
    history: s.roundHistory.length,
  };
}

// ---------------------------------------------------------------------------------------

const isMain = process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url;
if (isMain) {
  let engineModule;
  try {
    engineModule = await loadEngine(engineDir());
  } catch (e) {
    process.stderr.write(`liverpool-mayi: ${e.message}\n`);
    process.exit(1);
  }
  await mp.serve(new MayiAdapter(engineModule));
}

export { MayiAdapter, loadEngine, engineDir };
