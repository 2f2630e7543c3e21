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

const TOKEN = 'parachess-token';
const NAME = 'parachess-name';

/** Shows the player's name in the header (from the last welcome, before any connection). */
export function showMe(name) {
  const me = $('#me');
  if (!me || !name) return;
  me.replaceChildren(el('span', { class: 'dim', text: 'You: ' }),
    el('a', { href: '/@/' + encodeURIComponent(name), text: name }));
}

showMe(localStorage.getItem(NAME));

/** "300+3" (seconds) as players say it: "5+3". */
export function clockLabel(tc) {
  if (!tc) return 'correspondence';
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
    const url = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/ws';
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
