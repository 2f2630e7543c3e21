// The lobby: open seeks (press one to play it), quick pairing, posting a seek, the player's
// own games, the games being played now as small live boards, and who is online.

import { $, $$, el, t, Connection, clockLabel, copyLink, startCountdowns } from './common.js';
import { miniBoard } from './board.js';
import { blindOn } from './blind.js';

const seeks = new Map();
const msg = (text) => { $('#lobby-msg').textContent = text || ''; };

const conn = new Connection({
  onWelcome: (me) => {
    accountAsked = false;
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
        msg(t('js-challenge-declined'));
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
          msg(t(m.reason === 'expired' ? 'js-rematch-expired' : 'js-rematch-left'));
        }
        break;
      case 'invite':
        showFriendLink(m.code);
        break;
      case 'error':
        if (m.code === 'invite' || (m.code === 'seek' && friendAsked)) {
          friendAsked = false;
          friendMsg(m.msg);
          break;
        }
        if (['computer', 'busy'].includes(m.code)) {
          $('#computer-msg').textContent = m.msg;
          break;
        }
        // A rate refusal right after a sign-in is about the sign-in (its words are in the
        // page's language, so the code and the moment tell, not the words).
        if (['auth', 'name', 'taken'].includes(m.code) || (m.code === 'rate' && accountAsked)) {
          accountAsked = false;
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
    const row = el('tr', { 'data-seek': s.id, class: own ? 'own' : 'open', title: t(own ? 'js-your-seek' : 'js-play-this') },
      el('td', { text: s.by }),
      el('td', { text: String(s.rating) }),
      el('td', { class: 'variant', text: s.variant }),
      el('td', { text: clockLabel(s.tc, s.days) + ' ' + t(s.rated ? 'js-rated' : 'js-casual') }),
      el('td', { text: s.color === 'random' ? t('js-random') : t('js-plays-' + (s.color === 'white' ? 'white' : 'black'), { name: s.by }) }),
      el('td', {}, el('button', {
        type: 'button', text: t(own ? 'js-cancel' : 'js-play'),
        'aria-label': own ? t('js-cancel-seek') : t('js-play-seek', { name: s.by }),
      })));
    row.addEventListener('click', () => {
      if (own) conn.send({ t: 'cancel_seek', id: s.id });
      else {
        msg(t('js-starting'));
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
    list.append(el('li', {}, el('a', { href: '/game/' + encodeURIComponent(g.id), text: t('js-against', { name: opp }) }),
      g.my_turn ? el('span', { class: 'badge', text: t('js-your-move-badge') }) : null));
  }
  $('#no-my-games').hidden = games.length > 0;
}

/** The variant a form's picker names (a built-in's name, `Shuffle Parachess N`), or null. */
function variant(f = $('#seek-form'), say = msg) {
  if (f.variant.value !== 'shuffle-n') return f.variant.value;
  const n = Number(f.shuffle.value);
  if (!Number.isInteger(n) || n < Number(f.shuffle.min) || n > Number(f.shuffle.max)) {
    say(t('js-arrangement-range', { min: f.shuffle.min, max: f.shuffle.max }));
    return null;
  }
  return `Shuffle Parachess ${n}`;
}

// Playing the computer: a button per level (untimed Parachess, random colour), or the form.
const computerMsg = (text) => { $('#computer-msg').textContent = text || ''; };
function playComputer(req) {
  computerMsg(t('js-starting-computer'));
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

// Playing a friend by link: the form makes an invitation; its link is shown to copy, and
// this page goes to the game (the 'started' message) when the friend joins.
const friendMsg = (text) => { $('#friend-msg').textContent = text || ''; };
let friendAsked = false;
$('#friend-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const f = ev.target;
  const v = variant(f, friendMsg);
  if (!v) return;
  const req = { t: 'invite', variant: v, color: f.color.value };
  if (f.tc.value.startsWith('days:')) req.days = Number(f.tc.value.slice(5));
  else req.tc = f.tc.value;
  friendAsked = true;
  friendMsg(t('js-making-game'));
  conn.send(req);
});
$('#friend-form').variant.addEventListener('change', (ev) => {
  const byNumber = ev.target.value === 'shuffle-n';
  $('#friend-form').shuffle.disabled = !byNumber;
  $('#friend-shuffle').hidden = !byNumber;
});
function showFriendLink(code) {
  friendAsked = false;
  const url = `${location.origin}/invite/${encodeURIComponent(code)}`;
  const a = $('#friend-link');
  a.href = url;
  a.textContent = url;
  $('#friend-made').hidden = false;
  friendMsg(t('js-waiting-friend'));
}
$('#friend-copy').addEventListener('click', () => copyLink($('#friend-link').href, friendMsg));

for (const b of $$('.quick')) {
  b.addEventListener('click', () => {
    const v = variant();
    if (!v) return;
    msg(t('js-looking', { clock: b.textContent, variant: v }));
    conn.send({ t: 'quick', tc: b.dataset.tc, variant: v });
  });
}

/** The terms the seek form gives (variant, time control or days, colour, rated), or null. */
function terms() {
  const f = $('#seek-form');
  const v = variant();
  if (!v) return null;
  const given = { variant: v, color: f.color.value, rated: f.rated.checked };
  if (f.kind.value !== 'live') return { ...given, days: Number(f.kind.value) };
  const minutes = Number(f.minutes.value);
  const inc = Number(f.inc.value);
  if (!(minutes > 0) || !(inc >= 0)) {
    msg(t('js-give-minutes'));
    return null;
  }
  return { ...given, tc: `${Math.round(minutes * 60)}+${Math.round(inc)}` };
}

$('#seek-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const given = terms();
  if (!given) return;
  conn.send({ t: 'seek', ...given });
  msg(t(given.days ? 'js-seek-posted-days' : 'js-seek-posted'));
});

$('#challenge-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  const to = ev.target.to.value.trim();
  const given = terms();
  if (!to || !given) return;
  conn.send({ t: 'challenge', to, ...given });
  msg(t('js-challenge-sent', { name: to }));
});

const template = $('#mini-template');

async function refreshLive() {
  try {
    const r = await fetch('/api/live', { cache: 'no-store' });
    if (!r.ok) return;
    const live = await r.json();
    const box = $('#live');
    box.replaceChildren();
    if (blindOn()) {
      // Blind mode: the games as a table with headers instead of small boards.
      if (live.games.length) {
        box.append(el('table', { class: 'live-table' },
          el('caption', { text: t('js-live-caption') }),
          el('thead', {}, el('tr', {}, ...['js-white', 'js-black', 'js-clock', 'js-game'].map((h) => el('th', { scope: 'col', text: t(h) })))),
          el('tbody', {}, ...live.games.map((g) => el('tr', { 'data-live': g.id },
            el('td', { text: g.white }), el('td', { text: g.black }), el('td', { text: clockLabel(g.tc, g.days) }),
            el('td', {}, el('a', { href: '/game/' + encodeURIComponent(g.id), text: t('js-watch', { white: g.white, black: g.black }) })))))));
      }
    }
    for (const g of blindOn() ? [] : live.games) {
      box.append(el('a', { class: 'live-game', href: '/game/' + encodeURIComponent(g.id), 'data-live': g.id },
        miniBoard(template, g.position, g.last),
        el('span', { class: 'live-names', text: `${g.white} – ${g.black}` }),
        el('span', { class: 'dim', text: clockLabel(g.tc, g.days) })));
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
  state.replaceChildren(el('span', { text: t(me.guest ? 'js-as-guest' : 'js-signed-in-as') + ' ' }),
    el('a', { href: '/@/' + encodeURIComponent(me.name), text: me.name }),
    me.guest ? el('span', { text: '. ' + t('js-sign-in-for-rated') }) : null);
  $('#sign-form').hidden = !me.guest;
  $('#sign-out').hidden = me.guest;
  $('#account-msg').textContent = '';
}

/** A sign-in or registration was sent and not answered yet. */
let accountAsked = false;
function account(kind) {
  const f = $('#sign-form');
  const name = f.name.value.trim();
  const password = f.password.value;
  if (!name || !password) {
    $('#account-msg').textContent = t('js-give-name-password');
    return;
  }
  accountAsked = true;
  conn.send({ t: kind, name, password });
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
  const clock = clockLabel(c.tc, c.days);
  const li = el('li', { 'data-challenge': c.id },
    el('span', { text: t('js-challenges-you', { name: c.by, variant: c.variant, clock, rated: t(c.rated ? 'js-rated' : 'js-casual') }) + ' ' }),
    el('button', { type: 'button', text: t('js-accept'), onclick: () => conn.send({ t: 'accept', id: c.id }) }),
    el('button', { type: 'button', text: t('js-decline'), onclick: () => {
      conn.send({ t: 'decline', id: c.id });
      li.remove();
    } }));
  list.append(li);
}

startCountdowns();
