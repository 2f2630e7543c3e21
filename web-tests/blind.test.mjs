// The blind mode (issue 41): its hooks (`?blind=1`, `?blind=0`, the switch as the first Tab
// stop), a whole game against Easy and a puzzle played through the command field alone,
// reading only the live log [data-announce] and the text board [data-text-board]; a lesson,
// the analysis board and the game's review by command; then every page, blind mode on and
// off, checked with axe-core (no serious or critical violation) and its accessibility tree
// (no button, link or field without a name).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { startServer, browser, shot } from './helpers.mjs';

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

let server;
let chrome;
let gameId = null;
let guestName = null;

before(async () => {
  server = await startServer();
  chrome = await browser();
});

after(async () => {
  if (chrome) await chrome.close();
  if (server) await server.stop();
});

const MOST = 250; // my moves at most; a longer game is resigned

/** The texts of the live log's announcements. */
const announcements = (page) => page.locator('[data-announce] > *').allTextContents();

/** Types `text` in the command field and sends it. */
async function command(page, text) {
  const field = page.locator('[data-command]');
  await field.fill(text);
  await field.press('Enter');
}

/** Waits for an announcement after the first `from` that `test` accepts; returns its text. */
async function waitAnnouncement(page, from, test, what) {
  for (let i = 0; i < 300; i++) {
    const all = await announcements(page);
    const hit = all.slice(from).find(test);
    if (hit !== undefined) return hit;
    await page.waitForFunction((n) => document.querySelectorAll('[data-announce] > *').length > n,
      all.length, { timeout: 20000 }).catch(() => {});
  }
  throw new Error(`no announcement: ${what}`);
}

/** The text board's "whose move" line. */
const turnLine = (page) => page.locator('[data-text-board] .turn').textContent();

test('the switch: ?blind=1 and ?blind=0, remembered, the first Tab stop', { timeout: 60000 }, async () => {
  const ctx = await chrome.newContext();
  const page = await ctx.newPage();
  await page.goto(server.url + '/archive');
  assert.equal(await page.evaluate(() => document.documentElement.classList.contains('blind')), false);
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'blind-link');
  assert.match(await page.locator('#blind-link').textContent(), /switch it on/);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.documentElement.classList.contains('blind'), null, { timeout: 10000 });
  assert.match(await page.locator('#blind-link').textContent(), /is on: switch it off/);
  // Remembered on the next page without the parameter.
  await page.goto(server.url + '/');
  assert.equal(await page.evaluate(() => document.documentElement.classList.contains('blind')), true);
  await page.goto(server.url + '/?blind=0');
  assert.equal(await page.evaluate(() => document.documentElement.classList.contains('blind')), false);
  await page.goto(server.url + '/');
  assert.equal(await page.evaluate(() => document.documentElement.classList.contains('blind')), false);
  await page.goto(server.url + '/?blind=1');
  assert.equal(await page.evaluate(() => document.documentElement.classList.contains('blind')), true);
  await ctx.close();
});

test('a whole game against Easy through the command field alone', { timeout: 900000 }, async () => {
  const ctx = await chrome.newContext({ viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  await page.goto(server.url + '/?blind=1');
  await page.waitForFunction(() => window.parachess && window.parachess.conn.me, null, { timeout: 15000 });
  await page.locator('[data-computer-level="easy"]').click();
  await page.waitForURL(/\/game\/[A-Za-z0-9]+$/, { timeout: 15000 });
  gameId = page.url().split('/').pop();
  // The drawing gives way to the text board.
  await page.locator('[data-text-board] .turn').waitFor({ timeout: 15000 });
  assert.equal(await page.locator('#board').isVisible(), false);
  const intro = await waitAnnouncement(page, 0, (t) => / You play (White|Black)\./.test(t), 'the introduction');
  const me = / You play (White|Black)\./.exec(intro)[1];
  guestName = /^(.*) \(White\) against/.exec(intro)[1];
  if (guestName.startsWith('Computer')) guestName = /against (.*) \(Black\)/.exec(intro)[1];
  const last = me === 'White' ? 'k' : 'a';

  // The questions answer in words.
  let n = (await announcements(page)).length;
  await command(page, 'h');
  await waitAnnouncement(page, n, (t) => t.includes('m e5: the legal moves'), 'the help');
  n = (await announcements(page)).length;
  await command(page, 's e5');
  const around = await waitAnnouncement(page, n, (t) => t.startsWith('e5 '), 'the surroundings of e5');
  assert.match(around, /Across the 12 o'clock side: f3/);
  assert.match(around, /Through the 1 o'clock corner: straight on g6/);
  assert.equal(await page.locator('[data-command]').inputValue(), '', 'the field is cleared');
  n = (await announcements(page)).length;
  await command(page, 'r a1');
  // (Playing Black, the computer has moved already: only what no first move changes.)
  assert.match(await waitAnnouncement(page, n, (t) => t.startsWith('White Rook a1:'), 'the reach of a1'),
    /\nEdge-path across the 12 o'clock side: b1, /);
  n = (await announcements(page)).length;
  await command(page, 'p S');
  assert.match(await waitAnnouncement(page, n, (t) => t.startsWith('Sorcerer:'), 'the Sorcerers'),
    /^Sorcerer: White [a-k]\d+, [a-k]\d+; Black [a-k]\d+, [a-k]\d+\.$/);
  n = (await announcements(page)).length;
  await command(page, 'zz9');
  await waitAnnouncement(page, n, (t) => t.startsWith('Unknown command'), 'an unknown command');
  // A refused move says why.
  n = (await announcements(page)).length;
  await command(page, me === 'White' ? 'a1k1' : 'k1a1');
  await waitAnnouncement(page, n, (t) => t.startsWith('Move refused'), 'a refused move');

  let seed = 4242;
  const below = (k) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % k;
  };
  let mine = 0;
  let over = false;
  while (mine < MOST) {
    // My turn, or the game's end (both read from the words only).
    await page.waitForFunction((side) => {
      const t = document.querySelector('[data-text-board] .turn');
      const log = document.querySelector('[data-announce]');
      return (t && t.textContent === `${side} to move`) || (log && log.textContent.includes('Game over'));
    }, me, { timeout: 60000 });
    if ((await announcements(page)).some((t) => t.startsWith('Game over'))) {
      over = true;
      break;
    }
    // My pieces, from the text board's list: "White: King a4; Queen a3; Rook a1, a6; …".
    const lists = await page.locator('[data-text-board] p').allTextContents();
    const mineList = lists.find((l) => l.startsWith(`${me}: `));
    const pieces = [];
    for (const group of mineList.slice(me.length + 2).split('; ')) {
      const [kind, ...cells] = group.split(/,? /);
      for (const c of cells) pieces.push({ kind, cell: c });
    }
    // Ask for each piece's legal moves (in a random order) until one can move.
    let move = null;
    for (let tries = 0; tries < pieces.length && !move; tries++) {
      const p = pieces.splice(below(pieces.length), 1)[0];
      const from = (await announcements(page)).length;
      await command(page, `m ${p.cell}`);
      const ans = await waitAnnouncement(page, from, (t) => t.startsWith(`${me} ${p.kind} ${p.cell}:`), `moves of ${p.cell}`);
      const to = /\bto ([^;.]+)/.exec(ans);
      const takes = /takes ([^.]+)/.exec(ans);
      const targets = takes ? takes[1].split(', ').map((s) => s.split(' ').pop())
        : to ? to[1].split(', ') : [];
      if (!targets.length) continue;
      const target = targets[below(targets.length)];
      move = `${p.cell}${target}${p.kind === 'Pawn' && target.startsWith(last) ? 'q' : ''}`;
    }
    assert.ok(move, 'some piece can move');
    const from = (await announcements(page)).length;
    await command(page, move);
    const fromCell = /^[a-k]\d+/.exec(move)[0];
    const said = await waitAnnouncement(page, from,
      (t) => t.startsWith('Move refused') || (/^Move \d+: /.test(t) && t.includes(`: ${me} `) && t.includes(` ${fromCell} `)),
      `my move ${move}`);
    assert.doesNotMatch(said, /^Move refused/, `${move} was refused: ${said}`);
    mine++;
  }
  if (!over) {
    await page.click('#resign');
    await page.click('#resign');
    await waitAnnouncement(page, 0, (t) => t.startsWith('Game over'), 'the end after resigning');
  }
  const log = await announcements(page);
  // Both sides' moves were said in words.
  assert.ok(log.some((t) => new RegExp(`^Move \\d+: ${me === 'White' ? 'Black' : 'White'} `).test(t)), 'the computer\'s moves');
  assert.ok(log.some((t) => new RegExp(`^Move \\d+: ${me} `).test(t)), 'my moves');
  assert.ok(mine > 0);
  // The page fits a phone's width.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the blind game page is ${overflow}px wider than the phone`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'blind-game-phone');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'blind-game-desktop');
  await ctx.close();
});

/** The shipped puzzles, numbered from 1: their solutions in move text (as a solver would
 *  have worked them out; the test reads nothing else from outside the page's words). */
const SOLUTIONS = readFileSync(new URL('../assets/puzzles/puzzles.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l.trim() && !l.startsWith('#'))
  .map((l) => l.split('\t')[1].trim().split(/\s+/));

test('a puzzle solved through the command field alone', { timeout: 120000 }, async () => {
  const ctx = await chrome.newContext({ viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  // A puzzle with a reply to hear: the solver's move, the reply, the solver's move.
  const n = SOLUTIONS.findIndex((s) => s.length >= 3) + 1;
  const line = SOLUTIONS[n - 1];
  await page.goto(`${server.url}/puzzles/${n}?blind=1`);
  const intro = await waitAnnouncement(page, 0, (t) => t.startsWith(`Puzzle ${n}, rated `), 'the puzzle\'s start');
  const side = /\. (White|Black) to move: /.exec(intro)[1];
  assert.match(intro, /to move: (checkmate|leave|win)/);
  assert.equal(await page.locator('#board').isVisible(), false);
  // Flip and Names change only the drawing, which is hidden.
  assert.equal(await page.locator('#flip').isVisible(), false);
  assert.equal(await page.locator('#names').isVisible(), false);
  await page.waitForFunction((s) => document.querySelector('[data-text-board] .turn')?.textContent === `${s} to move`,
    side, { timeout: 15000 });
  // The questions answer about the puzzle's position.
  let from = (await announcements(page)).length;
  await command(page, 'p K');
  assert.match(await waitAnnouncement(page, from, (t) => t.startsWith('King: '), 'the Kings'),
    /^King: White [a-k]\d+; Black [a-k]\d+\.$/);
  from = (await announcements(page)).length;
  await command(page, 'h');
  await waitAnnouncement(page, from, (t) => t.startsWith('n: the next puzzle'), 'the page\'s own commands');
  // A move that is not legal is refused with the reason, and the puzzle goes on.
  from = (await announcements(page)).length;
  await command(page, 'a1a1');
  await waitAnnouncement(page, from, (t) => t.startsWith('That move is not legal'), 'an illegal move');

  for (let i = 0; i < line.length; i += 2) {
    from = (await announcements(page)).length;
    await command(page, line[i]);
    const cell = /[a-k]\d+/.exec(line[i])[0];
    // My move in words, then the reply in words (or the end).
    const mine = await waitAnnouncement(page, from, (t) => /^Move \d+: /.test(t), `my move ${line[i]}`);
    assert.ok(mine.includes(`${side} `) && mine.includes(` ${cell} `), `${line[i]} said as ${mine}`);
    if (i + 1 < line.length) {
      const reply = await waitAnnouncement(page, from, (t) => /^Move \d+: /.test(t) && t !== mine, 'the reply');
      assert.ok(!reply.includes(`: ${side} `), `the reply is the other side's: ${reply}`);
      await waitAnnouncement(page, from, (t) => t.startsWith('Right! Keep going.'), 'go on');
      assert.equal(await turnLine(page), `${side} to move`);
    }
  }
  await waitAnnouncement(page, 0, (t) => t.startsWith('Solved!'), 'solved');
  // Once over, a move is refused, and `n` brings the next puzzle.
  from = (await announcements(page)).length;
  await command(page, line[0]);
  await waitAnnouncement(page, from, (t) => t.startsWith('Move refused: this puzzle is over'), 'over');
  from = (await announcements(page)).length;
  await command(page, 'n');
  await waitAnnouncement(page, from, (t) => /^Puzzle \d+, rated /.test(t) && !t.startsWith(`Puzzle ${n},`), 'the next puzzle');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the blind puzzle page is ${overflow}px wider than the phone`);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'blind-puzzle-phone');
  await ctx.close();
});

test('a lesson stage through the command field: its goal, the moves, the stars', { timeout: 60000 }, async () => {
  const ctx = await chrome.newContext({ viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  // Lesson 3, stage 3: the Rook onto every star (e10, f6, k6).
  await page.goto(`${server.url}/learn/3/3?blind=1`);
  const goal = await waitAnnouncement(page, 0, (t) => t.startsWith('Stage 3 of '), 'the stage\'s goal');
  assert.match(goal, /Move the Rook onto every star/);
  await waitAnnouncement(page, 0, (t) => t.startsWith('Stars on '), 'where the stars are');
  await page.waitForFunction(() => document.querySelector('[data-text-board] .turn')?.textContent === 'White to move',
    null, { timeout: 15000 });
  let from = (await announcements(page)).length;
  await command(page, 'm e1');
  assert.match(await waitAnnouncement(page, from, (t) => t.startsWith('White Rook e1:'), 'the Rook\'s moves'), /e10/);
  for (const mv of ['e1e10', 'e10f6', 'f6k6']) {
    from = (await announcements(page)).length;
    await command(page, mv);
    const [, a, b] = /^([a-k]\d+)([a-k]\d+)$/.exec(mv);
    await waitAnnouncement(page, from, (t) => t === `Move 1: White Rook ${a} to ${b}.`, `the move ${mv}`);
  }
  assert.match(await waitAnnouncement(page, 0, (t) => t.startsWith('Stage done, '), 'the stars'), /^Stage done, [1-3] stars?\.$/);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'blind-lesson-phone');
  await ctx.close();
});

test('the analysis board through the command field: moves in words, the engine on request', { timeout: 60000 }, async () => {
  const ctx = await chrome.newContext({ viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  await page.goto(`${server.url}/analysis?blind=1`);
  await waitAnnouncement(page, 0, (t) => t.startsWith('Analysis board.'), 'the board\'s start');
  let from = (await announcements(page)).length;
  await command(page, 'c4d3');
  await waitAnnouncement(page, from, (t) => t === 'Move 1: White Pawn c4 to d3.', 'the move');
  await page.waitForFunction(() => document.querySelector('[data-text-board] .turn')?.textContent === 'Black to move',
    null, { timeout: 15000 });
  // The engine deepens without a word until it has finished; then `e` reads its lines.
  await page.waitForSelector('#analysis[data-analysis="done"]', { timeout: 30000 });
  const said = await announcements(page);
  assert.equal(said.filter((t) => t.startsWith('The engine has finished')).length, 1, said.join(' | '));
  assert.ok(!said.some((t) => t.startsWith('Engine, depth')), 'no lines before they are asked for');
  from = said.length;
  await command(page, 'e');
  const lines = await waitAnnouncement(page, from, (t) => t.startsWith('Engine, depth '), 'the engine\'s lines');
  assert.match(lines, /\n1\. [-+−]?\d+\.\d\d: [A-Z]?[a-k]\d+[-x][a-k]\d+/);
  from = (await announcements(page)).length;
  await command(page, 'u');
  await waitAnnouncement(page, from, (t) => t === 'Back at the start.', 'the take-back');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'blind-analysis-phone');
  await ctx.close();
});

test('a finished game reviewed by command: n, pr, g N', { timeout: 60000 }, async () => {
  assert.ok(gameId, 'the game above was played');
  const ctx = await chrome.newContext({ viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  await page.goto(`${server.url}/game/${gameId}?blind=1`);
  await waitAnnouncement(page, 0, (t) => / against .* Type h for the commands\./.test(t), 'the introduction');
  let from = (await announcements(page)).length;
  await command(page, 'g 0');
  await waitAnnouncement(page, from, (t) => t === 'The start, before the first move.', 'the start');
  await page.waitForFunction(() => document.querySelector('[data-text-board] .turn')?.textContent === 'White to move',
    null, { timeout: 15000 });
  from = (await announcements(page)).length;
  await command(page, 'n');
  await waitAnnouncement(page, from, (t) => /^Move 1: White /.test(t), 'the first move');
  await page.waitForFunction(() => document.querySelector('[data-text-board] .turn')?.textContent === 'Black to move',
    null, { timeout: 15000 });
  from = (await announcements(page)).length;
  await command(page, 'n');
  await waitAnnouncement(page, from, (t) => /^Move 1: Black /.test(t), 'the second half-move');
  from = (await announcements(page)).length;
  await command(page, 'pr');
  await waitAnnouncement(page, from, (t) => /^Move 1: White /.test(t), 'back to the first');
  from = (await announcements(page)).length;
  await command(page, 'g 999');
  await waitAnnouncement(page, from, (t) => t.startsWith('There is no half-move 999'), 'out of range');
  await ctx.close();
});

/** Every page the server has (the game and player from the game above). */
function pages() {
  const list = ['/', '/archive', '/learn', '/learn/3/3', '/puzzles/1', '/analysis'];
  if (gameId) list.push(`/game/${gameId}`);
  if (guestName) list.push(`/@/${encodeURIComponent(guestName)}`);
  return list;
}

/** Lines of an ARIA snapshot naming a button, link or field without a name. */
function unnamed(snapshot) {
  return snapshot.split('\n').filter((l) =>
    /^\s*- (button|link|textbox|combobox|spinbutton|checkbox|searchbox|radio|slider)(\s*\[[^\]]*\])*:?\s*$/.test(l));
}

for (const blind of [false, true]) {
  test(`axe-core and the accessibility tree of every page, blind mode ${blind ? 'on' : 'off'}`, { timeout: 180000 }, async () => {
    // Only this test's context bypasses the pages' Content-Security-Policy, to inject axe.
    const ctx = await chrome.newContext({ bypassCSP: true });
    const page = await ctx.newPage();
    const problems = [];
    for (const path of pages()) {
      await page.goto(server.url + path + (path.includes('?') ? '&' : '?') + `blind=${blind ? 1 : 0}`);
      await page.waitForLoadState('networkidle', { timeout: 15000 }).catch(() => {});
      if (/^\/(game|learn\/|puzzles|analysis)/.test(path) && blind) await page.locator('[data-text-board] .turn').waitFor({ timeout: 15000 });
      await page.addScriptTag({ content: AXE });
      const result = await page.evaluate(async () => {
        // eslint-disable-next-line no-undef
        const r = await axe.run(document, { resultTypes: ['violations'] });
        return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
      });
      for (const v of result) {
        if (v.impact === 'serious' || v.impact === 'critical') problems.push(`${path}: ${v.id} (${v.impact}) at ${v.nodes.join(' | ')}`);
      }
      const snap = await page.locator('body').ariaSnapshot();
      for (const line of unnamed(snap)) problems.push(`${path}: unnamed ${line.trim()}`);
    }
    assert.deepEqual(problems, []);
    await ctx.close();
  });
}
