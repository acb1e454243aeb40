// End-to-end tests of the toy Rummikub's adapter: the adapter as a process, spoken to with
// protocol lines as meldcheck speaks to it. node --test examples/kits/js/toy/

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import * as mp from "../meldcheck-protocol.mjs";

const ADAPTER = fileURLToPath(new URL("./adapter.mjs", import.meta.url));
const TIMEOUT_MS = 5000; // meldcheck's limit for an answer

/** The adapter process: one request written, one answer line read, within TIMEOUT_MS. */
class Engine {
  constructor() {
    this.proc = spawn(process.execPath, [ADAPTER], { stdio: ["pipe", "pipe", "inherit"] });
    this.lines = createInterface({ input: this.proc.stdout })[Symbol.asyncIterator]();
    this.nextId = 1;
    this.exited = new Promise((resolve) => this.proc.on("exit", (code) => resolve(code)));
  }

  async sendLine(line) {
    this.proc.stdin.write(line + "\n");
    let timer;
    const timeout = new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${TIMEOUT_MS} ms to ${line}`)), TIMEOUT_MS)));
    try {
      const { value, done } = await Promise.race([this.lines.next(), timeout]);
      assert.ok(!done, "the adapter closed its output");
      return mp.parseJson(value);
    } finally {
      clearTimeout(timer);
    }
  }

  async ask(cmd, fields = {}) {
    const id = this.nextId++;
    const answer = await this.sendLine(mp.toJsonLine({ id, cmd, ...fields }));
    assert.equal(answer.id, id);
    return answer;
  }

  async close() {
    this.proc.stdin.end();
    return this.exited;
  }
}

const DECK = mp.canonicalDeck("rummikub", 2).map(String).sort();

/** Every tile the state names, jokers as JK: the 106, when no tile is lost or made. */
function allTiles(state) {
  const tiles = [...Object.values(state.players).flatMap((p) => p.hand), ...state.stock, ...state.discard];
  for (const meld of state.table) tiles.push(...meld.cards.map((c) => String(mp.parseCard(c).face)));
  return tiles.sort();
}

async function stateOf(engine) {
  const answer = await engine.ask("state");
  assert.equal(answer.ok, true, JSON.stringify(answer));
  assert.deepEqual(allTiles(answer.state), DECK);
  return answer.state;
}

async function apply(engine, step, verdict) {
  const before = await stateOf(engine);
  const answer = await engine.ask("apply", { step });
  assert.equal(answer.ok, true, JSON.stringify(answer));
  assert.equal(answer.verdict, verdict, `${JSON.stringify(step)}: ${JSON.stringify(answer)}`);
  const after = await stateOf(engine);
  if (verdict === "reject") assert.deepEqual(after, before, "a refused step changes nothing");
  return after;
}

test("a game through the protocol", async () => {
  const e = new Engine();
  try {
    const hello = await e.ask("hello", { protocol: 1 });
    assert.deepEqual(hello.requests, ["hello", "new", "apply", "state", "quit"]);
    assert.deepEqual(hello.rulesets[0].implements, { steps: ["draw", "arrange", "pass"] });
    assert.deepEqual(hello.implements, { starts: ["deal"], scores: false, totals: false, rule_ids: false });
    assert.equal((await e.ask("state")).error.code, "no-game");
    assert.equal((await e.ask("new", { ruleset: "rummy500", deal: { players: 2 } })).error.code, "unsupported");
    assert.equal((await e.ask("new", { ruleset: "rummikub", setup: { players: { A: { hand: ["R1"] } } } })).error.code, "unsupported");
    assert.equal((await e.ask("new", { ruleset: "rummikub", variants: [], options: {}, deal: { players: 2, seed: 4 } })).ok, true);

    let s = await stateOf(e);
    assert.deepEqual(s.players.A.hand, ["K11", "R6", "O6", "K3", "K7", "R10", "R8", "O7", "B8", "B13", "R11", "R12", "B6", "K1"]);
    assert.deepEqual([s.players.B.hand.length, s.stock.length, s.to_move, s.phase, s.rest, s.table, s.discard], [14, 78, "A", "draw", "out", [], []]);

    await apply(e, { arrange: [["R10", "R11"]] }, "reject"); // no set
    await apply(e, { arrange: [["R6", "O6", "B6"]] }, "reject"); // 18 is not 30
    await apply(e, { arrange: [["B13", "R12", "K11"]] }, "reject");
    s = await apply(e, { arrange: [["R12", "R10", "R11"]] }, "ok"); // any order
    assert.deepEqual(s.table, [{ id: "m1", cards: ["R10", "R11", "R12"] }]);
    assert.deepEqual([s.players.A.opened, s.to_move, s.players.A.hand.length], [true, "B", 11]);
    await apply(e, { draw: "stock", player: "A" }, "reject"); // B's turn
    s = await apply(e, { draw: "stock" }, "ok");
    assert.deepEqual([s.players.B.hand.length, s.stock.length, s.to_move], [15, 77, "A"]);
    s = await apply(e, { arrange: [["R10", "R11", "R12"], ["B6", "R6", "O6"]] }, "ok"); // opened: 18 will do
    assert.deepEqual(s.table.map((m) => m.cards), [["R10", "R11", "R12"], ["B6", "R6", "O6"]]);
    await apply(e, { arrange: [["R10", "R11"], ["B6", "R6", "O6"]] }, "reject"); // R12 left the table
    assert.equal((await e.sendLine("this is not JSON")).error.code, "bad-request");
    assert.equal((await e.ask("apply", { step: "timeout" })).error.code, "unsupported");
    assert.equal((await e.ask("apply", { step: { teleport: "m2" } })).error.code, "bad-request");
    assert.deepEqual(await e.ask("quit"), { id: e.nextId - 1, ok: true });
    assert.equal(await e.exited, 0);
  } finally {
    await e.close();
  }
});

test("a joker in a run and in a group gets its stand-in", async () => {
  const e = new Engine();
  try {
    // seed 15: A holds B12, JK, O11, K10, R11, R12, K11, K9, ... (found with the kit's deal)
    assert.equal((await e.ask("new", { ruleset: "rummikub", deal: { players: 2, seed: 15 } })).ok, true);
    let s = await stateOf(e);
    assert.ok(s.players.A.hand.includes("JK"));
    await apply(e, { arrange: [["K10", "K11", "JK"]] }, "reject"); // which end? a bare joker must be named there
    await apply(e, { arrange: [["K10", "K11", "JK=R12"]] }, "reject"); // a stand-in of another colour
    s = await apply(e, { arrange: [["K11", "JK", "K9"]] }, "ok"); // the gap: K10 (A holds one too)
    assert.deepEqual(s.table, [{ id: "m1", cards: ["K9", "JK=K10", "K11"] }]);
    s = await apply(e, { draw: "stock" }, "ok");
    await apply(e, { arrange: [["K9", "JK=K10", "K11"], ["R11", "O11", "K11"]] }, "reject"); // A's K11 is in m1 already
    s = await apply(e, { arrange: [["K9", "K10", "K11"], ["B12", "R12", "JK=12"]] }, "ok"); // the joker freed and used
    assert.deepEqual(s.table, [{ id: "m1", cards: ["K9", "K10", "K11"] }, { id: "m2", cards: ["B12", "R12", "JK=12"] }]);
  } finally {
    await e.close();
  }
});

test("random games: every answer ok, no tile lost or made, refusals change nothing", async () => {
  const e = new Engine();
  let seed = 5;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  try {
    for (let game = 0; game < 8; game++) {
      const players = 2 + (game % 3);
      assert.equal((await e.ask("new", { ruleset: "rummikub", deal: { players, seed: Math.floor(random() * 1e9) } })).ok, true);
      for (let turn = 0; turn < 120; turn++) {
        const s = await stateOf(e);
        if (s.round_over) break;
        const step = botStep(s, random);
        const answer = await e.ask("apply", { step });
        assert.equal(answer.ok, true, JSON.stringify(answer));
        if (answer.verdict === "reject") {
          assert.deepEqual(await stateOf(e), s, JSON.stringify(step));
          const fallback = s.stock.length ? { draw: "stock" } : "pass";
          assert.equal((await e.ask("apply", { step: fallback })).verdict, "ok");
        }
      }
    }
  } finally {
    await e.close();
  }
});

/** A step to try: a group or a run from the rack added to the table, sometimes a careless
 *  arrangement, else a draw (or a pass on an empty pool). */
function botStep(s, random) {
  const rack = s.players[s.to_move].hand.map((t) => mp.parseCard(t));
  const table = s.table.map((m) => m.cards);
  const naturals = rack.filter((t) => !t.isJoker);
  const sets = [];
  for (const t of naturals) {
    const group = [t, ...naturals.filter((o) => o.number === t.number && o.colour !== t.colour)];
    const distinct = group.filter((o, i) => group.findIndex((p) => p.colour === o.colour) === i);
    if (distinct.length >= 3) sets.push(distinct.slice(0, 4).map(String));
    const run = [1, 2].map((k) => naturals.find((o) => o.colour === t.colour && o.number === t.number + k));
    if (run.every(Boolean)) sets.push([t, ...run].map(String));
    if (rack.some((o) => o.isJoker) && run[0] && t.number + 2 <= 13) sets.push([String(t), String(run[0]), `JK=${t.colour}${t.number + 2}`]);
  }
  if (random() < 0.15) return { arrange: [...table, rack.slice(0, 3).map(String)] };
  if (sets.length) return { arrange: [...table, sets[Math.floor(random() * sets.length)]] };
  return s.stock.length ? { draw: "stock" } : "pass";
}
