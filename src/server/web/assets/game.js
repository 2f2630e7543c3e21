// The game page: follows one game through the WebSocket (as a player or a spectator), shows
// it on the board, the clocks and the move list, and sends the player's moves and requests.

import { $, $$, el, t, Connection, promotionChooser, typedMove, normalMove, shownName } from './common.js';
import { Board, parseMove } from './board.js';
import { blindOn, BlindPanel, Words, isMove, bareMove, pageLang } from './blind.js';

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
let analysis = null; // the protocol's game_analysis, once asked

const board = new Board(svg, {
  interactive: true,
  onMove: (uci) => play(uci),
  choosePromotion: (moves) => promotion.choose(moves),
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

// Blind mode: the drawing gives way to the text board, the live log and the command field;
// every word in them comes from the server (`ask`), which keeps the rules.
let blind = null;
let introduced = false;
const lowSaid = { white: false, black: false };
if (blindOn()) {
  blind = new BlindPanel({ onCommand: command, title: t('js-play-by-words') });
  $('.board-wrap').hidden = true;
  root.classList.add('blind-game');
  root.prepend(blind.el);
}
// The review's words (`n`, `pr`, `g N`): asked about the game's start and its moves up to the
// half-move shown, in the order they are said.
const review = blind ? new Words(blind, (m) => conn.send(m), 'review') : null;

function ask(q) {
  conn.send({ t: 'ask', game: id, q, lang: pageLang() });
}

function announce(text) {
  if (blind) blind.announce(text);
}

/** A command typed in the blind mode's field: a move, or a question for the server. */
function command(text) {
  if (isMove(text)) {
    if (!game || game.status !== 'started') announce(t('js-refused', { why: t('js-why-over') }));
    else if (!mySide) announce(t('js-refused', { why: t('js-why-watching') }));
    else if (game.turn !== mySide) announce(t('js-refused', { why: t('js-why-not-your-move') }));
    else play(bareMove(text));
    return;
  }
  const go = /^g(?: (\d{1,3}))?$/.exec(text);
  if (game && (text === 'n' || text === 'pr' || go)) {
    const to = text === 'n' ? shownPly() + 1 : text === 'pr' ? shownPly() - 1
      : go[1] === undefined ? game.moves.length : Number(go[1]);
    reviewTo(to);
    return;
  }
  ask(text);
}


/** Shows half-move `ply` and says it: the move in words, its analysis mark and evaluation. */
function reviewTo(ply) {
  if (ply < 0 || ply > game.moves.length) {
    review.say(ply < 0 ? t('js-review-before-start')
      : t('js-review-no-ply', { ply, n: game.moves.length }));
    return;
  }
  goTo(ply);
  const moves = game.moves.slice(0, ply);
  const custom = !!game.variant_def;
  if (ply === 0) review.say(t('js-review-start'));
  else if (custom) review.say(t('js-review-ply', { ply, move: game.texts[ply - 1] }));
  else review.ask('l', game.start, moves, game.variant);
  const done = analysis && analysis.status === 'done';
  if (done && ply > 0) {
    const mark = analysis.marks[ply - 1] || '';
    const value = evalWords(analysis.evals[ply]);
    const said = mark
      ? t('js-review-marked', { mark: t(MARK_WORDS[mark]).replace(/[()]/g, ''), eval: value })
      : t('js-review-eval', { eval: value.charAt(0).toUpperCase() + value.slice(1) });
    review.say(mark ? `${said} ${t('js-review-better', { move: analysis.better[ply - 1] })}` : said);
  }
  if (ply < game.moves.length) review.say(t('js-review-shown', { ply, n: game.moves.length }));
  if (!custom) review.ask('b', game.start, moves, game.variant, true);
}

/** Who went berserk. */
function berserkText(side) {
  if (side === mySide) return t('js-berserk-me');
  return t('js-berserk-side', { side: t(side === 'white' ? 'js-white' : 'js-black') });
}

function say(text) {
  $('#game-msg').textContent = text || '';
}

function handle(msg) {
  if (review && review.take(msg)) return;
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
      if (blind) {
        if (!introduced) {
          introduced = true;
          const you = mySide ? ' ' + t('js-you-play', { side: sideWord(mySide) }) : '';
          announce(t('js-game-intro', { white: shownName(msg.white), black: shownName(msg.black), you }));
        }
        ask('b');
      }
      if (game.status === 'over' && (!analysis || analysis.status === 'pending')) conn.send({ t: 'game_analysis', game: id });
      break;
    case 'answer':
      if (!blind || msg.game !== id) return;
      if (msg.board) blind.showBoard(msg.board);
      if (msg.lines.length) announce(msg.lines.join('\n'));
      if (msg.q === 'h' || msg.q === '?') announce(t('js-review-help'));
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
      if (blind) {
        ask(`l ${n + 1}`);
        ask('b');
      }
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
      announce(t('js-game-over', { status: $('#status').textContent }));
      if (game.status === 'over') conn.send({ t: 'game_analysis', game: id });
      break;
    case 'berserk':
      if (!game || msg.game !== id) return;
      game.clocks = msg.clocks;
      clockAt = performance.now();
      game.berserk = [...(game.berserk || []), msg.side];
      render(null);
      say(berserkText(msg.side));
      announce(berserkText(msg.side));
      break;
    case 'game_analysis':
      if (msg.game !== id) return;
      analysis = msg;
      render(null);
      break;
    case 'offer':
      if (!game || msg.game !== id) return;
      if (msg.kind === 'draw') game.draw_offer = msg.by;
      else game.takeback_offer = msg.by;
      renderOffer();
      if (!$('#offer').hidden) announce($('#offer-text').textContent);
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
        announce(offerGoneText(msg, game[key]));
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
      say(t('js-rematch-declined'));
      break;
    case 'seek':
      if (conn.me && msg.by === conn.me.name && msg.to) say(t('js-rematch-offered', { name: msg.to }));
      break;
    case 'started':
      if (msg.game !== id) location.href = '/game/' + encodeURIComponent(msg.game);
      break;
    case 'error':
      if (['analysis', 'busy'].includes(msg.code) && analysis && analysis.status === 'none') {
        $('#analysis-state').textContent = msg.msg;
        $('#analyse').disabled = false;
        return;
      }
      if (queuedMove) queuedMove = null;
      say(msg.code === 'illegal' ? t('js-refused', { why: msg.msg }) : msg.msg);
      announce(msg.code === 'illegal' ? t('js-refused', { why: msg.msg }) : msg.msg);
      if (['stale', 'illegal', 'not_your_turn'].includes(msg.code)) conn.send({ t: 'watch', game: id });
      break;
  }
}

/** What the page says when an offer is gone (`by`: the side that made it, if known). */
function offerGoneText(msg, by) {
  const what = ['draw', 'takeback', 'rematch'].includes(msg.kind) ? msg.kind : 'offer';
  const whose = by && mySide ? (by === mySide ? 'yours' : 'theirs') : 'the';
  const why = ['expired', 'declined', 'left'].includes(msg.reason) ? msg.reason : 'gone';
  return t('js-offer-' + why, { offer: t(`js-offer-${whose}-${what}`) });
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
  renderAnalysis(ply);
  renderStatus();
  renderOffer();
  $('#move-form').hidden = !(mySide && game.status === 'started');
  $('#actions').hidden = !(mySide && game.status === 'started');
  // A tournament's game is never aborted (a side that never moves loses).
  $('#abort').hidden = game.moves.length >= 2 || !!game.tournament;
  $('#takeback').hidden = game.moves.length === 0;
  // An arena's game: berserk before one's own first move, once.
  const ownMoves = mySide === 'white' ? Math.ceil(game.moves.length / 2) : Math.floor(game.moves.length / 2);
  $('#berserk').hidden = !(mySide && game.berserk && !game.berserk.includes(mySide) && ownMoves === 0);
  $('#after').hidden = !(mySide && game.status !== 'started');
  document.title = `${game.white} – ${game.black} · Parachess`;
}

function renderPlayers() {
  const bottom = board.flipped ? 'black' : 'white';
  const top = bottom === 'white' ? 'black' : 'white';
  for (const [slot, side] of [['top', top], ['bottom', bottom]]) {
    const name = $(`#${slot}-name`);
    name.textContent = shownName(game[side]) + (side === mySide ? ' ' + t('js-you-mark') : '');
    name.parentElement.dataset.berserk = game.berserk && game.berserk.includes(side) ? 'yes' : 'no';
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
        ? t('js-moves-by', { when: new Date(game.deadline).toLocaleString(pageLang()) }) : '';
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
    // Said once per side when its time falls under 20 seconds (not only shown in red).
    if (running && !offline && left < 20000 && left > 0 && !lowSaid[side]) {
      lowSaid[side] = true;
      announce(t('js-twenty-left', { side: sideWord(side) }));
    } else if (left >= 20000) lowSaid[side] = false;
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
      const done = analysis && analysis.status === 'done';
      const mark = done ? analysis.marks[j] || '' : '';
      const ev = done ? analysis.evals[j + 1] : undefined;
      const b = el('button', {
        type: 'button', class: 'mv' + (j + 1 === shown ? ' current' : '') + (mark ? ' marked' : ''),
        'data-ply': j + 1, 'data-eval': ev, 'data-mark': mark || undefined,
        'aria-label': done ? `${game.texts[j]}${mark ? ' ' + t(MARK_WORDS[mark]) : ''}, ${evalWords(ev)}` : undefined,
        onclick: () => goTo(j + 1),
      }, game.texts[j]);
      if (mark) b.append(el('span', { class: 'mark', 'aria-hidden': 'true', text: mark }));
      li.append(b);
    }
    list.append(li);
  }
  const current = list.querySelector('.current');
  if (current && viewPly === null) current.scrollIntoView({ block: 'nearest' });
}

/** "White" / "Black" in the page's language. */
const sideWord = (side) => t(side === 'white' ? 'js-white' : 'js-black');

const MARK_WORDS = { '?!': 'js-mark-inaccuracy', '?': 'js-mark-mistake', '??': 'js-mark-blunder' };

/** An evaluation (`35`, `#-2`) as words for a screen reader. */
function evalWords(e) {
  if (e === undefined) return '';
  if (e.startsWith('#')) {
    const n = e.slice(1);
    if (n === '0') return t('js-white-has-won');
    if (n === '-0') return t('js-black-has-won');
    return n.startsWith('-') ? t('js-black-mates-in', { n: n.slice(1) }) : t('js-white-mates-in', { n });
  }
  const cp = Number(e) / 100;
  return t('js-evaluation', { value: `${cp > 0 ? '+' : ''}${cp.toFixed(2)}` });
}

/** White's winning chance (0–100) of an evaluation, as the review's graph draws it. */
function whiteChance(e) {
  if (e.startsWith('#')) return e.startsWith('#-') ? 0 : 100;
  const cp = Math.max(-1000, Math.min(1000, Number(e)));
  return 50 + 50 * (2 / (1 + Math.exp(-0.00368208 * cp)) - 1);
}

/** The analysis: its button and state, the move list's hook, the graph, the better move's arrow. */
function renderAnalysis(ply) {
  const list = $('#moves');
  const box = $('#analysis-box');
  const over = game.status === 'over';
  box.hidden = !over || !analysis;
  const link = $('#analysis-link');
  const shownPosition = positionAt(ply);
  link.hidden = !!game.variant_def;
  link.href = `/analysis?position=${encodeURIComponent(shownPosition)}&variant=${encodeURIComponent(game.variant)}`;
  if (!analysis || analysis.status === 'none') {
    delete list.dataset.analysis;
    $('#analyse').hidden = false;
    $('#graph').hidden = true;
    board.setArrow(null);
    return;
  }
  list.dataset.analysis = analysis.status;
  $('#analyse').hidden = true;
  const state = $('#analysis-state');
  if (analysis.status === 'pending') {
    state.textContent = analysis.total
      ? t('js-analysing', { done: analysis.done, total: analysis.total })
      : analysis.place > 1 ? t('js-analysis-queue', { place: analysis.place })
        : t('js-analysis-soon');
    $('#graph').hidden = true;
    return;
  }
  const count = (m, key) => {
    const k = analysis.marks.filter((x) => x === m).length;
    return t(k === 1 ? key + '-1' : key, { n: k });
  };
  state.textContent = t('js-analysis-summary', {
    inaccuracies: count('?!', 'js-inaccuracies'), mistakes: count('?', 'js-mistakes'), blunders: count('??', 'js-blunders'),
  });
  drawGraph(ply);
  const better = ply > 0 && analysis.marks[ply - 1] ? analysis.better[ply - 1] : '';
  board.setArrow(better || null);
}

/** The evaluation graph: White's winning chance after every move; a click goes there. */
function drawGraph(ply) {
  const box = $('#graph');
  const W = 300, H = 60;
  const n = analysis.evals.length;
  const x = (i) => (n > 1 ? (i * W) / (n - 1) : 0);
  const y = (e) => H - (whiteChance(e) * H) / 100;
  const pts = analysis.evals.map((e, i) => `${x(i).toFixed(1)},${y(e).toFixed(1)}`);
  const svgEl = el('svg', {
    svg: true, viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: 'none', role: 'img', class: 'eval-graph',
    'aria-label': t('js-eval-graph'),
  },
  el('polygon', { svg: true, class: 'white-area', points: `0,${H} ${pts.join(' ')} ${W},${H}` }),
  el('line', { svg: true, class: 'mid', x1: 0, y1: H / 2, x2: W, y2: H / 2 }),
  el('polyline', { svg: true, class: 'eval-line', points: pts.join(' ') }),
  el('line', { svg: true, class: 'now', x1: x(ply), y1: 0, x2: x(ply), y2: H }));
  analysis.marks.forEach((m, i) => {
    if (!m) return;
    svgEl.append(el('circle', { svg: true, class: 'mark-dot m' + m.length, cx: x(i + 1), cy: y(analysis.evals[i + 1]), r: 2.5 }));
  });
  svgEl.addEventListener('click', (ev) => {
    const r = svgEl.getBoundingClientRect();
    goTo(Math.round(((ev.clientX - r.left) / r.width) * (n - 1)));
  });
  box.replaceChildren(svgEl);
  box.hidden = false;
}

$('#analyse').addEventListener('click', () => {
  $('#analyse').disabled = true;
  $('#analysis-state').textContent = t('js-asking-analysis');
  conn.send({ t: 'analyse_game', game: id });
});

const REASONS = {
  checkmate: 'js-by-checkmate', stalemate: 'js-by-stalemate', resignation: 'js-by-resignation',
  'time forfeit': 'js-on-time', agreement: 'js-by-agreement',
};

function renderStatus() {
  const status = $('#status');
  status.classList.remove('over');
  if (game.status === 'aborted') {
    status.textContent = t('js-game-aborted');
    status.classList.add('over');
    return;
  }
  if (game.status !== 'started') {
    const r = game.result;
    const who = t(r === '1-0' ? 'js-white-wins' : r === '0-1' ? 'js-black-wins' : 'js-draw');
    const why = REASONS[game.reason] ? t(REASONS[game.reason]) : (game.reason || '');
    status.textContent = `${(r || '').replace('1/2', '½')} · ${who} ${why}`.trim();
    status.classList.add('over');
    return;
  }
  const side = sideWord(game.turn);
  if (mySide) status.textContent = game.turn === mySide ? t('js-your-move') : t('js-waiting-for', { name: shownName(game[game.turn]), side });
  else status.textContent = t('js-to-move', { side });
  if (viewPly !== null) status.textContent += ' ' + t('js-earlier-position');
}

function renderOffer() {
  const box = $('#offer');
  const text = $('#offer-text');
  if (!game) return;
  let ask = null;
  if (pendingRematch && game.status !== 'started') ask = { text: t('js-wants-rematch', { name: pendingRematch.by }), kind: 'rematch' };
  else if (game.status === 'started' && mySide) {
    if (game.draw_offer && game.draw_offer !== mySide) ask = { text: t('js-opponent-draw'), kind: 'draw' };
    else if (game.takeback_offer && game.takeback_offer !== mySide) ask = { text: t('js-opponent-takeback'), kind: 'takeback' };
    else if (game.draw_offer === mySide) ask = { text: t('js-you-offered-draw'), kind: null };
    else if (game.takeback_offer === mySide) ask = { text: t('js-you-asked-takeback'), kind: null };
  } else if (game.status === 'started' && game.draw_offer) {
    ask = { text: t('js-side-offers-draw', { side: sideWord(game.draw_offer) }), kind: null };
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
      say(t('js-not-connected-waiting', { move: queuedMove }));
      return;
    }
    queuedMove = uci;
    say(t('js-not-connected-later', { move: uci }));
  } else {
    say('');
  }
  conn.send({ t: 'move', game: id, n: game.moves.length, move: uci });
}

// The promotion chooser: the variant's buttons (the server writes one per kind a pawn may
// become), or their letter keys; only the kinds this move allows are shown; Escape cancels.
const promotion = promotionChooser();

/** Why a typed move is not one of the legal moves (the server's list is the authority). */
function whyNot(text) {
  if (!game || game.status !== 'started') return t('js-why-over');
  if (mySide && game.turn !== mySide) return t('js-why-not-your-move');
  const move = normalMove(text);
  const cells = move.match(/[a-k](1[01]|[1-9])/g) || [];
  if (cells.length < 2) return t('js-why-two-cells');
  const from = (m) => m.startsWith(cells[0]) && !/[0-9]/.test(m[cells[0].length]);
  if (!game.legal.some(from)) return t('js-why-nothing-on', { cell: cells[0] });
  return t('js-why-cannot-go', { from: cells[0], to: cells[1] });
}

$('#move-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const input = $('#move-input');
  const typed = input.value.trim();
  const mv = game ? typedMove(typed, game.legal) : null;
  // Cleared either way: the next move is typed afresh, never appended to a refused one.
  input.value = '';
  if (!typed) return;
  if (!mv) {
    say(t('js-not-legal-now', { move: typed, why: whyNot(typed) }));
    return;
  }
  play(mv);
});

document.addEventListener('keydown', (ev) => {
  if (promotion.key(ev)) {
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
$('#berserk').addEventListener('click', () => conn.send({ t: 'berserk', game: id }));
$('#rematch').addEventListener('click', () => conn.send({ t: 'rematch', game: id }));
let resignArmed = 0;
$('#resign').addEventListener('click', () => {
  const b = $('#resign');
  if (Date.now() - resignArmed < 4000) {
    conn.send({ t: 'resign', game: id });
    b.textContent = t('js-resign');
    resignArmed = 0;
    return;
  }
  resignArmed = Date.now();
  b.textContent = t('js-really-resign');
  setTimeout(() => { if (Date.now() - resignArmed >= 4000) b.textContent = t('js-resign'); }, 4100);
});
