// Playing a friend by link: one guest makes the link in the lobby (at a phone's width), a
// second guest (another browser context: another localStorage, so another player) opens it
// and presses Join; both pages go to the same game, each on its own side; the link then says
// the seat is taken and links to the game.

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

const ready = (page) => page.waitForFunction(() => window.parachess && window.parachess.conn.me, null, { timeout: 15000 });

test('a friend joins a game by its link', { timeout: 120000 }, async () => {
  const maker = await chrome.newContext({ viewport: { width: 390, height: 844 } });
  const friend = await chrome.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const a = await maker.newPage();
    await a.goto(server.url + '/');
    await ready(a);
    const form = a.locator('#friend-form');
    await form.locator('select[name="tc"]').selectOption('600+5');
    await form.locator('select[name="color"]').selectOption('white');
    await a.click('[data-action="friend-link"]');
    const link = a.locator('[data-friend-link]');
    await a.waitForFunction(() => /\/invite\/[A-Za-z0-9]+$/.test(document.querySelector('[data-friend-link]').textContent), null, { timeout: 15000 });
    const url = await link.textContent();
    assert.ok(url.startsWith(server.url + '/invite/'), url);
    const overflow = await a.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the lobby is ${overflow}px wider than the phone`);
    await shot(a, 'friend-lobby-phone', a.locator('#friend'));

    const b = await friend.newPage();
    await b.goto(url);
    const join = b.locator('[data-action="join"]');
    await join.waitFor({ timeout: 10000 });
    assert.match(await b.locator('#invite').textContent(), /invites you to play/);
    await ready(b);
    await shot(b, 'friend-invite-desktop');
    // By keyboard: the Join button takes focus and Enter presses it.
    await join.focus();
    await b.keyboard.press('Enter');
    await b.waitForURL(/\/game\/[A-Za-z0-9]+$/, { timeout: 15000 });
    await a.waitForURL(/\/game\/[A-Za-z0-9]+$/, { timeout: 15000 });
    assert.equal(new URL(a.url()).pathname, new URL(b.url()).pathname);
    await a.waitForSelector('#board[data-side]', { timeout: 15000 });
    await b.waitForSelector('#board[data-side]', { timeout: 15000 });
    assert.equal(await a.locator('#board').getAttribute('data-side'), 'white');
    assert.equal(await b.locator('#board').getAttribute('data-side'), 'black');
    await shot(a, 'friend-game-phone');

    // The link now only says where the game is.
    const c = await friend.newPage();
    const again = await c.goto(url);
    assert.equal(again.status(), 410);
    assert.equal(await c.locator('[data-action="join"]').count(), 0);
    const watch = await c.locator('[data-game-link]').getAttribute('href');
    assert.equal(watch, new URL(a.url()).pathname);
  } finally {
    await maker.close();
    await friend.close();
  }
});
