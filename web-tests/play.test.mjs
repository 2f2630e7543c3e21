// A guest plays a whole game in the browser against a bot through the server (clicks on
// data-cell elements), a spectator's page sees every move live, the lost connection is shown
// and re-established, and screenshots of the lobby, the game and the player page are saved
// and checked for the board's cell colours.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, browser, shot } from './helpers.mjs';

let server;
let chrome;

before(async () => {
  server = await startServer();
  server.bots(1);
  chrome = await browser();
});

after(async () => {
  if (chrome) await chrome.close();
  if (server) await server.stop();
});

const MOVES = 14; // the guest's moves before resigning (if the game has not ended by then)

function hasColours(counts, what) {
  for (const [k, n] of Object.entries(counts)) {
    assert.ok(n > 500, `${what}: too few ${k} cell pixels (${JSON.stringify(counts)})`);
  }
}

test('a guest plays a bot in the browser while a spectator watches', { timeout: 240000 }, async () => {
  const ctx = await chrome.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url + '/');
  // The bot's seek appears in the lobby; pressing it starts the game.
  const seek = page.locator('[data-seek]').first();
  await seek.waitFor({ timeout: 30000 });
  await page.waitForFunction(() => localStorage.getItem('parachess-name'), null, { timeout: 10000 });
  await seek.click();
  await page.waitForURL(/\/game\/[A-Za-z0-9]+$/, { timeout: 15000 });
  const gameUrl = page.url();
  const board = page.locator('#board');
  await page.waitForSelector('#board[data-side]', { timeout: 15000 });
  const side = await board.getAttribute('data-side');
  assert.ok(side === 'white' || side === 'black');

  // A spectator in another browser context (another guest).
  const watcherCtx = await chrome.newContext({ viewport: { width: 1000, height: 760 } });
  const watcher = await watcherCtx.newPage();
  await watcher.goto(gameUrl);
  await watcher.waitForSelector('#board[data-position]', { timeout: 15000 });
  assert.equal(await watcher.locator('#board').getAttribute('data-side'), null);

  // Record where the spectator's moving pieces are drawn, frame by frame.
  await watcher.evaluate(() => {
    window.trail = [];
    new MutationObserver((changes) => {
      for (const c of changes) {
        const u = c.target;
        if (!u.classList || !u.classList.contains('moving')) continue;
        const w = Number(u.getAttribute('width'));
        window.trail.push([Number(u.getAttribute('x')) + w / 2, Number(u.getAttribute('y')) + w / 2, u.dataset.on]);
      }
    }).observe(document.querySelector('#board .pieces'), { attributes: true, subtree: true, attributeFilter: ['x'] });
  });

  const moveCount = (p) => p.locator('#moves .mv').count();
  let mine = 0;
  let dropped = false;
  while (mine < MOVES) {
    // My turn (the page lists the moves it accepts), or the game is over.
    await page.waitForSelector('#board[data-legal], #board[data-result]', { timeout: 30000 });
    if (await board.getAttribute('data-result')) break;
    if (mine === 2) {
      // The bot answers a draw offer at once: declined, and the page says so.
      await page.click('#draw');
      await page.waitForFunction(() => /draw offer was declined/.test(document.querySelector('#game-msg').textContent),
        null, { timeout: 10000 });
      assert.equal(await page.locator('#offer').isVisible(), false);
    }
    if (mine === 3) {
      // A takeback request it grants: my last move and its reply go, and it is my move again.
      const shown = await moveCount(page);
      await page.click('#takeback');
      await page.waitForFunction((n) => document.querySelectorAll('#moves .mv').length < n, shown,
        { timeout: 10000 });
      await watcher.waitForFunction((n) => document.querySelectorAll('#moves .mv').length < n, shown,
        { timeout: 10000 });
      // The glides checked below are those of the moves that stay.
      await watcher.evaluate(() => { window.trail = []; });
      await page.waitForSelector('#board[data-legal]', { timeout: 10000 });
    }
    const legal = (await board.getAttribute('data-legal')).split(' ');
    const before = await moveCount(page);
    const mv = legal[(mine * 7) % legal.length];
    const [, from, to] = /^([a-k]\d{1,2})([a-k]\d{1,2})/.exec(mv);
    if (mine === 1) {
      // One move dragged instead of clicked.
      const a = await page.locator(`#board [data-cell="${from}"]`).boundingBox();
      const b = await page.locator(`#board [data-cell="${to}"]`).boundingBox();
      await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
      await page.mouse.down();
      await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 3 });
      await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
      await page.mouse.up();
      if (await page.locator('#promo').isVisible()) await page.keyboard.press('q');
      await page.waitForFunction((n) => document.querySelectorAll('#moves .mv').length > n, before,
        { timeout: 15000 });
      mine++;
      continue;
    }
    if (mine === 5) {
      // One move typed (keyboard entry), with its promotion letter if it has one.
      await page.fill('#move-input', mv);
      await page.press('#move-input', 'Enter');
      await page.waitForFunction((n) => document.querySelectorAll('#moves .mv').length > n, before,
        { timeout: 15000 });
      mine++;
      continue;
    }
    await page.click(`#board [data-cell="${from}"]`);
    // The selected piece's targets are marked.
    assert.ok(await page.locator('#board .marks .dot, #board .marks .ring').count() > 0);
    await page.click(`#board [data-cell="${to}"]`);
    if (await page.locator('#promo').isVisible()) await page.keyboard.press('q');
    await page.waitForFunction((n) => document.querySelectorAll('#moves .mv').length > n, before,
      { timeout: 15000 });
    mine++;
    // The spectator sees the same moves, live.
    const count = await moveCount(page);
    await watcher.waitForFunction((n) => document.querySelectorAll('#moves .mv').length >= n, count,
      { timeout: 15000 });
    if (mine === 4 && !dropped) {
      // A lost connection is said, then re-established; the game goes on.
      dropped = true;
      await page.evaluate(() => window.parachess.conn.drop());
      await page.waitForSelector('#net:not([hidden])', { timeout: 5000 }).catch(() => {});
      await page.waitForSelector('#net[hidden]', { state: 'attached', timeout: 15000 });
    }
  }
  hasColours(await shot(page, 'game'), 'game page');
  if (!(await board.getAttribute('data-result'))) {
    await page.click('#resign');
    await page.click('#resign');
  }
  await page.waitForSelector('#board[data-result]', { timeout: 15000 });
  await watcher.waitForSelector('#board[data-result]', { timeout: 15000 });
  const result = await board.getAttribute('data-result');
  assert.match(result, /^(1-0|0-1|1\/2-1\/2)$/);
  assert.equal(await watcher.locator('#board').getAttribute('data-result'), result);
  // The spectator saw every move, in the same order.
  const texts = await page.locator('#moves .mv').allTextContents();
  assert.deepEqual(await watcher.locator('#moves .mv').allTextContents(), texts);
  assert.ok(texts.length >= 2 * Math.min(mine, MOVES) - 3); // one move taken back
  hasColours(await shot(watcher, 'game-spectator'), 'spectator');

  // The pieces glided along the routes the server sent: every drawn point of a moving piece
  // lies on the route of a move played to the cell it went to (SVG units: 40 a cell side).
  const { trail, routes, moves } = await watcher.evaluate(() => {
    const g = window.parachess.game();
    return { trail: window.trail, routes: g.played, moves: g.moves };
  });
  assert.ok(trail.length > 20, `only ${trail.length} animation frames seen`);
  // Real routes: the start's centre, then a crossing and a centre per step (never a bare line).
  assert.equal(routes.length, moves.length);
  for (const r of routes) assert.ok(r.pts.length >= 3 && r.pts.length % 2 === 1, JSON.stringify(r));
  const near = (p, pts) => {
    let best = Infinity;
    for (let i = 1; i < pts.length; i++) {
      const [ax, ay] = [pts[i - 1][0] * 40, -pts[i - 1][1] * 40];
      const [bx, by] = [pts[i][0] * 40, -pts[i][1] * 40];
      const len2 = (bx - ax) ** 2 + (by - ay) ** 2 || 1e-9;
      const t = Math.max(0, Math.min(1, ((p[0] - ax) * (bx - ax) + (p[1] - ay) * (by - ay)) / len2));
      best = Math.min(best, Math.hypot(p[0] - (ax + t * (bx - ax)), p[1] - (ay + t * (by - ay))));
    }
    return best;
  };
  let off = 0;
  for (const p of trail) {
    const candidates = routes.filter((r, i) => moves[i].replace(/[qrbs]$/, '').endsWith(p[2]));
    const d = Math.min(...candidates.map((r) => near(p, r.pts)));
    if (!(d < 1.5)) off++;
  }
  assert.equal(off, 0, `${off} of ${trail.length} drawn points off every route`);

  // Stepping back through the game with the keys shows earlier positions.
  const final = await board.getAttribute('data-position');
  await page.keyboard.press('Home');
  const start = await board.getAttribute('data-position');
  assert.notEqual(start, final);
  assert.match(start, /^rsqksr\/1bb1\/pppppppp/);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('End');
  assert.equal(await board.getAttribute('data-position'), final);

  // The promotion chooser answers q r b s (driven with a made-up list of moves, as no random
  // game reliably reaches a promotion).
  const promoted = await page.evaluate(() => {
    const b = window.parachess.board;
    window.chosen = null;
    b.opts.onMove = (uci) => { window.chosen = uci; };
    b.setLegal(['c1d1q', 'c1d1r', 'c1d1b', 'c1d1s'], null);
    b.select('c1');
    return b.selected;
  });
  assert.equal(promoted, 'c1');
  await page.click('#board [data-cell="d1"]');
  await page.waitForSelector('#promo:not([hidden])', { timeout: 5000 });
  await page.keyboard.press('r');
  await page.waitForFunction(() => window.chosen === 'c1d1r', null, { timeout: 5000 });
  assert.equal(await page.locator('#promo').isVisible(), false);

  // The PGN download has the game.
  const href = await page.locator('#pgn').getAttribute('href');
  const pgn = await (await fetch(server.url + href)).text();
  assert.match(pgn, /\[Result "(1-0|0-1|1\/2-1\/2)"\]/);

  // The player's page, and the archive finds the game.
  const name = await page.evaluate(() => localStorage.getItem('parachess-name'));
  await page.goto(`${server.url}/@/${name}`);
  await page.locator('h1.player-name').waitFor({ timeout: 10000 });
  assert.equal(await page.locator('h1.player-name').textContent(), name);
  hasColours(await shot(page, 'player'), 'player page');
  await page.goto(`${server.url}/archive?player=${name}`);
  assert.ok(await page.locator('table.games tbody tr').count() >= 1);

  // The lobby with the game finished and the bot seeking again.
  await page.goto(server.url + '/');
  await page.locator('[data-seek]').first().waitFor({ timeout: 30000 });
  await shot(page, 'lobby');
  assert.deepEqual(errors, []);
  await watcherCtx.close();
  await ctx.close();
});

test('the lobby shows live games as small boards', { timeout: 60000 }, async () => {
  // Two bots posting seeks; a browser guest accepts one, and a second page sees it live.
  server.bots(1);
  const ctx = await chrome.newContext({ viewport: { width: 1280, height: 900 } });
  const player = await ctx.newPage();
  await player.goto(server.url + '/');
  await player.locator('[data-seek]').first().waitFor({ timeout: 30000 });
  await player.locator('[data-seek]').first().click();
  await player.waitForURL(/\/game\//, { timeout: 15000 });
  const id = player.url().split('/').pop();
  const other = await chrome.newContext({ viewport: { width: 1280, height: 900 } });
  const lobby = await other.newPage();
  await lobby.goto(server.url + '/');
  await lobby.locator(`[data-live="${id}"] svg [data-cell="e5"]`).waitFor({ timeout: 15000 });
  await lobby.locator('[data-seek]').first().waitFor({ timeout: 30000 });
  hasColours(await shot(lobby, 'lobby-live'), 'lobby');
  // At a phone's width the board fits the screen between the players' bars, the rest below.
  const phone = await chrome.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const small = await phone.newPage();
  await small.goto(`${server.url}/game/${id}`);
  await small.waitForSelector('#board[data-position]', { timeout: 15000 });
  const boardBox = await small.locator('#board').boundingBox();
  const statusBox = await small.locator('#status').boundingBox();
  const topBox = await small.locator('.player.top').boundingBox();
  const bottomBox = await small.locator('.player.bottom').boundingBox();
  assert.ok(boardBox.width <= 390 && boardBox.width > 300, JSON.stringify(boardBox));
  assert.ok(topBox.y + topBox.height <= boardBox.y + 1, 'the top bar above the board');
  assert.ok(bottomBox.y >= boardBox.y + boardBox.height - 1 && bottomBox.y + bottomBox.height <= 844,
    'the bottom bar below the board, on the screen');
  assert.ok(statusBox.y >= bottomBox.y + bottomBox.height - 1, 'the panel below');
  hasColours(await shot(small, 'phone-game'), 'phone');
  await phone.close();
  await other.close();
  await ctx.close();
});
