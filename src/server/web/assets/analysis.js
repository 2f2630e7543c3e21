// The analysis board: any position, moves played freely (the server checks each and answers
// the position reached), and the engine's three best lines as it deepens. It knows no rules.

import { $, $$, el, t, Connection, promotionChooser, typedMove } from './common.js';
import { Board } from './board.js';
import { blindOn, BlindPanel, Words, isMove, bareMove } from './blind.js';

const root = $('#analysis');
const svg = $('#board');
let start = root.dataset.start;
const variant = root.dataset.variant;
let moves = []; // bare moves played from `start`
let texts = []; // the same in move text, as the server wrote them
let legal = [];
let reqId = 0;
let turn = 'white';

const board = new Board(svg, {
  interactive: true,
  onMove: (uci) => play(uci),
  choosePromotion: (ms) => promotion.choose(ms),
});

const conn = new Connection({
  onWelcome: () => request(),
  onMessage: (msg) => handle(msg),
});
window.parachess = { conn, board };

// Blind mode (issue 41): each move and the position's state read out (the words come from
// the server, `ask` about the start and the moves); the engine's lines only on request (`e`),
// so that its deepening does not flood the live log.
let blind = null;
let words = null;
let heard = -1; // moves announced so far (-1: nothing yet)
let engine = null; // the last `analysis_lines` with lines
if (blindOn()) {
  blind = new BlindPanel({ onCommand: command, title: t('js-analysis-by-words') });
  words = new Words(blind, (m) => conn.send(m), 'analysis');
  $('.board-wrap').hidden = true;
  root.classList.add('blind-game');
  root.prepend(blind.el);
}

/** The engine's lines in move text, for `e`. */
function engineWords() {
  if (!engine || !engine.lines.length) return t('js-engine-no-lines');
  const head = t(engine.done ? 'js-engine-depth' : 'js-engine-depth-thinking', { depth: engine.depth });
  return [head, ...engine.lines.map((l, i) =>
    `${i + 1}. ${evalText(l.eval)}: ${l.texts.slice(0, 8).join(' ')}${l.texts.length > 8 ? ' …' : ''}`)].join('\n');
}

/** A command typed in the blind mode's field: a move, `e`, `u`, or a question. */
function command(text) {
  if (isMove(text)) play(bareMove(text));
  else if (text === 'e') words.say(engineWords());
  else if (text === 'u') {
    if (moves.length) undo();
    else words.say(t('js-no-takeback'));
  } else {
    words.ask(text, start, moves, variant);
    if (text === 'h' || text === '?') {
      words.say(t('js-analysis-help'));
    }
  }
}

/** The blind mode's words for the board the server answered. */
function sayBoard(msg) {
  if (heard >= 0 && moves.length > heard) words.ask('l', start, moves, variant);
  else if (moves.length < heard) words.say(t(moves.length ? 'js-took-back' : 'js-back-at-start'));
  else if (heard < 0) words.say(t('js-analysis-intro'));
  heard = moves.length;
  words.say(msg.result ? t('js-over-here', { result: msg.result }) : '');
  words.ask('b', start, moves, variant, true);
}

function say(text) {
  $('#analysis-msg').textContent = text || '';
}

/** Asks the server for the position after `moves` and its analysis. */
function request() {
  reqId += 1;
  $('#status').textContent = t('js-checking-position');
  conn.send({ t: 'analyse', id: reqId, position: start, variant, moves });
}

function handle(msg) {
  if (words && words.take(msg)) return;
  switch (msg.t) {
    case 'analysis_board':
      if (msg.id !== reqId) return;
      legal = msg.legal;
      texts = msg.texts;
      turn = msg.turn;
      board.draw(msg.position);
      board.setLast(moves.length ? moves[moves.length - 1] : null);
      board.setLegal(msg.legal, msg.routes);
      svg.dataset.side = msg.turn;
      renderMoves();
      renderLines([]);
      $('#depth').textContent = msg.result ? '' : t('js-engine-thinking');
      $('#status').textContent = msg.result
        ? t('js-over-here', { result: msg.result.replace('1/2', '½') })
        : t('js-to-move', { side: t(msg.turn === 'white' ? 'js-white' : 'js-black') });
      say('');
      engine = null;
      if (words) sayBoard(msg);
      break;
    case 'analysis_lines':
      if (msg.id !== reqId) return;
      if (msg.place) {
        $('#depth').textContent = t('js-engine-queue', { place: msg.place });
        return;
      }
      renderLines(msg.lines);
      $('#depth').textContent = msg.lines.length
        ? t(msg.done ? 'js-depth-finished' : 'js-depth-thinking', { depth: msg.depth })
        : t(msg.done ? 'js-engine-nothing' : 'js-engine-thinking');
      root.dataset.analysis = msg.done ? 'done' : 'running';
      if (msg.lines.length) engine = msg;
      if (words && msg.done && msg.lines.length) words.say(t('js-engine-finished', { depth: msg.depth }));
      break;
    case 'error':
      if (['analysis', 'busy', 'illegal'].includes(msg.code)) {
        say(msg.msg);
        if (words) words.say(msg.msg);
        $('#depth').textContent = '';
        if (msg.code === 'illegal' && moves.length) {
          // The server refused the last move: the board goes back to the position before.
          moves.pop();
          request();
        } else {
          $('#status').textContent = t('js-no-analysis');
        }
      } else if (msg.code === 'rate') {
        say(msg.msg);
      }
      break;
  }
}

/** `35` -> `+0.35`, `#-2` stays (mate in 2 for Black). */
function evalText(e) {
  if (e.startsWith('#')) return e;
  const cp = Number(e);
  return (cp > 0 ? '+' : cp < 0 ? '−' : '') + (Math.abs(cp) / 100).toFixed(2);
}

function renderLines(lines) {
  const list = $('#lines');
  list.replaceChildren();
  for (const line of lines) {
    const shown = line.texts.slice(0, 10).join(' ') + (line.texts.length > 10 ? ' …' : '');
    const li = el('li', {
      'data-line': '', 'data-depth': line.depth, 'data-eval': line.eval,
      'data-moves': line.moves.join(' '),
    }, el('button', {
      type: 'button', class: 'line',
      // The name begins with the text shown (axe: label-content-name-mismatch).
      'aria-label': t('js-line-label', { eval: evalText(line.eval), depth: line.depth, moves: shown, first: line.texts[0] || '' }),
      onclick: () => line.moves.length && play(line.moves[0]),
    }, el('span', { class: 'eval', text: evalText(line.eval) }), ' ', el('span', { class: 'pv', text: shown })));
    list.append(li);
  }
}

function renderMoves() {
  const list = $('#moves');
  list.replaceChildren();
  // Numbered from the position's side to move: Black's first move gets "1…".
  const offset = turnAtStart() === 'black' ? 1 : 0;
  for (let i = 0; i < texts.length; i++) {
    const k = i + offset;
    if (k % 2 === 0 || i === 0) {
      const num = `${Math.floor(k / 2) + 1}.${k % 2 ? '…' : ''}`;
      list.append(el('li', {}, el('span', { class: 'num', text: num })));
    }
    list.lastChild.append(el('span', { class: 'mv', text: texts[i] }));
  }
  if (list.lastChild) list.lastChild.scrollIntoView({ block: 'nearest' });
}

function turnAtStart() {
  return moves.length % 2 === 0 ? turn : turn === 'white' ? 'black' : 'white';
}

function play(uci) {
  say('');
  moves.push(uci);
  request();
}

function undo() {
  if (!moves.length) return;
  moves.pop();
  request();
}

$('#undo').addEventListener('click', undo);
$('#reset').addEventListener('click', () => { moves = []; request(); });
$('#flip').addEventListener('click', () => board.setFlipped(!board.flipped));
$('#names').addEventListener('click', () => svg.classList.toggle('names'));

$('#position-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const text = $('#position-input').value.trim();
  if (!text) return;
  start = text;
  moves = [];
  heard = -1;
  const url = new URL(location.href);
  url.searchParams.set('position', text);
  history.replaceState(null, '', url);
  request();
});

$('#move-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const input = $('#move-input');
  const typed = input.value.trim();
  input.value = '';
  if (!typed) return;
  const move = typedMove(typed, legal);
  if (!move) {
    say(t('js-not-legal-here', { move: typed }));
    return;
  }
  play(move);
});

// The promotion chooser, as on the game page: the buttons or their letter keys; Escape cancels.
const promotion = promotionChooser();

document.addEventListener('keydown', (ev) => {
  if (promotion.key(ev)) {
    ev.preventDefault();
    return;
  }
  if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLTextAreaElement) return;
  if (ev.target instanceof HTMLButtonElement && (ev.key === 'Enter' || ev.key === ' ')) return;
  if (ev.key === 'ArrowLeft' || ev.key === 'Backspace') undo();
  else if (ev.key === 'Home') { moves = []; request(); }
  else if (ev.key === 'f') board.setFlipped(!board.flipped);
  else if (ev.key === 'n') svg.classList.toggle('names');
  else return;
  ev.preventDefault();
});
