// The analysis board and a finished game's computer analysis in the browser: /analysis shows
// the engine's lines ([data-line] with data-depth, data-eval, data-moves) and takes moves on
// the board and back by keyboard; a game against Easy, resigned after a few moves, is
// analysed from its page ([data-action="analyse"]) until its move list says
// data-analysis="done" with data-eval on every move, and a second visitor sees it at once.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, browser, shot } from './helpers.mjs';

let server;
let chrome;

before(async () => {
  server = await startServer(['--game-analysis-ms', '60', '--analysis-ms', '3000']);
  chrome = await browser();
});

after(async () => {
  if (chrome) await chrome.close();
  if (server) await server.stop();
});

const EVAL = /^(-?\d+|#-?\d+)$/;

/** Waits for the engine's lines; on a timeout, says what the page said instead. */
async function waitLines(page) {
  try {
    await page.waitForSelector('[data-line]', { timeout: 30000 });
  } catch (e) {
    const said = await page.evaluate(() => ['#status', '#depth', '#analysis-msg']
      .map((s) => `${s}: ${document.querySelector(s).textContent}`).join(' | '));
    throw new Error(`no lines at ${page.url()}: ${said}`);
  }
}

async function noSideScroll(page, what) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${what} is ${overflow}px wider than the window`);
}

for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 860 }]]) {
  test(`the analysis board shows the engine's lines (${name})`, { timeout: 120000 }, async () => {
    const page = await chrome.newPage({ viewport });
    await page.goto(server.url + '/analysis');
    await waitLines(page);
    const lines = page.locator('[data-line]');
    const n = await lines.count();
    assert.ok(n >= 1 && n <= 3, `${n} lines`);
    for (let i = 0; i < n; i++) {
      const row = lines.nth(i);
      assert.match(await row.getAttribute('data-eval'), EVAL);
      assert.ok(Number(await row.getAttribute('data-depth')) >= 1);
      assert.match(await row.getAttribute('data-moves'), /^[a-k]\d{1,2}[a-k]\d{1,2}/);
    }
    // A move on the board: the server answers the new position and new lines.
    const board = page.locator('#board');
    const before = await board.getAttribute('data-position');
    const legal = (await board.getAttribute('data-legal')).split(' ');
    const [, from, to] = /^([a-k]\d{1,2})([a-k]\d{1,2})/.exec(legal[0]);
    await page.click(`#board [data-cell="${from}"]`);
    await page.click(`#board [data-cell="${to}"]`);
    await page.waitForSelector('#moves .mv', { timeout: 15000 });
    await page.waitForFunction((p) => document.querySelector('#board').dataset.position !== p, before, { timeout: 15000 });
    assert.equal(await board.getAttribute('data-side'), 'black');
    const after = await board.getAttribute('data-position');
    await waitLines(page);
    await noSideScroll(page, 'the analysis board');
    await shot(page, `analysis-board-${name}`);
    // Back by keyboard (Left arrow takes the move back).
    await page.locator('#board').focus().catch(() => {});
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction((p) => document.querySelector('#board').dataset.position === p, before, { timeout: 15000 });
    assert.equal(await page.locator('#moves .mv').count(), 0);
    // A pasted position is analysed too (here: the position after the first move).
    await page.fill('#position-input', after);
    await page.click('#position-form button[type="submit"]');
    await page.waitForFunction((p) => document.querySelector('#board').dataset.position === p, after, { timeout: 15000 });
    assert.equal(await page.locator('#moves .mv').count(), 0);
    await waitLines(page);
    assert.match(page.url(), /\?position=/);
    await page.close();
  });
}

test('a pasted position is text, never markup', { timeout: 60000 }, async () => {
  const page = await chrome.newPage();
  const evil = '<script>window.pwned=1</script><img src=x onerror="window.pwned=2">';
  await page.goto(`${server.url}/analysis?position=${encodeURIComponent(evil)}`);
  assert.equal(await page.locator('#position-input').inputValue(), evil);
  // The server refuses it in plain words, shown as text.
  await page.waitForFunction(() => document.querySelector('#analysis-msg').textContent.length > 0, null, { timeout: 15000 });
  assert.equal(await page.evaluate(() => window.pwned), undefined);
  assert.equal(await page.locator('main script, main img[src=x]').count(), 0);
  await page.close();
});

test('a finished game is analysed from its page and shown to a later visitor', { timeout: 300000 }, async () => {
  const page = await chrome.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(server.url + '/');
  await page.waitForFunction(() => window.parachess && window.parachess.conn.me, null, { timeout: 15000 });
  await page.locator('[data-computer-level="easy"]').click();
  await page.waitForURL(/\/game\/[A-Za-z0-9]+$/, { timeout: 15000 });
  const url = page.url();
  const board = page.locator('#board');
  for (let mine = 0; mine < 3; mine++) {
    await page.waitForSelector('#board[data-legal], #board[data-result]', { timeout: 30000 });
    if (await board.getAttribute('data-result')) break;
    const legal = (await board.getAttribute('data-legal')).split(' ');
    const [, from, to] = /^([a-k]\d{1,2})([a-k]\d{1,2})/.exec(legal[legal.length - 1]);
    const count = await page.locator('#moves .mv').count();
    await page.click(`#board [data-cell="${from}"]`);
    await page.click(`#board [data-cell="${to}"]`);
    if (await page.locator('#promo').isVisible()) await page.keyboard.press('q');
    await page.waitForFunction((k) => document.querySelectorAll('#moves .mv').length > k, count, { timeout: 15000 });
  }
  if (!(await board.getAttribute('data-result'))) {
    await page.waitForSelector('#board[data-legal]', { timeout: 30000 });
    await page.click('#resign');
    await page.click('#resign');
  }
  await page.waitForSelector('#board[data-result]', { timeout: 30000 });
  const ask = page.locator('[data-action="analyse"]');
  await ask.waitFor({ state: 'visible', timeout: 15000 });
  // By keyboard: focus the button and press Enter.
  await ask.focus();
  await page.keyboard.press('Enter');
  await page.waitForSelector('#moves[data-analysis="pending"], #moves[data-analysis="done"]', { timeout: 15000 });
  await page.waitForSelector('#moves[data-analysis="done"]', { timeout: 120000 });
  const moves = page.locator('#moves .mv');
  const n = await moves.count();
  assert.ok(n >= 3, `${n} moves`);
  for (let i = 0; i < n; i++) assert.match(await moves.nth(i).getAttribute('data-eval'), EVAL);
  assert.ok(await page.locator('#graph svg').isVisible());
  // A marked move, when there is one, shows the better move as an arrow.
  const marked = page.locator('#moves .mv[data-mark]');
  if (await marked.count()) {
    await marked.first().click();
    await page.waitForSelector('#board [data-arrow]', { timeout: 5000 });
  }
  await noSideScroll(page, 'the analysed game');
  await shot(page, 'game-analysis-phone');

  // Another visitor (another guest) sees the stored analysis at once, without asking.
  const other = await chrome.newContext({ viewport: { width: 1280, height: 860 } });
  const second = await other.newPage();
  await second.goto(url);
  await second.waitForSelector('#moves[data-analysis="done"]', { timeout: 15000 });
  assert.equal(await second.locator('#moves .mv[data-eval]').count(), n);
  assert.equal(await second.locator('[data-action="analyse"]').isVisible(), false);
  await shot(second, 'game-analysis-desktop');
  // The game page links to the analysis board at the position shown (after the first move:
  // the last one may have ended the game on the board).
  await second.locator('#moves .mv').first().click();
  await second.waitForFunction(() => document.querySelector('#analysis-link').href.includes('position='), null, { timeout: 5000 });
  const href = await second.locator('#analysis-link').getAttribute('href');
  const shown = await second.locator('#board').getAttribute('data-position');
  assert.equal(new URL(server.url + href).searchParams.get('position'), shown);
  assert.match(href, /^\/analysis\?position=/);
  await second.goto(server.url + href);
  await waitLines(second);
  await other.close();
  await page.close();
});
