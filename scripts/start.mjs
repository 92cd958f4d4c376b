// npm start: build what is missing or out of date, then run the portal in this process
// (so that signals reach it directly and it can shut down gracefully).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { buildIsStale } from './build-state.mjs';

const root = new URL('..', import.meta.url).pathname;
if (existsSync(`${root}.env`)) process.loadEnvFile(`${root}.env`);

// The portal's own format (apps/api/src/logging.ts): lines for a person on a terminal, JSON otherwise.
const json = process.env.LOG_FORMAT === 'json' || (process.env.LOG_FORMAT !== 'pretty' && !process.stdout.isTTY);
function say(level, msg, stream = level >= 40 ? process.stderr : process.stdout) {
  if (json) {
    stream.write(`${JSON.stringify({ level, time: Date.now(), pid: process.pid, hostname: os.hostname(), msg })}\n`);
  } else {
    stream.write(`${new Date().toTimeString().slice(0, 8)} ${level >= 50 ? 'error: ' : ''}${msg}\n`);
  }
}

// One line per build; the build's own output only when it fails.
for (const workspace of ['web', 'api']) {
  if (!buildIsStale(workspace)) continue;
  const startedAt = performance.now();
  say(30, `Building apps/${workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', `@portal/${workspace}`], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0) {
    say(50, `Building apps/${workspace} failed:\n${result.stdout}${result.stderr}`);
    process.exit(result.status ?? 1);
  }
  say(30, `Built apps/${workspace} in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
}

await import(`${root}apps/api/dist/server.js`);
