#!/usr/bin/env node
// JoshRotenberg24/rummy500forT - a Rummy 500 web game written by others in TypeScript - behind
// meldcheck's engine protocol (spec/engine-protocol.md), through the JavaScript adapter kit.
//
//     examples/engines/rummy500-ts/fetch.sh /path/to/checkout      # once: clone, npm, bundle
//     RUMMY500_TS_ENGINE=/path/to/checkout node examples/engines/rummy500-ts/adapter.mjs
//
// Arguments (each also an environment variable):
//   --engine-dir DIR   RUMMY500_TS_ENGINE  the checkout fetch.sh built (default: fetch.sh's default,
//                                          ${XDG_CACHE_HOME:-~/.cache}/meldcheck/engines/rummy500-ts)
//   --scores on|off    RUMMY500_TS_SCORES  on (default): play only games with variant 5-10-15, the
//                                          scoring closest to the engine's own, and answer `score`;
//                                          off: play games of any scoring and declare no scores or
//                                          totals (the engine's 5/10/15 table is then not the game's)
//
// The engine is one pure reducer, applyAction(state, action) -> state, over plain JSON state
// (src/engine/actions.ts). This file only maps: meldcheck's deal or setup is written into that
// state; each step becomes the engine's action(s); the engine decides every verdict. It refuses
// by returning the very same state object (as its own server checks, src/party/game.ts:101-106),
// so a step whose state comes back unchanged is answered `reject`. Its actions carry no player:
// its server refuses a player who is not `turn.activePlayer` ("Not your turn",
// src/party/game.ts:92-98), and so does this adapter. Nothing of the engine's rules is written
// again here: card possession, meld shapes, the pile, the turn and the scores are all its own.
//
// What it plays (declared in hello): rummy500 for two players only (answered `unsupported` for
// other counts), without jokers (a game whose position holds a joker is `unsupported`), steps
// draw, take, meld, layoff, discard, next_hand; starts from a deal or a setup; no rule ids; no
// `legal` (the engine has no list of moves).

import * as mp from "../../kits/js/meldcheck-protocol.mjs";
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { isDeepStrictEqual } from "node:util";

const RULESET = "rummy500";
const COMMIT = "76863b3e46b466eeb18d555b822b8e5d37989ea2";

// ---------------------------------------------------------------------------------------
// Arguments and the engine's module.

function argument(name, env, fallback) {
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    if (args[i] === name && i + 1 < args.length) return args[i + 1];
    if (args[i].startsWith(name + "=")) return args[i].slice(name.length + 1);
  }
  return process.env[env] || fallback;
}

const ENGINE_DIR = resolve(argument("--engine-dir", "RUMMY500_TS_ENGINE",
  join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "meldcheck", "engines", "rummy500-ts")));
const SCORES = argument("--scores", "RUMMY500_TS_SCORES", "on");
if (SCORES !== "on" && SCORES !== "off") {
  process.stderr.write(`adapter.mjs: --scores is on or off, not ${SCORES}\n`);
  process.exit(2);
}
const BUNDLE = join(ENGINE_DIR, ".meldcheck-build", "engine.mjs");
if (!existsSync(BUNDLE)) {
  process.stderr.write(`adapter.mjs: no engine at ${BUNDLE}: run examples/engines/rummy500-ts/fetch.sh ${ENGINE_DIR} (or set RUMMY500_TS_ENGINE)\n`);
  process.exit(2);
}
/** The engine's own functions: applyAction, createInitialGameState, detectMeldKind, rankIndex,
 *  calculateRoundScores (src/engine/*.ts, bundled by fetch.sh). */
const engine = await import(pathToFileURL(BUNDLE).href);

// ---------------------------------------------------------------------------------------
// Cards and seats: the protocol's and the engine's.

const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const SUIT_LETTERS = Object.fromEntries(Object.entries(SUIT_NAMES).map(([l, n]) => [n, l]));

/** A natural protocol card as the engine's {id, rank, suit} (ids as its deck.ts makes them:
 *  '10h', 'As'). A joker has no counterpart: null. */
function toEngine(card) {
  if (card.isJoker) return null;
  const rank = mp.RANK_NAMES[card.rank - 1];
  return { id: rank + card.suit.toLowerCase(), rank, suit: SUIT_NAMES[card.suit] };
}

/** The engine's card as the protocol's. */
function fromEngine(card) {
  return new mp.Card(mp.RANK_NAMES.indexOf(card.rank) + 1, SUIT_LETTERS[card.suit]);
}

const ENGINE_PLAYERS = ["player", "opponent"];

/** Whether a position (hands, stock, pile, table) holds a joker. */
const hasJoker = (cards) => cards.some((c) => c.isJoker);

class Unchanged extends Error {}

// ---------------------------------------------------------------------------------------
// The adapter.

class Rummy500TsAdapter {
  /** @type {object|null} the engine's GameState */
  gs = null;
  /** the protocol's names of the seats, in order: ['A', 'B'] or a setup's own names */
  names = ["A", "B"];
  /** engine meld id -> protocol meld id */
  ids = new Map();
  nextMeld = 1;
  variants = [];

  constructor() {
    // Without scores the adapter answers no `score` request at all.
    if (SCORES === "off") this.score = undefined;
  }

  hello() {
    return new mp.Hello({
      name: "rummy500forT", version: COMMIT.slice(0, 8),
      rulesets: [new mp.RulesetSupport({ id: RULESET, variants: ["no-jokers", "5-10-15"] })],
      implements: new mp.Implements({
        steps: ["draw", "take", "meld", "layoff", "discard", "next_hand"],
        starts: ["deal", "setup"],
        scores: SCORES === "on", totals: SCORES === "on", ruleIds: false,
      }),
    });
  }

  new(game) {
    const players = game.deal ? game.deal.players : Object.keys(game.setup.players ?? {}).length;
    if (players !== 2) throw new mp.Unsupported(`the engine plays two players only, not ${players}`);
    if (SCORES === "on" && !game.variants.includes("5-10-15")) {
      throw new mp.Unsupported("the engine scores by its own 5/10/15 table only (variant 5-10-15); "
        + "run the adapter with --scores off to play games scored otherwise, without scores");
    }
    this.variants = game.variants;
    this.ids = new Map();
    this.nextMeld = 1;
    // The engine's own fresh game (round 1, scores 0), then the position written over it.
    const base = engine.createInitialGameState();
    if (game.deal) {
      this.names = ["A", "B"];
      this.gs = this.dealt(base, game.deal.seed, game.deal.dealer, game.options);
    } else {
      this.gs = this.placed(base, game.setup, true);
    }
  }

  /** The contract's deal written into the engine's state `base` (its scores kept). */
  dealt(base, seed, dealer, options = {}) {
    if (!this.variants.includes("no-jokers")) throw new mp.Unsupported("the engine has no jokers: it plays variant no-jokers only");
    const d = mp.deal(RULESET, 2, seed, { dealer, variants: this.variants, options });
    const active = ENGINE_PLAYERS[d.players.indexOf(d.toMove)];
    return {
      ...base,
      deck: d.stock.map(toEngine).reverse(), // the engine's top is the last element
      discardPile: d.discard.map(toEngine),
      melds: [],
      players: Object.fromEntries(ENGINE_PLAYERS.map((p, i) => [p, { ...base.players[p], hand: d.hands[d.players[i]].map(toEngine), roundScore: 0 }])),
      turn: { activePlayer: active, phase: this.drawPhase(active), drawnFromDiscard: false, drawnCard: null, selectedCards: [] },
      winner: null,
    };
  }

  /** The phase name the engine gives a turn's start: 'ai_turn' for its second seat
   *  (actions.ts:251-252), 'draw' for the first. */
  drawPhase(active) {
    return active === "opponent" ? "ai_turn" : "draw";
  }

  /** A setup (new's, or next_hand's with `first` false: totals carry over) written into the
   *  engine's state `base`. */
  placed(base, value, first) {
    const s = mp.parseSetup(value, "cards");
    const names = Object.keys(s.players);
    if (names.length !== 2) throw new mp.Unsupported(`the engine plays two players only, not ${names.length}`);
    if (!first && names.join() !== this.names.join()) throw new mp.BadRequest("next_hand: the players are the match's");
    this.names = names;
    const everything = [...names.flatMap((n) => s.players[n].hand), ...s.stock, ...s.discard, ...s.table.flatMap((m) => m.cards)];
    if (hasJoker(everything)) throw new mp.Unsupported("the engine has no jokers");
    // The cards the setup does not name: shuffled with its seed below the named stock, or out.
    let stock = [...s.stock];
    if (s.rest === "stock") {
      const named = new Map();
      for (const c of everything) named.set(String(c.face), (named.get(String(c.face)) ?? 0) + 1);
      const rest = mp.canonicalDeck(RULESET, 2, this.variants).filter((c) => {
        const k = String(c);
        if (!named.get(k)) return true;
        named.set(k, named.get(k) - 1);
        return false;
      });
      if (hasJoker(rest)) throw new mp.Unsupported("the engine has no jokers: with rest: stock the jokers would be in its stock");
      stock = stock.concat(mp.shuffle(rest, new mp.SplitMix64(BigInt(s.seed))));
    }
    // Table melds: the engine's meld id is the setup's; its kind is what the engine makes of it.
    this.ids = new Map();
    const melds = s.table.map((m) => {
      const cards = m.cards.map((c) => toEngine(c.withBuilder(null)));
      const kind = engine.detectMeldKind(cards);
      if (!kind) throw new mp.BadRequest(`the engine holds ${m.cards.join(" ")} for no meld (src/engine/meld.ts)`);
      const owner = m.owner ?? names[0];
      if (!names.includes(owner)) throw new mp.BadRequest(`meld ${m.id}: ${owner} is not a player`);
      this.ids.set(m.id, m.id);
      return { id: m.id, kind, cards, ownerId: ENGINE_PLAYERS[names.indexOf(owner)] };
    });
    const numbers = s.table.map((m) => /^m([0-9]+)$/.exec(m.id)).filter(Boolean).map((x) => Number(x[1]));
    this.nextMeld = Number(s.extra.next_meld ?? Math.max(0, ...numbers) + 1);

    const active = ENGINE_PLAYERS[names.indexOf(s.toMove)];
    if (!active) throw new mp.BadRequest(`to_move: ${s.toMove} is not a player`);
    const over = Boolean(s.extra.hand_over), gameOver = Boolean(s.extra.game_over);
    const turn = s.extra.turn ?? {};
    const mustUse = turn.must_use != null ? toEngine(mp.parseCard(turn.must_use, "cards")) : null;
    const noDiscard = turn.no_discard != null ? toEngine(mp.parseCard(turn.no_discard, "cards")) : null;
    const phase = gameOver ? "game_over" : over ? "round_over" : s.phase === "play" ? "play" : this.drawPhase(active);
    const players = Object.fromEntries(ENGINE_PLAYERS.map((p, i) => {
      const seat = s.players[names[i]];
      return [p, { ...base.players[p], hand: seat.hand.map(toEngine), roundScore: 0, score: first ? seat.total : base.players[p].score }];
    }));
    let winner = null;
    if (gameOver && s.extra.winner != null) {
      const w = [].concat(s.extra.winner);
      winner = w.length === 1 ? ENGINE_PLAYERS[names.indexOf(w[0])] ?? null : null;
    }
    return {
      ...base,
      round: first && s.extra.hand_number != null ? Number(s.extra.hand_number) : base.round,
      deck: stock.map(toEngine).reverse(),
      discardPile: s.discard.map(toEngine),
      melds,
      players,
      turn: {
        activePlayer: active, phase,
        drawnFromDiscard: phase === "play" && mustUse != null,
        drawnCard: phase === "play" ? mustUse ?? noDiscard : null,
        selectedCards: [],
      },
      winner,
    };
  }

  /** The engine's state after `action`, or Unchanged when the engine ignored it. */
  act(state, action) {
    const next = engine.applyAction(state, action);
    if (next === state || isDeepStrictEqual(next, state)) throw new Unchanged(describe(action));
    return next;
  }

  apply(step) {
    const g = this.gs;
    const active = g.turn.activePlayer;
    if (step.player != null && step.player !== this.seat(active)) {
      return mp.reject(`not your turn: the engine's server answers "Not your turn" to ${step.player} (src/party/game.ts:92-98)`);
    }
    let next;
    try {
      next = this.run(g, step);
    } catch (e) {
      if (e instanceof Unchanged) return mp.reject(`the engine ignored ${e.message}: its state is unchanged`);
      throw e;
    }
    this.name(next, step);
    this.gs = next;
    return mp.ok();
  }

  /** A step as the engine's actions, applied in turn to `g`: the state after them all. */
  run(g, step) {
    if (step instanceof mp.Draw) return this.act(g, { type: "DRAW_FROM_DECK" });
    if (step instanceof mp.Take) {
      // The engine takes "that card and everything above it" (actions.ts:88-120).
      const pile = g.discardPile;
      let card;
      if (step.how === "top") card = pile[pile.length - 1];
      else if (step.how === "all") card = pile[0];
      else if (step.how === "count") card = step.count >= 1 ? pile[pile.length - step.count] : undefined;
      else card = this.card(step.card);
      return this.act(g, { type: "DRAW_FROM_DISCARD", cardId: card?.id ?? `(no ${step.value()} in the pile)` });
    }
    if (step instanceof mp.Meld) {
      // The engine lays one meld per action: a step of several is all or nothing, laid in
      // the first order the engine accepts (it refuses any meld but the one holding a card it
      // says must be melded, actions.ts:128-131, so the order matters to it).
      const melds = step.melds.map((m) => m.map((c) => this.card(c)));
      return this.inSomeOrder(g, melds.map((cards) => ({ type: "PLAY_MELD", cards })));
    }
    if (step instanceof mp.Layoff) {
      // One EXTEND_MELD builds at one end of a run (meld.ts:56-66); a step laying cards at
      // both ends is the same move made as several of its actions. The whole list first,
      // then the step's cards split into parts, each part one action, in the first order
      // the engine accepts.
      const meldId = [...this.ids].find(([, id]) => id === step.to)?.[0] ?? `(no meld ${step.to})`;
      const cards = step.cards.map((c) => this.card(c));
      return this.split(g, meldId, cards, `EXTEND_MELD meld ${meldId} ${cards.map((c) => c.id).join(" ")}`);
    }
    if (step instanceof mp.Discard) return this.act(g, { type: "DISCARD", cardId: this.card(step.card).id });
    if (step instanceof mp.NextHand) return this.nextHand(g, step);
    throw new Unchanged(`a ${step.kind} step (the game has none)`);
  }

  /** `actions` applied one after another, in the first order the engine accepts them all:
   *  the state after them. Unchanged when no order does. */
  inSomeOrder(g, actions, what = actions.map(describe).join(", ")) {
    if (actions.length === 0) return g;
    for (let i = 0; i < actions.length; i++) {
      let s;
      try {
        s = this.act(g, actions[i]);
      } catch (e) {
        if (e instanceof Unchanged) continue;
        throw e;
      }
      try {
        return this.inSomeOrder(s, actions.filter((_, k) => k !== i), what);
      } catch (e) {
        if (!(e instanceof Unchanged)) throw e;
      }
    }
    throw new Unchanged(what);
  }

  /** `cards` built onto meld `meldId` by EXTEND_MELD actions: all at once, else some of them
   *  (a larger part first) and then the rest the same way. Unchanged when no split is
   *  accepted. A step lays off a few cards, so the search stays small; past eight cards only
   *  the whole list is tried. */
  split(g, meldId, cards, what) {
    try {
      return this.act(g, { type: "EXTEND_MELD", meldId, cards });
    } catch (e) {
      if (!(e instanceof Unchanged)) throw e;
    }
    if (cards.length > 1 && cards.length <= 8) {
      const parts = [];
      for (let mask = 1; mask < (1 << cards.length) - 1; mask++) parts.push(cards.filter((_, i) => mask & (1 << i)));
      parts.sort((a, b) => b.length - a.length);
      for (const part of parts) {
        let s;
        try {
          s = this.act(g, { type: "EXTEND_MELD", meldId, cards: part });
        } catch (e) {
          if (e instanceof Unchanged) continue;
          throw e;
        }
        try {
          return this.split(s, meldId, cards.filter((c) => !part.includes(c)), what);
        } catch (e) {
          if (!(e instanceof Unchanged)) throw e;
        }
      }
    }
    throw new Unchanged(what);
  }

  /** The engine's card for a step's card; a joker has none (the engine ignores what it cannot
   *  name, as it ignores a card id it does not find). */
  card(c) {
    return toEngine(c.face) ?? { id: "JK", rank: "JK", suit: "joker" };
  }

  /** next_hand: the engine's ACKNOWLEDGE_ROUND_OVER (refused unless the hand is over,
   *  actions.ts:283-286), then the hand meldcheck asks for written over the engine's random
   *  deal. The engine always gives the first turn to its first seat (deck.ts:56-57), so a deal
   *  from a seed is dealt by the other seat. */
  nextHand(g, step) {
    const s = this.act(g, { type: "ACKNOWLEDGE_ROUND_OVER" });
    const saved = { ids: this.ids, nextMeld: this.nextMeld, names: this.names };
    try {
      if (step.setup) return this.placed(s, step.setup, false);
      const first = s.turn.activePlayer;
      const next = this.dealt(s, step.seed ?? 0, this.seat(ENGINE_PLAYERS.find((p) => p !== first)));
      this.ids = new Map();
      this.nextMeld = 1;
      return next;
    } catch (e) {
      Object.assign(this, saved);
      throw e;
    }
  }

  /** Gives the melds new in `next` the protocol's next ids: in the order a meld step wrote
   *  them (the engine may have laid them in another order), else in the order laid. */
  name(next, step) {
    const fresh = next.melds.filter((m) => !this.ids.has(m.id));
    if (step instanceof mp.Meld) {
      const written = step.melds.map((m) => m.map((c) => this.card(c).id).sort().join());
      const place = (m) => written.indexOf(m.cards.map((c) => c.id).sort().join());
      fresh.sort((x, y) => place(x) - place(y));
    }
    for (const m of fresh) this.ids.set(m.id, `m${this.nextMeld++}`);
  }

  seat(enginePlayer) {
    return this.names[ENGINE_PLAYERS.indexOf(enginePlayer)];
  }

  state() {
    const g = this.gs;
    const phase = g.turn.phase;
    const over = phase === "round_over" || phase === "game_over";
    const hands = Object.fromEntries(ENGINE_PLAYERS.map((p) => [this.seat(p), g.players[p].hand.map(fromEngine)]));
    const extra = { hand_number: g.round };
    if (phase === "play") {
      const { drawnFromDiscard, drawnCard } = g.turn;
      const held = drawnCard && g.players[g.turn.activePlayer].hand.some((c) => c.id === drawnCard.id);
      if (drawnCard && drawnFromDiscard) extra.turn = { must_use: String(fromEngine(drawnCard)) };
      else if (drawnCard && held) extra.turn = { no_discard: String(fromEngine(drawnCard)) };
    }
    const state = mp.writeState({
      hands,
      stock: [...g.deck].reverse().map(fromEngine),
      discard: g.discardPile.map(fromEngine),
      table: g.melds.map((m) => new mp.TableMeld(this.ids.get(m.id), this.meldCards(m), this.seat(m.ownerId))),
      toMove: this.seat(g.turn.activePlayer),
      phase: over ? "draw" : phase === "play" || phase === "discard" ? "play" : "draw",
      roundOver: over, gameOver: phase === "game_over",
      totals: SCORES === "on" ? Object.fromEntries(ENGINE_PLAYERS.map((p) => [this.seat(p), g.players[p].score])) : {},
      extra,
    });
    if (SCORES === "off") for (const p of Object.values(state.players)) delete p.total;
    return state;
  }

  /** A meld's cards as the state writes them: a run in the engine's rank order (the engine
   *  keeps a new run's cards as they were given, actions.ts:136-141), a set as it lies. */
  meldCards(m) {
    const cards = m.kind === "run" ? [...m.cards].sort((a, b) => engine.rankIndex(a.rank) - engine.rankIndex(b.rank)) : m.cards;
    return cards.map(fromEngine);
  }

  score() {
    const g = this.gs;
    const over = g.turn.phase === "round_over" || g.turn.phase === "game_over";
    const out = {
      round_over: over,
      totals: Object.fromEntries(ENGINE_PLAYERS.map((p) => [this.seat(p), g.players[p].score])),
      game_over: g.turn.phase === "game_over",
    };
    if (over) {
      // What endRound added to the totals (actions.ts:28-33), from the engine's own function.
      const r = engine.calculateRoundScores(g);
      out.round_scores = Object.fromEntries(ENGINE_PLAYERS.map((p) => [this.seat(p), r[p]]));
    }
    if (out.game_over && g.winner) out.winner = [this.seat(g.winner)];
    return out;
  }
}

/** An engine action in a few words, for a refusal's reason. */
function describe(action) {
  const { type, ...rest } = action;
  const parts = [];
  if (rest.cardId) parts.push(rest.cardId);
  if (rest.meldId) parts.push(`meld ${rest.meldId}`);
  if (rest.cards) parts.push(rest.cards.map((c) => c.id).join(" "));
  return parts.length ? `${type} ${parts.join(" ")}` : type;
}

await mp.serve(new Rummy500TsAdapter());
