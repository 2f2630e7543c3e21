// Playing the computer from the lobby: the Easy button starts an untimed game and opens its
// page; a whole game is played there with random legal moves read from the page (clicks on
// data-cell elements), until the board's data-result is set.

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

const MOST = 300; // the guest's moves at most; a longer game is resigned

test('a guest plays a whole game against Easy from the lobby', { timeout: 600000 }, async () => {
  const page = await chrome.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(server.url + '/');
  const easy = page.locator('[data-computer-level="easy"]');
  await easy.waitFor({ timeout: 10000 });
  assert.equal(await page.locator('[data-computer-level="normal"]').count(), 1);
  assert.equal(await page.locator('[data-computer-level="hard"]').count(), 1);
  // The lobby's card fits a phone's width.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the lobby is ${overflow}px wider than the phone`);
  // Wait for the connection (the guest's name) before pressing.
  await page.waitForFunction(() => window.parachess && window.parachess.conn.me, null, { timeout: 15000 });
  await easy.click();
  await page.waitForURL(/\/game\/[A-Za-z0-9]+$/, { timeout: 15000 });
  const board = page.locator('#board');
  await page.waitForSelector('#board[data-position][data-side]', { timeout: 15000 });
  const side = await board.getAttribute('data-side');
  assert.match(side, /^(white|black)$/);
  assert.match(await page.locator('body').textContent(), /Computer \(Easy\)/);

  let seed = 12345;
  const below = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const moveCount = () => page.locator('#moves .mv').count();
  let mine = 0;
  while (mine < MOST) {
    // My turn (the page lists the moves it accepts), or the game is over.
    await page.waitForSelector('#board[data-legal], #board[data-result]', { timeout: 30000 });
    if (await board.getAttribute('data-result')) break;
    const legal = (await board.getAttribute('data-legal')).split(' ');
    const mv = legal[below(legal.length)];
    const [, from, to] = /^([a-k]\d{1,2})([a-k]\d{1,2})/.exec(mv);
    const before = await moveCount();
    await page.click(`#board [data-cell="${from}"]`);
    await page.click(`#board [data-cell="${to}"]`);
    if (await page.locator('#promo').isVisible()) await page.keyboard.press('q');
    await page.waitForFunction((n) => document.querySelectorAll('#moves .mv').length > n
      || document.querySelector('#board').dataset.result, before, { timeout: 15000 });
    mine++;
  }
  if (!(await board.getAttribute('data-result'))) {
    await page.click('#resign');
    await page.click('#resign');
  }
  await page.waitForSelector('#board[data-result]', { timeout: 30000 });
  assert.match(await board.getAttribute('data-result'), /^(1-0|0-1|1\/2-1\/2)$/);
  assert.ok(mine > 0);
  await shot(page, 'computer-game');
  await page.close();
});
