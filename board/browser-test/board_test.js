// The dispute board in headless Chromium, played as a person plays it: two disputes built by
// clicks (king-ace-two in Rummy 500, in English; the joker swap in Femhundra Rummy, in
// Swedish), their verdicts and clauses read from the page, and the scenario each exports
// checked by the native `meldcheck check --format json`: the same verdicts, rule ids and
// verdicts across houses. Also: the link with the scenario in its fragment opens the same
// board, and bad fragments give a message, not a broken page.
//
//   node board_test.js PAGE MELDCHECK OUT_DIR
//
// OUT_DIR receives the exported scenarios and two screenshots: board.png (the first dispute)
// and board-swap-sv.png (the swap, in Swedish).
// Exit 77 (skipped) where Chromium is missing; puppeteer-core comes from NODE_PATH.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

const [pagePath, meldcheck, outDir] = process.argv.slice(2);
const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));
if (!chromium) {
  console.log('skipped: chromium not installed');
  process.exit(77);
}
const puppeteer = require('puppeteer-core');

let failures = 0;
function check(ok, what) {
  console.log((ok ? 'ok   ' : 'FAIL ') + what);
  if (!ok) failures += 1;
}

const pageUrl = 'file://' + path.resolve(pagePath);

async function open(browser, url) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1440, height: 1400 });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('requestfailed', (r) => { if (!r.url().startsWith('data:')) errors.push('request ' + r.url()); });
  page.on('request', (r) => { if (!/^(file|data|blob):/.test(r.url())) errors.push('network request ' + r.url()); });
  await page.goto(url);
  await page.waitForSelector('#app[data-ready="1"]', { timeout: 60000 });
  page.errors = errors;
  return page;
}

const click = async (page, selector) => {
  const node = await page.waitForSelector(selector, { timeout: 5000 });
  await node.click();
};
const text = (page, selector) => page.$eval(selector, (e) => e.textContent.trim());
const exists = async (page, selector) => (await page.$(selector)) !== null;

// Cards from the deck into a zone of the setup.
async function deal(page, zone, faces) {
  await click(page, `[data-zone="${zone}"]`);
  for (const f of faces) await click(page, `button.deck-card[data-face="${f}"]`);
}

async function typeInto(page, selector, value) {
  await page.$eval(selector, (e) => { e.value = ''; });
  await page.type(selector, value);
  await page.keyboard.press('Tab');  // the change event: the board re-checks
}

// The verdicts the page shows: one a step, and the across table's rows.
async function pageVerdicts(page) {
  const steps = await page.$$eval('#steps li[data-step]', (lis) => lis.map((li) => ({ verdict: li.dataset.verdict, rule: li.dataset.rule })));
  const across = await page.$$eval('#across tbody tr', (trs) => trs.map((tr) => ({
    houses: tr.dataset.houses, na: tr.querySelector('td.na') !== null,
    cells: [...tr.querySelectorAll('td:not(.na)')].map((td) => (td.classList.contains('ok') ? 'legal' : td.textContent.trim())),
  })));
  return { steps, across };
}

function nativeVerdicts(file, lang) {
  const args = ['check', '--format', 'json', '--across', 'all'].concat(lang === 'sv' ? ['--lang', 'sv'] : [], [file]);
  const report = JSON.parse(execFileSync(meldcheck, args, { encoding: 'utf8' }));
  const sc = report.scenarios[0];
  if (sc.error) return { error: sc.error };
  return {
    sc,
    steps: sc.steps.map((s) => ({ verdict: s.verdict, rule: s.rule ? s.rule.id : '' })),
    across: sc.across.rows.map((r) => ({ houses: r.houses.join(' '), na: r.na !== null, cells: r.na !== null ? [] : r.cells })),
  };
}

// The exported scenario through the native command: the same answers as the page.
async function exportAndCompare(page, name, lang) {
  const yaml = await page.$eval('#yaml', (e) => e.value);
  const file = path.join(outDir, name + '.yaml');
  fs.writeFileSync(file, yaml);
  const native = nativeVerdicts(file, lang);
  check(!native.error, `${name}: meldcheck check reads the exported scenario ${native.error || ''}`);
  if (native.error) return null;
  const shown = await pageVerdicts(page);
  check(JSON.stringify(shown.steps) === JSON.stringify(native.steps),
    `${name}: the page's verdicts and rule ids are meldcheck check's: ${JSON.stringify(shown.steps)}`);
  check(JSON.stringify(shown.across) === JSON.stringify(native.across), `${name}: the same verdicts across ${native.across.length} groups of houses`);
  return { yaml, native };
}

async function kingAceTwo(browser) {
  const page = await open(browser, pageUrl);
  await page.select('#ruleset', 'rummy500');
  await deal(page, 'hand:0', ['KH', 'AH', '2H', '2C', '9C']);
  await deal(page, 'hand:1', ['4S', '8D', 'JC']);
  await page.select('#new-meld-owner', '1');
  await click(page, '#new-meld');
  for (const f of ['QC', 'KC', 'AC']) await click(page, `button.deck-card[data-face="${f}"]`);
  await deal(page, 'stock:0', ['6S', '7S']);
  await deal(page, 'pile:0', ['3S']);
  check(!(await exists(page, '#problem')), 'king-ace-two: the position is a valid setup');
  const a = await page.$eval('#play-hand-0', (e) => e.dataset.seat);

  await click(page, '[data-action="draw"]');
  await click(page, '[data-action="meld"]');
  for (const f of ['KH', 'AH', '2H']) await click(page, `#play-hand-${a} .hand [data-token="${f}"]`);
  await click(page, '#play-step');
  await click(page, '[data-action="layoff"]');
  await click(page, `#play-hand-${a} .hand [data-token="2C"]`);
  await click(page, '#play-table [data-meld="m1"]');
  await click(page, '#play-step');
  await click(page, '[data-action="discard"]');
  await click(page, `#play-hand-${a} .hand [data-token="9C"]`);
  await click(page, '#play-step');

  const { steps } = await pageVerdicts(page);
  check(steps.length === 4 && steps[0].verdict === 'legal', 'king-ace-two: four steps played, the draw legal');
  check(steps[1].verdict === 'refused' && steps[1].rule === 'rummy500/meld.ace', 'king-ace-two: the meld K-A-2 refused by rummy500/meld.ace');
  check(steps[2].rule === 'rummy500/meld.ace', 'king-ace-two: the build of 2C onto Q-K-A refused by rummy500/meld.ace');
  await click(page, '#steps li[data-step="2"] button');
  check(/never both at once \(no K-A-2\)/.test(await text(page, '#verdict .clause-text')), 'king-ace-two: the clause is on the page');
  check((await text(page, '#verdict .rule-id')) === 'rummy500/meld.ace', 'king-ace-two: its rule id');
  check(/does not speak of runs round the corner/.test(await text(page, '#verdict .resolution')), "king-ace-two: the project's reading");
  check(/RANKNING AV KORT/.test(await text(page, '#verdict .source')), 'king-ace-two: the source in the rule text');
  check(/legal/.test(await text(page, '#verdict .reading[data-option="ace-runs"] li[data-choice="round-the-corner"]')),
    'king-ace-two: with ace-runs round-the-corner the meld is legal');
  const corner = await page.$$eval('#across tbody tr', (trs) => trs.filter((tr) => tr.dataset.houses.split(' ').includes('rummy500,ace-runs=round-the-corner'))
    .map((tr) => tr.querySelectorAll('td')[1].textContent.trim()));
  check(corner.length === 1 && corner[0] === 'legal', 'king-ace-two: allowed in the house rummy500,ace-runs=round-the-corner');

  await page.screenshot({ path: path.join(outDir, 'board.png') });
  const exported = await exportAndCompare(page, 'king-ace-two', 'en');
  if (exported) {
    check(exported.native.steps[1].rule === 'rummy500/meld.ace', 'king-ace-two: meldcheck check refuses the exported meld by rummy500/meld.ace');
    const expected = nativeVerdicts(path.resolve(__dirname, '../../scenarios/disputes/rummy500.yaml'), 'en');
    check(JSON.stringify(expected.steps) === JSON.stringify(exported.native.steps),
      "king-ace-two: the same verdicts as the project's own dispute, scenarios/disputes/rummy500.yaml");
  }

  // The link opens the same board with the same steps, on any machine.
  const link = await page.$eval('#link', (e) => e.value);
  const again = await open(browser, link);
  check(JSON.stringify(await pageVerdicts(again)) === JSON.stringify(await pageVerdicts(page)), 'king-ace-two: the link opens the same board and verdicts');
  check((await again.$eval('#yaml', (e) => e.value)) === exported.yaml, 'king-ace-two: the link holds the same scenario');
  check(!page.errors.length && !again.errors.length, 'king-ace-two: no script errors, no network ' + page.errors.concat(again.errors).join('; '));
  await again.close();
  await page.close();
}

async function jokerSwap(browser) {
  const page = await open(browser, pageUrl);
  await click(page, '[data-lang="sv"]');
  await page.select('#ruleset', 'femhundra-rummy');
  await typeInto(page, '#name-0', 'Anna');
  await typeInto(page, '#name-1', 'Bo');
  await deal(page, 'hand:0', ['2C', '9C', '4D']);
  await deal(page, 'hand:1', ['7H', '4S', 'KD']);
  await page.select('#new-meld-owner', '0');
  await click(page, '#new-meld');
  for (const f of ['6H', 'JK', '8H']) await click(page, `button.deck-card[data-face="${f}"]`);
  await typeInto(page, '.standin[data-meld="0"]', '7H');
  await typeInto(page, '.meld-id[data-meld="0"]', 'stege');
  await page.select('#to-move', '1');
  check(!(await exists(page, '#problem')), 'joker swap: the position is a valid setup');

  await click(page, '[data-action="draw"]');
  await click(page, '[data-action="swap"]');
  await click(page, '#play-hand-1 .hand [data-token="7H"]');
  await click(page, '#play-table [data-meld="stege"]');
  await click(page, '#play-step');

  const { steps } = await pageVerdicts(page);
  check(steps.length === 2 && steps[1].verdict === 'legal', 'joker swap: Bo may swap the seven of hearts for the joker (femhundra-rummy)');
  check((await text(page, '#verdict .verdict-text')) === 'tillåtet', 'joker swap: the verdict in Swedish');
  check(/\+JK/.test(await text(page, '#verdict .changes')), 'joker swap: the joker went to the hand');
  // "May I, and which rule says so?": the clause that allows the swap, with its source, in Swedish.
  const allowing = await page.$$eval('#verdict .clause.allowing', (cs) => cs.map((c) => ({
    id: c.dataset.rule, text: (c.querySelector('.clause-text') || {}).textContent || '',
    source: (c.querySelector('.source') || {}).textContent || '' })));
  const swapClause = allowing.find((c) => c.id === 'femhundra-rummy/joker.swap');
  check(swapClause && /jokern/.test(swapClause.text) && /Jokern/.test(swapClause.source),
    'joker swap: the page names the clause that allows it, in Swedish: ' + JSON.stringify(swapClause));
  const players = await page.$$eval('#felt .seat .who strong', (s) => s.map((x) => x.textContent));
  check(players.join(',') === 'Anna,Bo', `joker swap: the players are named Anna and Bo: ${players}`);
  const rummy500 = await page.$$eval('#across tbody tr', (trs) => trs.filter((tr) => tr.dataset.houses.split(' ').includes('rummy500'))
    .map((tr) => tr.querySelectorAll('td')[1].textContent.trim()));
  check(rummy500[0] === 'rummy500/joker.stays', 'joker swap: refused in Rummy 500 by rummy500/joker.stays');
  await page.screenshot({ path: path.join(outDir, 'board-swap-sv.png') });

  const exported = await exportAndCompare(page, 'joker-swap', 'sv');
  if (exported) {
    const sc = exported.native.sc;
    check(sc.steps[1].verdict_text === 'tillåtet' && sc.steps[1].player === 'Bo',
      'joker swap: meldcheck check --lang sv allows the exported swap by ' + sc.steps[1].player);
    check(sc.start.table[0].id === 'stege' && sc.start.table[0].owner === 'Anna' && sc.steps[1].words === 'Bo byter Hj 7 mot jokern i stege',
      "joker swap: the exported file keeps the names: Anna's run stege, " + sc.steps[1].words);
    const nativeAllowing = (sc.steps[1].allowed_by || []).map((r) => r.id).join(',');
    check(nativeAllowing === allowing.map((c) => c.id).join(','),
      'joker swap: meldcheck check names the same allowing clauses as the page: ' + nativeAllowing);
  }
  check(!page.errors.length, 'joker swap: no script errors, no network ' + page.errors.join('; '));
  await page.close();
}

async function badInput(browser) {
  const b64 = (s) => Buffer.from(s, 'utf8').toString('base64url');
  const cases = [
    ['not base64', '#s=%%%***'],
    ['not YAML', '#s=' + b64('name: x\nruleset: rummy500\nsetup: [\n')],
    ['unknown ruleset', '#s=' + b64('name: x\nruleset: canasta\nsetup: {players: {A: {hand: []}}}\n')],
    ['too many aces', '#s=' + b64('name: x\nruleset: rummy500\nsetup:\n  players:\n    A: { hand: [AS, AS] }\n    B: { hand: [] }\n')],
  ];
  for (const [what, fragment] of cases) {
    const page = await open(browser, pageUrl + fragment);
    const message = (await exists(page, '#fatal')) ? await text(page, '#fatal') : (await exists(page, '#problem')) ? await text(page, '#problem') : '';
    check(message.length > 0 && !page.errors.length, `bad link (${what}): a message on the page, no crash: ${message.split('\n')[0]}`);
    check(await exists(page, '#ruleset'), `bad link (${what}): the board still works`);
    await page.close();
  }
  // An empty board is a position no game reaches (every hand in play holds a card): the page
  // says why, with the reader's words; a card to each hand and it reads.
  const page = await open(browser, pageUrl);
  const unreachable = (await exists(page, '#problem')) ? await text(page, '#problem') : '';
  check(unreachable.includes('holds no card: a position no game reaches'), `an empty board: the page says why: ${unreachable.split('\n')[0]}`);
  await deal(page, 'hand:0', ['7S']);
  await deal(page, 'hand:1', ['8S']);
  // A step written by hand that is not YAML: said under the field, nothing played.
  await click(page, '[data-action="write"]');
  await typeInto(page, '#step-text', 'meld: [7S, 7H');
  await click(page, '#play-step');
  check(await exists(page, '#step-error') && !(await exists(page, '#steps')) && !page.errors.length,
    'a step written by hand that is not YAML: a message, no step');
  await page.close();
}

(async () => {
  fs.mkdirSync(outDir, { recursive: true });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'meldcheck-board-'));
  const browser = await puppeteer.launch({
    executablePath: chromium,
    headless: false,  // the flags below say --headless themselves
    userDataDir: profile,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  try {
    await kingAceTwo(browser);
    await jokerSwap(browser);
    await badInput(browser);
  } catch (e) {
    check(false, 'the test ran to its end: ' + (e && e.stack || e));
  } finally {
    await browser.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  console.log(failures ? failures + ' failures' : 'all passed');
  process.exit(failures ? 1 : 0);
})();
