// rummikub-toy: a small Rummikub, written the way a hobby engine is.
//
// It knows nothing of meldcheck: its own tiles ({color, value}), its own pool (drawn from the
// front), jokers placed by position in a run, no timer, no scores. Deliberately simple;
// adapter.mjs next to it puts it behind meldcheck's engine protocol.
//
// A turn: draw a tile, or lay tiles from the rack by giving the whole table as it is after
// the move - every set a group (one value, 3-4 different colors) or a run (one color, 3 or
// more values in a row, 1 to 13) - with every tile that was on the table still on it. A
// player's first play is sets of their own tiles worth 30 or more, the table left as it
// was. With an empty pool a player who cannot play passes, and that ends the game. The
// first to empty the rack wins.

export const COLORS = ["red", "blue", "orange", "black"];

export class IllegalMove extends Error {}

/** A tile: a color and a value 1-13, or a joker. */
export class Tile {
  constructor(color, value, joker = false) {
    this.color = color;
    this.value = value;
    this.joker = joker;
  }

  static joker() {
    return new Tile(null, 0, true);
  }

  get key() {
    return this.joker ? "joker" : `${this.color}-${this.value}`;
  }
}

/** Whether the tiles are a group: one value, each tile another color, 3 or 4 tiles. */
function isGroup(tiles) {
  const naturals = tiles.filter((t) => !t.joker);
  return tiles.length >= 3 && tiles.length <= 4 && naturals.length > 0 &&
    new Set(naturals.map((t) => t.value)).size === 1 && new Set(naturals.map((t) => t.color)).size === naturals.length;
}

/** Whether the tiles, in this order, are a run: one color, values in a row within 1-13. */
function isRun(tiles) {
  const naturals = tiles.filter((t) => !t.joker);
  return tiles.length >= 3 && naturals.length > 0 && new Set(naturals.map((t) => t.color)).size === 1 && runStart(tiles) !== null;
}

/** 'group' or 'run' for a valid set (as laid: a run in order, jokers where they stand), else
 *  null. A group when it could be both (one tile and jokers). */
export function classifySet(tiles) {
  return isGroup(tiles) ? "group" : isRun(tiles) ? "run" : null;
}

/** The value of a run's first place, or null if the tiles in this order are no run. */
function runStart(tiles) {
  const i0 = tiles.findIndex((t) => !t.joker);
  if (i0 < 0) return null;
  const start = tiles[i0].value - i0;
  if (start < 1 || start + tiles.length - 1 > 13) return null;
  return tiles.every((t, i) => t.joker || t.value === start + i) ? start : null;
}

/** What a set counts for a first play: its values, a joker the value it stands for. */
export function setValue(tiles, kind = classifySet(tiles)) {
  if (kind === "group") return tiles.find((t) => !t.joker).value * tiles.length;
  const start = runStart(tiles);
  return tiles.reduce((sum, _, i) => sum + start + i, 0);
}

function countKeys(tiles) {
  const counts = new Map();
  for (const t of tiles) counts.set(t.key, (counts.get(t.key) ?? 0) + 1);
  return counts;
}

/** The tiles of `more` beyond those of `less` (multisets), or null if `less` is not within it. */
function minus(more, less) {
  const counts = countKeys(less);
  const rest = [];
  for (const t of more) {
    const n = counts.get(t.key) ?? 0;
    if (n > 0) counts.set(t.key, n - 1);
    else rest.push(t);
  }
  return [...counts.values()].some((n) => n > 0) ? null : rest;
}

const sameTiles = (a, b) => a.length === b.length && minus(a, b)?.length === 0;

export class RummikubGame {
  /** @param {{racks: Tile[][], pool: Tile[], firstPlayer?: number}} setup */
  constructor({ racks, pool, firstPlayer = 0 }) {
    this.racks = racks.map((r) => [...r]);
    this.pool = [...pool]; // drawn from the front
    /** @type {{tiles: Tile[], kind: string}[]} */
    this.table = [];
    this.currentPlayer = firstPlayer;
    this.hasMelded = racks.map(() => false);
    this.isOver = false;
    this.winner = null;
  }

  /** A fresh game shuffled with Math.random (the toy's way; the adapter deals from
   *  meldcheck's deal instead). */
  static random(players) {
    const tiles = [];
    for (let copy = 0; copy < 2; copy++) for (const c of COLORS) for (let v = 1; v <= 13; v++) tiles.push(new Tile(c, v));
    tiles.push(Tile.joker(), Tile.joker());
    tiles.sort(() => Math.random() - 0.5);
    const racks = Array.from({ length: players }, () => tiles.splice(0, 14));
    return new RummikubGame({ racks, pool: tiles });
  }

  #checkTurn() {
    if (this.isOver) throw new IllegalMove("the game is over");
  }

  #nextPlayer() {
    this.currentPlayer = (this.currentPlayer + 1) % this.racks.length;
  }

  drawTile() {
    this.#checkTurn();
    if (this.pool.length === 0) throw new IllegalMove("the pool is empty");
    this.racks[this.currentPlayer].push(this.pool.shift());
    this.#nextPlayer();
  }

  /** Lays tiles: `sets` is the whole table after the move, each set an array of tiles (a
   *  run in order) or {tiles, kind} where a lone tile with jokers could be either. */
  playTurn(sets) {
    this.#checkTurn();
    const table = sets.map((s) => (Array.isArray(s) ? { tiles: [...s], kind: classifySet(s) } : { tiles: [...s.tiles], kind: s.kind }));
    for (const s of table) {
      const valid = s.kind === "group" ? isGroup(s.tiles) : s.kind === "run" ? isRun(s.tiles) : false;
      if (!valid) throw new IllegalMove(`not a group or a run: ${s.tiles.map((t) => t.key).join(" ")}`);
    }
    const before = this.table.flatMap((s) => s.tiles);
    const after = table.flatMap((s) => s.tiles);
    const added = minus(after, before);
    if (added === null) throw new IllegalMove("a tile on the table must stay on the table");
    if (added.length === 0) throw new IllegalMove("lay at least one tile from your rack");
    const rack = minus(this.racks[this.currentPlayer], added);
    if (rack === null) throw new IllegalMove("you do not have those tiles");
    if (!this.hasMelded[this.currentPlayer]) {
      // The first play: the old sets stay as they were, the new ones are worth 30.
      const fresh = [...table];
      for (const old of this.table) {
        const at = fresh.findIndex((s) => sameTiles(s.tiles, old.tiles));
        if (at < 0) throw new IllegalMove("in your first play the table stays as it was");
        fresh.splice(at, 1);
      }
      const points = fresh.reduce((sum, s) => sum + setValue(s.tiles, s.kind), 0);
      if (points < 30) throw new IllegalMove(`a first play needs 30 points, not ${points}`);
    }
    this.table = table;
    this.racks[this.currentPlayer] = rack;
    this.hasMelded[this.currentPlayer] = true;
    if (rack.length === 0) {
      this.isOver = true;
      this.winner = this.currentPlayer;
    } else {
      this.#nextPlayer();
    }
  }

  passTurn() {
    this.#checkTurn();
    if (this.pool.length > 0) throw new IllegalMove("draw a tile instead");
    this.isOver = true;
  }
}
