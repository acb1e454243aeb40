// The JavaScript kit's deal against recorded deals: the conformance scenarios' deals
// (fixtures/deals-from-scenarios.json) always, and the deals `meldcheck serve` dealt
// (fixtures/deals-serve.json, or the file MELDCHECK_DEALS names, as record_deals.py writes
// it) where there is such a recording.

import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as mp from "../meldcheck-protocol.mjs";

const fixturePath = (name) => fileURLToPath(new URL(`../../fixtures/${name}`, import.meta.url));
const read = (path) => mp.parseJson(readFileSync(path, "utf8"));
const sorted = (cards) => cards.map(String).sort();

/** A kit deal against a recorded one: hands as multisets, the rest exactly as recorded. */
function checkDeal(c) {
  const d = c.deal;
  const what = JSON.stringify([c.ruleset, c.variants, c.options, d], (_, v) => (typeof v === "bigint" ? String(v) : v));
  const dealt = mp.deal(c.ruleset, d.players, d.seed ?? 0, { dealer: d.dealer, variants: c.variants ?? [], options: c.options ?? {} });
  const want = c.expect;
  for (const [player, hand] of Object.entries(want.hand)) assert.deepEqual(sorted(dealt.hands[player]), [...hand].sort(), `${what} ${player}`);
  if ("stock" in want) assert.deepEqual(dealt.stock.map(String), want.stock, what);
  if ("stock_size" in want) assert.equal(dealt.stock.length, want.stock_size, what);
  if ("discard" in want) assert.deepEqual(dealt.discard.map(String), want.discard, what);
  if ("to_move" in want) assert.equal(dealt.toMove, want.to_move, what);
  if ("phase" in want) assert.equal(dealt.phase, want.phase, what);
}

test("deals as the conformance scenarios expect them", () => {
  const { cases } = read(fixturePath("deals-from-scenarios.json"));
  assert.deepEqual(new Set(cases.map((c) => c.ruleset)), new Set(Object.keys(mp.RULESETS)));
  for (const c of cases) checkDeal(c);
});

const served = process.env.MELDCHECK_DEALS || fixturePath("deals-serve.json");
test("deals as meldcheck serve deals them", { skip: existsSync(served) ? false : "no deals recorded from meldcheck serve (record_deals.py writes them)" }, () => {
  const { cases } = read(served);
  assert.ok(cases.length > 0);
  for (const c of cases) checkDeal(c);
});
