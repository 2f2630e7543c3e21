// Every page in German (issues 37, 41, 42): asked for by the browser's Accept-Language, or by
// the header's switch (remembered). Each page's headings and buttons are German, none of the
// English texts (nor a text table's key) shows, in the page or in its labels; the pages'
// scripts speak German too (the game's status, the puzzle's goal, a lesson's refusal, the blind
// mode's panel); a lesson's promotion offers the choice. Screenshots at 390 px, none wider.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, browser, shot } from './helpers.mjs';

let server;
let chrome;

before(async () => {
  const downloads = mkdtempSync(join(tmpdir(), 'parachess-downloads-'));
  writeFileSync(join(downloads, 'parachess-linux.tar.gz'), 'not really a package');
  server = await startServer(['--downloads', downloads]);
  chrome = await browser();
});

after(async () => {
  if (chrome) await chrome.close();
  if (server) await server.stop();
});

/** English texts of the pages and their scripts that German pages must not show. */
const ENGLISH = [
  'Loading…', 'Connecting…', 'Back to the lobby', 'Not found', 'Promote to', 'Type a move',
  'Show the cell names', 'Turn the board', 'How the pieces move', 'Play the computer',
  'Quick pairing', 'Post seek', 'Open seeks', 'Being played now', 'Players online', 'Your games',
  'Play a friend', 'Make a link', 'Copy the link', 'Puzzle of the day', 'Show the solution',
  'Next puzzle', 'Your puzzle rating', 'Offer draw', 'Takeback', 'Resign', 'Rematch',
  'New game', 'Download the game', 'Analyse this position', 'Ask for a computer analysis',
  'Your move', 'Waiting for', 'to move', 'Analysis board', "The engine's best lines",
  'Take back', 'Start again', 'Position text', 'Finished games', 'any result', 'Search',
  'Head to head', 'Games as a guest', 'Recent games', 'Standings', 'Withdraw', 'Pairings',
  'invites you to play', 'Join the game', 'This invitation has been used', 'Lesson', 'Stage',
  'Restart', 'Next stage', 'All lessons', 'Hint', 'Blind mode', 'Announcements', 'Text board',
  'Command or move', 'Download Parachess', 'Playing as a guest', 'Sign in', 'Create account',
  'Variant', 'Colour', 'Minutes', 'Increment', 'random', 'untimed', 'rated', 'casual',
  'White', 'Black', 'Accept', 'Decline', 'Names', 'Flip',
  // The server's refusals (its `error` messages and the rules' reasons).
  'Move refused', 'there is no piece', 'cannot go', 'not your move', 'wrong name or password',
  'slow down', 'try again', 'wait a minute', 'invitation', 'the game is over',
];

/** What a German page shows that is English or a key of the text table: its visible text,
 * and its labels, titles and placeholders. */
async function leaks(page) {
  return page.evaluate((english) => {
    const texts = [document.body.innerText, document.title];
    for (const e of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
      if (e.closest('svg.board') && e.tagName !== 'svg') continue; // cell names: a1, e5
      for (const a of ['aria-label', 'title', 'placeholder']) if (e.hasAttribute(a)) texts.push(e.getAttribute(a));
    }
    const all = texts.join('\n');
    const words = english.filter((w) => new RegExp(`(^|[^\\p{L}])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u').test(all));
    const keys = all.match(/\b(js|nav|lobby|learn|puzzle|invite|archive|analysis|friend|speed|level)-[a-z0-9-]+\b/g) || [];
    return [...words, ...keys];
  }, ENGLISH);
}

/** No sideways scrolling at the phone's width. */
async function fits(page, what) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 390, `${what}: ${wide} px wide at 390 px`);
}

/** Checks a German page: its language, the texts it must show, no English (but the words in
 * `quotes`, which the page quotes on purpose); a screenshot. */
async function german(page, name, { shows = [], status = 200, response = null, quotes = [] } = {}) {
  if (response) assert.equal(response.status(), status, `${name}: HTTP ${response.status()}`);
  assert.equal(await page.getAttribute('html', 'lang'), 'de', name);
  const body = await page.evaluate(() => document.body.innerText);
  for (const s of shows) assert.ok(body.includes(s), `${name}: "${s}" not on the page:\n${body.slice(0, 1500)}`);
  const leaked = (await leaks(page)).filter((w) => !quotes.includes(w));
  assert.deepEqual(leaked, [], `${name}: English or keys on the German page`);
  await fits(page, name);
  await shot(page, `de-${name}`);
}

function phone(extra = {}) {
  return chrome.newContext({
    viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2,
    locale: 'de-DE', extraHTTPHeaders: { 'Accept-Language': 'de-DE,de;q=0.9' }, ...extra,
  });
}

/** Makes a one-round Swiss as this page's guest, over a WebSocket of its own. */
async function createSwiss(page) {
  return page.evaluate(() => new Promise((resolve, reject) => {
    const ws = new WebSocket('ws://' + location.host + '/ws');
    const timer = setTimeout(() => reject(new Error('no tournament_created')), 10000);
    ws.onopen = () => ws.send(JSON.stringify({ t: 'hello', v: 1, token: localStorage.getItem('parachess-token') }));
    ws.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.t === 'welcome') {
        ws.send(JSON.stringify({ t: 'tournament_create', kind: 'swiss', name: 'Schweizer', tc: '600+0', rounds: 1, starts_in_secs: 60 }));
      } else if (m.t === 'tournament_created') {
        clearTimeout(timer);
        ws.close();
        resolve(m.id);
      } else if (m.t === 'error') reject(new Error(m.msg));
    };
  }));
}

test('every page in German by Accept-Language, at 390 px', { timeout: 240000 }, async () => {
  const ctx = await phone();
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));

  let r = await page.goto(server.url + '/');
  await page.waitForFunction(() => localStorage.getItem('parachess-name'), null, { timeout: 10000 });
  await page.waitForFunction(() => !/Verbinde/.test(document.querySelector('#account-state').textContent), null, { timeout: 10000 });
  await german(page, 'lobby', {
    response: r, shows: ['Gegen den Computer', 'Schnelle Partie', 'Gegen einen Freund', 'Offene Angebote', 'Du spielst als Gast'],
  });
  const me = await page.evaluate(() => localStorage.getItem('parachess-name'));

  r = await page.goto(server.url + '/learn');
  await german(page, 'learn', { response: r, shows: ['Parachess lernen', 'Lektionen'] });

  r = await page.goto(server.url + '/learn/1/1');
  await page.waitForFunction(() => !/Lädt/.test(document.querySelector('#said').textContent), null, { timeout: 20000 });
  await german(page, 'learn-stage', { response: r, shows: ['Alle Lektionen', 'Neu beginnen', 'Nächste Stufe'] });

  // A refused move in a lesson is explained in German (the window's sentences, on the server).
  const rook = await page.evaluate(async (url) => {
    const html = await (await fetch(url + '/learn?lang=en')).text();
    const doc = new DOMParser().parseFromString(html, 'text/html');
    return Array.from(doc.querySelectorAll('[data-lesson="3"] .stage-list a')).find((a) => a.textContent === 'Collect the stars').getAttribute('href');
  }, server.url);
  await page.goto(server.url + rook);
  await page.waitForFunction(() => !/Lädt/.test(document.querySelector('#said').textContent), null, { timeout: 20000 });
  await page.fill('#learn-input', 'e1a1');
  await page.press('#learn-input', 'Enter');
  await page.waitForFunction(() => /Stern/.test(document.querySelector('#said').textContent), null, { timeout: 20000 });
  assert.match(await page.textContent('#said'), /^Mit diesem Zug kommt dein Turm keinem Stern näher/);
  await german(page, 'learn-refused');

  r = await page.goto(server.url + '/puzzles');
  await page.waitForFunction(() => /am Zug/.test(document.querySelector('#goal').textContent), null, { timeout: 20000 });
  await german(page, 'puzzles', { response: r, shows: ['Lösung zeigen', 'Nächste Aufgabe', 'Deine Aufgabenwertung', 'Aufgabe '] });

  r = await page.goto(server.url + '/puzzles/999999');
  await german(page, 'puzzle-404', { response: r, status: 404, shows: ['Nicht gefunden', 'Diese Aufgabe gibt es nicht.'] });

  r = await page.goto(server.url + '/analysis');
  await page.waitForSelector('[data-line]', { timeout: 60000 });
  await german(page, 'analysis', { response: r, shows: ['Analysebrett', 'Die besten Züge der Engine', 'Tiefe'] });

  r = await page.goto(server.url + '/archive');
  await german(page, 'archive', { response: r, shows: ['Beendete Partien', 'Suchen'] });

  r = await page.goto(server.url + '/download');
  await german(page, 'download', { response: r, shows: ['Parachess herunterladen', 'Datei', 'Größe'] });

  r = await page.goto(server.url + '/nothing-here');
  await german(page, '404', { response: r, status: 404, shows: ['Nicht gefunden', 'Zurück zur Lobby'] });

  // The rule book in German (docs/RULES.de.md), its diagrams too. It quotes two English words
  // on purpose: a game file's tag [Variant "name"], and §11's English example move.
  r = await page.goto(server.url + '/rules');
  assert.match(await page.title(), /^Die Regeln/);
  assert.equal(await page.getAttribute('article.rules', 'lang'), 'de');
  await german(page, 'rules', {
    response: r,
    quotes: ['Variant', 'Black'],
    shows: ['Dies ist eine Übersetzung', '1. Das Brett', '6. Spielverlauf', 'Zauberer', 'Schachmatt', 'Patt',
      'Jede Figur auf e5', 'Felder von e5 aus auf dem leeren Brett', 'Berechnet von den Regeln des Servers'],
  });
  assert.equal(await page.locator('figure.diagram-fig').count(), 6);
  // The diagrams come with the pieces, before section 6.
  assert.ok(await page.evaluate(() => {
    const diagrams = document.querySelector('#diagrams');
    const play = document.querySelector('h2[id^="6-"]');
    return Boolean(diagrams && play && diagrams.compareDocumentPosition(play) & Node.DOCUMENT_POSITION_FOLLOWING);
  }));
  assert.equal(await page.textContent('.rules pre code'), 'rsqksr/1bb1/pppppppp/5/10/6/10/5/PPPPPPPP/1BB1/RSQKSR w 0 1\n');

  // A game against the computer: the page and its script's status.
  await page.goto(server.url + '/');
  await page.locator('[data-computer-level="easy"]').click();
  await page.waitForURL(/\/game\/[A-Za-z0-9]+$/, { timeout: 20000 });
  await page.waitForSelector('#board[data-side]', { timeout: 20000 });
  await page.waitForFunction(() => /Du bist am Zug|Warte auf/.test(document.querySelector('#status').textContent), null, { timeout: 20000 });
  await german(page, 'game', { shows: ['Aufgeben', 'Remis anbieten', 'Partie herunterladen'] });

  r = await page.goto(`${server.url}/@/${encodeURIComponent(me)}`);
  await german(page, 'player', { response: r, shows: ['Partien als Gast', 'Direkter Vergleich', 'Letzte Partien'] });

  // A tournament's page.
  const id = await createSwiss(page);
  r = await page.goto(`${server.url}/tournament/${id}`);
  await german(page, 'tournament', { response: r, shows: ['Schweizer System', 'Beitreten', 'Tabelle', 'Beginnt'] });
  await page.locator('[data-action="join"]').click();
  await page.waitForFunction(() => /Du bist dabei/.test(document.querySelector('#tournament-msg').textContent), null, { timeout: 10000 });

  assert.deepEqual(errors, []);
  await ctx.close();
});

test('an invitation in German: open, joined, then used (410)', { timeout: 120000 }, async () => {
  const host = await (await phone()).newPage();
  await host.goto(server.url + '/');
  await host.waitForFunction(() => localStorage.getItem('parachess-name'), null, { timeout: 10000 });
  await host.locator('[data-action="friend-link"]').click();
  await host.waitForSelector('[data-friend-link][href*="/invite/"]', { timeout: 10000 });
  await host.waitForFunction(() => /Warte, bis dein Freund/.test(document.querySelector('#friend-msg').textContent), null, { timeout: 10000 });
  await german(host, 'lobby-friend-link');
  const link = await host.getAttribute('[data-friend-link]', 'href');

  const friend = await (await phone()).newPage();
  let r = await friend.goto(link);
  await german(friend, 'invite', { response: r, shows: ['lädt dich zu einer Partie ein', 'Mitspielen'] });
  await friend.locator('[data-action="join"]').click();
  await friend.waitForURL(/\/game\//, { timeout: 15000 });

  const late = await (await phone()).newPage();
  r = await late.goto(link);
  await german(late, 'invite-used', { response: r, status: 410, shows: ['Diese Einladung ist schon vergeben', 'Partie zuschauen'] });
});

test('the switch makes German pages, remembered; the blind mode speaks German', { timeout: 120000 }, async () => {
  const ctx = await chrome.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  const page = await ctx.newPage();
  await page.goto(server.url + '/puzzles');
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  await page.locator('a[data-lang="de"]').click();
  await page.waitForFunction(() => document.documentElement.lang === 'de', null, { timeout: 10000 });
  // Remembered: a plain address comes back in German.
  await page.goto(server.url + '/analysis');
  await page.waitForFunction(() => document.documentElement.lang === 'de', null, { timeout: 10000 });
  await page.waitForSelector('[data-line]', { timeout: 60000 });
  await german(page, 'analysis-switch', { shows: ['Analysebrett'] });
  // Blind mode on the analysis board: the page's own sentences in German too.
  await page.goto(server.url + '/analysis?blind=1');
  await page.waitForFunction(() => document.querySelector('[data-announce] p')?.textContent.startsWith('Analysebrett. Tippe h'),
    null, { timeout: 20000 });
  await page.locator('[data-command]').fill('h');
  await page.locator('[data-command]').press('Enter');
  await page.waitForFunction(() => /Linien der Engine/.test(document.querySelector('[data-announce]').textContent),
    null, { timeout: 20000 });
  await german(page, 'analysis-blind', { shows: ['Analyse mit Worten'] });

  // The blind mode on a game page: its panel and the server's words in German.
  await page.goto(server.url + '/');
  await page.waitForFunction(() => document.documentElement.lang === 'de', null, { timeout: 10000 });
  await page.locator('[data-computer-level="easy"]').click();
  await page.waitForURL(/\/game\/[A-Za-z0-9]+$/, { timeout: 20000 });
  await page.goto(page.url().split('?')[0] + '?blind=1');
  await page.waitForFunction(() => document.documentElement.lang === 'de', null, { timeout: 10000 });
  await page.waitForSelector('[data-announce] p', { timeout: 20000 });
  await page.waitForSelector('[data-text-board] p', { timeout: 20000 });
  const said = await page.textContent('[data-announce]');
  assert.match(said, /\(Weiß\) gegen/, said);
  assert.match(await page.textContent('[data-text-board]'), /am Zug/);
  await german(page, 'game-blind', { shows: ['Ansagen', 'Textbrett', 'Befehl oder Zug', 'Blindenmodus ist an'] });
  await ctx.close();
});

test("the server's refusals in German: a wrong password, a move the rules refuse", { timeout: 120000 }, async () => {
  const ctx = await phone();
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(server.url + '/');
  await page.waitForSelector('#sign-form:not([hidden])', { timeout: 10000 });
  await page.fill('#sign-form [name="name"]', 'niemand');
  await page.fill('#sign-form [name="password"]', 'nicht-das-passwort');
  await page.press('#sign-form [name="password"]', 'Enter');
  await page.waitForFunction(() => document.querySelector('#account-msg').textContent !== '', null, { timeout: 10000 });
  assert.equal(await page.textContent('#account-msg'), 'falscher Name oder falsches Passwort');
  await german(page, 'lobby-wrong-password');

  // A move from an empty cell, typed in the blind mode's field when it is the player's move:
  // the server refuses it, with the rules' reason in German.
  await page.locator('[data-computer-level="easy"]').click();
  await page.waitForURL(/\/game\/[A-Za-z0-9]+$/, { timeout: 20000 });
  await page.goto(page.url() + '?blind=1');
  await page.waitForSelector('[data-text-board] p', { timeout: 20000 });
  await page.waitForFunction(() => /Du bist am Zug/.test(document.querySelector('#status').textContent), null, { timeout: 20000 });
  // A cell empty in the position shown, and a move from it.
  const [empty, to] = await page.evaluate(() => {
    const taken = new Set([...document.querySelectorAll('[data-on]')].map((u) => u.dataset.on));
    const cells = [...document.querySelectorAll('#board [data-cell]')].map((p) => p.dataset.cell);
    const from = cells.find((c) => !taken.has(c));
    return [from, cells.find((c) => c !== from)];
  });
  assert.ok(empty && to);
  await page.locator('[data-command]').fill(`${empty}${to}`);
  await page.locator('[data-command]').press('Enter');
  await page.waitForFunction(() => /Zug abgelehnt/.test(document.querySelector('[data-announce]').textContent), null, { timeout: 20000 });
  const said = await page.textContent('[data-announce]');
  assert.match(said, new RegExp(`Zug abgelehnt: Auf ${empty} steht keine Figur`), said);
  await german(page, 'game-move-refused');
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('a lesson promotes to the piece chosen', { timeout: 120000 }, async () => {
  const ctx = await phone();
  const page = await ctx.newPage();
  // Lesson 12 (the Pawn), stage 4: h3i4, then i4k3 promotes.
  await page.goto(server.url + '/learn/12/4');
  await page.waitForSelector('#board[data-stage="play"]', { timeout: 20000 });
  for (const [from, to] of [['h3', 'i4'], ['i4', 'k3']]) {
    await page.locator(`#board [data-cell="${from}"]`).click();
    await page.locator(`#board [data-cell="${to}"]`).click();
    // The next move once the server has taken this one (its legal moves then include it).
    if (to === 'i4') await page.waitForSelector('#board[data-legal~="i4k3r"]', { timeout: 20000 });
  }
  await page.waitForSelector('#promo:not([hidden]) button[data-kind="r"]', { timeout: 10000 });
  await german(page, 'learn-promotion', { shows: ['Umwandeln in', 'Turm'] });
  await page.locator('#promo button[data-kind="r"]').click();
  await page.waitForSelector('#board[data-stage="done"]', { timeout: 20000 });
  assert.match(await page.locator('#board').getAttribute('data-position'), /R/);
  await ctx.close();
});
