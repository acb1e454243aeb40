// meldcheck-protocol: put a rummy engine of your own behind meldcheck's engine protocol.
//
// The protocol (spec/engine-protocol.md) is JSON Lines on standard input and output, one
// answer per request, in order. This module does everything in it that is the same for every
// engine, so that an adapter only maps requests onto its own game:
//
// - the request loop and framing (`serve`): bad lines answered with `bad-request`, a bug in
//   the adapter answered with an `internal` error instead of a dead process, `no-game` before
//   `new`, `unsupported` for what the adapter does not implement;
// - the `hello` answer (`Hello`, `RulesetSupport`, `Implements`);
// - cards and tiles in the scenario notation (`Card`, `parseCard`);
// - steps as typed objects (`parseStep`: `Draw`, `Take`, `Meld`, ...);
// - the contract's shuffle and deal (`SplitMix64`, `shuffle`, `canonicalDeck`, `deal`);
// - the `state` answer (`writeState`, `TableMeld`, `nameJokers`).
//
// Node 20, nothing but node itself: an engine team copies this one file next to its adapter.
// The names follow the Python kit (examples/kits/python/meldcheck_protocol.py) in camelCase.
// See examples/kits/README.md for the thirty lines an adapter is, and toy/adapter.mjs for one.

import { createInterface } from "node:readline";

export const PROTOCOL = 1;

// ---------------------------------------------------------------------------------------
// Errors: each becomes an error answer with its protocol code.

/** An error answer: throw one (or a subclass) from a handler to answer with its code.
 *  `rule` is a meldcheck rule id the error names (new may name the rule a setup breaks). */
export class ProtocolError extends Error {
  /** @param {string} message @param {string} [rule] */
  constructor(message, rule) {
    super(message);
    this.code = "bad-request";
    this.rule = rule;
  }
}

/** A request the engine cannot read (or a setup not valid under the ruleset). */
export class BadRequest extends ProtocolError {}

/** Something the engine does not implement: meldcheck skips what needs it. */
export class Unsupported extends ProtocolError {
  constructor(message, rule) {
    super(message, rule);
    this.code = "unsupported";
  }
}

/** A request that needs a game before `new`. */
export class NoGame extends ProtocolError {
  constructor(message, rule) {
    super(message, rule);
    this.code = "no-game";
  }
}

/** Thrown from `apply` (or returned as `reject(...)`): the step is refused and the position
 *  is unchanged. For engines that refuse by throwing. */
export class Rejected extends Error {
  /** @param {string} reason @param {string} [rule] */
  constructor(reason, rule) {
    super(reason);
    this.reason = reason;
    this.rule = rule;
  }
}

/** Writes to standard error: standard output carries protocol lines only, and meldcheck
 *  shows the tail of standard error when an engine fails, so that is where debugging goes. */
export function log(...parts) {
  process.stderr.write(parts.map((p) => (typeof p === "string" ? p : inspectable(p))).join(" ") + "\n");
}

function inspectable(value) {
  try {
    return typeof value === "bigint" ? String(value) : JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

// ---------------------------------------------------------------------------------------
// Cards and tiles, in the scenario notation (shared/design/scenario-format.md, "Cards and tiles").

export const SUITS = "SHDC"; // the canonical order: spades, hearts, diamonds, clubs
export const COLOURS = "RBOK"; // tiles: red, blue, orange, black
export const RANK_NAMES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const RANKS = new Map(RANK_NAMES.map((name, i) => [name, i + 1]).concat([["T", 10]]));
const SUIT_SYMBOLS = new Map([["\u2660", "S"], ["\u2665", "H"], ["\u2666", "D"], ["\u2663", "C"]]);
// The Swedish rule texts' names, which scenarios/sv writes (suit then rank: "Hj 7", "Ru D").
const SWEDISH_SUITS = new Map([["Sp", "S"], ["Hj", "H"], ["Ru", "D"], ["Kl", "C"]]);
const SWEDISH_RANKS = new Map([["E", 1], ["Kn", 11], ["D", 12], ["K", 13]].concat(
  Array.from({ length: 9 }, (_, i) => [String(i + 2), i + 2])));

/** One card or tile as the notation writes it: a small value object.
 *
 *  rank     1..13 (ace 1; for a tile, its number); 0 for a joker
 *  suit     'S' 'H' 'D' 'C', or a tile's colour 'R' 'B' 'O' 'K'; '' for a joker and for a
 *           rank-only stand-in (JK=7)
 *  isJoker  a joker (JK)
 *  standin  a joker's stand-in on the table (a natural Card, or a rank-only one), or null
 *  builder  the player who laid it into a table meld, when written (8S@B), or null
 *  tiles    written as a Rummikub tile; not part of equality */
export class Card {
  /** @param {number} rank @param {string} suit @param {boolean} [isJoker]
   *  @param {Card|null} [standin] @param {string|null} [builder] @param {boolean} [tiles] */
  constructor(rank, suit, isJoker = false, standin = null, builder = null, tiles = false) {
    this.rank = rank;
    this.suit = suit;
    this.isJoker = isJoker;
    this.standin = standin;
    this.builder = builder;
    this.tiles = tiles;
    Object.freeze(this);
  }

  /** A tile's colour (the suit's place). */
  get colour() {
    return this.suit;
  }

  /** A tile's number (the rank's place). */
  get number() {
    return this.rank;
  }

  /** A stand-in naming a rank (number) alone: JK=7. */
  get isRankOnly() {
    return !this.isJoker && this.suit === "";
  }

  /** The card as it is held: no builder, and a joker without its stand-in. Compare faces
   *  when you look for a card in a hand. */
  get face() {
    return this.isJoker ? new Card(0, "", true, null, null, this.tiles) : new Card(this.rank, this.suit, false, null, null, this.tiles);
  }

  /** The same card marked as laid by `builder` (null: unmarked). */
  withBuilder(builder) {
    return new Card(this.rank, this.suit, this.isJoker, this.standin, builder ?? null, this.tiles);
  }

  /** A joker standing for `standin` (a natural or rank-only card). */
  withStandin(standin) {
    if (!this.isJoker) throw new Error("only a joker has a stand-in");
    return new Card(0, "", true, standin, this.builder, this.tiles);
  }

  /** Equal as the notation means it: rank, suit, joker, stand-in and builder. */
  equals(other) {
    return other instanceof Card && String(this) === String(other) && this.isJoker === other.isJoker;
  }

  toString() {
    const text = this.isJoker ? (this.standin ? "JK=" + faceText(this.standin) : "JK") : faceText(this);
    return text + (this.builder ? "@" + this.builder : "");
  }

  toJSON() {
    return String(this);
  }
}

/** A natural or rank-only card without marks. */
function faceText(c) {
  if (c.suit === "") return c.tiles ? String(c.rank) : RANK_NAMES[c.rank - 1];
  if (c.tiles && COLOURS.includes(c.suit)) return c.suit + c.rank;
  return RANK_NAMES[c.rank - 1] + c.suit;
}

/** A joker, bare or standing for `standin`. */
export function joker(standin = null, builder = null, tiles = false) {
  return new Card(0, "", true, standin, builder, tiles);
}

/** 1..13 written without leading zeros; 0 when it is not one. */
function tileNumber(text) {
  if (!/^[1-9][0-9]?$/.test(text)) return 0;
  const n = Number(text);
  return n <= 13 ? n : 0;
}

/** A natural card or tile ('10H', 'T♥', 'Hj 7', 'R5'), or null. */
function parseNatural(text, notation) {
  if ([...text].length < 2) return null;
  if (notation !== "cards" && COLOURS.includes(text[0]) && tileNumber(text.slice(1))) {
    return new Card(tileNumber(text.slice(1)), text[0], false, null, null, true);
  }
  if (notation === "tiles") return null;
  const chars = [...text];
  const last = chars[chars.length - 1];
  const suit = SUIT_SYMBOLS.get(last) ?? last;
  const rank = chars.slice(0, -1).join("");
  if (suit.length === 1 && SUITS.includes(suit) && RANKS.has(rank)) return new Card(RANKS.get(rank), suit);
  for (const [name, letter] of SWEDISH_SUITS) {
    if (!text.startsWith(name)) continue;
    let r = text.slice(name.length);
    if (r.startsWith(" ")) r = r.slice(1);
    if (SWEDISH_RANKS.has(r)) return new Card(SWEDISH_RANKS.get(r), letter);
  }
  return null;
}

/** A stand-in naming a rank alone: JK=7, JK=Q, JK=13 (a tile's number), JK=Kn (Swedish).
 *  Without a notation, 1, 11, 12 and 13 can only be tile numbers; 2-10 read the same in both
 *  and are taken as cards. */
function parseRankOnly(text, notation) {
  const number = tileNumber(text);
  if (notation === "tiles" || (notation == null && [1, 11, 12, 13].includes(number))) {
    return number ? new Card(number, "", false, null, null, true) : null;
  }
  const rank = RANKS.get(text) ?? SWEDISH_RANKS.get(text);
  return rank ? new Card(rank, "") : null;
}

/** A card or tile in the scenario notation: '10H', 'TH', '10♥', 'R5', 'JK', 'JK=7D', 'JK=7',
 *  'JK=R5', with an optional builder mark '@B'. Swedish names ('Hj 7') are read too, since
 *  scenarios/sv writes them. `notation` is 'cards', 'tiles' or undefined (the text tells).
 *  Throws BadRequest, since a card that does not read makes the request unreadable.
 *  @returns {Card} */
export function parseCard(text, notation) {
  if (typeof text !== "string") throw new BadRequest(`a card is a string, not ${inspectable(text)}`);
  let body = text;
  let builder = null;
  const at = text.indexOf("@");
  if (at >= 0) {
    body = text.slice(0, at);
    builder = text.slice(at + 1);
    if (!/^[A-Za-z0-9]+$/.test(builder)) throw new BadRequest(`not a player after @ in ${JSON.stringify(text)}`);
  }
  const tiles = notation === "tiles";
  if (body === "JK") return new Card(0, "", true, null, builder, tiles);
  if (body.startsWith("JK=")) {
    const inner = body.slice(3);
    const standin = parseNatural(inner, notation) ?? parseRankOnly(inner, notation);
    if (!standin) throw new BadRequest(`not a stand-in: ${JSON.stringify(text)}`);
    return new Card(0, "", true, standin, builder, tiles || standin.tiles);
  }
  const card = parseNatural(body, notation);
  if (!card) throw new BadRequest(`not a ${notation === "tiles" ? "tile" : "card"}: ${JSON.stringify(text)}`);
  return card.withBuilder(builder);
}

/** A JSON list of cards. @returns {Card[]} */
export function parseCards(items, notation) {
  if (!Array.isArray(items)) throw new BadRequest(`a list of cards was expected, not ${inspectable(items)}`);
  return items.map((c) => parseCard(c, notation));
}

/** Cards as the notation writes them (strings pass through). @returns {string[]} */
export function formatCards(cards) {
  return [...cards].map((c) => String(c));
}

// ---------------------------------------------------------------------------------------
// Steps (scenario-format.md, "Steps"): one typed object per kind.

export const STEP_KINDS = ["draw", "take", "meld", "layoff", "swap", "discard", "arrange", "pass", "timeout", "claim", "next_hand"];

/** A step of the game. Each kind is a subclass; `kind` is its name in the notation and
 *  `player` the player named on the step (null: the player to move). */
export class Step {
  constructor(player = null) {
    this.player = player;
  }

  /** The step as the protocol writes it (for `legal`). */
  toJSON() {
    const out = { [this.kind]: this.value() };
    if (this.player != null) out.player = this.player;
    return out;
  }

  value() {
    return null;
  }
}

function meldsJson(melds) {
  return melds.length === 1 ? formatCards(melds[0]) : melds.map(formatCards);
}

/** draw: stock - the top card of the stock (Rummikub: the pool). */
export class Draw extends Step {
  get kind() { return "draw"; }
  value() { return "stock"; }
}

/** take from the discard pile (or row). `how` is 'top', 'count' (the newest `count` cards),
 *  'all', or 'down_to' (down to and including the newest `card`). `take: 1` reads as 'top';
 *  a count of 0 is read (the engine refuses it). */
export class Take extends Step {
  constructor({ how = "top", count = 1, card = null, player = null } = {}) {
    super(player);
    this.how = how;
    this.count = count;
    this.card = card;
  }
  get kind() { return "take"; }
  value() {
    if (this.how === "count") return this.count;
    if (this.how === "down_to") return String(this.card);
    return this.how;
  }
}

/** meld: one or several new melds from the hand, each a list of cards in any order. */
export class Meld extends Step {
  constructor({ melds = [], player = null } = {}) {
    super(player);
    /** @type {Card[][]} */
    this.melds = melds;
  }
  get kind() { return "meld"; }
  value() { return meldsJson(this.melds); }
}

/** layoff: cards built onto table meld `to` (an id such as 'm1'). */
export class Layoff extends Step {
  constructor({ to = "", cards = [], player = null } = {}) {
    super(player);
    this.to = to;
    /** @type {Card[]} */
    this.cards = cards;
  }
  get kind() { return "layoff"; }
  value() { return { to: this.to, cards: formatCards(this.cards) }; }
}

/** swap: a natural `card` from the hand replaces the joker of `meld` standing for it. */
export class Swap extends Step {
  constructor({ meld = "", card = null, player = null } = {}) {
    super(player);
    this.meld = meld;
    this.card = card;
  }
  get kind() { return "swap"; }
  value() { return { meld: this.meld, card: String(this.card) }; }
}

/** discard: one card, ending the turn. */
export class Discard extends Step {
  constructor({ card = null, player = null } = {}) {
    super(player);
    this.card = card;
  }
  get kind() { return "discard"; }
  value() { return String(this.card); }
}

/** arrange (Rummikub): the whole table after the move, every set listed. */
export class Arrange extends Step {
  constructor({ sets = [], player = null } = {}) {
    super(player);
    /** @type {Card[][]} */
    this.sets = sets;
  }
  get kind() { return "arrange"; }
  value() { return this.sets.map(formatCards); }
}

/** pass: decline (a Rummikub turn on an empty pool; the pile at an empty stock). */
export class Pass extends Step {
  get kind() { return "pass"; }
}

/** timeout (Rummikub): the minute ran out. */
export class Timeout extends Step {
  get kind() { return "timeout"; }
}

/** claim: an out-of-turn take by `player`, with the melds or the layoff made with it. */
export class Claim extends Step {
  constructor({ take = new Take(), melds = null, layoff = null, player = null } = {}) {
    super(player);
    this.take = take;
    this.melds = melds;
    this.layoff = layoff;
  }
  get kind() { return "claim"; }
  value() {
    const out = { take: this.take.value() };
    if (this.melds) out.meld = meldsJson(this.melds);
    if (this.layoff) out.layoff = this.layoff.value();
    return out;
  }
}

/** next_hand: the next hand, dealt from `seed` or set up as `setup` (the raw mapping). */
export class NextHand extends Step {
  constructor({ seed = null, setup = null, player = null } = {}) {
    super(player);
    this.seed = seed;
    this.setup = setup;
  }
  get kind() { return "next_hand"; }
  value() { return this.setup ? { ...this.setup } : { seed: this.seed }; }
}

const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
const isInteger = (v) => (typeof v === "number" && Number.isInteger(v)) || typeof v === "bigint";
const sameKeys = (v, keys) => Object.keys(v).length === keys.length && keys.every((k) => k in v);

function parseTake(value, notation) {
  if (value === "top") return new Take({ how: "top", count: 1 });
  if (value === "all") return new Take({ how: "all", count: 0 });
  if (isInteger(value)) {
    const n = Number(value);
    if (n < 0) throw new BadRequest("take: a count is 0 or more");
    return n === 1 ? new Take({ how: "top", count: 1 }) : new Take({ how: "count", count: n });
  }
  return new Take({ how: "down_to", count: 0, card: parseCard(value, notation) });
}

function parseMelds(value, notation) {
  if (!Array.isArray(value) || value.length === 0) throw new BadRequest("meld: a list of cards, or a list of such lists");
  if (value.every(Array.isArray)) return value.map((m) => parseCards(m, notation));
  return [parseCards(value, notation)];
}

function parseLayoff(value, notation) {
  if (!isObject(value) || !sameKeys(value, ["to", "cards"]) || typeof value.to !== "string") {
    throw new BadRequest("layoff: {to: <meld id>, cards: [...]}");
  }
  return new Layoff({ to: value.to, cards: parseCards(value.cards, notation) });
}

function parseSwap(value, notation) {
  if (!isObject(value) || !sameKeys(value, ["meld", "card"]) || typeof value.meld !== "string") {
    throw new BadRequest("swap: {meld: <meld id>, card: <card>}");
  }
  return new Swap({ meld: value.meld, card: parseCard(value.card, notation) });
}

function parseClaim(value, notation) {
  if (!isObject(value) || !("take" in value) || !Object.keys(value).every((k) => ["take", "meld", "layoff"].includes(k))) {
    throw new BadRequest("claim: {take: ..., meld: ... or layoff: ...}");
  }
  if ("meld" in value && "layoff" in value) throw new BadRequest("claim: a meld or a layoff, not both");
  return new Claim({
    take: parseTake(value.take, notation),
    melds: "meld" in value ? parseMelds(value.meld, notation) : null,
    layoff: "layoff" in value ? parseLayoff(value.layoff, notation) : null,
  });
}

function parseNextHand(value) {
  if (!isObject(value)) throw new BadRequest("next_hand: {seed: N} or a setup");
  const keys = Object.keys(value);
  if (keys.every((k) => k === "seed")) {
    const seed = value.seed ?? 0;
    if (!isSeed(seed)) throw new BadRequest("next_hand: a seed is an integer from 0 to 2^64-1");
    return new NextHand({ seed });
  }
  return new NextHand({ setup: { ...value } });
}

// Keys a step may carry besides its action: replay strips `expect` and `then`, and the
// schema's extensions `note` and `listed` may still be there.
const STEP_EXTRAS = new Set(["player", "note", "listed", "expect", "then"]);

/** A step as the protocol sends it ({"draw": "stock"}, {"meld": [...], "player": "B"},
 *  "pass", ...). Throws BadRequest for anything else, an unknown step included.
 *  @returns {Step} */
export function parseStep(value, notation) {
  if (value === "pass") return new Pass();
  if (value === "timeout") return new Timeout();
  if (!isObject(value)) throw new BadRequest(`a step is a mapping, not ${inspectable(value)}`);
  const actions = Object.keys(value).filter((k) => !STEP_EXTRAS.has(k));
  const unknown = actions.find((k) => !STEP_KINDS.includes(k));
  if (unknown !== undefined) throw new BadRequest(`unknown step ${JSON.stringify(unknown)}`);
  if (actions.length !== 1) throw new BadRequest(`a step has exactly one action, not ${actions.length}`);
  const kind = actions[0];
  const v = value[kind];
  let step;
  switch (kind) {
    case "draw":
      if (v !== "stock") throw new BadRequest("draw: stock is the only draw");
      step = new Draw();
      break;
    case "take": step = parseTake(v, notation); break;
    case "meld": step = new Meld({ melds: parseMelds(v, notation) }); break;
    case "layoff": step = parseLayoff(v, notation); break;
    case "swap": step = parseSwap(v, notation); break;
    case "discard": step = new Discard({ card: parseCard(v, notation) }); break;
    case "arrange":
      if (!Array.isArray(v)) throw new BadRequest("arrange: a list of sets");
      step = new Arrange({ sets: v.map((s) => parseCards(s, notation)) });
      break;
    case "pass": step = new Pass(); break;
    case "timeout": step = new Timeout(); break;
    case "claim": step = parseClaim(v, notation); break;
    default: step = parseNextHand(v);
  }
  const player = value.player;
  if (player != null && (typeof player !== "string" || player === "")) throw new BadRequest("player: a player's name");
  step.player = player ?? null;
  return step;
}

// ---------------------------------------------------------------------------------------
// The contract's shuffle and deal (scenario-format.md, "The shuffle").

const MASK64 = (1n << 64n) - 1n;

/** Whether `v` is a seed: an integer from 0 to 2^64-1 (a number or a BigInt). */
function isSeed(v) {
  if (typeof v === "number") return Number.isSafeInteger(v) && v >= 0;
  return typeof v === "bigint" && v >= 0n && v <= MASK64;
}

/** SplitMix64 in its reference form, over BigInt: the state starts at the seed; each next()
 *  adds the golden gamma and mixes. The same numbers on every machine, so deals agree
 *  everywhere. */
export class SplitMix64 {
  /** @param {number|bigint} seed */
  constructor(seed) {
    if (!isSeed(seed)) throw new RangeError("a seed is an integer from 0 to 2^64-1");
    this.state = BigInt(seed);
  }

  /** @returns {bigint} */
  next() {
    this.state = (this.state + 0x9e3779b97f4a7c15n) & MASK64;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
    return z ^ (z >> 31n);
  }
}

/** Fisher-Yates in place, from the last index down, swapping i with next() % (i + 1).
 *  Index 0 of the result is the top. Returns `items`. */
export function shuffle(items, rng) {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Number(rng.next() % BigInt(i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

const ANY_ROUND = [1, 255];

/** What the deal needs to know of each ruleset, from spec/*.yaml: `deck:` (decks by players,
 *  jokers per deck), `deal:` (cards by players and round), `pile_start:`, meld.set_standin,
 *  the variants and options that change them (a deal change is keyed by 'variant' or
 *  'option=choice'), and the options' defaults. Kept in step by the kits' tests against the
 *  scenarios and `meldcheck serve`. */
export const RULESETS = Object.freeze({
  // spec/femhundra-familj.yaml: two decks, no jokers, ten cards, the row instead of a pile.
  "femhundra-familj": {
    notation: "cards", players: [2, 8], decks: [[2, 8, 2]], jokersPerDeck: 0,
    deal: [[2, 8, ...ANY_ROUND, 10]], pileStart: "row", setStandin: "rank",
    noJokerVariants: [], dealChanges: {},
    optionDefaults: { "empty-stock": "hand-ends", "tie-at-500": "shared" },
  },
  // spec/femhundra-rummy.yaml: one deck and its joker; 10 cards for two, 7 for 3-4, 6 for 5-6.
  "femhundra-rummy": {
    notation: "cards", players: [2, 6], decks: [[2, 6, 1]], jokersPerDeck: 1,
    deal: [[2, 2, ...ANY_ROUND, 10], [3, 4, ...ANY_ROUND, 7], [5, 6, ...ANY_ROUND, 6]],
    pileStart: "upcard", setStandin: "card", noJokerVariants: ["no-joker"],
    dealChanges: { "seven-cards": [[2, 6, ...ANY_ROUND, 7]] },
    optionDefaults: { "out-bonus-scope": "going-out-turn", "pile-meld": "new-meld", "swapped-card-scores": "joker-owner" },
  },
  // spec/liverpool.yaml: two decks with three jokers each; seven cards (option deal-size).
  liverpool: {
    notation: "cards", players: [3, 6], decks: [[3, 6, 2]], jokersPerDeck: 3,
    deal: [[3, 6, ...ANY_ROUND, 7]], pileStart: "upcard", setStandin: "rank", noJokerVariants: [],
    dealChanges: {
      "deal-size=ten": [[3, 6, ...ANY_ROUND, 10]],
      "deal-size=ten-then-twelve": [[3, 6, 1, 3, 10], [3, 6, 4, 255, 12]],
    },
    optionDefaults: {
      "deal-size": "seven", "one-go": "same-turn", "freed-joker": "same-round",
      "swap-before-contract": "after-contract", "last-round-discards": "others-discard", "empty-stock": "reshuffle",
    },
  },
  // spec/rummikub.yaml: 106 tiles (two of each, two jokers), fourteen each, no pile.
  rummikub: {
    notation: "tiles", players: [2, 4], decks: [[2, 4, 2]], jokersPerDeck: 1,
    deal: [[2, 4, ...ANY_ROUND, 14]], pileStart: "none", setStandin: "determined", noJokerVariants: [],
    dealChanges: {},
    optionDefaults: {
      rounds: "one", "empty-pool": "first-stuck", "short-penalty": "draw-what-is-left",
      "lowest-tie": "split", "best-move": "most-tiles",
    },
  },
  // spec/rummy500.yaml: one deck and two jokers for 2-4, two decks and four for 5-8;
  // thirteen cards for two players, seven otherwise.
  rummy500: {
    notation: "cards", players: [2, 8], decks: [[2, 4, 1], [5, 8, 2]], jokersPerDeck: 2,
    deal: [[2, 2, ...ANY_ROUND, 13], [3, 8, ...ANY_ROUND, 7]], pileStart: "upcard", setStandin: "rank",
    noJokerVariants: ["no-jokers"], dealChanges: {},
    optionDefaults: { "deep-card-use": "meld-or-layoff", "ace-runs": "low-or-high" },
  },
});

function rulesetOf(ruleset) {
  if (!Object.hasOwn(RULESETS, ruleset)) throw new BadRequest(`unknown ruleset ${JSON.stringify(ruleset)}`);
  return RULESETS[ruleset];
}

function decksFor(rs, players) {
  const rule = rs.decks.find(([lo, hi]) => lo <= players && players <= hi);
  if (!rule) throw new BadRequest(`${players} players is not a game of this ruleset (${rs.players.join("-")})`);
  return rule[2];
}

/** The ruleset's whole deck in the contract's canonical order: cards by suit S H D C, each
 *  A..K, once per copy, then the jokers; tiles by colour R B O K, 1..13 per copy, then the
 *  jokers. A variant without jokers leaves them out. @returns {Card[]} */
export function canonicalDeck(ruleset, players, variants = []) {
  const rs = rulesetOf(ruleset);
  const decks = decksFor(rs, players);
  const tiles = rs.notation === "tiles";
  const letters = tiles ? COLOURS : SUITS;
  const cards = [];
  for (let copy = 0; copy < decks; copy++) {
    for (const s of letters) for (let rank = 1; rank <= 13; rank++) cards.push(new Card(rank, s, false, null, null, tiles));
  }
  const jokers = variants.some((v) => rs.noJokerVariants.includes(v)) ? 0 : rs.jokersPerDeck * decks;
  for (let j = 0; j < jokers; j++) cards.push(new Card(0, "", true, null, null, tiles));
  return cards;
}

/** The cards dealt to each player: the ruleset's `deal:` as its variants and options change it
 *  (round: Liverpool's ten-then-twelve deals by round). */
export function handSize(ruleset, players, variants = [], options = {}, round = 1) {
  const rs = rulesetOf(ruleset);
  let rules = rs.deal;
  const keys = [...variants, ...Object.entries(options).map(([o, c]) => `${o}=${c}`)];
  for (const [key, changed] of Object.entries(rs.dealChanges)) if (keys.includes(key)) rules = changed;
  const r = Math.min(round, 255);
  const rule = rules.find(([lo, hi, rlo, rhi]) => lo <= players && players <= hi && rlo <= r && r <= rhi);
  if (!rule) throw new BadRequest(`${players} players is not a game of this ruleset`);
  return rule[4];
}

/** A, B, C, ... in seating order. */
export function seatNames(players) {
  return Array.from({ length: players }, (_, i) => String.fromCharCode(65 + i));
}

/** The contract's deal: the whole deck shuffled with `seed`, dealt one card at a time from
 *  the top starting with the player after the dealer (the dealer is the last player unless
 *  named), then the upcard where the ruleset turns one; the rest is the stock.
 *  @returns {{players: string[], hands: Object<string, Card[]>, stock: Card[], discard: Card[],
 *             dealer: string, toMove: string, phase: string, rng: SplitMix64}}
 *  hands in the order dealt; stock top first; discard oldest first; rng as the deal left it. */
export function deal(ruleset, players, seed = 0, { dealer = null, variants = [], options = {}, round = 1 } = {}) {
  const rs = rulesetOf(ruleset);
  const names = seatNames(players);
  if (!(rs.players[0] <= players && players <= rs.players[1])) {
    throw new BadRequest(`${ruleset} is played by ${rs.players.join("-")} players, not ${players}`);
  }
  if (!isSeed(seed)) throw new BadRequest("a seed is an integer from 0 to 2^64-1");
  dealer = dealer ?? names[names.length - 1];
  if (!names.includes(dealer)) throw new BadRequest(`dealer ${JSON.stringify(dealer)} is not a player of this game`);
  const rng = new SplitMix64(seed);
  const cards = shuffle(canonicalDeck(ruleset, players, variants), rng);
  const first = (names.indexOf(dealer) + 1) % players;
  const order = names.slice(first).concat(names.slice(0, first));
  const hands = Object.fromEntries(names.map((n) => [n, []]));
  let top = 0;
  const size = handSize(ruleset, players, variants, options, round);
  for (let k = 0; k < size; k++) {
    for (const name of order) if (top < cards.length) hands[name].push(cards[top++]);
  }
  const discard = [];
  if (rs.pileStart === "upcard" && top < cards.length) discard.push(cards[top++]);
  return {
    players: names, hands, stock: cards.slice(top), discard, dealer, toMove: order[0],
    phase: rs.pileStart === "row" ? "row" : "draw", rng,
  };
}

// ---------------------------------------------------------------------------------------
// The state answer (engine-protocol.md, "state").

/** A meld on the table: its id ('m1', ...), its owner (who laid it; null where the game
 *  gives melds no owner, as after a Rummikub arrange) and its cards in order, jokers with
 *  their stand-ins and cards laid by others marked with their builder. */
export class TableMeld {
  /** @param {string} id @param {(Card|string)[]} cards @param {string|null} [owner] */
  constructor(id, cards, owner = null) {
    this.id = id;
    this.cards = cards;
    this.owner = owner;
  }

  toJSON() {
    const out = { id: this.id };
    if (this.owner != null) out.owner = this.owner;
    out.cards = this.cards.map((c) => {
      const card = typeof c === "string" ? parseCard(c) : c;
      // @P only where the builder is not the owner, as the notation writes it.
      return String(card.builder === this.owner ? card.withBuilder(null) : card);
    });
    return out;
  }
}

/** The `state` answer's object: a setup that reads back to the position.
 *
 *  hands      each player's cards, in seating order (the object's order)
 *  stock      the whole stock, top first (written with rest: out: every card is named)
 *  discard    the pile (or row), oldest first
 *  table      the melds on the table (TableMeld)
 *  toMove, phase, roundOver, gameOver
 *  totals     running match totals (default 0 each)
 *  opened     who has opened (default: who owns a meld on the table)
 *  extra      keys the ruleset has: round (Liverpool), first_lap (femhundra-rummy), ... */
export function writeState({
  hands, stock, discard = [], table = [], toMove = "A", phase = "draw",
  roundOver = false, gameOver = false, totals = {}, opened = {}, extra = {},
}) {
  const owners = new Set(table.map((m) => m.owner));
  const players = {};
  for (const [name, hand] of Object.entries(hands)) {
    players[name] = {
      hand: formatCards(hand),
      total: Number(totals[name] ?? 0),
      opened: Boolean(opened[name] ?? owners.has(name)),
    };
  }
  return {
    players,
    stock: formatCards(stock),
    rest: "out",
    discard: formatCards(discard),
    table: table.map((m) => m.toJSON()),
    to_move: toMove,
    phase,
    ...extra,
    round_over: Boolean(roundOver),
    game_over: Boolean(gameOver),
  };
}

/** The cards of a meld with every joker given its canonical stand-in, for engines that place
 *  jokers by position: `kind` 'run' (cards in order, low to high, jokers where they stand) or
 *  'set'. In a run a joker stands for the whole card its place says (an ace may end a run
 *  high, or turn the corner, since card ranks count round); in a set, by the ruleset: a rank
 *  (rummy500, liverpool, femhundra-familj), a whole card of a suit the set lacks
 *  (femhundra-rummy), or in Rummikub a number in a group of three and the missing tile in a
 *  group of four. Throws RangeError for a meld with no natural card. @returns {Card[]} */
export function nameJokers(cards, kind, ruleset) {
  const rs = rulesetOf(ruleset);
  const tiles = rs.notation === "tiles";
  const i0 = cards.findIndex((c) => !c.isJoker);
  if (i0 < 0) throw new RangeError("a meld needs a natural card to name its jokers");
  const c0 = cards[i0];
  if (kind === "run") {
    return cards.map((c, i) => {
      if (!c.isJoker) return c;
      let rank = c0.rank + i - i0;
      if (!tiles) rank = ((((rank - 1) % 13) + 13) % 13) + 1;
      else if (rank < 1 || rank > 13) throw new RangeError("a run of tiles goes from 1 to 13");
      return c.withStandin(new Card(rank, c0.suit, false, null, null, tiles));
    });
  }
  const present = new Set(cards.filter((c) => !c.isJoker).map((c) => c.suit));
  const missing = [...(tiles ? COLOURS : SUITS)].filter((s) => !present.has(s));
  const whole = rs.setStandin === "card" || (rs.setStandin === "determined" && cards.length === 4);
  return cards.map((c) => {
    if (!c.isJoker) return c;
    if (whole && missing.length) return c.withStandin(new Card(c0.rank, missing.shift(), false, null, null, tiles));
    return c.withStandin(new Card(c0.rank, "", false, null, null, tiles));
  });
}

/** A `setup` mapping read: players (name -> {hand, total, opened}), stock, discard, table
 *  (TableMeld), toMove, phase, rest, seed, and `extra` for the other keys (round, first_lap,
 *  turn, offer, ... as the scenario schema has them). Throws BadRequest where it does not read. */
export function parseSetup(value, notation) {
  if (!isObject(value) || !isObject(value.players) || Object.keys(value.players).length === 0) {
    throw new BadRequest("setup: players is a mapping of players");
  }
  const players = {};
  for (const [name, seat] of Object.entries(value.players)) {
    if (!isObject(seat) || !("hand" in seat)) throw new BadRequest(`setup: player ${name} needs a hand`);
    players[name] = { hand: parseCards(seat.hand, notation), total: Number(seat.total ?? 0), opened: seat.opened ?? null };
  }
  const table = (value.table ?? []).map((meld, k) => {
    if (!isObject(meld) || !("cards" in meld)) throw new BadRequest("setup: a table meld is {id, owner, cards}");
    return new TableMeld(String(meld.id ?? `m${k + 1}`), parseCards(meld.cards, notation), meld.owner ?? null);
  });
  const known = new Set(["players", "stock", "discard", "table", "to_move", "phase", "rest", "seed"]);
  return {
    players, table,
    stock: parseCards(value.stock ?? [], notation),
    discard: parseCards(value.discard ?? [], notation),
    toMove: value.to_move ?? Object.keys(players)[0],
    phase: value.phase ?? "draw",
    rest: value.rest ?? "stock",
    seed: value.seed ?? 0,
    extra: Object.fromEntries(Object.entries(value).filter(([k]) => !known.has(k))),
  };
}

// ---------------------------------------------------------------------------------------
// hello (engine-protocol.md, "hello" and its `implements`).

/** What an engine plays within its rulesets (test262's feature flags). A key left undefined
 *  is left out, which means "all of it": an engine that says nothing implements everything.
 *
 *  steps     kinds of step it plays (STEP_KINDS)
 *  starts    'deal' (the contract's shuffle and deal) and/or 'setup' (any position)
 *  scores    `score` tells a hand's round_scores
 *  totals    `score` tells the running totals, game_over and winner
 *  ruleIds   a refusal names meldcheck's rule id (rule_ids in the protocol) */
export class Implements {
  constructor({ steps, starts, scores, totals, ruleIds } = {}) {
    for (const s of steps ?? []) if (!STEP_KINDS.includes(s)) throw new RangeError(`unknown step kind ${s}`);
    for (const s of starts ?? []) if (s !== "deal" && s !== "setup") throw new RangeError(`a start is deal or setup, not ${s}`);
    this.steps = steps;
    this.starts = starts;
    this.scores = scores;
    this.totals = totals;
    this.ruleIds = ruleIds;
  }

  toJSON() {
    const out = {};
    if (this.steps !== undefined) out.steps = [...this.steps];
    if (this.starts !== undefined) out.starts = [...this.starts];
    if (this.scores !== undefined) out.scores = this.scores;
    if (this.totals !== undefined) out.totals = this.totals;
    if (this.ruleIds !== undefined) out.rule_ids = this.ruleIds;
    return out;
  }

  /** These keys over `base`'s (a ruleset's entry over the top's). */
  over(base) {
    if (!base) return this;
    const pick = (k) => (this[k] !== undefined ? this[k] : base[k]);
    return new Implements({ steps: pick("steps"), starts: pick("starts"), scores: pick("scores"), totals: pick("totals"), ruleIds: pick("ruleIds") });
  }
}

/** A ruleset the engine plays: the variants it knows, and for each option it knows the
 *  choices it can play (an option left out is played at its default only). */
export class RulesetSupport {
  constructor({ id, variants = [], options = {}, implements: impl } = {}) {
    this.id = id;
    this.variants = variants;
    this.options = options;
    this.implements = impl;
  }

  toJSON() {
    const out = { id: this.id, variants: [...this.variants], options: { ...this.options } };
    if (this.implements) out.implements = this.implements.toJSON();
    return out;
  }
}

/** The engine's introduction: name, version, rulesets, and what it implements (for every
 *  ruleset; a ruleset's own `implements` goes over it). */
export class Hello {
  constructor({ name, version, rulesets, implements: impl } = {}) {
    this.name = name;
    this.version = version;
    /** @type {RulesetSupport[]} */
    this.rulesets = rulesets;
    this.implements = impl;
  }

  ruleset(id) {
    return this.rulesets.find((r) => r.id === id);
  }

  /** What the engine implements in one ruleset, the top's keys under the ruleset's. */
  implementsFor(id) {
    const own = this.ruleset(id)?.implements;
    if (!own) return this.implements ?? new Implements();
    return own.over(this.implements);
  }

  answer(requests) {
    const out = { ok: true, protocol: PROTOCOL, engine: { name: this.name, version: this.version }, rulesets: this.rulesets.map((r) => r.toJSON()) };
    if (this.implements) out.implements = this.implements.toJSON();
    out.requests = [...requests];
    return out;
  }
}

// ---------------------------------------------------------------------------------------
// new and apply, as the adapter's handlers receive and answer them.

/** A `new` request, read: ruleset, variants, options (as sent), and either `deal`
 *  ({players, seed, dealer}; seed a number or a BigInt) or `setup` (the raw mapping;
 *  parseSetup reads it). */
export class NewGame {
  constructor({ ruleset, variants = [], options = {}, deal: d = null, setup = null }) {
    this.ruleset = ruleset;
    this.variants = variants;
    this.options = options;
    this.deal = d;
    this.setup = setup;
  }

  /** 'cards' or 'tiles': how this ruleset writes its cards. */
  get notation() {
    return RULESETS[this.ruleset]?.notation ?? "cards";
  }

  /** The choice of an option: as sent, else the ruleset's default. */
  option(id) {
    return this.options[id] ?? RULESETS[this.ruleset]?.optionDefaults[id];
  }

  /** The contract's deal for this game's `deal`. */
  dealt() {
    if (!this.deal) throw new BadRequest("this game starts from a setup, not a deal");
    return deal(this.ruleset, this.deal.players, this.deal.seed, { dealer: this.deal.dealer, variants: this.variants, options: this.options });
  }
}

/** apply's answer: the step carried out, or refused with the engine's reason and, where the
 *  engine knows it, meldcheck's rule id. */
export class Verdict {
  constructor(ok, reason = "", rule = null) {
    this.ok = ok;
    this.reason = reason;
    this.rule = rule;
  }
}

/** The step was carried out. */
export const ok = () => new Verdict(true);
/** The step was refused; the position is exactly as before. */
export const reject = (reason, rule = null) => new Verdict(false, reason, rule);

function readNew(req) {
  const { ruleset, variants = [], options = {} } = req;
  if (typeof ruleset !== "string") throw new BadRequest("new needs a ruleset id");
  if (!Array.isArray(variants) || !variants.every((v) => typeof v === "string")) throw new BadRequest("variants: a list of variant ids");
  if (!isObject(options) || !Object.values(options).every((v) => typeof v === "string")) {
    throw new BadRequest("options: a mapping of option ids to choices");
  }
  if (("deal" in req) === ("setup" in req)) throw new BadRequest("new needs a deal or a setup");
  if ("setup" in req) {
    if (!isObject(req.setup)) throw new BadRequest("setup: a mapping");
    return new NewGame({ ruleset, variants, options, setup: req.setup });
  }
  const d = req.deal;
  if (!isObject(d) || !Object.keys(d).every((k) => ["players", "seed", "dealer"].includes(k))) {
    throw new BadRequest("deal: {players, seed, dealer}");
  }
  const { players, seed = 0, dealer = null } = d;
  if (typeof players !== "number" || !Number.isInteger(players) || players < 2 || players > 8) throw new BadRequest("deal: players is 2 to 8");
  if (!isSeed(seed)) throw new BadRequest("deal: a seed is an integer from 0 to 2^64-1");
  if (dealer != null && !seatNames(players).includes(dealer)) throw new BadRequest(`deal: dealer ${JSON.stringify(dealer)} is not a player of the game`);
  return new NewGame({ ruleset, variants, options, deal: { players, seed: BigInt(seed), dealer } });
}

// ---------------------------------------------------------------------------------------
// JSON with integers beyond 2^53 (seeds go to 2^64-1): read as BigInt, written as numbers.

const BIG = "\u0000bigint:";

/** JSON.parse, but an integer too large for a number is read as a BigInt. */
export function parseJson(text) {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (ch === "-" || (ch >= "0" && ch <= "9")) {
      let j = i + 1;
      while (j < text.length && /[0-9.eE+-]/.test(text[j])) j++;
      const token = text.slice(i, j);
      out += /^-?[0-9]+$/.test(token) && !Number.isSafeInteger(Number(token)) ? JSON.stringify(BIG + token) : token;
      i = j;
    } else {
      out += ch;
      i++;
    }
  }
  return JSON.parse(out, (_, v) => (typeof v === "string" && v.startsWith(BIG) ? BigInt(v.slice(BIG.length)) : v));
}

/** JSON.stringify on one line, BigInt written as a plain integer. */
export function toJsonLine(value) {
  const text = JSON.stringify(value, (_, v) => (typeof v === "bigint" ? BIG + v : v));
  return text.replace(/"\\u0000bigint:(-?[0-9]+)"/g, "$1");
}

// ---------------------------------------------------------------------------------------
// The request loop.

// Requests an adapter may implement, each a method of the same name: hello is required (it
// answers hello), quit is optional (called before the loop ends). A handler may be async.
const HANDLERS = ["new", "apply", "state", "legal", "score"];

function errorAnswer(code, message, rule) {
  const error = { code, message };
  if (rule) error.rule = rule;
  return { ok: false, error };
}

/** The id to repeat: an integer (or a string) when one can be read, else null. */
function requestId(req) {
  const id = isObject(req) ? req.id : undefined;
  return (typeof id === "number" && Number.isInteger(id)) || typeof id === "bigint" || typeof id === "string" ? id : null;
}

/** One engine process's conversation: the adapter, and whether a game has been started.
 *
 *  The adapter is any object with these methods (each optional but hello; each may be async):
 *    hello() -> Hello
 *    new(game: NewGame)            throw BadRequest/Unsupported to refuse
 *    apply(step: Step) -> Verdict  ok() / reject(reason, rule); or throw Rejected
 *    state() -> object             writeState({...})
 *    legal() -> Step[] (or plain step objects)
 *    score() -> object             round_over, round_scores, totals, game_over, winner
 *    quit() */
export class Session {
  constructor(adapter) {
    this.adapter = adapter;
    this.helloInfo = null;
    /** @type {NewGame|null} the game started last, null before new */
    this.game = null;
    this.done = false;
  }

  async hello() {
    if (!this.helloInfo) {
      const info = await this.adapter.hello();
      if (!(info instanceof Hello)) throw new TypeError("the adapter's hello() must return a Hello");
      this.helloInfo = info;
    }
    return this.helloInfo;
  }

  /** hello's `requests`: what this adapter implements. */
  requests() {
    return ["hello", ...HANDLERS.filter((h) => typeof this.adapter[h] === "function"), "quit"];
  }

  /** The answer to one line of input, as one line of JSON (no newline). Never throws: an
   *  answer that is not JSON (a cycle, say) is an internal error. Cards and steps in an
   *  answer are written in the notation (their toJSON). */
  async answerLine(line) {
    const out = await this.answer(line);
    try {
      return toJsonLine(out);
    } catch (e) {
      process.stderr.write(`${e?.stack ?? e}\n`);
      return toJsonLine({ id: out.id, ...errorAnswer("internal", `${e?.name ?? "Error"}: ${e?.message ?? e}`) });
    }
  }

  /** The answer to one line of input, as an object. Never throws. */
  async answer(line) {
    let req;
    let out;
    try {
      try {
        req = parseJson(line);
      } catch (e) {
        throw new BadRequest(`not JSON: ${e.message}`);
      }
      if (!isObject(req)) throw new BadRequest("a request is a JSON object");
      if (!(typeof req.id === "number" && Number.isInteger(req.id)) && typeof req.id !== "bigint") {
        throw new BadRequest("a request needs an integer id");
      }
      if (typeof req.cmd !== "string") throw new BadRequest("a request needs a cmd");
      out = await this.handle(req);
    } catch (e) {
      if (e instanceof ProtocolError) {
        out = errorAnswer(e.code, e.message, e.rule);
      } else {
        // A bug in the adapter or its engine: say so, and keep serving.
        process.stderr.write(`${e?.stack ?? e}\n`);
        out = errorAnswer("internal", `${e?.name ?? "Error"}: ${e?.message ?? e}`);
      }
    }
    return { id: requestId(req), ...out };
  }

  /** One request (an object with id and cmd) to its answer without the id. */
  async handle(req) {
    const { cmd } = req;
    if (cmd === "hello") return (await this.hello()).answer(this.requests());
    if (cmd === "quit") {
      if (typeof this.adapter.quit === "function") await this.adapter.quit();
      this.done = true;
      return { ok: true };
    }
    if (!HANDLERS.includes(cmd)) throw new Unsupported(`unknown request ${JSON.stringify(cmd)}`);
    if (typeof this.adapter[cmd] !== "function") throw new Unsupported(`${cmd} is not implemented`);
    if (cmd === "new") return this.newGame(req);
    if (!this.game) throw new NoGame("no game: send new first");
    if (cmd === "apply") return this.apply(req);
    if (cmd === "state") return { ok: true, state: await this.adapter.state() };
    if (cmd === "legal") {
      const steps = await this.adapter.legal();
      return { ok: true, steps: steps.map((s) => (s instanceof Step ? s.toJSON() : s)) };
    }
    const score = await this.adapter.score();
    return { ok: true, ...score };
  }

  async newGame(req) {
    const game = readNew(req);
    const info = await this.hello();
    const rs = info.ruleset(game.ruleset);
    if (!rs) throw new Unsupported(`this engine does not play ${game.ruleset}`);
    for (const v of game.variants) if (!rs.variants.includes(v)) throw new Unsupported(`this engine does not play variant ${v}`);
    const defaults = RULESETS[game.ruleset]?.optionDefaults ?? {};
    for (const [o, choice] of Object.entries(game.options)) {
      if (!(rs.options[o] ?? [defaults[o]]).includes(choice)) throw new Unsupported(`this engine does not play option ${o}=${choice}`);
    }
    const starts = info.implementsFor(game.ruleset).starts;
    const start = game.deal ? "deal" : "setup";
    if (starts !== undefined && !starts.includes(start)) throw new Unsupported(`this engine starts games by ${starts.join(" or ")} only`);
    await this.adapter.new(game);
    this.game = game; // only a game the adapter took replaces the old one
    return { ok: true };
  }

  async apply(req) {
    if (!("step" in req)) throw new BadRequest("apply needs a step");
    const step = parseStep(req.step, this.game.notation);
    const steps = (await this.hello()).implementsFor(this.game.ruleset).steps;
    if (steps !== undefined && !steps.includes(step.kind)) throw new Unsupported(`this engine does not play ${step.kind} steps`);
    let verdict;
    try {
      verdict = await this.adapter.apply(step);
    } catch (e) {
      if (!(e instanceof Rejected)) throw e;
      verdict = reject(e.reason, e.rule);
    }
    if (verdict == null || (verdict instanceof Verdict && verdict.ok)) return { ok: true, verdict: "ok" };
    if (!(verdict instanceof Verdict)) throw new TypeError(`apply must return ok() or reject(...), not ${inspectable(verdict)}`);
    const out = { ok: true, verdict: "reject", reason: verdict.reason };
    if (verdict.rule) out.rule = verdict.rule;
    return out;
  }
}

/** Answers requests from `input` (default: standard input) on `output` (default: standard
 *  output) until quit or the end of input: one line per request, written at once, each
 *  request answered before the next is read. Blank lines are no requests and get no answer.
 *
 *  While it serves, console.log, console.info and console.debug write to standard error,
 *  so that a log line left in the engine cannot break the protocol. Resolves when done. */
export async function serve(adapter, { input = process.stdin, output = process.stdout } = {}) {
  const session = new Session(adapter);
  const saved = { log: console.log, info: console.info, debug: console.debug };
  console.log = console.info = console.debug = (...args) => console.error(...args);
  const lines = createInterface({ input, crlfDelay: Infinity, terminal: false });
  try {
    for await (const line of lines) {
      if (!line.trim()) continue;
      const answer = await session.answerLine(line);
      await new Promise((resolve) => output.write(answer + "\n", resolve));
      if (session.done) break;
    }
  } finally {
    lines.close();
    if (input === process.stdin) input.pause();
    Object.assign(console, saved);
  }
}
