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
// copies from docs/deployment.md must give the same ones.
test("the systemd unit in docs/deployment.md runs Node with npm start's flags", () => {
  const text = readFileSync(path.join(REPO_ROOT, 'docs/deployment.md'), 'utf8');
  const execStart = /^ExecStart=\S*node((?: --\S+)*) apps\/api\/dist\/server\.js$/m.exec(text);
  expect(execStart, 'an ExecStart line that runs apps/api/dist/server.js').not.toBeNull();
  expect(execStart![1]!.trim().split(/\s+/).filter(Boolean)).toEqual([...SERVER_NODE_FLAGS]);
});
