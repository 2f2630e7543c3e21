// The lessons: the list's stars (`/learn`) and a stage on the board (`/learn/N/S`). The page
// implements no rules: every input of the attempt goes to the server (`lesson_try`), which
// replays them with the lessons' checker and answers where the attempt stands.
import { $, t, Connection, pageLang, promotionChooser } from './common.js';
import { Board } from './board.js';
import { blindOn, BlindPanel, Words, isMove, bareMove } from './blind.js';

const list = $('#lessons');
const root = $('#stage');

/** "★★☆" for `n` of 3. */
const starText = (n) => '★'.repeat(n) + '☆'.repeat(Math.max(0, 3 - n));

if (list) {
  const conn = new Connection({
    onWelcome: () => conn.send({ t: 'lessons' }),
    onMessage: (msg) => {
      if (msg.t !== 'lesson_progress') return;
      for (const l of msg.lessons || []) {
        (l.stars || []).forEach((n, i) => {
          const span = $(`[data-stars-of="${l.lesson}/${i + 1}"]`);
          if (!span) return;
          span.dataset.stars = String(n);
          span.textContent = starText(n);
          span.setAttribute('aria-label', t('js-stars', { n }));
        });
      }
    },
  });
}

if (root) {
  const lesson = Number(root.dataset.lesson);
  const stage = Number(root.dataset.stageNumber);
  const svg = $('#board');
  const said = $('#said');
  const result = $('#result');
  let inputs = [];
  let clicks = false;
  let over = false;

  const conn = new Connection({
    onWelcome: () => ask(),
    onMessage: (msg) => {
      if (words && words.take(msg)) return;
      if (msg.t === 'lesson' && msg.lesson === lesson && msg.stage === stage) show(msg);
      else if (msg.t === 'error' && msg.code === 'lesson') said.textContent = msg.msg;
    },
  });

  const board = new Board(svg, {
    interactive: true,
    onMove: (uci) => play(uci),
    onCell: (cell) => {
      if (!clicks || over) return false;
      play(cell);
      return true;
    },
    // A lesson's promotion: the learner chooses, as in a game (the server checks the piece).
    choosePromotion: (moves) => promotion.choose(moves),
  });
  const promotion = promotionChooser();
  document.addEventListener('keydown', (ev) => {
    if (promotion.key(ev)) ev.preventDefault();
  });

  // Blind mode (issue 41): the stage's goal, each move and reply, and the result read out;
  // the words come from the server (`ask` about the stage's position).
  let blind = null;
  let words = null;
  let before = null; // the position the last input was played in
  let heard = false;
  const stageTitle = $('#stage h2').textContent; // read before the panel's own headings come
  if (blindOn()) {
    blind = new BlindPanel({ onCommand: command, title: t('js-lesson-by-words') });
    words = new Words(blind, (m) => conn.send(m), 'lesson');
    $('.board-wrap').hidden = true;
    root.classList.add('blind-game');
    root.prepend(blind.el);
  }

  /** A command typed in the blind mode's field: a move, a cell (click stages), or a question. */
  function command(text) {
    if (!before) return;
    if (isMove(text) || (clicks && /^[a-k](1[01]|[1-9])$/.test(text))) {
      if (over) words.say(t('js-lesson-attempt-over'));
      else play(isMove(text) ? bareMove(text) : text);
      return;
    }
    words.ask(text, before);
    if (text === 'h' || text === '?') {
      words.say(t('js-lesson-help'));
    }
  }

  /** The blind mode's words for a lesson message `msg`. */
  function sayLesson(msg) {
    const input = inputs[inputs.length - 1];
    if (!heard) {
      heard = true;
      words.say(t('js-lesson-intro', { title: stageTitle, task: $('#stage .task').textContent }));
    } else if (msg.accepted && !clicks && input && before) {
      // The learner's move, and the reply when there was one.
      const played = msg.last && msg.last !== input ? [input, msg.last] : [input];
      words.ask('l 1', before, played);
      if (played.length > 1) words.ask('l 2', before, played);
    }
    if (msg.said) words.say(msg.said);
    if (msg.stars_left && msg.stars_left.length) words.say(t('js-stars-on', { cells: msg.stars_left.join(', ') }));
    if (msg.state === 'done' && msg.stars) words.say(t(msg.stars === 1 ? 'js-stage-done-one' : 'js-stage-done', { n: msg.stars }));
    before = msg.position;
    words.ask('b', msg.position, [], undefined, true);
  }

  function ask() {
    conn.send({ t: 'lesson_try', lesson, stage, inputs, lang: pageLang() });
  }

  function play(input) {
    if (over || inputs.length >= 120) return;
    inputs.push(input);
    ask();
  }

  function show(msg) {
    clicks = !!msg.clicks;
    over = msg.state !== 'play';
    // A refused move changed nothing: it is not kept (a wrong click counts, so it stays).
    if (!msg.accepted && !clicks) inputs.pop();
    board.draw(msg.position);
    board.setLast(msg.last || null);
    board.setLegal(msg.legal || []);
    const marks = [];
    for (const c of msg.highlight || []) marks.push({ cell: c, cls: 'sel' });
    for (const c of msg.found || []) marks.push({ cell: c, cls: 'selected', glyph: '✓' });
    for (const c of msg.stars_left || []) marks.push({ cell: c, cls: 'goal', glyph: '★' });
    board.setExtra(marks);
    svg.classList.toggle('can-click', clicks && !over);
    svg.dataset.stage = msg.state;
    said.textContent = msg.said;
    if (words) sayLesson(msg);
    said.classList.toggle('refused', !msg.accepted);
    if (msg.state === 'done' && msg.stars) {
      svg.dataset.stars = String(msg.stars);
      result.hidden = false;
      result.textContent = starText(msg.stars);
      result.setAttribute('aria-label', t('js-stars', { n: msg.stars }));
      result.dataset.stars = String(msg.stars);
      const next = $('[data-action="next"]');
      if (next) next.classList.add('primary');
    } else {
      delete svg.dataset.stars;
      result.hidden = true;
    }
  }

  $('#restart').addEventListener('click', () => {
    inputs = [];
    over = false;
    ask();
  });

  $('#learn-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    const input = $('#learn-input');
    const text = input.value.trim().toLowerCase();
    input.value = '';
    if (text) play(text);
  });
}
