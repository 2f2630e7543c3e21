// The game page: follows one game through the WebSocket (as a player or a spectator), shows
// it on the board, the clocks and the move list, and sends the player's moves and requests.

import { $, $$, el, Connection } from './common.js';
import { Board, parseMove } from './board.js';

const root = $('#game');
const id = root.dataset.game;
const svg = $('#board');
let game = null; // the protocol's game view, kept up to date
let mySide = null; // 'white' | 'black' | null (watching)
let viewPly = null; // the half-move shown (null: the latest)
let clockAt = 0; // performance.now() when the clocks were read
let flipChosen = false;
let pendingRematch = null;
let offline = false; // the connection is lost: the clocks stand still until the server speaks
let offlineAt = 0; // performance.now() when it was lost
let queuedMove = null; // a move made while offline, sent once connected again

const board = new Board(svg, {
  interactive: true,
  onMove: (uci) => play(uci),
  choosePromotion: (moves) => choosePromotion(moves),
});

const conn = new Connection({
  onWelcome: () => conn.send({ t: 'watch', game: id }),
  onMessage: (msg) => handle(msg),
  onLost: () => {
    if (offline) return;
    offline = true;
    offlineAt = performance.now();
    tick();
  },
});
window.parachess = { conn, board, game: () => game };

function say(text) {
  $('#game-msg').textContent = text || '';
}

function handle(msg) {
  switch (msg.t) {
    case 'game':
      if (msg.id !== id) return;
      game = msg;
      clockAt = performance.now();
      offline = false;
      mySide = conn.me && msg.white === conn.me.name ? 'white' : conn.me && msg.black === conn.me.name ? 'black' : null;
      if (mySide) svg.dataset.side = mySide;
      else delete svg.dataset.side;
      if (!flipChosen) board.setFlipped(mySide === 'black');
      viewPly = null;
      render(null);
      break;
    case 'moved': {
      if (!game || msg.game !== id) return;
      const n = game.moves.length;
      if (msg.n < n) return; // already known
      if (msg.n > n) {
        conn.send({ t: 'watch', game: id });
        return;
      }
      game.moves.push(msg.move);
      game.texts.push(msg.text);
      game.positions.push(msg.position);
      game.played.push(msg.route);
      game.position = msg.position;
      game.legal = msg.legal;
      game.routes = msg.routes;
      game.turn = game.turn === 'white' ? 'black' : 'white';
      game.clocks = msg.clocks;
      game.deadline = msg.deadline;
      game.draw_offer = null;
      game.takeback_offer = null;
      clockAt = performance.now();
      offline = false;
      if (queuedMove && msg.move === queuedMove) {
        queuedMove = null;
        say('');
      }
      const following = viewPly === null;
      render(following ? { ply: n + 1 } : null);
      break;
    }
    case 'end':
      if (!game || msg.game !== id) return;
      game.status = msg.result === '*' ? 'aborted' : 'over';
      game.result = msg.result;
      game.reason = msg.reason;
      game.legal = [];
      game.routes = [];
      if (game.clocks) game.clocks.running = null;
      render(null);
      break;
    case 'offer':
      if (!game || msg.game !== id) return;
      if (msg.kind === 'draw') game.draw_offer = msg.by;
      else game.takeback_offer = msg.by;
      renderOffer();
      break;
    case 'offer_gone':
      if (!game || msg.game !== id) return;
      if (msg.kind === 'rematch') {
        if (pendingRematch && msg.id && pendingRematch.id !== msg.id) return;
        pendingRematch = null;
        say(offerGoneText(msg, null));
      } else {
        const key = msg.kind === 'draw' ? 'draw_offer' : 'takeback_offer';
        say(offerGoneText(msg, game[key]));
        game[key] = null;
      }
      renderOffer();
      break;
    case 'challenge':
      if (game && game.status !== 'started') {
        pendingRematch = msg;
        renderOffer();
      }
      break;
    case 'declined':
      say('Your rematch offer was declined.');
      break;
    case 'seek':
      if (conn.me && msg.by === conn.me.name && msg.to) say(`Rematch offered to ${msg.to}…`);
      break;
    case 'started':
      if (msg.game !== id) location.href = '/game/' + encodeURIComponent(msg.game);
      break;
    case 'error':
      if (queuedMove) queuedMove = null;
      say(msg.code === 'illegal' ? `Move refused: ${msg.msg}` : msg.msg);
      if (['stale', 'illegal', 'not_your_turn'].includes(msg.code)) conn.send({ t: 'watch', game: id });
      break;
  }
}

/** What the page says when an offer is gone (`by`: the side that made it, if known). */
function offerGoneText(msg, by) {
  const what = { draw: 'draw offer', takeback: 'takeback request', rematch: 'rematch offer' }[msg.kind] || 'offer';
  const whose = by && mySide ? (by === mySide ? 'Your ' : "Your opponent's ") : 'The ';
  const why = {
    expired: 'expired unanswered',
    declined: 'was declined',
    left: 'is gone: the player left',
  }[msg.reason] || 'is gone';
  return `${whose}${what} ${why}.`;
}

function positionAt(ply) {
  return ply === 0 ? game.start : game.positions[ply - 1];
}

function shownPly() {
  return viewPly === null ? game.moves.length : viewPly;
}

/** Draws everything; `anim.ply`: the half-move just reached, to glide (forward or back). */
function render(anim) {
  if (!game) return;
  const ply = shownPly();
  const live = ply === game.moves.length;
  let glide = null;
  if (anim && anim.ply !== undefined) {
    const back = anim.back;
    const moveIndex = back ? ply : ply - 1;
    const m = parseMove(game.moves[moveIndex]);
    const route = game.played[moveIndex];
    if (m && route) glide = { from: m.from, to: m.to, pts: route.pts, leap: route.leap, back };
  }
  board.draw(positionAt(ply), glide);
  board.setLast(ply > 0 ? game.moves[ply - 1] : null);
  const myTurn = mySide && game.status === 'started' && game.turn === mySide;
  board.setLegal(live && myTurn ? game.legal : [], live && myTurn ? game.routes : []);
  if (game.status !== 'started' && game.result) svg.dataset.result = game.result;
  else delete svg.dataset.result;
  renderPlayers();
  renderMoves();
  renderStatus();
  renderOffer();
  $('#move-form').hidden = !(mySide && game.status === 'started');
  $('#actions').hidden = !(mySide && game.status === 'started');
  $('#abort').hidden = game.moves.length >= 2;
  $('#takeback').hidden = game.moves.length === 0;
  $('#after').hidden = !(mySide && game.status !== 'started');
  document.title = `${game.white} – ${game.black} · Parachess`;
}

function renderPlayers() {
  const bottom = board.flipped ? 'black' : 'white';
  const top = bottom === 'white' ? 'black' : 'white';
  for (const [slot, side] of [['top', top], ['bottom', bottom]]) {
    const name = $(`#${slot}-name`);
    name.textContent = game[side] + (side === mySide ? ' (you)' : '');
    name.href = '/@/' + encodeURIComponent(game[side]);
    const box = name.parentElement;
    box.dataset.color = side;
    box.classList.toggle('to-move', game.status === 'started' && game.turn === side);
  }
  tick();
}

function fmt(ms) {
  ms = Math.max(0, ms);
  if (ms < 10000) return (ms / 1000).toFixed(1);
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/** The clocks as of now: the running one counts down from the server's last reading. */
function tick() {
  if (!game) return;
  const bottom = board.flipped ? 'black' : 'white';
  for (const slot of ['top', 'bottom']) {
    const side = slot === 'bottom' ? bottom : bottom === 'white' ? 'black' : 'white';
    const clock = $(`#${slot}-clock`);
    if (!game.clocks) {
      clock.textContent = game.deadline && game.turn === side && game.status === 'started'
        ? 'moves by ' + new Date(game.deadline).toLocaleString() : '';
      clock.classList.remove('low', 'running');
      continue;
    }
    let left = game.clocks[side];
    const running = game.clocks.running === side && game.status === 'started';
    // Offline, the clock stops where it was: the server's next word says where it really is.
    if (running) left -= (offline ? offlineAt : performance.now()) - clockAt;
    clock.textContent = fmt(left);
    clock.classList.toggle('running', running && !offline);
    clock.classList.toggle('stopped', running && offline);
    clock.classList.toggle('low', left < 20000);
  }
}
setInterval(tick, 100);

function renderMoves() {
  const list = $('#moves');
  list.replaceChildren();
  const shown = shownPly();
  for (let i = 0; i < game.texts.length; i += 2) {
    const li = el('li', {}, el('span', { class: 'num', text: `${i / 2 + 1}.` }));
    for (const j of [i, i + 1]) {
      if (j >= game.texts.length) break;
      li.append(el('button', {
        type: 'button', class: 'mv' + (j + 1 === shown ? ' current' : ''), 'data-ply': j + 1,
        text: game.texts[j], onclick: () => goTo(j + 1),
      }));
    }
    list.append(li);
  }
  const current = list.querySelector('.current');
  if (current && viewPly === null) current.scrollIntoView({ block: 'nearest' });
}

const REASONS = {
  checkmate: 'by checkmate', stalemate: 'by stalemate (the side without a move loses)',
  resignation: 'by resignation', 'time forfeit': 'on time', agreement: 'by agreement',
};

function renderStatus() {
  const status = $('#status');
  status.classList.remove('over');
  if (game.status === 'aborted') {
    status.textContent = 'Game aborted.';
    status.classList.add('over');
    return;
  }
  if (game.status !== 'started') {
    const r = game.result;
    const who = r === '1-0' ? 'White wins' : r === '0-1' ? 'Black wins' : 'Draw';
    const why = REASONS[game.reason] || (game.reason ? game.reason : '');
    status.textContent = `${(r || '').replace('1/2', '½')} · ${who} ${why}`.trim();
    status.classList.add('over');
    return;
  }
  const side = game.turn === 'white' ? 'White' : 'Black';
  if (mySide) status.textContent = game.turn === mySide ? 'Your move.' : `Waiting for ${game[game.turn]} (${side}).`;
  else status.textContent = `${side} to move.`;
  if (viewPly !== null) status.textContent += ' (Showing an earlier position: press End for now.)';
}

function renderOffer() {
  const box = $('#offer');
  const text = $('#offer-text');
  if (!game) return;
  let ask = null;
  if (pendingRematch && game.status !== 'started') ask = { text: `${pendingRematch.by} wants a rematch.`, kind: 'rematch' };
  else if (game.status === 'started' && mySide) {
    if (game.draw_offer && game.draw_offer !== mySide) ask = { text: 'Your opponent offers a draw.', kind: 'draw' };
    else if (game.takeback_offer && game.takeback_offer !== mySide) ask = { text: 'Your opponent asks to take back a move.', kind: 'takeback' };
    else if (game.draw_offer === mySide) ask = { text: 'You offered a draw.', kind: null };
    else if (game.takeback_offer === mySide) ask = { text: 'You asked for a takeback.', kind: null };
  } else if (game.status === 'started' && game.draw_offer) {
    ask = { text: `${game.draw_offer === 'white' ? 'White' : 'Black'} offers a draw.`, kind: null };
  }
  box.hidden = !ask;
  if (!ask) return;
  text.textContent = ask.text;
  box.dataset.kind = ask.kind || '';
  $('#offer-yes').hidden = !ask.kind;
  $('#offer-no').hidden = !ask.kind;
}

$('#offer-yes').addEventListener('click', () => {
  const kind = $('#offer').dataset.kind;
  if (kind === 'rematch' && pendingRematch) conn.send({ t: 'accept', id: pendingRematch.id });
  else if (kind) conn.send({ t: kind, game: id });
});
$('#offer-no').addEventListener('click', () => {
  const kind = $('#offer').dataset.kind;
  if (kind === 'rematch' && pendingRematch) {
    conn.send({ t: 'decline', id: pendingRematch.id });
    pendingRematch = null;
    renderOffer();
  } else if (kind) conn.send({ t: kind + '_no', game: id });
});

function goTo(ply) {
  if (!game) return;
  ply = Math.max(0, Math.min(game.moves.length, ply));
  const before = shownPly();
  viewPly = ply === game.moves.length ? null : ply;
  if (ply === before + 1) render({ ply });
  else if (ply === before - 1) render({ ply, back: true });
  else render(null);
}

function play(uci) {
  if (!game) return;
  if (!conn.ready) {
    if (queuedMove) {
      say(`Not connected: your move ${queuedMove} is already waiting to be sent.`);
      return;
    }
    queuedMove = uci;
    say(`Not connected: your move ${uci} will be sent when the connection is back.`);
  } else {
    say('');
  }
  conn.send({ t: 'move', game: id, n: game.moves.length, move: uci });
}

// The promotion chooser: the variant's buttons (the server writes one per kind a pawn may
// become), or their letter keys; only the kinds this move allows are shown; Escape cancels.
let promoResolve = null;
let promoKeys = '';
function choosePromotion(moves) {
  const box = $('#promo');
  const allowed = new Set(moves.map((m) => m.promo));
  promoKeys = '';
  for (const b of $$('#promo button')) {
    b.hidden = !allowed.has(b.dataset.kind);
    if (!b.hidden) promoKeys += b.dataset.kind;
  }
  box.hidden = false;
  return new Promise((resolve) => {
    promoResolve = (kind) => {
      box.hidden = true;
      promoResolve = null;
      resolve(kind ? moves.find((m) => m.promo === kind) || null : null);
    };
  });
}
for (const b of $$('#promo button')) b.addEventListener('click', () => promoResolve && promoResolve(b.dataset.kind));

/** `c4d3`, `c4-d3`, `Sa2-e5`, `j2-k2=Q` -> the bare legal move, if it is one. */
function typedMove(text) {
  let t = text.trim().replace(/^[A-Z](?=[a-k])/, '').replace(/[-x=+#\s]/g, '').toLowerCase();
  if (!game || !game.legal.includes(t)) return null;
  return t;
}

/** Why a typed move is not one of the legal moves (the server's list is the authority). */
function whyNot(text) {
  if (!game || game.status !== 'started') return 'the game is over.';
  if (mySide && game.turn !== mySide) return 'it is not your move.';
  const t = text.replace(/^[A-Z](?=[a-k])/, '').replace(/[-x=+#\s]/g, '').toLowerCase();
  const cells = t.match(/[a-k](1[01]|[1-9])/g) || [];
  if (cells.length < 2) return 'write it as two cells, e.g. c4d3.';
  const from = (m) => m.startsWith(cells[0]) && !/[0-9]/.test(m[cells[0].length]);
  if (!game.legal.some(from)) return `nothing of yours on ${cells[0]} can move.`;
  return `the piece on ${cells[0]} cannot go to ${cells[1]}.`;
}

$('#move-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const input = $('#move-input');
  const typed = input.value.trim();
  const mv = typedMove(typed);
  // Cleared either way: the next move is typed afresh, never appended to a refused one.
  input.value = '';
  if (!typed) return;
  if (!mv) {
    say(`"${typed}" is not a legal move now: ${whyNot(typed)}`);
    return;
  }
  play(mv);
});

document.addEventListener('keydown', (ev) => {
  if (promoResolve) {
    if (ev.key.length === 1 && promoKeys.includes(ev.key.toLowerCase())) promoResolve(ev.key.toLowerCase());
    else if (ev.key === 'Escape') promoResolve(null);
    ev.preventDefault();
    return;
  }
  if (ev.target instanceof HTMLInputElement) return;
  if (!game) return;
  const shown = shownPly();
  if (ev.key === 'ArrowLeft') goTo(shown - 1);
  else if (ev.key === 'ArrowRight') goTo(shown + 1);
  else if (ev.key === 'Home') goTo(0);
  else if (ev.key === 'End') goTo(game.moves.length);
  else if (ev.key === 'f') flip();
  else if (ev.key === 'n') svg.classList.toggle('names');
  else return;
  ev.preventDefault();
});

function flip() {
  flipChosen = true;
  board.setFlipped(!board.flipped);
  render(null);
}

$('#first').addEventListener('click', () => goTo(0));
$('#prev').addEventListener('click', () => game && goTo(shownPly() - 1));
$('#next').addEventListener('click', () => game && goTo(shownPly() + 1));
$('#last').addEventListener('click', () => game && goTo(game.moves.length));
$('#flip').addEventListener('click', flip);
$('#names').addEventListener('click', () => svg.classList.toggle('names'));
$('#draw').addEventListener('click', () => conn.send({ t: 'draw', game: id }));
$('#takeback').addEventListener('click', () => conn.send({ t: 'takeback', game: id }));
$('#abort').addEventListener('click', () => conn.send({ t: 'abort', game: id }));
$('#rematch').addEventListener('click', () => conn.send({ t: 'rematch', game: id }));
let resignArmed = 0;
$('#resign').addEventListener('click', () => {
  const b = $('#resign');
  if (Date.now() - resignArmed < 4000) {
    conn.send({ t: 'resign', game: id });
    b.textContent = 'Resign';
    resignArmed = 0;
    return;
  }
  resignArmed = Date.now();
  b.textContent = 'Really resign?';
  setTimeout(() => { if (Date.now() - resignArmed >= 4000) b.textContent = 'Resign'; }, 4100);
});
