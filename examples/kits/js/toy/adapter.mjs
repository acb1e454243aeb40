#!/usr/bin/env node
// The toy Rummikub (rummikub-toy.mjs) behind meldcheck's engine protocol, through the
// JavaScript kit.
//
//     node examples/kits/js/toy/adapter.mjs
//
//     meldcheck replay --engine "node examples/kits/js/toy/adapter.mjs" --ruleset rummikub scenarios
//
// The toy knows nothing of meldcheck, so this file maps one onto the other: meldcheck's deal
// (the kit's shuffle) becomes the toy's racks and pool; an arrange step's sets become the
// toy's table, runs put in order and jokers placed where their stand-ins say; the toy's table
// becomes the state's melds, jokers named by their place. It declares in `implements` only
// what the toy plays: Rummikub from a deal, drawing, arranging and passing (no timer, so no
// timeout), no scores.

import * as mp from "../meldcheck-protocol.mjs";
import { COLORS, IllegalMove, RummikubGame, Tile } from "./rummikub-toy.mjs";

const RULESET = "rummikub";

/** A protocol tile as the toy's (a joker's stand-in is not the toy's business). */
const toToy = (card) => (card.isJoker ? Tile.joker() : new Tile(COLORS[mp.COLOURS.indexOf(card.colour)], card.number));

/** The toy's tile as the protocol's. */
const fromToy = (tile) => (tile.joker ? mp.joker(null, null, true) : new mp.Card(tile.value, mp.COLOURS[COLORS.indexOf(tile.color)], false, null, null, true));

const seat = (player) => String.fromCharCode(65 + player);

/** The number a tile takes in a set: its own, or a joker's stand-in's (null: bare). */
const numberOf = (card) => (card.isJoker ? card.standin?.number ?? null : card.number);

/** 'group' or 'run', as the step's tiles say: two numbered tiles tell, and beside a lone one
 *  the jokers' stand-ins do. */
function kindOf(set) {
  const naturals = set.filter((c) => !c.isJoker);
  if (naturals.length === 0) throw new mp.Rejected("a set needs a numbered tile");
  if (naturals.length >= 2) return new Set(naturals.map((c) => c.number)).size === 1 ? "group" : "run";
  const named = set.filter((c) => c.isJoker && c.standin).map(numberOf);
  if (named.length === 0) throw new mp.Rejected("a joker beside a lone tile must name its stand-in");
  return named.some((n) => n !== naturals[0].number) ? "run" : "group";
}

/** A run's tiles low to high: those with a number by it, bare jokers into the gaps. */
function orderRun(set) {
  const ranked = set.filter((c) => numberOf(c) !== null).sort((a, b) => numberOf(a) - numberOf(b));
  const bare = set.filter((c) => numberOf(c) === null);
  const out = [];
  ranked.forEach((c, k) => {
    if (k > 0) for (let gap = numberOf(c) - numberOf(ranked[k - 1]) - 1; gap > 0 && bare.length; gap--) out.push(bare.pop());
    out.push(c);
  });
  if (bare.length) throw new mp.Rejected("a joker at the end of a run must name its stand-in");
  return out;
}

/** The jokers' stand-ins must fit the set (the toy places jokers and never reads them). */
function checkStandins(set, kind) {
  const naturals = set.filter((c) => !c.isJoker);
  for (const c of set) {
    if (!c.isJoker || !c.standin) continue;
    const fits = kind === "run"
      ? c.standin.colour === "" || c.standin.colour === naturals[0].colour
      : c.standin.number === naturals[0].number && !naturals.some((n) => n.colour === c.standin.colour);
    if (!fits) throw new mp.Rejected(`${c} does not fit ${set.join(" ")}`);
  }
}

/** A set of the step as the toy takes it: {tiles, kind}, a run in order. */
function toyStep(set) {
  const kind = kindOf(set);
  checkStandins(set, kind);
  return { tiles: (kind === "run" ? orderRun(set) : set).map(toToy), kind };
}

class ToyAdapter {
  /** @type {RummikubGame|null} */
  game = null;

  hello() {
    return new mp.Hello({
      name: "rummikub-toy", version: "0.1",
      rulesets: [new mp.RulesetSupport({ id: RULESET, implements: new mp.Implements({ steps: ["draw", "arrange", "pass"] }) })],
      implements: new mp.Implements({ starts: ["deal"], scores: false, totals: false, ruleIds: false }),
    });
  }

  new(game) {
    const dealt = game.dealt();
    this.game = new RummikubGame({
      racks: dealt.players.map((p) => dealt.hands[p].map(toToy)),
      pool: dealt.stock.map(toToy), // the toy draws from the front: the top first
      firstPlayer: dealt.players.indexOf(dealt.toMove),
    });
  }

  apply(step) {
    const g = this.game;
    if (step.player != null && step.player !== seat(g.currentPlayer)) return mp.reject(`it is ${seat(g.currentPlayer)}'s turn`);
    try {
      if (step instanceof mp.Draw) g.drawTile();
      else if (step instanceof mp.Arrange) g.playTurn(step.sets.map(toyStep));
      else if (step instanceof mp.Pass) g.passTurn();
      else return mp.reject(`this game has no ${step.kind}`);
    } catch (e) {
      if (e instanceof IllegalMove || e instanceof mp.Rejected) return mp.reject(e.message);
      throw e;
    }
    return mp.ok();
  }

  state() {
    const g = this.game;
    return mp.writeState({
      hands: Object.fromEntries(g.racks.map((rack, p) => [seat(p), rack.map(fromToy)])),
      stock: g.pool.map(fromToy),
      table: g.table.map((s, i) => new mp.TableMeld(`m${i + 1}`, mp.nameJokers(s.tiles.map(fromToy), s.kind === "run" ? "run" : "set", RULESET))),
      toMove: seat(g.currentPlayer),
      phase: "draw",
      opened: Object.fromEntries(g.hasMelded.map((m, p) => [seat(p), m])),
      roundOver: g.isOver,
      gameOver: g.isOver, // one round is the whole match (option rounds: one)
    });
  }
}

await mp.serve(new ToyAdapter());
