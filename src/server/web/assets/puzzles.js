// The puzzles page: asks the server for a puzzle (`puzzle_next`), sends the solver's moves
// (`puzzle_move`) and draws what the server answers (`puzzle_step`): the replies, solved or
// failed with the reason, the rating. It knows no rules and never sees a solution before
// the server has counted the attempt.

import { $, $$, el, t, Connection, promotionChooser, typedMove } from './common.js';
import { Board } from './board.js';
import { blindOn, BlindPanel, Words, isMove } from './blind.js';

const root = $('#puzzle-root');
const svg = $('#board');
// The page's words: the one table of the pages (common.js `t`), keys `js-puzzle-*`.

let pz = null; // the `puzzle` message being solved
let mine = []; // the solver's moves sent, in order
let shown = []; // the plies drawn: {move, text, position, route}
let state = 'loading'; // loading | playing | waiting | solved | failed
let flipChosen = false;
let timers = [];
const startId = Number(root.dataset.start) || null;

const board = new Board(svg, {
  interactive: true,
  onMove: (uci) => play(uci),
  choosePromotion: (moves) => promotion.choose(moves),
});

const conn = new Connection({
  onWelcome: () => {
    // After a reconnection the puzzle stands as it was; only a fresh page asks.
    if (!pz) ask(startId);
  },
  onMessage: (msg) => handle(msg),
});
window.parachess = { conn, board, puzzle: () => pz };

// Blind mode (issue 41): the drawing gives way to the text board, the live log and the
// command field; the words come from the server (`ask` about the puzzle's position and the
// moves played), the page only says what the puzzle's messages say.
let blind = null;
let words = null;
if (blindOn()) {
  blind = new BlindPanel({ onCommand: command, title: t('js-puzzle-title') });
  words = new Words(blind, (m) => conn.send(m), 'puzzle');
  $('.board-wrap').hidden = true;
  root.classList.add('blind-game');
  root.prepend(blind.el);
}

/** The bare moves drawn so far. */
const drawn = () => shown.map((p) => p.move);

/** A command typed in the blind mode's field: a move, `n` (the next puzzle), or a question. */
function command(text) {
  if (!pz) return;
  if (isMove(text)) {
    if (state === 'playing') play(asTyped(text));
    else if (state === 'waiting') words.say(t('js-puzzle-refused-wait'));
    else words.say(t('js-puzzle-refused-over'));
    return;
  }
  if (text === 'n') {
    ask(null);
    return;
  }
  words.ask(text, pz.position, drawn());
  if (text === 'h' || text === '?') {
    words.say(t('js-puzzle-blind-help'));
  }
}

/** The bare legal move `text` names; a move not in the list goes as typed, and the server says
 *  why it is not legal. */
function asTyped(text) {
  return typedMove(text, (svg.dataset.legal || '').split(' ')) ?? text.slice(0, 16);
}

function say(text) {
  $('#puzzle-msg').textContent = text || '';
}

function ask(id) {
  const msg = { t: 'puzzle_next' };
  if (id) msg.id = id;
  conn.send(msg);
}

function sideName(side) {
  return t(side === 'white' ? 'js-white' : 'js-black');
}

function goal(p) {
  const side = sideName(p.side);
  const other = sideName(p.side === 'white' ? 'black' : 'white');
  if (p.theme === 'material') return t('js-puzzle-material', { side });
  const key = (p.theme === 'stalemate' ? 'js-puzzle-stalemate' : 'js-puzzle-mate') + (p.moves === 1 ? '1' : '');
  return t(key, { side, other, n: p.moves });
}

function showRating(player, change) {
  $('#rating').textContent = String(player.rating);
  $('#rating').title = `± ${player.deviation}`;
  const c = $('#change');
  if (change === null || change === undefined) c.textContent = '';
  else c.textContent = change > 0 ? `+${change}` : String(change);
  c.className = 'change' + (change > 0 ? ' up' : change < 0 ? ' down' : '');
}

function setState(s) {
  state = s;
  svg.dataset.puzzle = s === 'waiting' ? 'playing' : s;
  $('#solution').disabled = !(s === 'playing' || s === 'waiting');
}

function clearTimers() {
  for (const t of timers) clearTimeout(t);
  timers = [];
}

function handle(msg) {
  if (words && words.take(msg)) return;
  if (msg.t === 'puzzle') start(msg);
  else if (msg.t === 'puzzle_step') step(msg);
  else if (msg.t === 'error') {
    if (msg.code === 'no_puzzle') say(t('js-puzzle-none'));
    else say(msg.msg);
    if (state === 'waiting') {
      mine.pop();
      setState('playing');
      board.setLegal(pz.legal, pz.routes);
    }
  }
}

function start(p) {
  clearTimers();
  pz = p;
  mine = [];
  shown = [];
  say('');
  svg.dataset.puzzleId = String(p.id);
  svg.dataset.side = p.side;
  if (!flipChosen) board.setFlipped(p.side === 'black');
  board.draw(p.position);
  board.setLast(null);
  board.setLegal(p.legal, p.routes);
  setState('playing');
  $('#goal').textContent = goal(p);
  $('#puzzle-title').textContent = t('js-puzzle-number', { n: p.id });
  $('#puzzle-own').textContent = t('js-puzzle-rating', { n: p.rating });
  showRating(p.player, null);
  if (p.done) say(t('js-puzzle-done-before'));
  if (words) {
    words.say(`${t('js-puzzle-number', { n: p.id })}, ${t('js-puzzle-rating', { n: p.rating })}. ${goal(p)}.`
      + `${p.done ? ' ' + t('js-puzzle-done-before') : ''} ${t('js-puzzle-blind-intro')}`);
    words.ask('b', p.position, [], undefined, true);
  }
  renderMoves();
  const path = '/puzzles/' + p.id;
  if (location.pathname !== path) history.replaceState(null, '', path);
  document.title = `${t('js-puzzle-number', { n: p.id })} · Parachess`;
}

/** Draws plies from `shown.length` on, one every `gap` ms; then `done()`. */
function playOut(plies, gap, done) {
  const next = () => {
    if (shown.length >= plies.length) {
      if (done) done();
      return;
    }
    const ply = plies[shown.length];
    shown.push(ply);
    const m = /^([a-k]\d{1,2})([a-k]\d{1,2})/.exec(ply.move);
    board.draw(ply.position, m && ply.route ? { from: m[1], to: m[2], pts: ply.route.pts, leap: ply.route.leap } : null);
    board.setLast(ply.move);
    renderMoves();
    if (words) {
      words.ask('l', pz.position, drawn());
      words.ask('b', pz.position, drawn(), undefined, true);
    }
    timers.push(setTimeout(next, gap));
  };
  next();
}

function step(s) {
  if (!pz || s.id !== pz.id) return;
  clearTimers();
  showRating(s.player, s.change);
  if (s.state === 'illegal') {
    mine.pop();
    say(t('js-puzzle-illegal', { why: s.reason || '' }));
    if (words) words.say(t('js-puzzle-illegal', { why: s.reason || '' }));
    setState('playing');
    board.setLegal(s.legal, s.routes);
    return;
  }
  // The line so far may repeat what is drawn already: draw from where the board stands.
  shown = shown.slice(0, Math.min(shown.length, s.line.length));
  if (s.state === 'continue') {
    say(t('js-puzzle-right'));
    playOut(s.line, 450, () => {
      setState('playing');
      board.setLegal(s.legal, s.routes);
      if (words) words.say(`${t('js-puzzle-right')} ${t('js-puzzle-your-move')}`);
    });
    return;
  }
  board.setLegal([], null);
  if (s.state === 'solved') {
    setState('solved');
    say(t('js-puzzle-solved'));
    playOut(s.line, 450, () => words && words.say(`${t('js-puzzle-solved')} ${t('js-puzzle-next-hint')}`));
    return;
  }
  // Failed: a wrong move (explained), or the solution asked for; the solution is played out.
  setState('failed');
  say(s.reason ? t('js-puzzle-wrong', { move: s.reason, best: s.best || '' }) : t('js-puzzle-shown'));
  playOut(s.line, 300, () => {
    if (words) words.say(s.reason ? t('js-puzzle-wrong', { move: s.reason, best: s.best || '' }) : t('js-puzzle-shown'));
    playOut(s.solution, 700, () => words && words.say(`${t('js-puzzle-failed')} ${t('js-puzzle-next-hint')}`));
  });
}

function renderMoves() {
  const list = $('#moves');
  list.replaceChildren();
  shown.forEach((ply, i) => {
    list.append(el('li', { 'data-ply': i }, el('span', { class: 'mv', text: ply.text })));
  });
  list.scrollTop = list.scrollHeight;
}

function play(uci) {
  if (state !== 'playing' || !pz) return;
  say('');
  mine.push(uci);
  setState('waiting');
  board.setLegal([], null);
  conn.send({ t: 'puzzle_move', id: pz.id, moves: mine });
}

// The promotion chooser, as on the game page.
const promotion = promotionChooser();

/** A typed move: the bare legal move it names, else the text itself, which the server
 *  answers with the rules' reason. */
$('#move-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const input = $('#move-input');
  const typed = input.value.trim();
  input.value = '';
  if (!typed || state !== 'playing') return;
  play(asTyped(typed));
});

$('#solution').addEventListener('click', () => {
  if (!pz || (state !== 'playing' && state !== 'waiting')) return;
  conn.send({ t: 'puzzle_solution', id: pz.id });
});
$('#next-puzzle').addEventListener('click', () => ask(null));

function flip() {
  flipChosen = true;
  board.setFlipped(!board.flipped);
}
$('#flip').addEventListener('click', flip);
$('#names').addEventListener('click', () => svg.classList.toggle('names'));

document.addEventListener('keydown', (ev) => {
  if (promotion.key(ev)) {
    ev.preventDefault();
    return;
  }
  if (ev.target instanceof HTMLInputElement) return;
  if (ev.key === 'f') flip();
  else if (ev.key === 'n') svg.classList.toggle('names');
  else return;
  ev.preventDefault();
});
