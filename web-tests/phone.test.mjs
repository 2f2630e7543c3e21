// Issue 39 in the browser: every page at a phone's width (390 and 360 px, touch) without
// sideways scrolling, its controls taken by taps, one's own clock on the screen; the typed-move
// field after a refused move; a move made while the connection is lost; an offer that lapses.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, browser, shot } from './helpers.mjs';

let server;
let chrome;

before(async () => {
  server = await startServer(['--offer-secs', '2']);
  chrome = await browser();
});

after(async () => {
  if (chrome) await chrome.close();
  if (server) await server.stop();
});

function phone(width) {
  return chrome.newContext({
    viewport: { width, height: width === 360 ? 740 : 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2,
  });
}

/** Nothing wider than the screen: no sideways scrolling, no visible control cut off. */
async function fits(page, width, what) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= width, `${what}: ${wide} px wide at ${width} px`);
  const cut = await page.evaluate((w) => Array.from(document.querySelectorAll('button, a, input, select'))
    .filter((e) => e.offsetParent !== null && !e.closest('svg'))
    .filter((e) => {
      const r = e.getBoundingClientRect();
      return r.width > 0 && (r.left < -1 || r.right > w + 1);
    })
    .map((e) => e.outerHTML.slice(0, 80)), width);
  assert.deepEqual(cut, [], `${what}: controls beyond the screen`);
}

/** A guest on the lobby taps the bot's seek and lands on the game page; returns its URL. */
async function playTheBot(page) {
  await page.goto(server.url + '/');
  await page.waitForFunction(() => localStorage.getItem('parachess-name'), null, { timeout: 10000 });
  const play = page.locator('#seeks tr.open button').first();
  await play.waitFor({ timeout: 30000 });
  await play.tap({ timeout: 5000 }); // fails when another element would take the tap
  await page.waitForURL(/\/game\/[A-Za-z0-9]+$/, { timeout: 15000 });
  await page.waitForSelector('#board[data-side]', { timeout: 15000 });
  return page.url();
}

/** Plays typed moves until it is my move with my clock running. */
async function untilMyClockRuns(page) {
  for (let i = 0; i < 4; i++) {
    await page.waitForSelector('#board[data-legal]', { timeout: 20000 });
    if (await page.locator('#bottom-clock.running').count()) return;
    const before = await page.locator('#moves .mv').count();
    const mv = await page.evaluate(() => window.parachess.game().legal[0]);
    await page.fill('#move-input', mv);
    await page.press('#move-input', 'Enter');
    await page.waitForFunction((n) => document.querySelectorAll('#moves .mv').length > n + 1, before,
      { timeout: 20000 });
  }
  throw new Error('my clock never ran');
}

for (const width of [390, 360]) {
  test(`at ${width} px every page fits and takes taps; one's own clock is on the screen`, { timeout: 120000 }, async () => {
    const bots = server.bots(1);
    const ctx = await phone(width);
    const page = await ctx.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url + '/');
    await page.locator('#seeks tr.open').first().waitFor({ timeout: 30000 });
    await fits(page, width, 'the lobby');
    for (const q of await page.locator('.quick').all()) {
      const box = await q.boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= width, `quick pairing button at ${JSON.stringify(box)}`);
    }
    await shot(page, `phone-${width}-lobby`);
    await playTheBot(page);
    await fits(page, width, 'the game page');
    const viewport = page.viewportSize();
    for (const sel of ['#bottom-clock', '#top-clock', '#board']) {
      const box = await page.locator(sel).boundingBox();
      assert.ok(box.y >= 0 && box.y + box.height <= viewport.height, `${sel} off the screen: ${JSON.stringify(box)}`);
    }
    await shot(page, `phone-${width}-game`);
    // A move by taps on the board.
    await page.waitForSelector('#board[data-legal]', { timeout: 20000 });
    const before = await page.locator('#moves .mv').count();
    const mv = (await page.locator('#board').getAttribute('data-legal')).split(' ')[0];
    const [, from, to] = /^([a-k]\d{1,2})([a-k]\d{1,2})/.exec(mv);
    await page.locator(`#board [data-cell="${from}"]`).tap();
    await page.locator(`#board [data-cell="${to}"]`).tap();
    if (await page.locator('#promo').isVisible()) await page.locator('#promo button:not([hidden])').first().tap();
    await page.waitForFunction((n) => document.querySelectorAll('#moves .mv').length > n, before, { timeout: 15000 });
    // The game's own controls take taps.
    await page.locator('#flip').tap();
    await page.locator('#flip').tap();
    const name = await page.evaluate(() => localStorage.getItem('parachess-name'));
    for (const [path, what] of [[`/@/${name}`, 'player'], ['/archive', 'archive'], ['/rules', 'rules'], ['/learn', 'learn'], ['/analysis', 'analysis'], ['/no/such', '404']]) {
      await page.goto(server.url + path);
      await page.locator('main').waitFor({ timeout: 10000 });
      await fits(page, width, what);
      await shot(page, `phone-${width}-${what}`);
    }
    assert.deepEqual(errors, []);
    await ctx.close();
    bots.kill('SIGTERM');
  });
}

test('a refused typed move says why and leaves the field empty; an offer that lapses is said', { timeout: 90000 }, async () => {
  const bots = server.bots(1);
  const ctx = await phone(390);
  const page = await ctx.newPage();
  await playTheBot(page);
  await page.waitForSelector('#board[data-legal]', { timeout: 20000 });
  await page.fill('#move-input', 'a1a1');
  await page.press('#move-input', 'Enter');
  await page.waitForFunction(() => /"a1a1" is not a legal move now: .+/.test(document.querySelector('#game-msg').textContent),
    null, { timeout: 5000 });
  assert.equal(await page.inputValue('#move-input'), '');
  // The next move typed is taken as it is, not appended to the refused one.
  const before = await page.locator('#moves .mv').count();
  const mv = await page.evaluate(() => window.parachess.game().legal[0]);
  await page.fill('#move-input', mv);
  await page.press('#move-input', 'Enter');
  await page.waitForFunction((n) => document.querySelectorAll('#moves .mv').length > n, before, { timeout: 15000 });
  assert.equal(await page.inputValue('#move-input'), '');
  // A rematch offer nobody answers lapses (this server: after 2 s) and the page says so. The
  // bot would accept at once, so it is stopped first.
  bots.kill('SIGTERM');
  await page.click('#resign');
  await page.click('#resign');
  await page.waitForSelector('#board[data-result]', { timeout: 20000 });
  await page.click('#rematch');
  await page.waitForFunction(() => /rematch offer (expired|is gone)/.test(document.querySelector('#game-msg').textContent),
    null, { timeout: 15000 });
  await ctx.close();
});

test('while disconnected a move waits, said so, and the clock stands still', { timeout: 120000 }, async () => {
  const bots = server.bots(1);
  const ctx = await phone(390);
  const page = await ctx.newPage();
  let blocked = false;
  await page.routeWebSocket(/\/ws(\?[^/]*)?$/, (ws) => {
    if (blocked) ws.close();
    else ws.connectToServer();
  });
  await playTheBot(page);
  await untilMyClockRuns(page);
  blocked = true;
  await page.evaluate(() => window.parachess.conn.drop());
  await page.waitForSelector('body.offline', { timeout: 10000 });
  // The clock stops: no longer marked running, and its text holds.
  await page.waitForSelector('#bottom-clock.stopped:not(.running)', { timeout: 5000 });
  const before = await page.locator('#moves .mv').count();
  const mv = await page.evaluate(() => window.parachess.game().legal[0]);
  await page.fill('#move-input', mv);
  await page.press('#move-input', 'Enter');
  await page.waitForFunction(() => /will be sent when the connection is back/.test(document.querySelector('#game-msg').textContent),
    null, { timeout: 5000 });
  const held = await page.locator('#bottom-clock').textContent();
  // Three ticks of the page's clock (every 100 ms) later, still the same reading.
  await page.evaluate(() => new Promise((r) => setTimeout(r, 350)));
  assert.equal(await page.locator('#bottom-clock').textContent(), held);
  assert.equal(await page.locator('#moves .mv').count(), before);
  // Back: the move is sent, acknowledged, and the notice goes.
  blocked = false;
  await page.waitForFunction((n) => document.querySelectorAll('#moves .mv').length > n, before, { timeout: 20000 });
  await page.waitForFunction(() => document.querySelector('#game-msg').textContent === '', null, { timeout: 5000 });
  assert.equal(await page.locator('body.offline').count(), 0);
  await ctx.close();
  bots.kill('SIGTERM');
});
