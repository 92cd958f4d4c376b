import { spawn } from 'node:child_process';
import { chmodSync, constants, copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { BROWSER_PACKAGES, missingMessage, missingPackages, type SystemPackage } from '../scripts/system-packages.mjs';
import { REPO_ROOT } from '../test-kit/portal-process';

// A newcomer who may not install packages (not root) and lacks some: `npm test` and
// `npm run test:cluster` must stop at once with one line naming them, before any test runs.
// Nothing is uninstalled: the commands run with a PATH that holds none of the programs, as
// the unprivileged user `nobody` when these tests run as root.
const commands: { script: string; packages: SystemPackage[] }[] = [
  { script: 'test.mjs', packages: [...BROWSER_PACKAGES, 'redis-server', 'nginx', 'gnupg'] },
  { script: 'test-cluster.mjs', packages: ['postgresql', 'redis-server', 'nginx'] },
];

let folder: string;
test.beforeAll(() => {
  // A copy of the scripts in a folder every user may read: the checkout may be in /root.
  folder = mkdtempSync(path.join(os.tmpdir(), 'portal-system-packages-'));
  chmodSync(folder, 0o755);
  mkdirSync(path.join(folder, 'scripts'), { mode: 0o755 });
  mkdirSync(path.join(folder, 'empty-path'), { mode: 0o755 });
  for (const file of ['test.mjs', 'test-cluster.mjs', 'system-packages.mjs', 'build-state.mjs', 'test-report.mjs']) {
    copyFileSync(path.join(REPO_ROOT, 'scripts', file), path.join(folder, 'scripts', file));
  }
  // And the project's Node.js, which lives in the checkout too (node_modules).
  copyFileSync(process.execPath, path.join(folder, 'node'), constants.COPYFILE_FICLONE);
  chmodSync(path.join(folder, 'node'), 0o755);
});
test.afterAll(() => rmSync(folder, { recursive: true, force: true }));

for (const { script, packages } of commands) {
  test(`scripts/${script} without ${packages.join(', ')} on PATH stops in seconds with one line`, async () => {
    const emptyPath = path.join(folder, 'empty-path');
    const missing = missingPackages(packages, { PATH: emptyPath });
    expect(missing, 'PATH without the programs hides at least redis-server (in /usr/bin)').toContain('redis-server');

    const started = Date.now();
    const asUser = process.getuid?.() === 0 ? ['/usr/sbin/runuser', '-u', 'nobody', '--'] : [];
    const child = spawn(
      asUser[0] ?? '/usr/bin/env',
      [
        ...asUser.slice(1),
        ...(asUser.length ? ['/usr/bin/env'] : []),
        `PATH=${emptyPath}`,
        path.join(folder, 'node'),
        script,
      ],
      { cwd: path.join(folder, 'scripts'), env: { HOME: folder }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));

    expect(Date.now() - started).toBeLessThan(10_000);
    expect(code).toBe(1);
    expect(stderr).toBe(`${missingMessage(missing)}\n`);
    expect(stderr).toContain(`apt-get install -y ${missing.join(' ')}`);
    expect(stdout, 'no step of the tests ran').toBe('');
  });
}
