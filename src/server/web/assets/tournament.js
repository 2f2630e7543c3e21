// The tournament page: join and withdraw over the connection (docs/SERVER.md), the standings
// and pairings fetched again every few seconds, and one's own next game opened at once.
import { $, t, Connection, startCountdowns } from './common.js';

const card = $('[data-tournament]');
const id = card ? card.dataset.tournament : null;
const msg = $('#tournament-msg');

/** Swaps in the standings, pairings, round and status of the page as the server has it now. */
async function refresh() {
  let text;
  try {
    const res = await fetch(location.pathname, { cache: 'no-store' });
    if (!res.ok) return;
    text = await res.text();
  } catch (e) {
    return;
  }
  const fresh = new DOMParser().parseFromString(text, 'text/html');
  for (const sel of ['.tournament-body', '[data-round]', '[data-when]']) {
    const now = $(sel);
    const next = $(sel, fresh);
    if (now && next) now.replaceWith(document.importNode(next, true));
  }
  startCountdowns();
}

const conn = new Connection({
  onMessage(m) {
    if (m.t === 'tournament_entry' && m.id === id) {
      msg.textContent = t(m.joined ? 'js-tournament-in' : 'js-tournament-out');
      refresh();
    } else if (m.t === 'error') {
      msg.textContent = m.msg;
    } else if (m.t === 'started') {
      location.href = '/game/' + encodeURIComponent(m.game);
    }
  },
});

for (const [action, t] of [['join', 'tournament_join'], ['withdraw', 'tournament_withdraw']]) {
  const b = $(`[data-action="${action}"]`);
  if (b && id) b.addEventListener('click', () => conn.send({ t, id }));
}

startCountdowns();
if (card && card.dataset.status !== 'finished') setInterval(refresh, 2000);
