// What a player typed shows as text, pages carry a strict Content-Security-Policy, the
// WebSocket refuses other sites, the rules page draws its diagrams, and a phone's width
// puts the panel under a board that fits.

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

const EVIL = '<script>window.pwned=1</script><img src=x onerror="window.pwned=2">';

test('a name with <script> in it shows as text', { timeout: 60000 }, async () => {
  const page = await (await chrome.newContext()).newPage();
  await page.goto(`${server.url}/@/${encodeURIComponent(EVIL)}`);
  assert.equal((await page.locator('.missing').textContent()).includes(EVIL), true);
  await page.goto(`${server.url}/archive?player=${encodeURIComponent(EVIL)}`);
  assert.equal(await page.locator('.searched').textContent(), EVIL);
  assert.equal(await page.locator('input[name=player]').inputValue(), EVIL);
  assert.equal(await page.evaluate(() => window.pwned), undefined);
  assert.equal(await page.locator('main script, main img[src=x]').count(), 0);
});

test('pages carry a strict policy and no cookies', { timeout: 30000 }, async () => {
  for (const path of ['/', '/rules', '/learn', '/archive', '/analysis', '/assets/game.js']) {
    const r = await fetch(server.url + path);
    assert.equal(r.status, 200, path);
    const csp = r.headers.get('content-security-policy');
    assert.match(csp, /script-src 'self'/);
    assert.match(csp, /style-src 'self'/);
    assert.doesNotMatch(csp, /unsafe/);
    assert.equal(r.headers.get('set-cookie'), null);
    if (path !== '/assets/game.js') {
      const html = await r.text();
      assert.doesNotMatch(html, /<script>|<script(?![^>]*\bsrc=)[^>]*>|style="|\son[a-z]+=/i, path);
    }
  }
});

test('the WebSocket refuses a page from another origin', { timeout: 30000 }, async () => {
  const page = await (await chrome.newContext()).newPage();
  // Same server, another origin: localhost instead of 127.0.0.1.
  const port = new URL(server.url).port;
  await page.goto(`http://localhost:${port}/rules`);
  const outcome = await page.evaluate((url) => new Promise((resolve) => {
    const ws = new WebSocket(url);
    ws.onopen = () => resolve('open');
    ws.onerror = () => resolve('refused');
    setTimeout(() => resolve('timeout'), 5000);
  }), `ws://127.0.0.1:${port}/ws`);
  assert.equal(outcome, 'refused');
  const same = await page.evaluate((url) => new Promise((resolve) => {
    const ws = new WebSocket(url);
    ws.onopen = () => { ws.close(); resolve('open'); };
    ws.onerror = () => resolve('refused');
    setTimeout(() => resolve('timeout'), 5000);
  }), `ws://localhost:${port}/ws`);
  assert.equal(same, 'open');
});

test('the rules page draws each piece on e5 from the server', { timeout: 30000 }, async () => {
  const page = await (await chrome.newContext({ viewport: { width: 1200, height: 900 } })).newPage();
  await page.goto(server.url + '/rules');
  assert.equal(await page.locator('figure.diagram-fig').count(), 6);
  assert.equal(await page.locator('figure[data-kind="Sorcerer"]').getAttribute('data-targets'), '16');
  assert.equal(await page.locator('figure[data-kind="Sorcerer"] .marks .dot').count(), 16);
  // The piece itself stands on e5 in each diagram, drawn from the page's symbols.
  assert.equal(await page.locator('figure.diagram-fig use.pc').count(), 6);
  const size = await page.locator('figure[data-kind="Queen"] use.pc').boundingBox();
  assert.ok(size && size.width > 10, 'the Queen is drawn');
  const fill = await page.locator('figure[data-kind="King"] [data-cell="e5"]')
    .evaluate((e) => getComputedStyle(e).fill);
  assert.ok(['rgb(237, 214, 168)', 'rgb(204, 153, 97)', 'rgb(133, 89, 61)'].includes(fill), fill);
  await shot(page, 'rules');
});

test('a guest creates an account from the lobby', { timeout: 60000 }, async () => {
  const page = await (await chrome.newContext()).newPage();
  await page.goto(server.url + '/');
  await page.waitForSelector('#sign-form:not([hidden])', { timeout: 15000 });
  await page.fill('#sign-form [name=name]', 'Ada_web');
  await page.fill('#sign-form [name=password]', 'a long enough secret');
  await page.click('#register');
  await page.waitForFunction(() => document.querySelector('#account-state').textContent.includes('Signed in as Ada_web'),
    null, { timeout: 20000 });
  assert.equal(await page.evaluate(() => localStorage.getItem('parachess-name')), 'Ada_web');
  // Taken names are refused, politely.
  const other = await (await chrome.newContext()).newPage();
  await other.goto(server.url + '/');
  await other.waitForSelector('#sign-form:not([hidden])', { timeout: 15000 });
  await other.fill('#sign-form [name=name]', 'ada_WEB');
  await other.fill('#sign-form [name=password]', 'another secret!');
  await other.click('#register');
  await other.waitForFunction(() => /taken/.test(document.querySelector('#account-msg').textContent),
    null, { timeout: 20000 });
});

test('at a phone width the lobby fits', { timeout: 60000 }, async () => {
  const ctx = await chrome.newContext({ viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  await page.goto(server.url + '/');
  await page.locator('.quick').first().waitFor({ timeout: 10000 });
  const lobbyBox = await page.locator('.quick').first().boundingBox();
  assert.ok(lobbyBox.x + lobbyBox.width <= 390);
  await shot(page, 'phone-lobby');
});

test('two accounts play a rated game; the player page charts the new rating', { timeout: 90000 }, async () => {
  const signUp = async (name) => {
    const page = await (await chrome.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(server.url + '/');
    await page.waitForSelector('#sign-form:not([hidden])', { timeout: 15000 });
    await page.fill('#sign-form [name=name]', name);
    await page.fill('#sign-form [name=password]', 'secret for ' + name);
    await page.click('#register');
    await page.waitForFunction((n) => document.querySelector('#account-state').textContent.includes(n),
      name, { timeout: 20000 });
    return page;
  };
  const a = await signUp('Rated_a');
  const b = await signUp('Rated_b');
  await a.check('#seek-form [name=rated]');
  await a.click('#seek-form button[type=submit]');
  const seek = b.locator('[data-seek]', { hasText: 'Rated_a' });
  await seek.waitFor({ timeout: 15000 });
  assert.match(await seek.textContent(), /rated/);
  await seek.click();
  await Promise.all([
    a.waitForURL(/\/game\//, { timeout: 15000 }),
    b.waitForURL(/\/game\//, { timeout: 15000 }),
  ]);
  await b.waitForSelector('#board[data-side]', { timeout: 15000 });
  await b.click('#resign');
  await b.click('#resign');
  await a.waitForSelector('#board[data-result]', { timeout: 15000 });
  await a.goto(`${server.url}/@/Rated_a`);
  assert.equal(await a.locator('table.ratings tbody tr').count(), 1);
  assert.equal(await a.locator('svg.chart polyline.series').count(), 1);
  await a.goto(`${server.url}/@/Rated_a?vs=rated_b`);
  assert.match(await a.locator('#vs-record').textContent(), /1 won, 0 drawn, 0 lost/);
  await shot(a, 'player-rated');
});

/** A fresh browser context on the lobby, signed in as a guest. */
async function openLobby() {
  const page = await (await chrome.newContext()).newPage();
  await page.goto(server.url + '/');
  await page.waitForFunction(() => window.parachess && window.parachess.conn.me, null, { timeout: 15000 });
  return page;
}

test('a challenge by name shows in the lobby and accepting it starts the game', { timeout: 60000 }, async () => {
  const a = await openLobby();
  const b = await openLobby();
  const bName = await b.evaluate(() => window.parachess.conn.me.name);
  await a.fill('#seek-form [name=minutes]', '5');
  await a.fill('#seek-form [name=inc]', '2');
  await a.fill('#challenge-form [name=to]', bName);
  await a.click('#challenge-form button');
  const challenge = b.locator('[data-challenge]');
  await challenge.waitFor({ timeout: 15000 });
  assert.match(await challenge.textContent(), /challenges you: Parachess, 5\+2, casual/);
  await challenge.locator('button', { hasText: 'Accept' }).click();
  await Promise.all([
    a.waitForURL(/\/game\//, { timeout: 15000 }),
    b.waitForURL(/\/game\//, { timeout: 15000 }),
  ]);
  assert.equal(a.url(), b.url());
});

test('the lobby offers every variant, Shuffle by number; seeks show their variant', { timeout: 60000 }, async () => {
  const a = await openLobby();
  const b = await openLobby();
  const aName = await a.evaluate(() => window.parachess.conn.me.name);
  const values = await a.locator('#seek-form [name=variant] option').evaluateAll((os) => os.map((o) => o.value));
  for (const v of ['Parachess', 'Knights and Archers', 'Cavalry', 'Short Range', 'Shuffle Parachess', 'shuffle-n']) {
    assert.ok(values.includes(v), `${v} in ${values}`);
  }
  assert.equal(await a.locator('#seek-form [name=shuffle]').isDisabled(), true);

  // A Knights and Archers seek shows its variant to the others.
  await a.selectOption('#seek-form [name=variant]', 'Knights and Archers');
  await a.click('#seek-form button[type=submit]');
  const ka = b.locator('[data-seek]', { hasText: 'Knights and Archers' });
  await ka.waitFor({ timeout: 15000 });
  assert.match(await ka.textContent(), new RegExp(aName));

  // Shuffle Parachess by number: the number box opens, the seek says which arrangement, and
  // the game accepted from it is played in it.
  await a.selectOption('#seek-form [name=variant]', 'shuffle-n');
  assert.equal(await a.locator('#seek-form [name=shuffle]').isDisabled(), false);
  await a.fill('#seek-form [name=shuffle]', '17');
  await a.click('#seek-form button[type=submit]');
  const shuffled = b.locator('[data-seek]', { hasText: 'Shuffle Parachess 17' });
  await shuffled.waitFor({ timeout: 15000 });
  await shot(b, 'lobby-variants');
  await shuffled.click();
  await Promise.all([
    a.waitForURL(/\/game\//, { timeout: 15000 }),
    b.waitForURL(/\/game\//, { timeout: 15000 }),
  ]);
  const id = decodeURIComponent(new URL(b.url()).pathname.split('/').pop());
  const view = await (await fetch(`${server.url}/api/game/${encodeURIComponent(id)}`)).json();
  assert.equal(view.variant, 'Shuffle Parachess 17');
});
