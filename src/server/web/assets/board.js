// The board: draws what the server sends (a position text, the legal moves and their routes)
// on the SVG the server rendered, and reports gestures. It knows no rules.

const NS = 'http://www.w3.org/2000/svg';
const S = 40; // SVG units per cell side (src/server/web/svg.rs SCALE)
const PIECE = 0.66 * S;
const ROWS = 'abcdefghijk';

/** The pieces of a position text's placement: cell name -> letter (upper case White). */
export function placement(text) {
  const out = new Map();
  const rows = (text || '').split(' ')[0].split('/');
  rows.forEach((row, i) => {
    const letter = ROWS[rows.length - 1 - i];
    let n = 1;
    const re = /(\d+)|([KQRBSPkqrbsp])/g;
    let m;
    while ((m = re.exec(row))) {
      if (m[1]) n += Number(m[1]);
      else out.set(letter + n++, m[2]);
    }
  });
  return out;
}

/** `c4d3` / `j2k2q` -> { from, to, promo }. */
export function parseMove(uci) {
  const m = /^([a-k]\d{1,2})([a-k]\d{1,2})([a-z])?$/.exec(uci || '');
  return m ? { from: m[1], to: m[2], promo: m[3] || null } : null;
}

const easing = (t) => (t < 0.5 ? 4 * t * t * t : 1 - Math.pow(-2 * t + 2, 3) / 2);

export class Board {
  /**
   * `svg`: the server's board. `opts.onMove(uci)` when the player makes a move;
   * `opts.choosePromotion(moves)` resolves to one of the promotion moves (or null).
   */
  constructor(svg, opts = {}) {
    this.svg = svg;
    this.opts = opts;
    this.flipped = false;
    this.cells = new Map();
    for (const p of svg.querySelectorAll('[data-cell]')) {
      this.cells.set(p.dataset.cell, { x: Number(p.dataset.cx), y: Number(p.dataset.cy), poly: p });
    }
    this.turnG = svg.querySelector('.turn');
    this.marks = svg.querySelector('.marks');
    this.piecesG = svg.querySelector('.pieces');
    this.labels = Array.from(svg.querySelectorAll('.labels text'));
    this.pieces = new Map();
    this.position = '';
    this.legal = new Map(); // from -> [{to, uci, promo, route}]
    this.selected = null;
    this.last = null;
    this.extra = []; // [{ cell, cls, glyph }]: a page's own marks (a lesson's stars and finds)
    if (opts.interactive) this.listen();
  }

  /** SVG coordinates of a board point (board units, Black up), the flip applied. */
  pt(x, y) {
    return this.flipped ? [-x * S, y * S] : [x * S, -y * S];
  }

  setFlipped(flipped) {
    this.flipped = flipped;
    if (this.turnG) {
      if (flipped) this.turnG.setAttribute('transform', 'rotate(180)');
      else this.turnG.removeAttribute('transform');
    }
    for (const t of this.labels) {
      const x = Number(t.dataset.x), y = Number(t.dataset.y);
      t.setAttribute('x', flipped ? -x : x);
      t.setAttribute('y', flipped ? -y : y);
    }
    this.svg.classList.toggle('flipped', flipped);
    this.draw(this.position);
  }

  pieceElement(letter, cell) {
    const c = this.cells.get(cell);
    const white = letter === letter.toUpperCase();
    const use = document.createElementNS(NS, 'use');
    use.setAttribute('href', '#pc-' + letter.toUpperCase());
    use.setAttribute('class', 'pc ' + (white ? 'white' : 'black'));
    use.setAttribute('width', PIECE);
    use.setAttribute('height', PIECE);
    use.dataset.piece = letter;
    use.dataset.on = cell;
    this.place(use, c.x, c.y);
    return use;
  }

  place(use, x, y, lift = 1) {
    const [sx, sy] = this.pt(x, y);
    const size = PIECE * lift;
    use.setAttribute('x', (sx - size / 2).toFixed(1));
    use.setAttribute('y', (sy - size / 2).toFixed(1));
    use.setAttribute('width', size.toFixed(1));
    use.setAttribute('height', size.toFixed(1));
  }

  /**
   * Shows a position. `anim`: { from, to, pts, leap } moves the piece now on `to` along the
   * route's points (a leap hops); `back` plays the route backwards (stepping back).
   */
  draw(position, anim = null) {
    const before = this.pieceMap || new Map();
    this.position = position;
    this.svg.dataset.position = position;
    const now = placement(position);
    this.pieceMap = now;
    this.piecesG.replaceChildren();
    this.pieces.clear();
    for (const [cell, letter] of now) {
      if (!this.cells.has(cell)) continue;
      const use = this.pieceElement(letter, cell);
      this.pieces.set(cell, use);
      this.piecesG.append(use);
    }
    if (anim && anim.pts && anim.pts.length > 1) {
      // A piece taken bows out where it stood.
      const victim = before.get(anim.to);
      if (victim && !anim.back) {
        const ghost = this.pieceElement(victim, anim.to);
        ghost.classList.add('taken');
        this.piecesG.prepend(ghost);
        setTimeout(() => ghost.remove(), 450);
      }
      const mover = this.pieces.get(anim.back ? anim.from : anim.to);
      if (mover) this.glide(mover, anim.back ? [...anim.pts].reverse() : anim.pts, anim.leap);
    }
    this.drawMarks();
  }

  glide(use, pts, leap) {
    const lengths = [0];
    for (let i = 1; i < pts.length; i++) {
      lengths.push(lengths[i - 1] + Math.hypot(pts[i][0] - pts[i - 1][0], pts[i][1] - pts[i - 1][1]));
    }
    const total = lengths[lengths.length - 1] || 1e-6;
    const steps = (pts.length - 1) / 2;
    const duration = leap ? 600 : Math.min(800, Math.max(300, 300 + 70 * (steps - 1)));
    const start = performance.now();
    use.classList.add('moving');
    this.piecesG.append(use);
    const frame = (now) => {
      const t = Math.min(1, (now - start) / duration);
      const s = easing(t);
      const along = s * total;
      let i = 1;
      while (i < lengths.length - 1 && lengths[i] < along) i++;
      const seg = lengths[i] - lengths[i - 1] || 1e-6;
      const f = Math.min(1, Math.max(0, (along - lengths[i - 1]) / seg));
      const x = pts[i - 1][0] + (pts[i][0] - pts[i - 1][0]) * f;
      const y = pts[i - 1][1] + (pts[i][1] - pts[i - 1][1]) * f;
      const lift = leap ? 1 + 0.45 * 4 * s * (1 - s) : 1;
      this.place(use, x, y, lift);
      if (t < 1 && use.isConnected) requestAnimationFrame(frame);
      else use.classList.remove('moving');
    };
    requestAnimationFrame(frame);
  }

  /** The moves the player may make now (bare texts) and their routes. */
  setLegal(legal, routes) {
    this.legal = new Map();
    (legal || []).forEach((uci, i) => {
      const m = parseMove(uci);
      if (!m) return;
      if (!this.legal.has(m.from)) this.legal.set(m.from, []);
      this.legal.get(m.from).push({ ...m, uci, route: routes ? routes[i] : null });
    });
    this.svg.classList.toggle('can-move', this.legal.size > 0);
    // A hook for scripts and tests: the moves the page would accept now.
    if (this.legal.size) this.svg.dataset.legal = (legal || []).join(' ');
    else delete this.svg.dataset.legal;
    if (this.selected && !this.legal.has(this.selected)) this.selected = null;
    this.drawMarks();
  }

  /** A page's own marks over the cells: [{ cell, cls, glyph }]. */
  setExtra(marks) {
    this.extra = marks || [];
    this.drawMarks();
  }

  setLast(uci) {
    this.last = parseMove(uci);
    this.drawMarks();
  }

  /** An arrow from one cell to another (a better move), or none. */
  setArrow(uci) {
    this.arrow = parseMove(uci);
    this.drawMarks();
  }

  /** Last move, selection, targets (dots on empty cells, rings on pieces to take). */
  drawMarks() {
    if (!this.marks) return;
    this.marks.replaceChildren();
    const shade = (cell, cls) => {
      const c = this.cells.get(cell);
      if (!c) return;
      const p = document.createElementNS(NS, 'polygon');
      p.setAttribute('points', c.poly.getAttribute('points'));
      p.setAttribute('class', cls);
      this.marks.append(p);
    };
    if (this.last) {
      shade(this.last.from, 'last');
      shade(this.last.to, 'last');
    }
    for (const m of this.extra) {
      shade(m.cell, m.cls);
      const c = this.cells.get(m.cell);
      if (m.glyph && c) {
        const [x, y] = this.pt(c.x, c.y);
        const t = document.createElementNS(NS, 'text');
        t.setAttribute('x', x.toFixed(1));
        t.setAttribute('y', y.toFixed(1));
        t.setAttribute('class', m.cls + '-glyph');
        t.setAttribute('text-anchor', 'middle');
        t.setAttribute('dominant-baseline', 'central');
        t.textContent = m.glyph;
        this.marks.append(t);
      }
    }
    const from = this.arrow && this.cells.get(this.arrow.from);
    const to = this.arrow && this.cells.get(this.arrow.to);
    if (from && to) {
      // The marks turn with the board (inside its `.turn` group): unflipped coordinates.
      const [x1, y1] = [from.x * S, -from.y * S];
      const [x2, y2] = [to.x * S, -to.y * S];
      const len = Math.hypot(x2 - x1, y2 - y1) || 1;
      const ux = (x2 - x1) / len, uy = (y2 - y1) / len;
      const head = 0.35 * S;
      const bx = x2 - ux * head, by = y2 - uy * head;
      const line = document.createElementNS(NS, 'line');
      line.setAttribute('x1', x1.toFixed(1));
      line.setAttribute('y1', y1.toFixed(1));
      line.setAttribute('x2', bx.toFixed(1));
      line.setAttribute('y2', by.toFixed(1));
      line.setAttribute('class', 'arrow');
      const tip = document.createElementNS(NS, 'polygon');
      const w = 0.22 * S;
      tip.setAttribute('points', [[x2, y2], [bx - uy * w, by + ux * w], [bx + uy * w, by - ux * w]]
        .map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' '));
      tip.setAttribute('class', 'arrow-head');
      const g = document.createElementNS(NS, 'g');
      g.setAttribute('class', 'arrow-mark');
      g.dataset.arrow = this.arrow.from + this.arrow.to;
      g.append(line, tip);
      this.marks.append(g);
    }
    if (this.selected) {
      shade(this.selected, 'selected');
      const seen = new Set();
      for (const m of this.legal.get(this.selected) || []) {
        if (seen.has(m.to)) continue;
        seen.add(m.to);
        const c = this.cells.get(m.to);
        const circle = document.createElementNS(NS, 'circle');
        circle.setAttribute('cx', (c.x * S).toFixed(1));
        circle.setAttribute('cy', (-c.y * S).toFixed(1));
        const take = this.pieceMap && this.pieceMap.has(m.to);
        circle.setAttribute('r', take ? 0.36 * S : 0.12 * S);
        circle.setAttribute('class', take ? 'ring' : 'dot');
        circle.dataset.target = m.to;
        this.marks.append(circle);
      }
    }
  }

  select(cell) {
    this.selected = cell && this.legal.has(cell) ? cell : null;
    this.drawMarks();
  }

  /** A cell was chosen (click, or a drag's drop). */
  async choose(cell) {
    // A page that takes cells rather than moves (a lesson's click stage) has them first.
    if (this.opts.onCell && this.opts.onCell(cell)) return;
    if (this.selected && cell !== this.selected) {
      const moves = (this.legal.get(this.selected) || []).filter((m) => m.to === cell);
      if (moves.length) {
        let move = moves[0];
        if (moves.length > 1 || moves[0].promo) {
          move = this.opts.choosePromotion ? await this.opts.choosePromotion(moves) : null;
          if (!move) return;
        }
        this.selected = null;
        this.drawMarks();
        if (this.opts.onMove) this.opts.onMove(move.uci, move);
        return;
      }
    }
    this.select(cell === this.selected ? null : cell);
  }

  cellAt(clientX, clientY) {
    const hit = document.elementFromPoint(clientX, clientY);
    const poly = hit && hit.closest && hit.closest('[data-cell]');
    return poly && this.svg.contains(poly) ? poly.dataset.cell : null;
  }

  listen() {
    let drag = null;
    this.svg.addEventListener('pointerdown', (ev) => {
      if (ev.button !== 0) return;
      const cell = this.cellAt(ev.clientX, ev.clientY);
      if (!cell) return;
      if (this.legal.has(cell) && this.pieces.has(cell)) {
        drag = { cell, x: ev.clientX, y: ev.clientY, moved: false, use: this.pieces.get(cell) };
        if (this.selected !== cell) this.select(cell);
        else drag.wasSelected = true;
        ev.preventDefault();
      } else {
        this.choose(cell);
      }
    });
    this.svg.addEventListener('pointermove', (ev) => {
      if (!drag) return;
      if (!drag.moved && Math.hypot(ev.clientX - drag.x, ev.clientY - drag.y) < 5) return;
      drag.moved = true;
      const ctm = this.svg.getScreenCTM();
      if (!ctm) return;
      const p = new DOMPoint(ev.clientX, ev.clientY).matrixTransform(ctm.inverse());
      drag.use.classList.add('dragging');
      this.piecesG.append(drag.use);
      const bx = this.flipped ? -p.x / S : p.x / S;
      const by = this.flipped ? p.y / S : -p.y / S;
      this.place(drag.use, bx, by, 1.15);
    });
    const end = (ev) => {
      if (!drag) return;
      const d = drag;
      drag = null;
      if (!d.moved) {
        if (d.wasSelected) this.select(null);
        return;
      }
      d.use.classList.remove('dragging');
      const cell = this.cellAt(ev.clientX, ev.clientY);
      const c = this.cells.get(d.cell);
      this.place(d.use, c.x, c.y);
      if (cell && cell !== d.cell) this.choose(cell);
    };
    this.svg.addEventListener('pointerup', end);
    this.svg.addEventListener('pointercancel', end);
  }
}

/** Draws a position's pieces on a copy of the lobby's small board template. */
export function miniBoard(template, position, last) {
  const svg = template.cloneNode(true);
  svg.removeAttribute('id');
  const defs = svg.querySelector('defs');
  if (defs) defs.remove();
  const b = new Board(svg);
  b.draw(position);
  if (last) b.setLast(last);
  return svg;
}
