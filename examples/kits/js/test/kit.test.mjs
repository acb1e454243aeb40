// Unit tests of the JavaScript kit: node --test examples/kits/js/test/ (node 20). The notation
// and step cases are the JSON files of examples/kits/fixtures, which the Python kit's tests
// read too, so both kits are held to the same answers.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";
import * as mp from "../meldcheck-protocol.mjs";

const fixture = (name) => JSON.parse(readFileSync(fileURLToPath(new URL(`../../fixtures/${name}`, import.meta.url)), "utf8"));
const names = (cards) => cards.map(String);

test("cards and tiles read and write back", () => {
  for (const c of fixture("notation.json").read) {
    const card = mp.parseCard(c.text);
    assert.equal(String(card), c.writes, c.text);
    assert.equal(card.isJoker, c.is_joker, c.text);
    if ("rank" in c) assert.equal(card.rank, c.rank, c.text);
    if ("suit" in c) assert.equal(card.suit, c.suit, c.text);
    if ("builder" in c) assert.equal(card.builder, c.builder, c.text);
    if ("standin" in c) {
      assert.equal(String(card.standin), c.standin, c.text);
      if ("standin_rank" in c) assert.deepEqual([card.standin.rank, card.standin.suit], [c.standin_rank, c.standin_suit]);
    }
    assert.ok(mp.parseCard(String(card)).equals(card), c.text);
  }
});

test("texts that are no card are bad requests", () => {
  for (const text of [...fixture("notation.json").bad, 7, null, ["7H"]]) {
    assert.throws(() => mp.parseCard(text), mp.BadRequest, JSON.stringify(text));
  }
});

test("a notation restricts what reads", () => {
  for (const c of fixture("notation.json").notation) {
    if (c.bad) assert.throws(() => mp.parseCard(c.text, c.notation), mp.BadRequest, c.text);
    else assert.equal(String(mp.parseCard(c.text, c.notation)), c.writes);
  }
});

test("a card is a value object", () => {
  const tile = mp.parseCard("O12");
  assert.deepEqual([tile.colour, tile.number, tile.tiles], ["O", 12, true]);
  assert.ok(mp.parseCard("JK=7D@B").face.equals(mp.parseCard("JK")));
  assert.ok(mp.parseCard("8S@B").face.equals(mp.parseCard("8S")));
  assert.equal(String(mp.parseCard("JK").withStandin(mp.parseCard("R5"))), "JK=R5");
  assert.equal(String(mp.parseCard("8S").withBuilder("C")), "8S@C");
  assert.ok(mp.parseCard("7\u2665").equals(mp.parseCard("Hj 7")));
  assert.ok(Object.isFrozen(tile));
  assert.throws(() => mp.parseCard("7H").withStandin(mp.parseCard("7D")));
  assert.equal(JSON.stringify([mp.parseCard("TS")]), '["10S"]');
});

test("every kind of step is read into its object and written back", () => {
  const cases = fixture("steps.json").read;
  assert.deepEqual(new Set(cases.map((c) => c.kind)), new Set(mp.STEP_KINDS));
  for (const c of cases) {
    const step = mp.parseStep(c.step);
    const what = JSON.stringify(c.step);
    assert.equal(step.kind, c.kind, what);
    assert.equal(step.player, c.player ?? null, what);
    assert.deepEqual(step.toJSON(), c.writes, what);
    assert.deepEqual(mp.parseStep(step.toJSON()).toJSON(), c.writes, what);
    for (const key of ["how", "count", "to", "meld", "seed"]) if (key in c) assert.equal(step[key], c[key], what);
    if ("card" in c) assert.equal(String(step.card), c.card, what);
    if ("cards" in c) assert.deepEqual(names(step.cards), c.cards, what);
    if ("melds" in c) assert.deepEqual(step.melds.map(names), c.melds, what);
    if ("sets" in c) assert.deepEqual(step.sets.map(names), c.sets, what);
  }
  const claim = mp.parseStep({ claim: { take: 2, layoff: { to: "m3", cards: ["QC"] } }, player: "C" });
  assert.ok(claim instanceof mp.Claim && claim.take instanceof mp.Take && claim.layoff instanceof mp.Layoff);
  assert.deepEqual([claim.take.how, claim.take.count, claim.melds], ["count", 2, null]);
  assert.ok(mp.parseStep("pass") instanceof mp.Pass);
  assert.ok(mp.parseStep({ take: "7H" }).card instanceof mp.Card);
});

test("steps that do not read are bad requests", () => {
  for (const step of fixture("steps.json").bad) assert.throws(() => mp.parseStep(step), mp.BadRequest, JSON.stringify(step));
});

test("SplitMix64 gives the contract's reference outputs", () => {
  const rng = new mp.SplitMix64(0);
  assert.equal(rng.next(), 0xe220a8397b1dcdafn);
  assert.equal(rng.next(), 0x6e789e6aa1b965f4n);
  assert.equal(new mp.SplitMix64(0n).next(), 0xe220a8397b1dcdafn);
  assert.ok(new mp.SplitMix64((1n << 64n) - 1n).next() < 1n << 64n);
  for (const seed of [-1, 1n << 64n, 1.5, 2 ** 60, "7", true]) assert.throws(() => new mp.SplitMix64(seed), RangeError, String(seed));
});

test("the shuffle is Fisher-Yates from the last index down", () => {
  const rng = new mp.SplitMix64(0);
  const expected = [0, 1, 2, 3, 4];
  for (let i = 4; i > 0; i--) {
    const j = Number(rng.next() % BigInt(i + 1));
    [expected[i], expected[j]] = [expected[j], expected[i]];
  }
  assert.deepEqual(mp.shuffle([0, 1, 2, 3, 4], new mp.SplitMix64(0)), expected);
  assert.deepEqual(mp.shuffle([], new mp.SplitMix64(0)), []);
});

test("decks and hand sizes by ruleset", () => {
  const sizes = [["rummikub", 2, [], 106], ["rummy500", 4, [], 54], ["rummy500", 5, [], 108], ["rummy500", 5, ["no-jokers"], 104],
    ["femhundra-familj", 3, [], 104], ["femhundra-rummy", 3, [], 53], ["femhundra-rummy", 3, ["no-joker"], 52], ["liverpool", 4, [], 110]];
  for (const [ruleset, players, variants, size] of sizes) assert.equal(mp.canonicalDeck(ruleset, players, variants).length, size, ruleset);
  const cards = names(mp.canonicalDeck("rummy500", 2));
  assert.deepEqual([...cards.slice(0, 3), ...cards.slice(12, 15), ...cards.slice(-3)], ["AS", "2S", "3S", "KS", "AH", "2H", "KC", "JK", "JK"]);
  const tiles = names(mp.canonicalDeck("rummikub", 4));
  assert.deepEqual([...tiles.slice(0, 2), ...tiles.slice(12, 14), ...tiles.slice(51, 54), ...tiles.slice(-2)],
    ["R1", "R2", "R13", "B1", "K13", "R1", "R2", "JK", "JK"]);
  assert.throws(() => mp.canonicalDeck("rummikub", 5), mp.BadRequest);
  assert.throws(() => mp.canonicalDeck("canasta", 4), mp.BadRequest);
  const hands = [["rummikub", 3, [], {}, 14], ["rummy500", 2, [], {}, 13], ["rummy500", 3, [], {}, 7], ["femhundra-rummy", 2, [], {}, 10],
    ["femhundra-rummy", 4, [], {}, 7], ["femhundra-rummy", 6, [], {}, 6], ["femhundra-rummy", 2, ["seven-cards"], {}, 7],
    ["femhundra-familj", 8, [], {}, 10], ["liverpool", 4, [], {}, 7], ["liverpool", 4, [], { "deal-size": "ten" }, 10],
    ["liverpool", 4, [], { "deal-size": "ten-then-twelve" }, 10]];
  for (const [ruleset, players, variants, options, size] of hands) assert.equal(mp.handSize(ruleset, players, variants, options), size, ruleset);
  assert.equal(mp.handSize("liverpool", 4, [], { "deal-size": "ten-then-twelve" }, 4), 12);
});

test("the deal's dealer, phase and errors", () => {
  const dealt = mp.deal("rummy500", 3, 7, { dealer: "A" });
  assert.deepEqual([dealt.dealer, dealt.toMove], ["A", "B"]);
  assert.equal(mp.deal("rummy500", 3, 7).toMove, "A");
  assert.equal(mp.deal("femhundra-familj", 2, 3).phase, "row");
  for (const [ruleset, players, seed] of [["rummy500", 9, 1], ["rummikub", 5, 1], ["liverpool", 2, 1], ["rummy500", 3, -1], ["rummy500", 3, 1n << 64n]]) {
    assert.throws(() => mp.deal(ruleset, players, seed), mp.BadRequest);
  }
  assert.throws(() => mp.deal("rummy500", 3, 1, { dealer: "D" }), mp.BadRequest);
  const big = mp.deal("rummikub", 4, (1n << 64n) - 1n);
  assert.equal(Object.values(big.hands).reduce((n, h) => n + h.length, 0) + big.stock.length, 106);
});

test("the state writer's shape", () => {
  const c = mp.parseCard;
  const state = mp.writeState({
    hands: { A: [c("7S"), "JK"], B: [c("KD")] },
    stock: [c("5C"), c("9H")],
    discard: [c("3S")],
    table: [new mp.TableMeld("m1", [c("4S"), c("5S@A"), c("JK=6S"), c("7S@B")], "A"), new mp.TableMeld("m2", [c("R1"), c("R2"), c("R3")])],
    toMove: "B", phase: "play", totals: { A: 120 }, extra: { round: 3 },
  });
  assert.deepEqual(Object.keys(state), ["players", "stock", "rest", "discard", "table", "to_move", "phase", "round", "round_over", "game_over"]);
  assert.deepEqual(state, {
    players: { A: { hand: ["7S", "JK"], total: 120, opened: true }, B: { hand: ["KD"], total: 0, opened: false } },
    stock: ["5C", "9H"], rest: "out", discard: ["3S"],
    table: [{ id: "m1", owner: "A", cards: ["4S", "5S", "JK=6S", "7S@B"] }, { id: "m2", cards: ["R1", "R2", "R3"] }],
    to_move: "B", phase: "play", round: 3, round_over: false, game_over: false,
  });
  const over = mp.writeState({ hands: { A: [] }, stock: [], opened: { A: true }, roundOver: true, gameOver: true });
  assert.deepEqual([over.players.A.opened, over.round_over, over.game_over], [true, true, true]);
});

test("jokers named by their place", () => {
  const c = mp.parseCard;
  const cases = [
    [["JK", "5H", "JK", "7H"], "run", "rummy500", ["JK=4H", "5H", "JK=6H", "7H"]],
    [["QS", "JK", "AS"], "run", "rummy500", ["QS", "JK=KS", "AS"]],
    [["JK", "JK", "AS"], "run", "rummy500", ["JK=QS", "JK=KS", "AS"]],
    [["R11", "JK", "R13"], "run", "rummikub", ["R11", "JK=R12", "R13"]],
    [["7S", "7H", "JK"], "set", "rummy500", ["7S", "7H", "JK=7"]],
    [["7S", "7H", "JK"], "set", "liverpool", ["7S", "7H", "JK=7"]],
    [["7S", "7H", "JK"], "set", "femhundra-rummy", ["7S", "7H", "JK=7D"]],
    [["R5", "B5", "JK"], "set", "rummikub", ["R5", "B5", "JK=5"]],
    [["R5", "B5", "K5", "JK"], "set", "rummikub", ["R5", "B5", "K5", "JK=O5"]],
    [["R5", "JK", "K5", "JK@B"], "set", "rummikub", ["R5", "JK=B5", "K5", "JK=O5@B"]],
  ];
  for (const [cards, kind, ruleset, want] of cases) assert.deepEqual(names(mp.nameJokers(cards.map((x) => c(x)), kind, ruleset)), want);
  assert.throws(() => mp.nameJokers([c("JK"), c("R13"), c("JK")], "run", "rummikub"), RangeError);
  assert.throws(() => mp.nameJokers([c("JK"), c("JK")], "set", "rummy500"), RangeError);
});

test("a setup reads", () => {
  const setup = mp.parseSetup({
    players: { A: { hand: ["7S"], total: 5 }, B: { hand: ["KD"], opened: true } }, stock: ["5C"],
    table: [{ id: "m1", owner: "B", cards: ["4S", "5S", "6S@A"] }], to_move: "B", round: 2, rest: "out",
  });
  assert.deepEqual(names(setup.players.A.hand), ["7S"]);
  assert.deepEqual([setup.players.A.total, setup.players.B.opened, setup.table[0].cards[2].builder], [5, true, "A"]);
  assert.deepEqual([setup.toMove, setup.rest, setup.extra], ["B", "out", { round: 2 }]);
  assert.throws(() => mp.parseSetup({ players: { A: {} } }), mp.BadRequest);
});

test("JSON with seeds beyond 2^53", () => {
  const req = mp.parseJson('{"id": 3, "deal": {"seed": 18446744073709551615}, "s": "9007199254740993 \\" 18446744073709551615", "x": [-1, 2.5e3]}');
  assert.equal(req.deal.seed, 18446744073709551615n);
  assert.equal(req.s, '9007199254740993 " 18446744073709551615');
  assert.deepEqual(req.x, [-1, 2500]);
  assert.equal(mp.toJsonLine({ seed: 18446744073709551615n, n: 1 }), '{"seed":18446744073709551615,"n":1}');
  assert.throws(() => mp.parseJson("{bad"));
});

/** A minimal adapter for the loop's tests: rummy500 from deals, draw and discard. */
class Adapter {
  constructor() {
    this.steps = [];
  }
  hello() {
    return new mp.Hello({
      name: "test-engine", version: "1",
      rulesets: [
        new mp.RulesetSupport({ id: "rummy500", variants: ["no-jokers"], options: { "ace-runs": ["low-or-high"] }, implements: new mp.Implements({ steps: ["draw", "discard", "meld"] }) }),
        new mp.RulesetSupport({ id: "rummikub" }),
      ],
      implements: new mp.Implements({ starts: ["deal"], scores: false }),
    });
  }
  new(game) {
    if (game.ruleset === "rummikub" && game.deal?.seed === 13n) throw new mp.BadRequest("unlucky", "rummikub/deal");
    this.dealt = game.dealt();
  }
  async apply(step) {
    this.steps.push(step);
    const card = step.card && String(step.card);
    if (step instanceof mp.Meld) return undefined; // undefined is ok
    if (card === "KD") throw new mp.Rejected("not that one");
    if (card === "QD") return mp.reject("nor that one", "rummy500/discard");
    if (card === "JD") return { what: "a bug" };
    if (card === "AD") {
      console.log("debugging output that must not reach meldcheck");
      throw new TypeError("bug");
    }
    return mp.ok();
  }
  state() {
    return mp.writeState({ hands: this.dealt.hands, stock: this.dealt.stock, discard: this.dealt.discard });
  }
}

/** Lines through serve(); the answers it wrote. */
async function run(lines, adapter = new Adapter()) {
  const input = new PassThrough();
  const output = new PassThrough();
  let written = "";
  output.on("data", (chunk) => (written += chunk));
  input.end(lines.map((l) => l + "\n").join(""));
  await mp.serve(adapter, { input, output });
  return written.split("\n").filter(Boolean).map((l) => mp.parseJson(l));
}

const NEW = '{"id": 2, "cmd": "new", "ruleset": "rummy500", "deal": {"players": 3, "seed": 7}}';
const code = (a) => a.error?.code ?? null;

test("bad lines are answered with bad-request and the loop goes on", async () => {
  const answers = await run(["not json", "[1, 2]", '{"cmd": "hello"}', '{"id": 4}', '{"id": 5, "cmd": 7}', '{"id": "x", "cmd": "hello"}',
    '"just a string"', "", "   ", '{"id": 6, "cmd": "hello", "protocol": 1}']);
  assert.deepEqual(answers.map((a) => a.id), [null, null, null, 4, 5, "x", null, 6]);
  for (const a of answers.slice(0, -1)) assert.deepEqual([a.ok, code(a)], [false, "bad-request"]);
  assert.equal(answers.at(-1).ok, true);
});

test("hello is built from the adapter", async () => {
  const [hello] = await run(['{"id": 1, "cmd": "hello", "protocol": 1}']);
  assert.deepEqual(hello, {
    id: 1, ok: true, protocol: 1, engine: { name: "test-engine", version: "1" },
    rulesets: [
      { id: "rummy500", variants: ["no-jokers"], options: { "ace-runs": ["low-or-high"] }, implements: { steps: ["draw", "discard", "meld"] } },
      { id: "rummikub", variants: [], options: {} },
    ],
    implements: { starts: ["deal"], scores: false },
    requests: ["hello", "new", "apply", "state", "quit"],
  });
});

test("no-game before new, unsupported for what is not implemented", async () => {
  const answers = await run(['{"id": 1, "cmd": "state"}', '{"id": 2, "cmd": "apply", "step": {"draw": "stock"}}', '{"id": 3, "cmd": "legal"}',
    '{"id": 4, "cmd": "score"}', '{"id": 5, "cmd": "dance"}', NEW, '{"id": 7, "cmd": "state"}']);
  assert.deepEqual(answers.map(code), ["no-game", "no-game", "unsupported", "unsupported", "unsupported", null, null]);
});

test("new: what the engine does not play, and deals that do not read", async () => {
  const answers = await run([
    '{"id": 1, "cmd": "new", "ruleset": "liverpool", "deal": {"players": 3}}',
    '{"id": 2, "cmd": "new", "ruleset": "rummy500", "variants": ["floating"], "deal": {"players": 3}}',
    '{"id": 3, "cmd": "new", "ruleset": "rummy500", "options": {"ace-runs": "round-the-corner"}, "deal": {"players": 3}}',
    '{"id": 4, "cmd": "new", "ruleset": "rummy500", "options": {"deep-card-use": "meld-or-layoff"}, "deal": {"players": 3}}',
    '{"id": 5, "cmd": "new", "ruleset": "rummy500", "setup": {"players": {"A": {"hand": ["7S"]}}}}',
    '{"id": 6, "cmd": "new", "ruleset": "rummy500", "deal": {"players": 1}}',
    '{"id": 7, "cmd": "new", "ruleset": "rummy500", "deal": {"players": 3, "seed": -1}}',
    '{"id": 8, "cmd": "new", "ruleset": "rummy500", "deal": {"players": 3, "dealer": "D"}}',
    '{"id": 9, "cmd": "new", "ruleset": "rummy500"}',
    '{"id": 10, "cmd": "new", "ruleset": "rummikub", "deal": {"players": 2, "seed": 13}}',
    '{"id": 11, "cmd": "new", "ruleset": "rummy500", "deal": {"players": 3, "seed": 18446744073709551615}}',
  ]);
  assert.deepEqual(answers.map(code), ["unsupported", "unsupported", "unsupported", null, "unsupported",
    "bad-request", "bad-request", "bad-request", "bad-request", "bad-request", null]);
  assert.equal(answers[9].error.rule, "rummikub/deal");
});

test("apply: verdicts, refusals, and a bug answered as an internal error", async () => {
  const adapter = new Adapter();
  const answers = await run([NEW,
    '{"id": 3, "cmd": "apply", "step": {"draw": "stock", "player": "A"}}',
    '{"id": 4, "cmd": "apply", "step": {"discard": "KD"}}',
    '{"id": 5, "cmd": "apply", "step": {"discard": "QD"}}',
    '{"id": 6, "cmd": "apply", "step": {"meld": ["7S", "7H", "7D"]}}',
    '{"id": 7, "cmd": "apply", "step": {"take": "top"}}',
    '{"id": 8, "cmd": "apply", "step": {"fly": "away"}}',
    '{"id": 9, "cmd": "apply"}',
    '{"id": 10, "cmd": "apply", "step": {"discard": "JD"}}',
    '{"id": 11, "cmd": "apply", "step": {"discard": "AD"}}',
    '{"id": 12, "cmd": "state"}',
    '{"id": 13, "cmd": "quit"}',
    '{"id": 14, "cmd": "state"}'], adapter);
  assert.deepEqual(answers.map((a) => a.id), [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]); // nothing after quit
  assert.deepEqual(answers[1], { id: 3, ok: true, verdict: "ok" });
  assert.deepEqual(answers[2], { id: 4, ok: true, verdict: "reject", reason: "not that one" });
  assert.deepEqual(answers[3], { id: 5, ok: true, verdict: "reject", reason: "nor that one", rule: "rummy500/discard" });
  assert.deepEqual(answers[4], { id: 6, ok: true, verdict: "ok" });
  assert.deepEqual(answers.slice(5, 10).map(code), ["unsupported", "bad-request", "bad-request", "internal", "internal"]);
  assert.deepEqual(answers[9].error, { code: "internal", message: "TypeError: bug" });
  assert.equal(answers[10].ok, true); // the loop goes on
  assert.deepEqual(answers[10].state.players.A.hand, ["9S", "KD", "QD", "5H", "AS", "3D", "AC"]);
  assert.ok(adapter.steps[0] instanceof mp.Draw);
  assert.equal(adapter.steps[0].player, "A");
});

test("an exception in state or hello is an error answer", async () => {
  class Broken extends Adapter {
    state() {
      return null.x;
    }
  }
  const answers = await run([NEW, '{"id": 3, "cmd": "state"}', '{"id": 4, "cmd": "quit"}'], new Broken());
  assert.equal(code(answers[1]), "internal");
  assert.match(answers[1].error.message, /TypeError/);
  assert.equal(answers[2].ok, true);
  const [a] = await run(['{"id": 1, "cmd": "hello"}'], {});
  assert.equal(code(a), "internal");
});

test("answers that are not JSON are internal errors", async () => {
  class Objects extends Adapter {
    state() {
      return { hand: [mp.parseCard("TH")], melds: [new mp.TableMeld("m1", [mp.parseCard("7S")])] };
    }
    legal() {
      const cycle = {};
      cycle.self = cycle;
      return [cycle];
    }
  }
  const answers = await run([NEW, '{"id": 3, "cmd": "state"}', '{"id": 4, "cmd": "legal"}', '{"id": 5, "cmd": "state"}'], new Objects());
  assert.deepEqual(answers[1].state, { hand: ["10H"], melds: [{ id: "m1", cards: ["7S"] }] });
  assert.deepEqual([answers[2].id, code(answers[2])], [4, "internal"]);
  assert.equal(answers[3].ok, true);
});

test("legal and score, when the adapter has them", async () => {
  class Full extends Adapter {
    legal() {
      return [new mp.Draw(), new mp.Take(), { discard: "7H" }, new mp.Meld({ melds: [[mp.parseCard("7S"), mp.parseCard("7S"), mp.parseCard("7S")]], player: "B" })];
    }
    async score() {
      return { round_over: false, totals: { A: 0 } };
    }
  }
  const answers = await run(['{"id": 1, "cmd": "hello"}', NEW, '{"id": 3, "cmd": "legal"}', '{"id": 4, "cmd": "score"}'], new Full());
  assert.deepEqual(answers[0].requests, ["hello", "new", "apply", "state", "legal", "score", "quit"]);
  assert.deepEqual(answers[2].steps, [{ draw: "stock" }, { take: "top" }, { discard: "7H" }, { meld: ["7S", "7S", "7S"], player: "B" }]);
  assert.deepEqual(answers[3], { id: 4, ok: true, round_over: false, totals: { A: 0 } });
});

test("console.log goes to standard error while serving", async () => {
  const before = console.log;
  const written = [];
  const saved = console.error;
  console.error = (...args) => written.push(args.join(" "));
  try {
    const answers = await run([NEW, '{"id": 3, "cmd": "apply", "step": {"discard": "AD"}}']);
    assert.equal(answers.length, 2);
  } finally {
    console.error = saved;
  }
  assert.ok(written.some((w) => w.includes("debugging output")));
  assert.equal(console.log, before); // given back after serving
});
