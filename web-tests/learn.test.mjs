// The lessons in the browser (issue 37): /learn lists the lessons, a stage is done by clicking
// its solution's moves on the board (the server checks them), the stars show on the stage and
// then on the list; the rule book at /rules; the language switch, remembered.

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

/** Clicks a move's two cells on the board. */
async function clickMove(page, from, to) {
  await page.locator(`#board [data-cell="${from}"]`).click();
  await page.locator(`#board [data-cell="${to}"]`).click();
}

for (const width of [390, 1200]) {
  test(`a lesson stage done by its solution's moves, at ${width} px`, { timeout: 120000 }, async () => {
    const ctx = await chrome.newContext({ viewport: { width, height: 900 }, locale: 'en-US' });
    const page = await ctx.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(server.url + '/learn');
    assert.equal(await page.locator('#lessons > li').count(), 15);
    assert.equal(await page.locator('#lessons .stage-list li').count(), 57);
    // The introduction's pictures come from the server's board drawing.
    assert.ok(await page.locator('.learn-intro svg.board').count() >= 3);
    await shot(page, `learn-list-${width}`);
    // Lesson 3, stage 3: the Rook collects three stars.
    await page.locator('a[href="/learn/3/3"]').click();
    await page.waitForSelector('#board[data-stage="play"][data-legal]', { timeout: 15000 });
    const start = await page.locator('#board').getAttribute('data-position');
    assert.ok(start);
    assert.equal(await page.locator('#board .goal-glyph').count(), 3);
    // A move that leads nowhere is refused, with the lesson's reason; nothing moves.
    await clickMove(page, 'e1', 'a1');
    await page.waitForFunction(() => document.querySelector('#said').classList.contains('refused'), null, { timeout: 10000 });
    assert.match(await page.locator('#said').textContent(), /closer to a star/);
    assert.equal(await page.locator('#board').getAttribute('data-position'), start);
    // The solution.
    for (const [from, to] of [['e1', 'e10'], ['e10', 'f6'], ['f6', 'k6']]) {
      const before = await page.locator('#board').getAttribute('data-position');
      await clickMove(page, from, to);
      await page.waitForFunction((b) => document.querySelector('#board').dataset.position !== b, before, { timeout: 10000 });
    }
    await page.waitForSelector('#board[data-stage="done"]', { timeout: 10000 });
    assert.equal(await page.locator('#board').getAttribute('data-stars'), '3');
    assert.equal(await page.locator('#result').textContent(), '★★★');
    assert.ok(await page.locator('#result').isVisible());
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the stage is ${overflow}px wider than the window`);
    await shot(page, `learn-stage-done-${width}`);
    // Next and previous stage links.
    assert.equal(await page.locator('[data-action="next"]').getAttribute('href'), '/learn/3/4');
    assert.equal(await page.locator('[data-action="prev"]').getAttribute('href'), '/learn/3/2');
    // The list shows the stars, kept on the server with the guest's session.
    await page.goto(server.url + '/learn');
    await page.waitForSelector('[data-stars-of="3/3"][data-stars="3"]', { timeout: 15000 });
    assert.equal(await page.locator('[data-stars-of="3/2"]').getAttribute('data-stars'), '0');
    assert.deepEqual(errors, []);
    await ctx.close();
  });
}

test('a click stage by keyboard: the cells typed, a wrong one counted', { timeout: 60000 }, async () => {
  const ctx = await chrome.newContext({ viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  await page.goto(server.url + '/learn/1/5');
  await page.waitForSelector('#board[data-stage="play"]', { timeout: 15000 });
  for (const cell of ['e4', 'e5', 'f3', 'f4', 'e6', 'g5', 'g6']) {
    await page.locator('#learn-input').fill(cell);
    await page.locator('#learn-input').press('Enter');
    await page.waitForFunction((c) => document.querySelector('#said').textContent.includes(c)
      || document.querySelector('#board').dataset.stage === 'done', cell, { timeout: 10000 });
  }
  await page.waitForSelector('#board[data-stage="done"]', { timeout: 10000 });
  assert.equal(await page.locator('#board').getAttribute('data-stars'), '2');
  await ctx.close();
});

test('the rule book is at /rules', { timeout: 30000 }, async () => {
  const page = await chrome.newPage();
  await page.goto(server.url + '/rules');
  assert.equal(await page.locator('figure.diagram-fig').count(), 6);
  assert.equal(await page.locator('header nav a[href="/rules"]').count(), 1);
  assert.equal(await page.locator('header nav a[href="/learn"]').count(), 1);
  await page.close();
});

test('the language: Accept-Language, then the switch, remembered', { timeout: 60000 }, async () => {
  const ctx = await chrome.newContext({ locale: 'de-DE', viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  await page.goto(server.url + '/learn');
  assert.equal(await page.locator('html').getAttribute('lang'), 'de');
  assert.equal(await page.locator('h1').first().textContent(), 'Parachess lernen');
  await shot(page, 'learn-list-de-390');
  // The switch: English, remembered on the next page without asking again.
  await page.locator('nav.langs a[data-lang="en"]').click();
  await page.waitForFunction(() => document.documentElement.lang === 'en', null, { timeout: 10000 });
  assert.equal(await page.locator('h1').first().textContent(), 'Learn Parachess');
  await page.goto(server.url + '/learn/3/3');
  await page.waitForFunction(() => document.documentElement.lang === 'en' && location.search.includes('lang=en'), null, { timeout: 10000 });
  await page.goto(server.url + '/?lang=de');
  assert.equal(await page.locator('#computer h2').textContent(), 'Gegen den Computer');
  // The stage's words in German, from the lessons' own translation.
  await page.goto(server.url + '/learn/3/3');
  await page.waitForSelector('#board[data-stage="play"]', { timeout: 15000 });
  assert.equal(await page.locator('html').getAttribute('lang'), 'de');
  assert.match(await page.locator('#stage h2').textContent(), /^Stufe 3 von/);
  await ctx.close();
});
