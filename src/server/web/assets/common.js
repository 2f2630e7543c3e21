// Shared by the pages: building elements (text only ever through textContent), the
// connection to the server (the protocol of docs/SERVER.md) with its reconnection, and the
// header's "who am I".

export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => Array.from(root.querySelectorAll(sel));

/** An element with attributes and children (strings become text nodes, never markup). */
export function el(tag, attrs = {}, ...children) {
  const ns = attrs.svg ? 'http://www.w3.org/2000/svg' : null;
  const e = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'svg' || v === undefined || v === null || v === false) continue;
    if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) {
    if (c === null || c === undefined) continue;
    e.append(typeof c === 'string' ? document.createTextNode(c) : c);
  }
  return e;
}

/** The page's texts for its scripts, in the page's language: the one table the server
 * puts in every page (`<body data-texts="{…}">`: data, not an inline script). */
let TEXTS = null;

/** The text `key` in the page's language with its `{name}` holes filled from `fill`
 * (the key itself when missing: a bug the tests catch). */
export function t(key, fill = {}) {
  if (TEXTS === null) {
    try {
      TEXTS = JSON.parse(document.body.dataset.texts || '{}');
    } catch (e) {
      TEXTS = {};
    }
  }
  let text = TEXTS[key] ?? key;
  for (const [k, v] of Object.entries(fill)) text = text.split('{' + k + '}').join(String(v));
  return text;
}

const TOKEN = 'parachess-token';
const NAME = 'parachess-name';

/** Shows the player's name in the header (from the last welcome, before any connection). */
export function showMe(name) {
  const me = $('#me');
  if (!me || !name) return;
  me.replaceChildren(el('span', { class: 'dim', text: t('js-you') + ' ' }),
    el('a', { href: '/@/' + encodeURIComponent(name), text: name }));
}

showMe(localStorage.getItem(NAME));

// The pages' language: a `?lang=` in the address (the switch in the header) is remembered;
// a page served in another language than the one remembered asks for it again. No cookie.
const LANG = 'parachess-lang';
const LANGS = ['en', 'de'];
{
  const params = new URLSearchParams(location.search);
  const asked = params.get('lang');
  const remembered = localStorage.getItem(LANG);
  if (LANGS.includes(asked)) {
    localStorage.setItem(LANG, asked);
  } else if (LANGS.includes(remembered) && remembered !== document.documentElement.lang) {
    params.set('lang', remembered);
    location.replace(location.pathname + '?' + params.toString() + location.hash);
  }
}

/** The page's language (`en`, `de`). */
export const pageLang = () => document.documentElement.lang || 'en';

/** Copies a link to the clipboard, saying so through `say`; where the browser refuses,
 * asks the reader to copy it by hand. */
export function copyLink(url, say) {
  const done = () => say(t('js-link-copied'));
  const byHand = () => say(t('js-link-by-hand'));
  if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(url).then(done, byHand);
  } else byHand();
}

/** A player's name as the page shows it: the computer's level in the page's language
 * (`Computer (Easy)` → `Computer (Leicht)`); any other name as it is. */
export function shownName(name) {
  const m = /^Computer \((Easy|Normal|Hard|Skill (\d+))\)$/.exec(name || '');
  if (!m) return name;
  return `Computer (${m[2] ? t('js-computer-skill', { n: m[2] }) : t('js-level-' + m[1].toLowerCase())})`;
}

/** "300+3" (seconds) as players say it: "5+3". */
export function clockLabel(tc, days) {
  if (!tc) return days ? t('js-days-per-move', { n: days }) : t('js-untimed');
  const [base, inc] = tc.split('+').map(Number);
  const min = base / 60;
  return `${Number.isInteger(min) ? min : min.toFixed(1)}+${inc || 0}`;
}

/**
 * The WebSocket to the server. Says hello with the stored session token (a guest keeps its
 * name), calls `onMessage` for every message and `onWelcome` after each (re)connection, and
 * reconnects after a loss, showing the header's notice meanwhile.
 */
export class Connection {
  constructor({ onMessage, onWelcome, onLost }) {
    this.onMessage = onMessage || (() => {});
    this.onWelcome = onWelcome || (() => {});
    this.onLost = onLost || (() => {});
    this.me = null;
    this.ready = false;
    this.queue = [];
    this.retry = 300;
    this.connect();
    setInterval(() => this.ping(), 20000);
  }

  connect() {
    // The page's language: the server writes its refusals in it.
    const url = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws?lang='
      + encodeURIComponent(pageLang());
    let ws;
    try {
      ws = new WebSocket(url);
    } catch (e) {
      this.lost();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      // Routes: every position comes with each legal move's route, to draw (docs/SERVER.md).
      const hello = { t: 'hello', v: 1, routes: true };
      const token = localStorage.getItem(TOKEN);
      if (token) hello.token = token;
      ws.send(JSON.stringify(hello));
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch (e) {
        return;
      }
      if (msg.t === 'welcome') {
        localStorage.setItem(TOKEN, msg.token);
        localStorage.setItem(NAME, msg.name);
        this.me = { name: msg.name, guest: msg.guest };
        this.ready = true;
        this.retry = 300;
        const net = $('#net');
        if (net) net.hidden = true;
        document.body.classList.remove('offline');
        showMe(msg.name);
        this.onWelcome(this.me);
        const queued = this.queue.splice(0);
        for (const m of queued) this.send(m);
      }
      this.onMessage(msg);
    };
    ws.onclose = () => {
      if (this.ws === ws) this.lost();
    };
  }

  lost() {
    this.ready = false;
    this.onLost();
    const net = $('#net');
    if (net) net.hidden = false;
    document.body.classList.add('offline');
    const wait = this.retry;
    this.retry = Math.min(this.retry * 2, 5000);
    setTimeout(() => this.connect(), wait);
  }

  /** Sends a message now, or once connected again. */
  send(msg) {
    if (this.ready && this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
    } else if (this.queue.length < 20) {
      this.queue.push(msg);
    }
  }

  ping() {
    if (this.ready) this.send({ t: 'ping', n: Date.now() });
  }

  /** Drops the connection as a network failure would (for trying the reconnection). */
  drop() {
    if (this.ws) this.ws.close();
  }
}

/** Each `<time data-countdown="MS">` shows the time left until then, every second. */
export function startCountdowns() {
  const T = t;
  const tick = () => {
    for (const t of $$('time[data-countdown]')) {
      const left = Math.round((Number(t.dataset.countdown) - Date.now()) / 1000);
      if (!Number.isFinite(left)) continue;
      if (left <= 0) {
        t.textContent = T('js-now');
        continue;
      }
      const h = Math.floor(left / 3600);
      const m = Math.floor((left % 3600) / 60);
      const s = left % 60;
      t.textContent = T('js-in', { time: h > 0 ? `${h} h ${m} min` : m > 0 ? `${m} min ${s} s` : `${s} s` });
    }
  };
  tick();
  if (!startCountdowns.timer) startCountdowns.timer = setInterval(tick, 1000);
}

/** A typed move as the protocol writes moves: a leading piece letter (`Sa2e5`) and the
 * marks `-x=+#` and spaces dropped, lower case (`c4-d3` → `c4d3`). */
export function normalMove(text) {
  return text.trim().replace(/^[A-Z](?=[a-k])/, '').replace(/[-x=+#\s]/g, '').toLowerCase();
}

/** A typed move, if it is one of `legal` (the server's list, the authority); else null. */
export function typedMove(text, legal) {
  const move = normalMove(text);
  return legal && legal.includes(move) ? move : null;
}

/**
 * The promotion chooser of a page with `#promo`'s buttons (one per kind, `data-kind`):
 * `choose(moves)` shows the kinds those moves promote to and resolves with the move picked,
 * or null when cancelled; while it is open, `key(ev)` takes a kind's letter or Escape and
 * says it took the key.
 */
export function promotionChooser() {
  let pending = null;
  let keys = '';
  for (const b of $$('#promo button')) b.addEventListener('click', () => pending && pending(b.dataset.kind));
  return {
    choose(moves) {
      const box = $('#promo');
      const allowed = new Set(moves.map((m) => m.promo));
      keys = '';
      for (const b of $$('#promo button')) {
        b.hidden = !allowed.has(b.dataset.kind);
        if (!b.hidden) keys += b.dataset.kind;
      }
      box.hidden = false;
      return new Promise((resolve) => {
        pending = (kind) => {
          box.hidden = true;
          pending = null;
          resolve(kind ? moves.find((m) => m.promo === kind) || null : null);
        };
      });
    },
    key(ev) {
      if (!pending) return false;
      if (ev.key.length === 1 && keys.includes(ev.key.toLowerCase())) pending(ev.key.toLowerCase());
      else if (ev.key === 'Escape') pending(null);
      return true;
    },
  };
}
