// The blind mode (issue 41): a switch at the top of every page, remembered in localStorage
// (`?blind=1` / `?blind=0` set it too), and the mode's parts for any page that shows a board:
// a text board `[data-text-board]`, a live log `[data-announce]` (one new element per
// announcement) and a command field `[data-command]`. The words come from the server
// (`ask` → `answer`, docs/SERVER.md): this module implements no rules.

import { el, t } from './common.js';

const KEY = 'parachess-blind';

/** Whether the blind mode is on: the address's `blind` parameter wins, and is remembered. */
function readSwitch() {
  const param = new URLSearchParams(location.search).get('blind');
  try {
    if (param === '1') localStorage.setItem(KEY, '1');
    else if (param === '0') localStorage.removeItem(KEY);
    return localStorage.getItem(KEY) === '1';
  } catch (e) {
    return param === '1';
  }
}

const on = readSwitch();
document.documentElement.classList.toggle('blind', on);

/** Whether the page is in blind mode. */
export function blindOn() {
  return on;
}

/** The page's language for the server's words (`en`, `de`). */
export function pageLang() {
  return (document.documentElement.lang || 'en').slice(0, 2);
}

// The switch: the shell's first link; it reloads the page in the other mode.
const link = document.getElementById('blind-link');
if (link) {
  const url = new URL(location.href);
  url.searchParams.set('blind', on ? '0' : '1');
  link.href = url.pathname + url.search + url.hash;
  link.textContent = t(on ? 'js-blind-off' : 'js-blind-on');
  link.setAttribute('aria-pressed', on ? 'true' : 'false');
  link.setAttribute('role', 'button');
}

/**
 * The blind mode's panel: the text board, the command field and the live log, in one
 * `<section>`. `onCommand(text)` gets every command typed (the field is cleared after each).
 */
export class BlindPanel {
  constructor({ onCommand, title = t('js-blind-mode') }) {
    this.board = el('div', { class: 'text-board', 'data-text-board': true });
    this.log = el('div', {
      class: 'announce', 'data-announce': true, role: 'log', 'aria-live': 'polite',
      'aria-label': t('js-announcements'),
    });
    this.input = el('input', {
      id: 'blind-command', 'data-command': true, autocomplete: 'off', spellcheck: 'false',
      autocapitalize: 'off', maxlength: '32', 'aria-describedby': 'blind-command-help',
    });
    const form = el('form', { class: 'blind-command' },
      el('label', { for: 'blind-command', text: t('js-command-or-move') }),
      this.input,
      el('button', { type: 'submit', text: t('js-send') }),
      el('p', {
        id: 'blind-command-help', class: 'dim',
        text: t('js-command-help'),
      }));
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const text = this.input.value.trim();
      this.input.value = '';
      if (text) onCommand(text);
    });
    this.el = el('section', { class: 'blind-panel card', 'aria-labelledby': 'blind-title' },
      el('h2', { id: 'blind-title', text: title }),
      form,
      el('h2', { text: t('js-announcements') }),
      this.log,
      el('h2', { text: t('js-text-board') }),
      this.board);
  }

  /** Appends one announcement (several lines become one element, read as one). */
  announce(text) {
    if (!text) return;
    this.log.append(el('p', { text }));
    // A long session keeps the last announcements only.
    while (this.log.childElementCount > 200) this.log.firstElementChild.remove();
    this.log.scrollTop = this.log.scrollHeight;
  }

  /** Shows the server's text board (`answer.board`). */
  showBoard(tb) {
    const parts = [el('p', { class: 'turn', text: tb.turn })];
    for (const p of tb.pieces) parts.push(el('p', { text: p }));
    for (const row of tb.rows) {
      parts.push(el('h3', { text: row.heading }));
      parts.push(el('ul', {}, ...row.cells.map((c) => el('li', { text: c }))));
    }
    this.board.replaceChildren(...parts);
  }
}

/** Whether `text` is a move (`c4d3`, `Sa2e5`, `j2-k2=Q`) rather than a question. */
export function isMove(text) {
  return /^[A-Z]?[a-k](1[01]|[1-9])[-x]?[a-k](1[01]|[1-9])(=?[A-Za-z])?[+#]?$/.test(text.trim());
}

/** The bare form the server takes (`c4d3`, `j2k2q`) of a typed move. */
export function bareMove(text) {
  return text.trim().replace(/^[A-Z](?=[a-k])/, '').replace(/[-x=+#\s]/g, '').toLowerCase();
}

/**
 * The words of a page without a game (a puzzle, a lesson, the analysis board, a game under
 * review): questions go to the server with the position they are about (`ask` with
 * `position` and `moves`), and the answers and the page's own sentences reach the live log in
 * the order they were asked or said, although the answers come back later.
 */
export class Words {
  /** `tag` names this page's answers (`answer.game`); `send` sends one message. */
  constructor(panel, send, tag) {
    this.panel = panel;
    this.send = send;
    this.tag = tag;
    this.queue = []; // {text} said, or {waiting: true} / {msg} asked, in order
  }

  /** Asks `q` about `position` after `moves` (bare moves); `quiet` keeps the sentences out
   *  of the log (a text board only). */
  ask(q, position, moves = [], variant = undefined, quiet = false) {
    if (!position) return;
    const msg = { t: 'ask', game: this.tag, q, position, moves, lang: pageLang() };
    if (variant) msg.variant = variant;
    this.queue.push({ waiting: true, quiet });
    this.send(msg);
  }

  /** Says `text` after everything asked before it. */
  say(text) {
    if (!text) return;
    this.queue.push({ text });
    this.flush();
  }

  /** Takes a server message meant for these words; true when it was one. */
  take(msg) {
    const waiting = this.queue.find((s) => s.waiting);
    if (msg.t === 'answer' && msg.game === this.tag) {
      if (waiting) {
        waiting.waiting = false;
        waiting.msg = msg;
        this.flush();
      }
      return true;
    }
    if (msg.t === 'error' && msg.code === 'no_game' && waiting) {
      // A position the server could not read: its answer is the reason.
      waiting.waiting = false;
      waiting.text = msg.msg;
      this.flush();
      return true;
    }
    return false;
  }

  flush() {
    while (this.queue.length && !this.queue[0].waiting) {
      const s = this.queue.shift();
      if (s.text) this.panel.announce(s.text);
      if (s.msg) {
        if (s.msg.board) this.panel.showBoard(s.msg.board);
        if (!s.quiet && s.msg.lines.length) this.panel.announce(s.msg.lines.join('\n'));
      }
    }
  }
}
