// Puzzles in the browser (issue 37): a puzzle solved by clicking the solution's moves (read
// from the shipped puzzle file, the same numbering as /puzzles/N), one failed with a wrong
// move, one given up; the next button, the rating shown, typed moves, the lobby's daily
// puzzle, German texts, and a phone's width.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, browser, shot } from './helpers.mjs';

const here = dirname(fileURLToPath(import.meta.url));

/** The shipped puzzles, numbered from 1: { position, solution: [move text] }. */
const PUZZLES = readFileSync(resolve(here, '../assets/puzzles/puzzles.tsv'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() && !l.startsWith('#'))
  .map((l) => {
    const [position, solution] = l.split('\t');
    return { position, solution: solution.trim().split(/\s+/) };
  });

/** `Qc5-c6#`, `j2xk2=Q#` -> { from, to, promo, uci }. */
function cells(text) {
  const m = /^[A-Z]?([a-k]\d{1,2})[-x]?([a-k]\d{1,2})(?:=([A-Z]))?/.exec(text);
  assert.ok(m, `a move text: ${text}`);
  const promo = m[3] ? m[3].toLowerCase() : null;
  return { from: m[1], to: m[2], promo, uci: m[1] + m[2] + (promo || '') };
}

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

async function ready(page, id) {
  const sel = id ? `#board[data-puzzle-id="${id}"][data-puzzle="playing"][data-legal]`
    : '#board[data-puzzle-id][data-puzzle="playing"][data-legal]';
  await page.waitForSelector(sel, { timeout: 15000 });
  return Number(await page.locator('#board').getAttribute('data-puzzle-id'));
}

const rating = async (page) => Number(await page.locator('[data-puzzle-rating]').textContent());

async function click(page, mv) {
  await page.click(`#board [data-cell="${mv.from}"]`);
  await page.click(`#board [data-cell="${mv.to}"]`);
  if (mv.promo && (await page.locator('#promo').isVisible())) await page.keyboard.press(mv.promo);
}

test('a puzzle solved by clicking, one failed, one given up, at a phone\'s width', { timeout: 120000 }, async () => {
  const page = await chrome.newPage({ viewport: { width: 390, height: 844 } });
  // A puzzle of several moves: the replies come from the server.
  const n = PUZZLES.findIndex((p) => p.solution.length >= 3) + 1;
  assert.ok(n > 0);
  await page.goto(`${server.url}/puzzles/${n}`);
  await ready(page, n);
  const board = page.locator('#board');
  assert.equal(await board.getAttribute('data-position'), PUZZLES[n - 1].position);
  const side = PUZZLES[n - 1].position.split(' ')[1] === 'w' ? 'white' : 'black';
  assert.equal(await board.getAttribute('data-side'), side);
  assert.equal(await rating(page), 1500);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
  await shot(page, 'puzzle-phone');

  const line = PUZZLES[n - 1].solution;
  for (let i = 0; i < line.length; i += 2) {
    const mv = cells(line[i]);
    await page.waitForSelector(`#board[data-legal~="${mv.uci}"]`, { timeout: 15000 });
    await click(page, mv);
  }
  await page.waitForSelector('#board[data-puzzle="solved"]', { timeout: 15000 });
  await page.waitForFunction(() => Number(document.querySelector('[data-puzzle-rating]').textContent) > 1500,
    null, { timeout: 15000 });
  const afterSolve = await rating(page);
  assert.match(await page.locator('#puzzle-msg').textContent(), /Solved/);
  assert.equal(await page.locator('#moves .mv').count(), line.length);
  await shot(page, 'puzzle-solved');

  // Next: another puzzle, failed with a legal move that is not the solution's.
  await page.click('[data-action="next"]');
  await page.waitForFunction((old) => {
    const b = document.querySelector('#board');
    return b.dataset.puzzleId !== String(old) && b.dataset.puzzle === 'playing' && b.dataset.legal;
  }, n, { timeout: 15000 });
  const m = await ready(page);
  assert.match(page.url(), new RegExp(`/puzzles/${m}$`));
  const first = cells(PUZZLES[m - 1].solution[0]);
  const legal = (await board.getAttribute('data-legal')).split(' ');
  const wrong = legal.find((u) => u !== first.uci && !u.startsWith(first.from));
  assert.ok(wrong, 'a wrong move');
  const [, from, to] = /^([a-k]\d{1,2})([a-k]\d{1,2})/.exec(wrong);
  await click(page, { from, to, promo: wrong.length > from.length + to.length ? wrong.slice(-1) : null });
  await page.waitForSelector('#board[data-puzzle="failed"]', { timeout: 15000 });
  assert.match(await page.locator('#puzzle-msg').textContent(), /Not the best: .*The solution plays/);
  await page.waitForFunction(() => Number(document.querySelector('[data-puzzle-rating]').textContent) > 0, null, { timeout: 5000 });
  assert.ok(await rating(page) < afterSolve, 'a failure costs rating');
  // The solution is played out on the board.
  await page.waitForFunction((k) => document.querySelectorAll('#moves .mv').length === k,
    PUZZLES[m - 1].solution.length, { timeout: 20000 });
  const afterFail = await rating(page);

  // A typed move that is not legal gets the rules' reason; then the solution is asked for.
  await page.click('[data-action="next"]');
  await page.waitForFunction((old) => {
    const b = document.querySelector('#board');
    return b.dataset.puzzleId !== String(old) && b.dataset.puzzle === 'playing' && b.dataset.legal;
  }, m, { timeout: 15000 });
  const k = await ready(page);
  await page.fill('#move-input', 'a1a1');
  await page.press('#move-input', 'Enter');
  await page.waitForFunction(() => /not legal/.test(document.querySelector('#puzzle-msg').textContent),
    null, { timeout: 15000 });
  assert.equal(await board.getAttribute('data-puzzle'), 'playing');
  await page.waitForSelector('#board[data-legal]', { timeout: 15000 });
  await page.click('[data-action="solution"]');
  await page.waitForSelector('#board[data-puzzle="failed"]', { timeout: 15000 });
  await page.waitForFunction((len) => document.querySelectorAll('#moves .mv').length === len,
    PUZZLES[k - 1].solution.length, { timeout: 20000 });
  assert.ok(await rating(page) < afterFail, 'giving up counts as a failure');
  await shot(page, 'puzzle-failed-phone');
  await page.close();
});

test('typed moves solve, the lobby links the daily puzzle, German texts', { timeout: 60000 }, async () => {
  const context = await chrome.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(server.url + '/');
  const daily = page.locator('[data-daily-puzzle]');
  await daily.waitFor({ timeout: 10000 });
  const n = Number(await daily.getAttribute('data-daily-puzzle'));
  await shot(page, 'puzzle-lobby-daily', page.locator('#daily-puzzle'));
  assert.ok(n >= 1 && n <= PUZZLES.length);
  await daily.click();
  await page.waitForURL(new RegExp(`/puzzles/${n}$`), { timeout: 10000 });
  await ready(page, n);
  assert.match(await page.locator('h1').textContent(), /Aufgabe/);
  assert.match(await page.locator('[data-action="solution"]').textContent(), /Lösung zeigen/);
  assert.match(await page.locator('#goal').textContent(), /am Zug/);
  await shot(page, 'puzzle-desktop-de');
  // By keyboard: each solver move typed in move text.
  const line = PUZZLES[n - 1].solution;
  for (let i = 0; i < line.length; i += 2) {
    await page.waitForSelector(`#board[data-legal~="${cells(line[i]).uci}"]`, { timeout: 15000 });
    await page.fill('#move-input', line[i]);
    await page.press('#move-input', 'Enter');
  }
  await page.waitForSelector('#board[data-puzzle="solved"]', { timeout: 15000 });
  assert.match(await page.locator('#puzzle-msg').textContent(), /Gelöst/);
  await context.close();
});
