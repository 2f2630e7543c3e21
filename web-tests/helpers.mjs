// Shared by the browser tests: a parachess-server on loopback with a temporary SQLite
// database, its bots, one headless Chromium (Debian's, through playwright-core), and the
// screenshot checks. Every wait is bounded.

import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { PNG } from 'pngjs';

const here = dirname(fileURLToPath(import.meta.url));
/** The server binary: $PARACHESS_SERVER (scripts/test.sh sets it), else the debug build. */
export const SERVER = process.env.PARACHESS_SERVER || resolve(here, '../target/debug/parachess-server');
/** Where screenshots go: $WEB_SCREENSHOTS, else target/web-screenshots. */
export const SHOTS = process.env.WEB_SCREENSHOTS || resolve(here, '../target/web-screenshots');
mkdirSync(SHOTS, { recursive: true });

/** The game's three cell colours (src/game/ui/theme.rs FLAT, RISING, FALLING). */
export const CELL_COLOURS = { flat: [237, 214, 168], rising: [204, 153, 97], falling: [133, 89, 61] };

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`timed out: ${what}`)), ms); }),
  ]).finally(() => clearTimeout(timer));
}

/** Starts a server (with `extra` flags); resolves once it printed `listening on http://...`. */
export async function startServer(extra = []) {
  const dir = mkdtempSync(join(tmpdir(), 'parachess-web-'));
  // No showcase game (the computer playing itself when nobody plays) unless asked for.
  const flags = extra.includes('--showcase') ? extra.filter((f) => f !== '--showcase') : ['--no-showcase', ...extra];
  const proc = spawn(SERVER, ['--listen', '127.0.0.1:0', '--db', `sqlite:${join(dir, 'db.sqlite')}`, ...flags], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  proc.stderr.on('data', (d) => { log += d; });
  const url = await withTimeout(new Promise((res, rej) => {
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) res(m[1]);
    });
    proc.on('exit', (code) => rej(new Error(`server exited ${code}: ${log}`)));
  }), 30000, 'server start');
  const children = [proc];
  return {
    url,
    dir,
    log: () => log,
    /** `bots --seek K`: bots in the lobby that play whoever accepts. */
    bots(k, tc = '900+0') {
      const b = spawn(SERVER, ['bots', '--server', url, '--seek', String(k), '--player', 'random',
        '--tc', tc, '--timeout', '600'], { stdio: ['ignore', 'pipe', 'pipe'] });
      children.push(b);
      return b;
    },
    async stop() {
      for (const c of children.reverse()) {
        if (c.exitCode === null) c.kill('SIGTERM');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One headless Chromium for a test file. */
export async function browser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
    timeout: 60000,
  });
}

/** Saves a screenshot as SHOTS/name.png and returns how many pixels show each cell colour. */
export async function shot(page, name, locator = null) {
  const buf = await (locator || page).screenshot({ timeout: 20000 });
  writeFileSync(join(SHOTS, `${name}.png`), buf);
  return colourCounts(buf);
}

/** Pixels within a small tolerance of each cell colour. */
export function colourCounts(buf) {
  const png = PNG.sync.read(buf);
  const counts = { flat: 0, rising: 0, falling: 0 };
  const d = png.data;
  for (let i = 0; i < d.length; i += 4) {
    for (const [k, [r, g, b]] of Object.entries(CELL_COLOURS)) {
      if (Math.abs(d[i] - r) <= 3 && Math.abs(d[i + 1] - g) <= 3 && Math.abs(d[i + 2] - b) <= 3) counts[k]++;
    }
  }
  return counts;
}
