// A Swiss in the browser: a guest makes one (over the page's own connection), it shows in the
// lobby's list with its countdown, two guests join with the page's button, their pairing opens
// their board at once, one resigns, and the standings change on the tournament page. The
// tournament page is checked on a phone's width and a desktop's.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, browser, shot } from './helpers.mjs';

let server;
let chrome;

before(async () => {
  server = await startServer();
  chrome = await browser();
});

after(async () => {
  if (chrome) await chrome.close();
  if (server) await server.stop();
});

/** Makes a one-round Swiss as this page's guest, over a WebSocket of its own. */
async function createSwiss(page) {
  return create(page, { kind: 'swiss', name: 'Web Swiss', tc: '600+0', rounds: 1, starts_in_secs: 6 });
}

/** Makes a tournament of terms `spec` as this page's guest, over a WebSocket of its own. */
async function create(page, spec) {
  return page.evaluate((spec) => new Promise((resolve, reject) => {
    const ws = new WebSocket('ws://' + location.host + '/ws');
    const timer = setTimeout(() => reject(new Error('no tournament_created')), 10000);
    ws.onopen = () => ws.send(JSON.stringify({ t: 'hello', v: 1, token: localStorage.getItem('parachess-token') }));
    ws.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.t === 'welcome') {
        ws.send(JSON.stringify({ t: 'tournament_create', ...spec }));
      } else if (m.t === 'tournament_created') {
        clearTimeout(timer);
        ws.close();
        resolve(m.id);
      } else if (m.t === 'error') {
        reject(new Error(m.msg));
      }
    };
  }), spec);
}

test('two guests join a Swiss, play, and the standings change', { timeout: 120000 }, async () => {
  const ctxA = await chrome.newContext({ viewport: { width: 1280, height: 800 } });
  const a = await ctxA.newPage();
  const errors = [];
  a.on('pageerror', (e) => errors.push(e.message));
  await a.goto(server.url + '/');
  await a.waitForFunction(() => localStorage.getItem('parachess-name'), null, { timeout: 10000 });
  const id = await createSwiss(a);
  await a.reload();
  const listed = a.locator(`[data-tournament="${id}"]`);
  await listed.waitFor({ timeout: 10000 });
  assert.match(await listed.locator('time').textContent(), /^in \d+ s$|now/);

  await a.goto(`${server.url}/tournament/${id}`);
  await a.click('[data-action="join"]');
  await a.waitForSelector('[data-player]', { timeout: 10000 });

  const ctxB = await chrome.newContext({ viewport: { width: 390, height: 844 } });
  const b = await ctxB.newPage();
  b.on('pageerror', (e) => errors.push(e.message));
  await b.goto(`${server.url}/tournament/${id}`);
  await b.waitForFunction(() => localStorage.getItem('parachess-name'), null, { timeout: 10000 });
  await shot(b, 'tournament-phone-before');
  await b.click('[data-action="join"]');
  await b.waitForFunction(() => document.querySelectorAll('[data-player]').length === 2, null, { timeout: 10000 });
  for (const row of await b.locator('[data-player]').all()) {
    assert.equal(await row.getAttribute('data-score'), '0');
  }

  // Round one is paired when the tournament starts: both boards open at once.
  await Promise.all([
    a.waitForURL(/\/game\/[A-Za-z0-9]+$/, { timeout: 20000 }),
    b.waitForURL(/\/game\/[A-Za-z0-9]+$/, { timeout: 20000 }),
  ]);
  assert.equal(a.url(), b.url());
  await a.waitForSelector('#board[data-side]', { timeout: 15000 });
  await a.click('#resign');
  await a.click('#resign');

  // The standings: the winner has 1, the loser 0; the round is 1.
  await b.goto(`${server.url}/tournament/${id}`);
  await b.waitForSelector('[data-player][data-score="1"]', { timeout: 15000 });
  assert.equal(await b.locator('[data-player][data-score="0"]').count(), 1);
  assert.equal(await b.locator('[data-round]').first().getAttribute('data-round'), '1');
  const winner = await b.locator('[data-player][data-score="1"]').getAttribute('data-player');
  const me = await b.evaluate(() => localStorage.getItem('parachess-name'));
  assert.equal(winner, me, 'the one who did not resign leads');
  await shot(b, 'tournament-phone');
  const width = await b.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the page is ${width} px wide on a phone`);
  await a.goto(`${server.url}/tournament/${id}`);
  await a.waitForSelector('[data-player][data-score="1"]', { timeout: 15000 });
  await shot(a, 'tournament-desktop');
  // The JSON says the same.
  const json = await (await fetch(`${server.url}/api/tournament/${id}`)).json();
  assert.equal(json.kind, 'swiss');
  assert.equal(json.rounds[0].pairings[0].result === '1-0' || json.rounds[0].pairings[0].result === '0-1', true);
  assert.deepEqual(errors, []);
  await ctxA.close();
  await ctxB.close();
});

test('in an arena game a player goes berserk before moving; the opponent sees it', { timeout: 120000 }, async () => {
  const ctxA = await chrome.newContext({ viewport: { width: 1280, height: 800 } });
  const a = await ctxA.newPage();
  const errors = [];
  a.on('pageerror', (e) => errors.push(e.message));
  await a.goto(server.url + '/');
  await a.waitForFunction(() => localStorage.getItem('parachess-name'), null, { timeout: 10000 });
  const id = await create(a, { kind: 'arena', name: 'Web Arena', tc: '600+5', length_secs: 600, starts_in_secs: 4 });
  await a.goto(`${server.url}/tournament/${id}`);
  await a.click('[data-action="join"]');
  const ctxB = await chrome.newContext({ viewport: { width: 390, height: 844 } });
  const b = await ctxB.newPage();
  b.on('pageerror', (e) => errors.push(e.message));
  await b.goto(`${server.url}/tournament/${id}`);
  await b.waitForFunction(() => localStorage.getItem('parachess-name'), null, { timeout: 10000 });
  await b.click('[data-action="join"]');
  await Promise.all([
    a.waitForURL(/\/game\/[A-Za-z0-9]+$/, { timeout: 20000 }),
    b.waitForURL(/\/game\/[A-Za-z0-9]+$/, { timeout: 20000 }),
  ]);
  // Neither has moved: both may go berserk.
  await a.locator('[data-action="berserk"]').waitFor({ state: 'visible', timeout: 15000 });
  await b.locator('[data-action="berserk"]').waitFor({ state: 'visible', timeout: 15000 });
  await shot(b, 'berserk-phone-before');
  // A tournament's game is never aborted: no Abort button to press.
  assert.equal(await a.locator('#abort').isVisible(), false);
  await a.locator('[data-action="berserk"]').focus();
  await a.keyboard.press('Enter');
  // Gone for a (once is all), still there for b; both see a's clock at half its 10 minutes.
  await a.locator('[data-action="berserk"]').waitFor({ state: 'hidden', timeout: 10000 });
  const aSide = await a.locator('#board').getAttribute('data-side');
  for (const p of [a, b]) {
    const box = p.locator(`.player[data-color="${aSide}"]`);
    await p.waitForFunction((side) => document.querySelector(`.player[data-color="${side}"]`).dataset.berserk === 'yes', aSide, { timeout: 10000 });
    assert.match(await box.locator('.clock').textContent(), /^[45]:\d\d$/);
  }
  assert.equal(await b.locator('[data-action="berserk"]').isVisible(), true);
  assert.match(await b.locator('#game-msg').textContent(), /berserk/);
  await shot(b, 'berserk-phone');
  await shot(a, 'berserk-desktop');
  const width = await b.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the game page is ${width} px wide on a phone`);
  assert.deepEqual(errors, []);
  await ctxA.close();
  await ctxB.close();
});
