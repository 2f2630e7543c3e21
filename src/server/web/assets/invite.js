// `/invite/CODE`: a friend's game waiting for its second player. Opening the page takes
// nothing; the Join button takes the seat (over the WebSocket, as the signed-in player or
// this browser's guest). The invitation's maker sees the link to send instead, and both go
// to the game when it starts.

import { $, t, Connection, copyLink } from './common.js';

const box = $('#invite');
const code = box.dataset.invite;
const say = (text) => { $('#invite-msg').textContent = text || ''; };
let joining = false;

const conn = new Connection({
  onWelcome: (me) => {
    const own = me.name === box.dataset.by;
    $('#invite-join').hidden = own;
    $('#invite-own').hidden = !own;
    if (own) {
      const a = $('#friend-link');
      a.textContent = a.href;
      say(t('js-waiting-friend'));
    }
  },
  onMessage: (m) => {
    switch (m.t) {
      case 'started':
        location.href = '/game/' + encodeURIComponent(m.game);
        break;
      case 'error':
        if (joining || m.code === 'invite') {
          joining = false;
          $('#join').disabled = false;
          say(m.msg);
        }
        break;
    }
  },
});
window.parachess = { conn };

$('#join').addEventListener('click', () => {
  joining = true;
  $('#join').disabled = true;
  say(t('js-joining'));
  conn.send({ t: 'join_invite', code });
});
$('#friend-copy').addEventListener('click', () => copyLink($('#friend-link').href, say));
