// The lobby: open seeks (press one to play it), quick pairing, posting a seek, the player's
// own games, the games being played now as small live boards, and who is online.

import { $, $$, el, Connection, clockLabel } from './common.js';
import { miniBoard } from './board.js';

const seeks = new Map();
const msg = (text) => { $('#lobby-msg').textContent = text || ''; };

const conn = new Connection({
  onWelcome: (me) => {
    conn.send({ t: 'lobby' });
    showAccount(me);
  },
  onMessage: (m) => {
    switch (m.t) {
      case 'seeks':
        seeks.clear();
        for (const s of m.seeks) seeks.set(s.id, s);
        renderSeeks();
        break;
      case 'declined':
        msg('Your challenge was declined.');
        break;
      case 'seek':
        if (!m.to) {
          seeks.set(m.id, m);
          renderSeeks();
        }
        break;
      case 'seek_gone':
        seeks.delete(m.id);
        renderSeeks();
        break;
      case 'started':
        location.href = '/game/' + encodeURIComponent(m.game);
        break;
      case 'games':
        renderMyGames(m.games);
        break;
      case 'challenge':
        addChallenge(m);
        break;
      case 'offer_gone':
        // A rematch offer to or from this player lapsed, or its other player left.
        if (m.kind === 'rematch' && m.id) {
          const li = $(`[data-challenge="${CSS.escape(m.id)}"]`);
          if (li) li.remove();
          msg(m.reason === 'expired' ? 'A rematch offer expired unanswered.' : 'A rematch offer is gone: its player left.');
        }
        break;
      case 'error':
        if (['computer', 'busy'].includes(m.code)) {
          $('#computer-msg').textContent = m.msg;
          break;
        }
        if (['auth', 'name', 'taken'].includes(m.code) || (m.code === 'rate' && /attempts/.test(m.msg))) {
          $('#account-msg').textContent = m.msg;
        } else msg(m.msg);
        break;
    }
  },
});
window.parachess = { conn };

function mine(s) {
  return conn.me && s.by === conn.me.name;
}

function renderSeeks() {
  const body = $('#seeks');
  body.replaceChildren();
  for (const s of seeks.values()) {
    const own = mine(s);
    const row = el('tr', { 'data-seek': s.id, class: own ? 'own' : 'open', title: own ? 'Your seek' : 'Play this game' },
      el('td', { text: s.by }),
      el('td', { text: String(s.rating) }),
      el('td', { class: 'variant', text: s.variant }),
      el('td', { text: (s.tc ? clockLabel(s.tc) : `${s.days} days/move`) + (s.rated ? ' rated' : ' casual') }),
      el('td', { text: s.color === 'random' ? 'random' : `${s.by} plays ${s.color}` }),
      el('td', {}, el('button', { type: 'button', text: own ? 'Cancel' : 'Play' })));
    row.addEventListener('click', () => {
      if (own) conn.send({ t: 'cancel_seek', id: s.id });
      else {
        msg('Starting the game…');
        conn.send({ t: 'accept', id: s.id });
      }
    });
    body.append(row);
  }
  $('#no-seeks').hidden = seeks.size > 0;
}

function renderMyGames(games) {
  const list = $('#my-games');
  list.replaceChildren();
  for (const g of games) {
    const you = conn.me ? conn.me.name : '';
    const opp = g.white === you ? g.black : g.white;
    list.append(el('li', {}, el('a', { href: '/game/' + encodeURIComponent(g.id), text: `against ${opp}` }),
      g.my_turn ? el('span', { class: 'badge', text: 'your move' }) : null));
  }
  $('#no-my-games').hidden = games.length > 0;
}

/** The variant a form's picker names (a built-in's name, `Shuffle Parachess N`), or null. */
function variant(f = $('#seek-form'), say = msg) {
  if (f.variant.value !== 'shuffle-n') return f.variant.value;
  const n = Number(f.shuffle.value);
  if (!Number.isInteger(n) || n < Number(f.shuffle.min) || n > Number(f.shuffle.max)) {
    say(`Give an arrangement number from ${f.shuffle.min} to ${f.shuffle.max}.`);
    return null;
  }
  return `Shuffle Parachess ${n}`;
}

// Playing the computer: a button per level (untimed Parachess, random colour), or the form.
const computerMsg = (text) => { $('#computer-msg').textContent = text || ''; };
function playComputer(req) {
  computerMsg('Starting a game against the computer…');
  conn.send({ t: 'play_computer', ...req });
}
for (const b of $$('[data-computer-level]')) {
  b.addEventListener('click', () => playComputer({ level: b.dataset.computerLevel, color: 'random' }));
}
$('#computer-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const f = ev.target;
  const v = variant(f, computerMsg);
  if (!v) return;
  const req = { level: f.level.value, variant: v, color: f.color.value };
  if (f.tc.value) req.tc = f.tc.value;
  playComputer(req);
});
$('#computer-form').variant.addEventListener('change', (ev) => {
  const byNumber = ev.target.value === 'shuffle-n';
  $('#computer-form').shuffle.disabled = !byNumber;
  $('#computer-shuffle').hidden = !byNumber;
});

for (const b of $$('.quick')) {
  b.addEventListener('click', () => {
    const v = variant();
    if (!v) return;
    msg(`Looking for an opponent for ${b.textContent}, ${v}… (your seek is in the list; wait here)`);
    conn.send({ t: 'quick', tc: b.dataset.tc, variant: v });
  });
}

/** The terms the seek form gives (variant, time control or days, colour, rated), or null. */
function terms() {
  const f = $('#seek-form');
  const v = variant();
  if (!v) return null;
  const t = { variant: v, color: f.color.value, rated: f.rated.checked };
  if (f.kind.value !== 'live') return { ...t, days: Number(f.kind.value) };
  const minutes = Number(f.minutes.value);
  const inc = Number(f.inc.value);
  if (!(minutes > 0) || !(inc >= 0)) {
    msg('Give the minutes and the increment.');
    return null;
  }
  return { ...t, tc: `${Math.round(minutes * 60)}+${Math.round(inc)}` };
}

$('#seek-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const t = terms();
  if (!t) return;
  conn.send({ t: 'seek', ...t });
  msg(t.days ? 'Correspondence seek posted: your games list shows when it is your move.'
    : 'Seek posted: wait here for an opponent.');
});

$('#challenge-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const to = ev.target.to.value.trim();
  const t = terms();
  if (!to || !t) return;
  conn.send({ t: 'challenge', to, ...t });
  msg(`Challenge sent to ${to} (the terms above): wait here for an answer.`);
});

const template = $('#mini-template');

async function refreshLive() {
  try {
    const r = await fetch('/api/live', { cache: 'no-store' });
    if (!r.ok) return;
    const live = await r.json();
    const box = $('#live');
    box.replaceChildren();
    for (const g of live.games) {
      box.append(el('a', { class: 'live-game', href: '/game/' + encodeURIComponent(g.id), 'data-live': g.id },
        miniBoard(template, g.position, g.last),
        el('span', { class: 'live-names', text: `${g.white} – ${g.black}` }),
        el('span', { class: 'dim', text: clockLabel(g.tc) })));
    }
    $('#no-live').hidden = live.games.length > 0;
    const online = $('#online');
    online.replaceChildren(...live.online.map((n) =>
      el('li', {}, el('a', { href: '/@/' + encodeURIComponent(n), text: n }))));
  } catch (e) {
    // The next round tries again.
  }
}
refreshLive();
setInterval(refreshLive, 4000);

// Guest or signed in: a guest may keep playing as a guest, sign in, or create an account
// (over the same WebSocket; the new session's token replaces the guest's).
function showAccount(me) {
  const state = $('#account-state');
  state.replaceChildren(el('span', { text: me.guest ? 'Playing as a guest: ' : 'Signed in as ' }),
    el('a', { href: '/@/' + encodeURIComponent(me.name), text: me.name }),
    me.guest ? el('span', { text: '. Sign in or create an account to play rated games.' }) : null);
  $('#sign-form').hidden = !me.guest;
  $('#sign-out').hidden = me.guest;
  $('#account-msg').textContent = '';
}

function account(t) {
  const f = $('#sign-form');
  const name = f.name.value.trim();
  const password = f.password.value;
  if (!name || !password) {
    $('#account-msg').textContent = 'Give a name and a password.';
    return;
  }
  conn.send({ t, name, password });
}
$('#sign-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  account('login');
});
$('#register').addEventListener('click', () => account('register'));
$('#sign-out').addEventListener('click', () => {
  localStorage.removeItem('parachess-token');
  localStorage.removeItem('parachess-name');
  location.reload();
});

$('#seek-form').variant.addEventListener('change', (ev) => {
  const byNumber = ev.target.value === 'shuffle-n';
  $('#seek-form').shuffle.disabled = !byNumber;
  $('#shuffle-number').hidden = !byNumber;
});

$('#seek-form').kind.addEventListener('change', (ev) => {
  const live = ev.target.value === 'live';
  const f = $('#seek-form');
  f.minutes.disabled = !live;
  f.inc.disabled = !live;
});

// Challenges addressed to this player (from the desktop game, or a rematch): accept or decline.
function addChallenge(c) {
  const list = $('#challenges');
  if (list.querySelector(`[data-challenge="${CSS.escape(c.id)}"]`)) return;
  const clock = c.tc ? clockLabel(c.tc) : `${c.days} days/move`;
  const li = el('li', { 'data-challenge': c.id },
    el('span', { text: `${c.by} challenges you: ${c.variant}, ${clock}, ${c.rated ? 'rated' : 'casual'}. ` }),
    el('button', { type: 'button', text: 'Accept', onclick: () => conn.send({ t: 'accept', id: c.id }) }),
    el('button', { type: 'button', text: 'Decline', onclick: () => {
      conn.send({ t: 'decline', id: c.id });
      li.remove();
    } }));
  list.append(li);
}
