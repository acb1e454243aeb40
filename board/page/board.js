// The dispute board: a position built by clicks, steps played on it, and every step answered
// by meldcheck's engine (WebAssembly, board/board_wasm.cc). Nothing here knows a rule of any
// game: the page writes a scenario file as spec/scenario.schema.json has it, asks `check`, and
// draws the report. Verdicts, clauses, changes and positions are the report's own.
(function () {
  'use strict';

  // ---- the page's own words ---------------------------------------------------------------

  const WORDS = {
    en: {
      title: 'meldcheck dispute board', tagline: 'Build the position, play the moves, and the engine says which rule decides.',
      loading: 'Starting the engine...', question: 'The question', house: 'Game and house', game: 'Game',
      variants: 'Variants', options: 'Options', players: 'Players', names: 'Names',
      position: 'The position', deck: 'Deck: click a card to put it where the marker is', into: 'Cards go into',
      hand: 'hand', handOf: (p) => p + "'s hand", stock: 'Stock (top first)', pile: 'Discard pile (oldest first)',
      pool: 'Pool (top first)', table: 'Table', newMeld: 'New meld for', meldOf: (id, p) => id + ' of ' + p,
      removeMeld: 'remove', standsFor: 'stands for', toMove: 'To move', phase: 'Phase', round: 'Round', firstLap: 'First lap',
      clearAll: 'Empty the board', steps: 'The moves', playAs: 'Player', toMoveNow: 'whoever is to move',
      actions: { draw: 'Draw', take: 'Take from pile', meld: 'Meld', layoff: 'Lay off', swap: 'Swap joker', discard: 'Discard',
        arrange: 'Arrange table', claim: 'Claim', pass: 'Pass', timeout: 'Time out', next_hand: 'Next hand', write: 'Write a step' },
      hints: {
        take: 'Take the top, all, N cards, or click a card of the pile to take down to it.',
        meld: 'Click the cards of the hand; "another meld" starts a second one in the same step.',
        layoff: 'Click the cards of the hand, then the meld on the table.',
        swap: 'Click the natural card in the hand, then the meld with the joker.',
        discard: 'Click the card to discard.',
        arrange: 'The whole table after the move: click a set to fill it, then tiles of the rack or of other sets; a tile clicked in the set being filled goes back.',
        claim: 'Pick the claiming player; click the pile card to take down to, then the cards to meld (or a meld to lay off on).',
        next_hand: 'Deal the next hand from a seed.',
        write: 'One step as the scenario format writes it, e.g. claim: {take: top, meld: [7S, 7H, 7D]}',
      },
      top: 'top', all: 'all', cards: 'cards', anotherMeld: 'another meld', play: 'Play the step', cancel: 'Cancel',
      seed: 'seed', newSet: 'new set', picked: 'Picked', noStep: 'No moves yet: pick an action above.',
      start: 'Start', undo: 'Remove this step', after: 'The position after step', atStart: 'The position at the start',
      legal: 'legal', refused: 'refused', rule: 'Rule', allowedBy: 'Allowed by', source: 'Source', reading: "The project's reading",
      otherReadings: 'Other choices of the house', changes: 'What it changed', across: 'The same moves in the other houses',
      thisHouse: 'this house', na: 'n/a', scores: 'Scores', handOver: 'the hand is over', gameOver: 'the match is over',
      stockCount: 'in the stock', pileLabel: 'the pile', poolCount: 'in the pool', opened: 'opened', total: 'total', empty: 'empty',
      scenario: 'The scenario file', scenarioHelp: 'meldcheck check gives the same answers for this file.',
      copy: 'Copy', copied: 'Copied', download: 'Download', link: 'Link to this board', open: 'Open a scenario',
      load: 'Load', loadFile: 'or a file:', problem: 'The scenario cannot be checked', unreadable: 'The link holds no readable scenario',
      onlyFirst: (n) => 'The file holds ' + n + ' scenarios; the board shows the first.',
      noDeal: 'the board builds its positions from a setup, and this scenario deals its cards (deal:); meldcheck check FILE answers it',
      engineFailed: 'The engine did not start', player: 'Player', points: 'Points', why: 'Why',
    },
    sv: {
      title: 'meldcheck: tvistebordet', tagline: 'Bygg ställningen, gör dragen, och motorn säger vilken regel som avgör.',
      loading: 'Startar motorn...', question: 'Frågan', house: 'Spel och husregler', game: 'Spel',
      variants: 'Varianter', options: 'Val', players: 'Spelare', names: 'Namn',
      position: 'Ställningen', deck: 'Leken: klicka på ett kort för att lägga det där markören står', into: 'Korten hamnar i',
      // Swedish genitive: A:s hand, Annas hand, Lars hand.
      hand: 'handen', handOf: (p) => p + (/^[A-Z]$/.test(p) ? ':s' : /[sxz]$/.test(p) ? '' : 's') + ' hand', stock: 'Talongen (översta först)', pile: 'Högen (äldsta först)',
      pool: 'Poolen (översta först)', table: 'Bordet', newMeld: 'Ny kombination åt', meldOf: (id, p) => id + ' hos ' + p,
      removeMeld: 'ta bort', standsFor: 'ersätter', toMove: 'I tur', phase: 'Fas', round: 'Omgång', firstLap: 'Första varvet',
      clearAll: 'Töm bordet', steps: 'Dragen', playAs: 'Spelare', toMoveNow: 'den som är i tur',
      actions: { draw: 'Dra', take: 'Ta från högen', meld: 'Lägg ut', layoff: 'Bygg på', swap: 'Byt jokern', discard: 'Släng',
        arrange: 'Ordna bordet', claim: 'Ropa', pass: 'Passa', timeout: 'Tiden ute', next_hand: 'Nästa giv', write: 'Skriv ett drag' },
      hints: {
        take: 'Ta översta, alla, N kort, eller klicka på ett kort i högen för att ta ner till det.',
        meld: 'Klicka på handens kort; "en till" börjar en andra kombination i samma drag.',
        layoff: 'Klicka på handens kort och sedan på kombinationen på bordet.',
        swap: 'Klicka på det äkta kortet på handen och sedan på kombinationen med jokern.',
        discard: 'Klicka på kortet som ska slängas.',
        arrange: 'Hela bordet efter draget: klicka på en serie för att fylla den och sedan på brickor i stället eller i andra serier; en bricka i serien som fylls går tillbaka.',
        claim: 'Välj vem som ropar, klicka på kortet i högen att ta ner till och sedan korten att lägga ut (eller en kombination att bygga på).',
        next_hand: 'Ge nästa giv från ett frö.',
        write: 'Ett drag som scenarioformatet skriver det, t.ex. claim: {take: top, meld: [7S, 7H, 7D]}',
      },
      top: 'översta', all: 'alla', cards: 'kort', anotherMeld: 'en till', play: 'Gör draget', cancel: 'Avbryt',
      seed: 'frö', newSet: 'ny serie', picked: 'Valt', noStep: 'Inga drag än: välj ett drag ovan.',
      start: 'Start', undo: 'Ta bort draget', after: 'Ställningen efter drag', atStart: 'Ställningen från början',
      legal: 'tillåtet', refused: 'otillåtet', rule: 'Regel', allowedBy: 'Tillåtet enligt', source: 'Källa', reading: 'Projektets tolkning',
      otherReadings: 'Husets andra val', changes: 'Vad som ändrades', across: 'Samma drag i de andra husen',
      thisHouse: 'detta hus', na: 'ej tillämpligt', scores: 'Poäng', handOver: 'given är slut', gameOver: 'partiet är slut',
      stockCount: 'i talongen', pileLabel: 'högen', poolCount: 'i poolen', opened: 'har öppnat', total: 'summa', empty: 'tom',
      scenario: 'Scenariofilen', scenarioHelp: 'meldcheck check ger samma svar för den här filen.',
      copy: 'Kopiera', copied: 'Kopierat', download: 'Ladda ner', link: 'Länk till det här bordet', open: 'Öppna ett scenario',
      load: 'Läs in', loadFile: 'eller en fil:', problem: 'Scenariot kan inte prövas', unreadable: 'Länken håller inget läsbart scenario',
      onlyFirst: (n) => 'Filen håller ' + n + ' scenarier; bordet visar det första.',
      noDeal: 'bordet bygger sina ställningar från en setup, och det här scenariot delar ut korten (deal:); meldcheck check FIL svarar på det',
      engineFailed: 'Motorn startade inte', player: 'Spelare', points: 'Poäng', why: 'Varför',
    },
  };

  // ---- the engine -------------------------------------------------------------------------

  let engine = null;
  const engineCall = {
    rulesets: () => JSON.parse(engine.ccall('board_rulesets', 'string', [], [])),
    check: (yaml, lang, across) => JSON.parse(engine.ccall('board_check', 'string', ['string', 'string', 'number'], [yaml, lang, across ? 1 : 0])),
    yamlJson: (yaml) => JSON.parse(engine.ccall('board_yaml_json', 'string', ['string'], [yaml])),
  };

  // ---- the board's state: the scenario being written ------------------------------------

  let RULESETS = [];
  const state = {
    lang: 'en', question: '', ruleset: 'rummy500', variants: [], options: {},
    players: [{ name: 'A', hand: [] }, { name: 'B', hand: [] }],
    table: [], stock: [], discard: [], toMove: 0, phase: 'draw', round: '', firstLap: false,
    extraSetup: {}, extraTop: {}, steps: [],
    marker: { zone: 'hand', index: 0 },  // where a deck card goes
    shown: null,                          // the step whose position is drawn (null: the last)
    pick: null,                           // the step being composed
    report: null, note: '',
  };

  const W = () => WORDS[state.lang];
  const ruleset = () => RULESETS.find((r) => r.id === state.ruleset) || RULESETS[0];
  const tiles = () => ruleset().notation === 'tiles';
  const letter = (i) => String.fromCharCode(65 + i);
  // A seat as the file writes it: the player's name where the engine reads names.
  const seatName = (i) => state.players[i].name;
  // A meld keeps the id a loaded file gave it (its steps name it so); the board's own are m1, m2, ...
  const meldId = (i) => state.table[i].id || 'm' + (i + 1);

  // ---- small DOM helpers ------------------------------------------------------------------

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k === 'class') node.className = v;
      else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
      else if (k === 'value') node.value = v;
      else node.setAttribute(k, v === true ? '' : v);
    }
    for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) node.append(c.nodeType ? c : String(c));
    return node;
  }

  // ---- cards and tiles --------------------------------------------------------------------

  const SUITS = { S: '♠', H: '♥', D: '♦', C: '♣' };
  const TILE_COLOURS = { R: 'red', B: 'blue', O: 'orange', K: 'black' };

  // A contract token ("10H", "R5", "JK", "JK=7D", "8S@B") as a card or tile; what it cannot
  // read is drawn as a blank carrying its text.
  function face(token, extra) {
    let text = String(token), owner = '';
    const at = text.lastIndexOf('@');
    if (at > 0) { owner = text.slice(at + 1); text = text.slice(0, at); }
    const kind = tiles() ? 'tile' : 'card';
    const node = el('span', { class: kind + ' ' + (extra || ''), title: token, 'data-token': token });
    const m = /^([0-9AJQKT]{1,2})([SHDC])$/.exec(text);
    const t = /^([RBOK])([0-9]{1,2})$/.exec(text);
    if (text === 'JK' || text.startsWith('JK=')) {
      node.classList.add('joker');
      node.append(el('span', { class: 'jk' }, tiles() ? '☺' : '★'));
      if (text.length > 3) node.append(el('span', { class: 'as' }, '=', standin(text.slice(3))));
    } else if (m && !tiles()) {
      node.classList.add(m[2] === 'H' || m[2] === 'D' ? 'red' : 'black');
      node.append(el('span', { class: 'rank' }, m[1]), el('span', { class: 'suit' }, SUITS[m[2]]));
    } else if (t && tiles()) {
      node.classList.add(TILE_COLOURS[t[1]]);
      node.append(el('span', { class: 'num' }, t[2]));
    } else {
      node.classList.add('unknown');
      node.append(el('span', { class: 'num' }, text));
    }
    if (owner) node.append(el('span', { class: 'owner' }, owner));
    return node;
  }

  function standin(s) {
    const m = /^([0-9AJQKT]{1,2})([SHDC])$/.exec(s);
    if (m) return el('span', { class: m[2] === 'H' || m[2] === 'D' ? 'red' : 'black' }, m[1] + SUITS[m[2]]);
    const t = /^([RBOK])([0-9]{1,2})$/.exec(s);
    if (t) return el('span', { class: TILE_COLOURS[t[1]] }, t[2]);
    return s;
  }

  const bare = (token) => String(token).replace(/@.*$/, '').replace(/^JK=.*$/, 'JK');

  // ---- the deck: copies for this number of players ---------------------------------------

  function deckRule() {
    const n = state.players.length;
    return ruleset().decks.find((d) => n >= d.players.min && n <= d.players.max) || ruleset().decks[0];
  }

  function copiesLeft() {
    const d = deckRule();
    const left = {};
    for (const f of ruleset().faces) left[f] = f === 'JK' ? d.jokers : d.copies;
    const use = (tok) => { const b = bare(tok); if (b in left) left[b] -= 1; };
    state.players.forEach((p) => p.hand.forEach(use));
    state.table.forEach((m) => m.cards.forEach(use));
    state.stock.forEach(use);
    state.discard.forEach(use);
    return left;
  }

  // ---- writing the scenario ---------------------------------------------------------------

  // A scalar as YAML: plain where it reads back as the same string, else double-quoted.
  function scalar(v) {
    const s = String(v);
    if (/^-?[A-Za-z0-9][A-Za-z0-9_.=@+/\-]*$/.test(s) && !/^(null|Null|NULL|~)$/.test(s)) return s;
    return JSON.stringify(s);
  }

  function flow(v) {
    if (Array.isArray(v)) return '[' + v.map(flow).join(', ') + ']';
    if (v && typeof v === 'object') return '{' + Object.entries(v).map(([k, x]) => scalar(k) + ': ' + flow(x)).join(', ') + '}';
    if (v === null || v === undefined) return 'null';
    return scalar(v);
  }

  function scenarioYaml() {
    const r = ruleset();
    const lines = [];
    lines.push('name: ' + JSON.stringify(state.question || defaultQuestion()));
    lines.push('ruleset: ' + r.id);
    if (state.variants.length) lines.push('variants: ' + flow(state.variants));
    const options = Object.fromEntries(Object.entries(state.options).filter(([k, v]) => {
      const o = r.options.find((x) => x.id === k);
      return o && v !== o.default;
    }));
    if (Object.keys(options).length) lines.push('options: ' + flow(options));
    for (const [k, v] of Object.entries(state.extraTop)) lines.push(scalar(k) + ': ' + flow(v));
    lines.push('setup:', '  players:');
    state.players.forEach((p, i) => {
      const entry = Object.assign({ hand: p.hand }, p.extra || {});
      lines.push('    ' + scalar(seatName(i)) + ': ' + flow(entry));
    });
    if (state.table.length) {
      lines.push('  table:');
      state.table.forEach((m, i) => lines.push('    - ' + flow({ id: meldId(i), owner: seatName(m.owner), cards: m.cards })));
    }
    if (state.stock.length) lines.push('  stock: ' + flow(state.stock));
    if (state.discard.length && r.setup.pile) lines.push('  discard: ' + flow(state.discard));
    lines.push('  to_move: ' + scalar(seatName(state.toMove)));
    lines.push('  phase: ' + state.phase);
    if (r.setup.rounds && state.round) lines.push('  round: ' + state.round);
    if (r.setup.first_lap && state.firstLap) lines.push('  first_lap: true');
    for (const [k, v] of Object.entries(state.extraSetup)) lines.push('  ' + scalar(k) + ': ' + flow(v));
    if (state.steps.length) {
      lines.push('steps:');
      for (const s of state.steps) {
        if (typeof s === 'string') { lines.push('  - ' + scalar(s)); continue; }
        const entries = Object.entries(s);
        entries.forEach(([k, v], j) => lines.push((j ? '    ' : '  - ') + scalar(k) + ': ' + flow(v)));
      }
    }
    return lines.join('\n') + '\n';
  }

  function defaultQuestion() {
    return (state.lang === 'sv' ? 'Fråga vid bordet' : 'A question at the table') + ' (' + ruleset().name + ')';
  }

  // ---- asking the engine ------------------------------------------------------------------

  function recheck() {
    const yaml = scenarioYaml();
    try {
      state.report = engineCall.check(yaml, state.lang, true);
    } catch (e) {
      state.report = { scenarios: [{ error: String(e && e.message || e) }] };
    }
    state.yaml = yaml;
    render();
  }

  const entry = () => (state.report && state.report.scenarios && state.report.scenarios[0]) || null;

  // The position drawn in the play area: after the shown step, or the last, or the start.
  function shownPosition() {
    const sc = entry();
    if (!sc || sc.error) return null;
    const steps = sc.steps || [];
    if (!steps.length) return { pos: sc.start, index: 0 };
    const i = state.shown === null || state.shown > steps.length ? steps.length : state.shown;
    return i === 0 ? { pos: sc.start, index: 0 } : { pos: steps[i - 1].position, index: i };
  }

  // ---- reading a scenario back (a link, a pasted or opened file) --------------------------

  function loadYaml(text) {
    const parsed = engineCall.yamlJson(text);
    if (parsed.error) return parsed.error;
    const doc = parsed.document;
    if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return 'not a scenario: a map of name, ruleset, setup, steps';
    const known = RULESETS.find((r) => r.id === doc.ruleset);
    if (!known) return 'unknown ruleset ' + JSON.stringify(doc.ruleset);
    if (!doc.setup || typeof doc.setup !== 'object') return W().noDeal;
    const setup = doc.setup;
    const players = setup.players && typeof setup.players === 'object' && !Array.isArray(setup.players) ? setup.players : null;
    if (!players || !Object.keys(players).length) return 'setup: players missing';
    const names = Object.keys(players);
    const seat = (name) => Math.max(0, names.indexOf(name));
    const list = (v) => (Array.isArray(v) ? v.map(String) : []);
    const { name, ruleset: rid, variants, options, setup: _s, steps, ...top } = doc;
    Object.assign(state, {
      question: typeof name === 'string' ? name : '',
      ruleset: rid,
      variants: list(variants),
      options: options && typeof options === 'object' && !Array.isArray(options) ? options : {},
      players: names.map((n) => {
        const p = players[n] && typeof players[n] === 'object' ? players[n] : {};
        const { hand, ...extra } = p;
        return { name: n, hand: list(hand), extra };
      }),
      table: (Array.isArray(setup.table) ? setup.table : []).map((m) => ({
        id: m && m.id ? String(m.id) : '', owner: seat(m && m.owner), cards: list(m && m.cards),
      })),
      stock: list(setup.stock),
      discard: list(setup.discard),
      toMove: setup.to_move ? seat(setup.to_move) : 0,
      phase: typeof setup.phase === 'string' ? setup.phase : 'draw',
      round: typeof setup.round === 'string' ? setup.round : '',
      firstLap: setup.first_lap === 'true',
      steps: Array.isArray(steps) ? steps : [],
      extraTop: top, shown: null, pick: null,
      marker: { zone: 'hand', index: 0 },
    });
    const { players: _p, table: _t, stock: _st, discard: _d, to_move: _m, phase: _ph, round: _r, first_lap: _f, ...extraSetup } = setup;
    state.extraSetup = extraSetup;
    if (parsed.documents > 1) state.note = W().onlyFirst(parsed.documents);
    return null;
  }

  // #s=<base64url of the YAML>[&lang=sv]
  function fragmentLink() {
    const bytes = new TextEncoder().encode(state.yaml || scenarioYaml());
    let bin = '';
    bytes.forEach((b) => { bin += String.fromCharCode(b); });
    const code = btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    return location.href.split('#')[0] + '#s=' + code + (state.lang === 'sv' ? '&lang=sv' : '');
  }

  function readFragment() {
    const params = new URLSearchParams(location.hash.replace(/^#/, ''));
    if (params.get('lang') === 'sv') state.lang = 'sv';
    const code = params.get('s');
    if (code === null) return;
    let text;
    try {
      const bin = atob(code.replace(/-/g, '+').replace(/_/g, '/'));
      text = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
    } catch (e) {
      state.fatal = W().unreadable + ' (#s= is not base64url of UTF-8 text).';
      return;
    }
    const problem = loadYaml(text);
    if (problem) state.fatal = W().unreadable + ': ' + problem;
  }

  // ---- changes to the setup ---------------------------------------------------------------

  function setRuleset(id) {
    state.ruleset = id;
    state.variants = [];
    state.options = {};
    const r = ruleset();
    while (state.players.length < r.players.min) addPlayer();
    while (state.players.length > r.players.max) state.players.pop();
    clearCards();
  }

  function clearCards() {
    state.players.forEach((p) => { p.hand = []; });
    state.table = []; state.stock = []; state.discard = []; state.steps = [];
    state.toMove = 0; state.phase = 'draw'; state.round = ''; state.firstLap = false;
    state.extraSetup = {}; state.extraTop = {}; state.shown = null; state.pick = null;
    state.marker = { zone: 'hand', index: 0 };
  }

  function addPlayer() {
    const i = state.players.length;
    state.players.push({ name: letter(i), hand: [] });
  }

  function putCard(token) {
    const m = state.marker;
    if (m.zone === 'hand') state.players[m.index].hand.push(token);
    else if (m.zone === 'meld') state.table[m.index].cards.push(token);
    else if (m.zone === 'stock') state.stock.push(token);
    else if (m.zone === 'pile') state.discard.push(token);
  }

  // ---- composing a step -------------------------------------------------------------------

  function startPick(action) {
    const seat = state.pick && state.pick.seat !== undefined ? state.pick.seat : null;
    state.pick = { action, seat, cards: [], groups: [], target: null, take: null, n: '', seed: '0', text: '', sets: null, filling: 0 };
    if (action === 'arrange') {
      const pos = shownPosition();
      state.pick.sets = (pos ? pos.pos.table : []).map((m) => m.cards.map((c) => ({ token: c, from: 'table' })));
      state.pick.sets.push([]);
      state.pick.filling = state.pick.sets.length - 1;
    }
    if (['draw', 'pass', 'timeout'].includes(action)) commitStep(action === 'draw' ? { draw: 'stock' } : action);
    else render();
  }

  function actingSeat(pos) {
    if (state.pick && state.pick.seat !== null && state.pick.seat !== undefined) return state.pick.seat;
    const i = pos ? pos.players.findIndex((p) => p.name === pos.to_move) : -1;
    return i >= 0 ? i : 0;
  }

  function withPlayer(step) {
    const p = state.pick;
    if (!p || p.seat === null || p.seat === undefined || typeof step === 'string') return step;
    return Object.assign({ player: seatName(p.seat) }, step);
  }

  // The picked cards of the hand as tokens, a joker with the stand-in typed for it.
  function pickedTokens(pos) {
    const hand = pos.players[actingSeat(pos.pos)] ? pos.players[actingSeat(pos.pos)].hand : [];
    return state.pick.cards.map((c) => (hand[c.index] === 'JK' && c.standin ? 'JK=' + c.standin.trim() : hand[c.index]));
  }

  function stepFromPick() {
    const p = state.pick;
    const shown = shownPosition();
    const pos = { pos: shown.pos, players: shown.pos.players };
    const cards = pickedTokens(pos);
    switch (p.action) {
      case 'take': return p.take ? { take: p.take } : null;
      case 'meld': {
        const groups = p.groups.concat(cards.length ? [cards] : []);
        if (!groups.length) return null;
        return { meld: groups.length === 1 ? groups[0] : groups };
      }
      case 'layoff': return p.target && cards.length ? { layoff: { to: p.target, cards } } : null;
      case 'swap': return p.target && cards.length === 1 ? { swap: { meld: p.target, card: cards[0] } } : null;
      case 'discard': return cards.length === 1 ? { discard: cards[0] } : null;
      case 'arrange': return { arrange: p.sets.filter((s) => s.length).map((s) => s.map((t) => t.token)) };
      case 'claim': {
        if (!p.take) return null;
        const claim = { take: p.take };
        const meld = p.claimCards || [];
        if (p.target && meld.length) claim.layoff = { to: p.target, cards: meld };
        else if (meld.length) claim.meld = meld;
        return { claim };
      }
      case 'next_hand': return { next_hand: { seed: p.seed || '0' } };
      case 'write': {
        const parsed = engineCall.yamlJson(p.text);
        p.error = parsed.error || (parsed.document === null ? 'empty' : '');
        return p.error ? null : parsed.document;
      }
    }
    return null;
  }

  function commitStep(step) {
    if (!step) { render(); return; }
    // A step played while an earlier position is shown replaces what followed it.
    const sc = entry();
    if (sc && !sc.error && state.shown !== null && state.shown < state.steps.length) state.steps = state.steps.slice(0, state.shown);
    state.steps.push(withPlayer(step));
    const seat = state.pick ? state.pick.seat : null;
    state.pick = seat === null || seat === undefined ? null : { action: null, seat, cards: [] };
    state.shown = null;
    recheck();
  }

  // ---- rendering --------------------------------------------------------------------------

  const $ = (id) => document.getElementById(id);

  function render() {
    const w = W();
    document.documentElement.lang = state.lang;
    document.title = w.title;
    const app = $('app');
    const focusId = document.activeElement && document.activeElement.id;
    app.replaceChildren(...[
      header(w),
      state.fatal ? el('div', { class: 'problem', id: 'fatal', role: 'alert' }, state.fatal) : null,
      state.note ? el('div', { class: 'note', id: 'note' }, state.note) : null,
      el('div', { class: 'columns' },
        el('div', { class: 'col build' }, houseSection(w), positionSection(w)),
        el('div', { class: 'col play' }, playSection(w), acrossSection(w))),
      exportSection(w)].filter(Boolean));
    app.dataset.ready = '1';
    app.dataset.checks = String((Number(app.dataset.checks) || 0) + 1);
    if (focusId && $(focusId)) $(focusId).focus();
  }

  function header(w) {
    return el('header', { class: 'top' },
      el('div', {}, el('h1', {}, w.title), el('p', { class: 'tagline' }, w.tagline)),
      el('div', { class: 'langs', role: 'group' },
        ['en', 'sv'].map((l) => el('button', {
          class: 'lang' + (state.lang === l ? ' on' : ''), 'data-lang': l, 'aria-pressed': String(state.lang === l),
          onclick: () => { state.lang = l; state.fatal = null; recheck(); },
        }, l === 'en' ? 'English' : 'Svenska'))));
  }

  function houseSection(w) {
    const r = ruleset();
    const text = (x) => (state.lang === 'sv' && x.text_sv ? x.text_sv : x.text);
    return el('section', { class: 'panel house' },
      el('h2', {}, w.house),
      el('label', { class: 'field wide' }, el('span', {}, w.question),
        el('input', { id: 'question', type: 'text', value: state.question, placeholder: defaultQuestion(),
          onchange: (e) => { state.question = e.target.value; recheck(); } })),
      el('label', { class: 'field' }, el('span', {}, w.game),
        el('select', { id: 'ruleset', onchange: (e) => { setRuleset(e.target.value); recheck(); } },
          RULESETS.map((x) => el('option', { value: x.id, selected: x.id === r.id }, x.name)))),
      r.variants.length ? el('fieldset', { class: 'choices' }, el('legend', {}, w.variants),
        r.variants.map((v) => el('label', { class: 'check', title: v.source },
          el('input', { type: 'checkbox', 'data-variant': v.id, checked: state.variants.includes(v.id),
            onchange: (e) => {
              state.variants = r.variants.map((x) => x.id).filter((id) => (id === v.id ? e.target.checked : state.variants.includes(id)));
              recheck();
            } }),
          el('code', {}, v.id), ' ', el('span', { class: 'explain' }, text(v))))) : null,
      r.options.length ? el('fieldset', { class: 'choices' }, el('legend', {}, w.options),
        r.options.map((o) => el('label', { class: 'option', title: o.source },
          el('select', { 'data-option': o.id, onchange: (e) => { state.options[o.id] = e.target.value; recheck(); } },
            o.choices.map((c) => el('option', { value: c, selected: (state.options[o.id] || o.default) === c }, c))),
          el('code', {}, o.id), ' ', el('span', { class: 'explain' }, text(o))))) : null,
      playersField(w, r));
  }

  function playersField(w, r) {
    return el('fieldset', { class: 'players' }, el('legend', {}, w.players),
      el('div', { class: 'count' },
        el('button', { id: 'fewer-players', disabled: state.players.length <= r.players.min,
          onclick: () => { state.players.pop(); if (state.toMove >= state.players.length) state.toMove = 0; state.table.forEach((m) => { if (m.owner >= state.players.length) m.owner = 0; }); state.marker = { zone: 'hand', index: 0 }; recheck(); } }, '−'),
        el('span', { id: 'player-count' }, state.players.length),
        el('button', { id: 'more-players', disabled: state.players.length >= r.players.max, onclick: () => { addPlayer(); recheck(); } }, '+'),
        el('span', { class: 'range' }, r.players.min + '–' + r.players.max)),
      el('div', { class: 'names' }, state.players.map((p, i) => el('input', {
        type: 'text', class: 'name', id: 'name-' + i, 'data-seat': i, value: p.name, maxlength: 16,
        'aria-label': w.names + ' ' + (i + 1),
        onchange: (e) => {
          const v = e.target.value.trim();
          const taken = state.players.some((q, j) => j !== i && q.name === v);
          // A lone letter A-H is a seat in the contract (A, B, ...): only the seat's own.
          const seatLetter = /^[A-H]$/.test(v) && v !== letter(i);
          if (/^[\p{L}\p{N}]+$/u.test(v) && !taken && !seatLetter) p.name = v;
          recheck();
        } }))));
  }

  function zoneButton(zone, index, label) {
    const on = state.marker.zone === zone && state.marker.index === index;
    return el('button', { class: 'zone-pick' + (on ? ' on' : ''), 'data-zone': zone + ':' + index, 'aria-pressed': String(on),
      onclick: () => { state.marker = { zone, index }; render(); } }, on ? '▼ ' + label : label);
  }

  // A card placed in the setup: clicking it puts it back into the deck.
  function placed(list, i, extra) {
    const node = face(list[i], 'small');
    node.classList.add('removable');
    node.addEventListener('click', () => { list.splice(i, 1); recheck(); });
    return extra ? el('span', { class: 'with-standin' }, node, extra) : node;
  }

  function positionSection(w) {
    const r = ruleset();
    const left = copiesLeft();
    const faceNames = state.lang === 'sv' ? r.faces_sv : r.faces;
    const deck = el('div', { class: 'deck ' + r.notation, id: 'deck' },
      r.faces.map((f, i) => {
        const node = el('button', { class: 'deck-card', 'data-face': f, title: faceNames[i], disabled: left[f] <= 0,
          onclick: () => { putCard(f); recheck(); } }, face(f), el('span', { class: 'left' }, left[f]));
        return node;
      }));
    const seat = (i) => state.players[i].name;
    const zones = el('div', { class: 'zones' },
      state.players.map((p, i) => el('div', { class: 'zone' + (state.marker.zone === 'hand' && state.marker.index === i ? ' on' : ''), id: 'setup-hand-' + i },
        zoneButton('hand', i, w.handOf(seat(i))),
        el('div', { class: 'cards' }, p.hand.map((_, j) => placed(p.hand, j))))),
      el('div', { class: 'zone table-zone' },
        el('div', { class: 'zone-head' }, el('strong', {}, w.table),
          el('span', { class: 'new-meld' }, w.newMeld + ' ',
            el('select', { id: 'new-meld-owner' }, state.players.map((_, i) => el('option', { value: i }, seat(i)))),
            el('button', { id: 'new-meld', onclick: () => {
              const owner = Number($('new-meld-owner').value) || 0;
              state.table.push({ id: '', owner, cards: [] });
              state.marker = { zone: 'meld', index: state.table.length - 1 };
              render();
            } }, '+'))),
        state.table.map((m, i) => el('div', { class: 'zone meld-zone' + (state.marker.zone === 'meld' && state.marker.index === i ? ' on' : ''), id: 'setup-meld-' + i },
          zoneButton('meld', i, w.meldOf(meldId(i), seat(m.owner))),
          el('input', { type: 'text', class: 'meld-id', 'data-meld': i, value: m.id, placeholder: 'm' + (i + 1), maxlength: 16,
            onchange: (e) => { const v = e.target.value.trim(); if (!v || /^[\p{L}\p{N}_-]+$/u.test(v)) m.id = v; recheck(); } }),
          el('button', { class: 'remove', onclick: () => { state.table.splice(i, 1); state.marker = { zone: 'hand', index: 0 }; recheck(); } }, w.removeMeld),
          el('div', { class: 'cards' }, m.cards.map((c, j) => (bare(c) === 'JK'
            ? placed(m.cards, j, el('input', { type: 'text', class: 'standin', 'data-meld': i, 'data-card': j, size: 4,
              value: c.startsWith('JK=') ? c.slice(3).replace(/@.*$/, '') : '', placeholder: w.standsFor, title: w.standsFor,
              onclick: (e) => e.stopPropagation(),
              onchange: (e) => { const v = e.target.value.trim().toUpperCase(); m.cards[j] = v ? 'JK=' + v : 'JK'; recheck(); } }))
            : placed(m.cards, j))))))),
      el('div', { class: 'zone' + (state.marker.zone === 'stock' ? ' on' : ''), id: 'setup-stock' },
        zoneButton('stock', 0, tiles() ? w.pool : w.stock),
        el('div', { class: 'cards' }, state.stock.map((_, j) => placed(state.stock, j)))),
      r.setup.pile ? el('div', { class: 'zone' + (state.marker.zone === 'pile' ? ' on' : ''), id: 'setup-pile' },
        zoneButton('pile', 0, w.pile),
        el('div', { class: 'cards' }, state.discard.map((_, j) => placed(state.discard, j)))) : null);
    const turn = el('div', { class: 'turn' },
      el('label', { class: 'field' }, el('span', {}, w.toMove),
        el('select', { id: 'to-move', onchange: (e) => { state.toMove = Number(e.target.value); recheck(); } },
          state.players.map((_, i) => el('option', { value: i, selected: i === state.toMove }, seat(i))))),
      el('label', { class: 'field' }, el('span', {}, w.phase),
        el('select', { id: 'phase', onchange: (e) => { state.phase = e.target.value; recheck(); } },
          r.setup.phases.map((ph) => el('option', { value: ph, selected: ph === state.phase }, ph)))),
      r.setup.rounds ? el('label', { class: 'field' }, el('span', {}, w.round),
        el('select', { id: 'round', onchange: (e) => { state.round = e.target.value; recheck(); } },
          Array.from({ length: r.setup.rounds }, (_, k) => String(k + 1)).map((x) => el('option', { value: x, selected: x === (state.round || '1') }, x)))) : null,
      r.setup.first_lap ? el('label', { class: 'check' }, el('input', { type: 'checkbox', id: 'first-lap', checked: state.firstLap,
        onchange: (e) => { state.firstLap = e.target.checked; recheck(); } }), w.firstLap) : null,
      el('button', { id: 'clear', class: 'quiet', onclick: () => { clearCards(); recheck(); } }, w.clearAll));
    return el('section', { class: 'panel position' }, el('h2', {}, w.position),
      el('p', { class: 'hint' }, w.deck), deck, zones, turn);
  }

  // ---- the play area ----------------------------------------------------------------------

  function playSection(w) {
    const sc = entry();
    const section = el('section', { class: 'panel playing' }, el('h2', {}, w.steps));
    if (!sc) return section;
    if (sc.error) {
      section.append(el('div', { class: 'problem', id: 'problem', role: 'alert' }, el('strong', {}, w.problem + ':'), el('pre', {}, sc.error)));
      return section;
    }
    const shown = shownPosition();
    section.append(...[actionBar(w, shown.pos), stepList(w, sc), felt(w, shown), stepDetail(w, sc)].filter(Boolean));
    return section;
  }

  function actionBar(w, pos) {
    const cardActions = ['draw', 'take', 'meld', 'layoff', 'swap', 'discard', 'claim', 'pass'];
    const tileActions = ['draw', 'arrange', 'pass', 'timeout'];
    const actions = (tiles() ? tileActions : cardActions).concat(pos && pos.hand_over ? ['next_hand'] : [], ['write']);
    const p = state.pick;
    const seatSelect = el('select', { id: 'step-player', onchange: (e) => {
      const v = e.target.value;
      state.pick = Object.assign(state.pick || { action: null, cards: [] }, { seat: v === '' ? null : Number(v), cards: [] });
      render();
    } }, el('option', { value: '' }, w.toMoveNow),
    state.players.map((_, i) => el('option', { value: i, selected: p && p.seat === i }, seatName(i))));
    const bar = el('div', { class: 'actions' },
      el('label', { class: 'field' }, el('span', {}, w.playAs), seatSelect),
      el('div', { class: 'action-buttons' }, actions.map((a) => el('button', {
        class: 'action' + (p && p.action === a ? ' on' : ''), 'data-action': a, onclick: () => startPick(a),
      }, w.actions[a]))));
    if (p && p.action) bar.append(pickPanel(w, pos));
    return bar;
  }

  function pickPanel(w, pos) {
    const p = state.pick;
    const panel = el('div', { class: 'pick', id: 'pick' }, el('p', { class: 'hint' }, w.hints[p.action] || ''));
    if (p.action === 'take' || p.action === 'claim') {
      panel.append(el('div', { class: 'take-row' },
        el('button', { 'data-take': 'top', class: p.take === 'top' ? 'on' : '', onclick: () => { p.take = 'top'; render(); } }, w.top),
        el('button', { 'data-take': 'all', class: p.take === 'all' ? 'on' : '', onclick: () => { p.take = 'all'; render(); } }, w.all),
        el('input', { type: 'number', min: 1, id: 'take-n', value: p.n, size: 3, onchange: (e) => { p.n = e.target.value; p.take = e.target.value; render(); } }),
        el('span', {}, w.cards),
        p.take ? el('code', { id: 'take-chosen' }, 'take: ' + p.take) : null));
    }
    if (p.action === 'next_hand') {
      panel.append(el('label', { class: 'field' }, el('span', {}, w.seed),
        el('input', { type: 'number', min: 0, id: 'seed', value: p.seed, onchange: (e) => { p.seed = e.target.value; } })));
    }
    if (p.action === 'write') {
      panel.append(el('div', {}, el('input', { type: 'text', id: 'step-text', class: 'wide', value: p.text, placeholder: 'discard: 7H',
        onchange: (e) => { p.text = e.target.value; p.error = ''; render(); } }),
      p.error ? el('div', { class: 'problem', id: 'step-error' }, p.error.replace(/^board\.yaml:/, '')) : null));
    }
    if (p.action === 'arrange') panel.append(arrangeEditor(w, pos));
    const chosen = [];
    const hand = pos && pos.players[actingSeat(pos)] ? pos.players[actingSeat(pos)].hand : [];
    p.groups.forEach((g) => chosen.push(el('span', { class: 'group' }, g.map((t) => face(t, 'small')))));
    if (p.cards.length) chosen.push(el('span', { class: 'group current' }, p.cards.map((c) => (hand[c.index] === 'JK'
      ? el('span', { class: 'with-standin' }, face('JK', 'small'), el('input', { type: 'text', class: 'standin pick-standin', size: 4, value: c.standin || '',
        placeholder: w.standsFor, onchange: (e) => { c.standin = e.target.value.trim().toUpperCase(); } }))
      : face(hand[c.index], 'small')))));
    if (p.claimCards && p.claimCards.length) chosen.push(el('span', { class: 'group current' }, p.claimCards.map((t) => face(t, 'small'))));
    if (p.target) chosen.push(el('code', { class: 'target' }, '→ ' + p.target));
    if (chosen.length) panel.append(el('div', { class: 'chosen' }, el('span', { class: 'label' }, w.picked), chosen));
    const row = el('div', { class: 'commit' });
    if (p.action === 'meld') row.append(el('button', { id: 'another-meld', disabled: !p.cards.length, onclick: () => {
      const shown = shownPosition();
      p.groups.push(pickedTokens({ pos: shown.pos, players: shown.pos.players }));
      p.cards = [];
      render();
    } }, w.anotherMeld));
    row.append(el('button', { id: 'play-step', class: 'primary', onclick: () => commitStep(stepFromPick()) }, w.play),
      el('button', { id: 'cancel-step', class: 'quiet', onclick: () => { state.pick = null; render(); } }, w.cancel));
    panel.append(row);
    return panel;
  }

  function arrangeEditor(w, pos) {
    const p = state.pick;
    const seat = actingSeat(pos);
    const rack = pos ? pos.players[seat].hand.slice() : [];
    // Rack tiles already placed in a set are not on the rack any more.
    p.sets.flat().filter((t) => t.from === 'rack').forEach((t) => { const k = rack.indexOf(t.token); if (k >= 0) rack.splice(k, 1); });
    const editor = el('div', { class: 'arrange' });
    p.sets.forEach((set, i) => {
      editor.append(el('div', { class: 'set' + (p.filling === i ? ' on' : ''), 'data-set': i, onclick: () => { p.filling = i; render(); } },
        el('span', { class: 'label' }, set.length ? '#' + (i + 1) : w.newSet),
        set.map((t, j) => {
          const node = face(t.token, 'small');
          node.addEventListener('click', (e) => {
            e.stopPropagation();
            set.splice(j, 1);
            if (p.filling !== i || t.from === 'table') p.sets[p.filling].push(t);
            if (p.sets[p.sets.length - 1].length) p.sets.push([]);
            render();
          });
          return node;
        })));
    });
    editor.append(el('div', { class: 'rack' }, rack.map((t) => {
      const node = face(t, 'small');
      node.addEventListener('click', () => {
        p.sets[p.filling].push({ token: t, from: 'rack' });
        if (p.sets[p.sets.length - 1].length) p.sets.push([]);
        render();
      });
      return node;
    })));
    return editor;
  }

  // A hand card clicked in the play area: picked for the step being composed.
  function pickHandCard(seat, index) {
    const p = state.pick;
    if (!p || !p.action) return;
    if (p.seat === null || p.seat === undefined) {
      const pos = shownPosition().pos;
      if (pos.players[seat].name !== pos.to_move) p.seat = seat;
    }
    if (p.action === 'claim') {
      const hand = shownPosition().pos.players[seat].hand;
      p.claimCards = (p.claimCards || []).concat([hand[index]]);
    } else {
      const k = p.cards.findIndex((c) => c.index === index);
      if (k >= 0) p.cards.splice(k, 1);
      else if (p.action === 'discard' || p.action === 'swap') p.cards = [{ index }];
      else p.cards.push({ index });
    }
    render();
  }

  function pickPileCard(index, token) {
    const p = state.pick;
    if (!p) return;
    if (p.action === 'take' || (p.action === 'claim' && !p.take)) p.take = token;
    else if (p.action === 'claim') p.claimCards = (p.claimCards || []).concat([token]);
    render();
  }

  function pickMeld(id) {
    const p = state.pick;
    if (p && ['layoff', 'swap', 'claim'].includes(p.action)) { p.target = p.target === id ? null : id; render(); }
  }

  function felt(w, shown) {
    const pos = shown.pos;
    const p = state.pick;
    const seat = actingSeat(pos);
    const status = el('div', { class: 'status' },
      el('strong', {}, shown.index ? w.after + ' ' + shown.index : w.atStart),
      pos.hand_over ? el('span', { class: 'over' }, w.handOver) : el('span', { class: 'tomove' }, '▶ ' + pos.to_move + ' (' + (pos.phase_text || pos.phase) + ')'),
      pos.game_over ? el('span', { class: 'over' }, w.gameOver) : null);
    const stock = el('div', { class: 'stack' }, el('div', { class: 'back' + (tiles() ? ' tiles' : '') }, el('span', {}, pos.stock_size)),
      el('div', { class: 'label' }, tiles() ? w.poolCount : w.stockCount));
    const pile = el('div', { class: 'stack' }, el('div', { class: 'pile', id: 'play-pile' }, pos.discard.length ? pos.discard.map((t, i) => {
      const node = face(t, 'small' + (p && p.take === t && (p.action === 'take' || p.action === 'claim') ? ' picked' : ''));
      node.dataset.pileIndex = i;
      node.addEventListener('click', () => pickPileCard(i, t));
      return node;
    }) : el('span', { class: 'label' }, w.empty)), el('div', { class: 'label' }, w.pileLabel));
    const table = el('div', { class: 'melds', id: 'play-table' }, pos.table.map((m) => el('div', {
      class: 'meld' + (p && p.target === m.id ? ' picked' : ''), 'data-meld': m.id, onclick: () => pickMeld(m.id),
    }, el('div', { class: 'meld-cards' }, m.cards.map((c) => face(c, 'small'))), el('div', { class: 'tag' }, w.meldOf(m.id, m.owner)))));
    const seats = el('div', { class: 'seats' }, pos.players.map((pl, i) => el('div', {
      class: 'seat' + (pl.name === pos.to_move ? ' moving' : '') + (p && p.action && i === seat ? ' acting' : ''), 'data-seat': i, id: 'play-hand-' + i,
    }, el('div', { class: 'who' }, el('strong', {}, pl.name), pl.opened ? el('span', { class: 'badge' }, w.opened) : null,
      el('span', { class: 'badge' }, w.total + ' ' + pl.total),
      pl.round_score !== null && pl.round_score !== undefined ? el('span', { class: 'badge score' }, (pl.round_score > 0 ? '+' : '') + pl.round_score) : null),
    el('div', { class: 'hand' }, pl.hand.map((t, j) => {
      const picked = p && i === seat && p.cards && p.cards.some((c) => c.index === j);
      const node = face(t, picked ? 'picked' : '');
      node.dataset.index = j;
      node.addEventListener('click', () => pickHandCard(i, j));
      return node;
    })))));
    return el('div', { class: 'felt', id: 'felt' }, status,
      el('div', { class: 'centre' }, stock, tiles() ? null : pile, table), seats);
  }

  function stepList(w, sc) {
    const shown = shownPosition();
    if (!sc.steps.length) return el('p', { class: 'hint', id: 'no-steps' }, w.noStep);
    return el('ol', { class: 'steps', id: 'steps' },
      el('li', { class: 'start' + (shown.index === 0 ? ' on' : '') }, el('button', { onclick: () => { state.shown = 0; render(); } }, w.start)),
      sc.steps.map((st, i) => el('li', {
        class: (st.legal ? 'legal' : 'refused') + (shown.index === i + 1 ? ' on' : ''), 'data-step': i + 1,
        'data-verdict': st.verdict, 'data-rule': st.rule ? st.rule.id : '',
      }, el('button', { onclick: () => { state.shown = i + 1; render(); } },
        el('span', { class: 'n' }, i + 1), el('span', { class: 'who' }, st.player), el('code', {}, st.text),
        state.lang === 'sv' && st.words ? el('span', { class: 'said' }, st.words) : null,
        el('span', { class: 'chip' }, st.legal ? w.legal : w.refused)))));
  }

  function stepDetail(w, sc) {
    const shown = shownPosition();
    if (!shown.index) return null;
    const st = sc.steps[shown.index - 1];
    const box = el('div', { class: 'verdict-box ' + (st.legal ? 'legal' : 'refused'), id: 'verdict', 'data-step': shown.index },
      el('div', { class: 'verdict-head' },
        el('span', { class: 'pill' }, st.legal ? w.legal : w.refused),
        el('span', { class: 'verdict-text' }, st.verdict_text),
        el('button', { class: 'quiet', id: 'remove-step', onclick: () => {
          state.steps.splice(shown.index - 1, 1); state.shown = null; recheck();
        } }, w.undo)));
    // The clause that refused the step, or those it passed through: the answer to "which rule says so?".
    const clause = (rule, label, cls) => el('div', { class: 'clause ' + cls, 'data-rule': rule.id },
      el('div', {}, el('span', { class: 'label' }, label + ' '), el('code', { class: 'rule-id' }, rule.id)),
      rule.text ? el('p', { class: 'clause-text' }, rule.text) : null,
      rule.source ? el('p', { class: 'source' }, el('span', { class: 'label' }, w.source + ' '), rule.source) : null,
      rule.resolution ? el('p', { class: 'resolution' }, el('span', { class: 'label' }, w.reading + ' '), rule.resolution) : null);
    if (st.rule) box.append(clause(st.rule, w.rule, 'broken'));
    (st.allowed_by || []).forEach((rule) => box.append(clause(rule, w.allowedBy, 'allowing')));
    if (st.readings && st.readings.length) {
      box.append(el('div', { class: 'readings' }, el('span', { class: 'label' }, w.otherReadings),
        st.readings.map((r) => el('div', { class: 'reading', 'data-option': r.option },
          el('code', {}, r.option), ' ', el('span', { class: 'explain' }, r.text),
          el('ul', {}, r.answers.map((a) => el('li', { class: (a.verdict === (state.lang === 'sv' ? 'tillåtet' : 'legal') ? 'ok' : 'no') + (a.current ? ' current' : ''), 'data-choice': a.choice },
            el('code', {}, a.choice), a.current ? ' *' : '', ' → ', a.verdict)))))));
    }
    box.append(el('div', { class: 'changes' }, el('span', { class: 'label' }, w.changes),
      el('ul', {}, (st.changes || []).map((c) => el('li', {}, c)))));
    if (st.hand_end) {
      box.append(el('div', { class: 'hand-end' }, el('span', { class: 'label' }, w.scores),
        el('table', {}, el('tr', {}, el('th', {}, w.player), el('th', {}, w.points), el('th', {}, w.why)),
          st.hand_end.scores.map((s) => [
            el('tr', { class: 'sum' }, el('td', {}, s.player), el('td', {}, s.score), el('td', {}, w.total + ' ' + s.total + (s.mismatch ? ' · ' + s.mismatch : ''))),
            s.lines.map((l) => el('tr', {}, el('td', {}, l.card ? face(l.card, 'mini') : ''), el('td', {}, l.points), el('td', {}, l.why)))]))));
    }
    return box;
  }

  function acrossSection(w) {
    const sc = entry();
    if (!sc || sc.error || !sc.across || !sc.steps.length) return null;
    const head = el('tr', {}, el('th', {}, ''), sc.across.steps.map((s, i) => el('th', {}, el('span', { class: 'n' }, i + 1), el('code', {}, s))));
    const rows = sc.across.rows.map((row) => {
      const mine = row.houses.includes(sc.house);
      return el('tr', { class: mine ? 'mine' : '', 'data-houses': row.houses.join(' ') },
        el('th', { class: 'houses' }, row.houses.map((h) => el('div', {}, el('code', {}, h), h === sc.house ? el('span', { class: 'badge' }, w.thisHouse) : null))),
        row.na ? el('td', { class: 'na', colspan: sc.across.steps.length }, w.na + ': ' + row.na)
          : row.cells.map((c) => el('td', { class: c === 'legal' ? 'ok' : 'no' }, c === 'legal' ? w.legal : c)));
    });
    return el('section', { class: 'panel across', id: 'across' }, el('h2', {}, w.across),
      el('div', { class: 'scroll' }, el('table', {}, el('thead', {}, head), el('tbody', {}, rows))));
  }

  function exportSection(w) {
    const yaml = state.yaml || '';
    const link = fragmentLink();
    const copy = (text, button) => {
      const done = () => { button.textContent = w.copied; };
      if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).then(done, () => {});
      else { const t = el('textarea', {}, text); document.body.append(t); t.select(); document.execCommand('copy'); t.remove(); done(); }
    };
    const download = el('a', { id: 'download', class: 'button', download: 'dispute.yaml',
      href: 'data:application/yaml;charset=utf-8,' + encodeURIComponent(yaml) }, w.download);
    const openArea = el('textarea', { id: 'open-text', rows: 4, placeholder: 'name: ...\nruleset: rummy500\nsetup: ...' });
    return el('section', { class: 'panel export' },
      el('h2', {}, w.scenario), el('p', { class: 'hint' }, w.scenarioHelp),
      el('textarea', { id: 'yaml', readonly: true, rows: Math.min(24, yaml.split('\n').length + 1), spellcheck: 'false' }, yaml),
      el('div', { class: 'row' },
        el('button', { id: 'copy-yaml', onclick: (e) => copy(yaml, e.target) }, w.copy), download,
        el('label', { class: 'field wide' }, el('span', {}, w.link), el('input', { id: 'link', type: 'text', readonly: true, value: link })),
        el('button', { id: 'copy-link', onclick: (e) => copy(link, e.target) }, w.copy)),
      el('details', { class: 'open' }, el('summary', {}, w.open), openArea,
        el('div', { class: 'row' },
          el('button', { id: 'load-yaml', onclick: () => loadText(openArea.value) }, w.load),
          el('span', {}, w.loadFile),
          el('input', { type: 'file', accept: '.yaml,.yml,text/yaml', onchange: (e) => {
            const f = e.target.files[0];
            if (f) f.text().then(loadText);
          } }))));
  }

  function loadText(text) {
    state.note = '';
    const problem = loadYaml(text);
    state.fatal = problem ? W().problem + ': ' + problem : null;
    recheck();
  }

  // ---- start ------------------------------------------------------------------------------

  function start() {
    $('app').textContent = WORDS.en.loading;
    createMeldcheckEngine().then((module) => {
      engine = module;
      RULESETS = engineCall.rulesets();
      state.players = [{ name: 'Anna', hand: [] }, { name: 'Bo', hand: [] }];
      readFragment();
      recheck();
    }, (e) => {
      $('app').replaceChildren(el('div', { class: 'problem', role: 'alert' }, WORDS.en.engineFailed + ': ' + String(e && e.message || e)));
    });
    window.addEventListener('hashchange', () => { state.fatal = null; state.note = ''; readFragment(); recheck(); });
  }

  start();
})();
