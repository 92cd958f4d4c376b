// Vitest (the `docs` project of /vitest.config.ts), not Playwright: it reads files only.
// Every relative link and every repository path a document names must exist, so a renamed
// or removed file fails here instead of leaving the docs pointing at nothing. The commands
// the same documents name are checked by docs-commands.test.ts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../test-kit/portal-process';

const markdownIn = (folder: string) =>
  readdirSync(path.join(REPO_ROOT, folder))
    .filter((file) => file.endsWith('.md'))
    .map((file) => path.join(folder, file));

/** docs/*.md, docs/decisions/*.md, the root README and every folder's README. */
const DOCUMENTS = [
  'README.md',
  ...markdownIn('docs'),
  ...markdownIn('docs/decisions'),
  ...readdirSync(REPO_ROOT, { recursive: true, encoding: 'utf8' })
    .filter((file) => path.basename(file) === 'README.md' && file !== 'README.md')
    .filter((file) => !/(^|\/)(node_modules|build|dist|test-results|\.react-router)\//.test(file)),
];

/**
 * Where a path named in backticks may be rooted besides the repository and the document's
 * own folder: the apps' and contracts' source folders, which documents name by their inner
 * path (`src/app.ts`, `plugins/mailer.ts`, `shared/navigation/navigation.ts`).
 */
const SOURCE_ROOTS = [
  'apps/api',
  'apps/api/src',
  'apps/web',
  'apps/web/app',
  'packages/contracts',
  'packages/contracts/src',
];

/**
 * Folders the commands make at run time and git ignores (`test-results/`, `bench/results/`,
 * `data/`): a document may name what goes there, which a fresh clone does not have yet.
 */
const RUN_TIME_FOLDERS = readFileSync(path.join(REPO_ROOT, '.gitignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => /^[\w./-]+\/$/.test(line) && !line.startsWith('.'))
  .map((line) => line.replace(/^\//, ''));

/** Headings of a Markdown file as GitHub makes their anchors. */
function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  return new Set(
    [...text.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) =>
      heading!
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/ /g, '-'),
    ),
  );
}

/** The text outside fenced code blocks (examples may name files of someone's machine). */
const prose = (text: string) => text.replace(/^ *```[\s\S]*?^ *```/gm, '');

describe.each(DOCUMENTS)('%s', (document) => {
  const file = path.join(REPO_ROOT, document);
  const folder = path.dirname(file);
  const text = prose(readFileSync(file, 'utf8'));

  it('links only to files and headings that exist', () => {
    const missing: string[] = [];
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z][a-z+.-]*:/i.test(target!)) continue; // https:, mailto:
      const [targetPath, anchor] = target!.split('#') as [string, string | undefined];
      const resolved = targetPath === '' ? file : path.resolve(folder, decodeURIComponent(targetPath));
      if (!existsSync(resolved)) missing.push(target!);
      else if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) missing.push(target!);
    }
    expect(missing, `links in ${document} to nothing`).toEqual([]);
  });

  it('names only repository paths that exist', () => {
    const roots = [REPO_ROOT, folder, ...SOURCE_ROOTS.map((root) => path.join(REPO_ROOT, root))];
    const missing: string[] = [];
    // A decision may name a file it removed, followed by "(removed)".
    for (const [, named] of text.matchAll(/`([\w.@-]+(?:\/[\w.@-]+)+\/?)`(?! \(removed)/g)) {
      const candidate = named!.replace(/\/$/, '').replace(/^\.\//, '');
      if (RUN_TIME_FOLDERS.some((folder) => `${candidate}/`.startsWith(folder))) continue;
      // A repository path starts with a folder of the repository (`src/`, `apps/`, `features/`);
      // `DATA_DIR/outbox`, `text/html`, `@fastify/static` or `./data` (made at run time) do not.
      const [first] = candidate.split('/');
      if (!roots.some((root) => existsSync(path.join(root, first!)))) continue;
      const found = roots.some((root) =>
        ['', '.ts', '.tsx', '.mjs'].some((extension) => existsSync(path.join(root, candidate + extension))),
      );
      if (!found) missing.push(named!);
    }
    expect(missing, `paths named in ${document} that do not exist`).toEqual([]);
  });
});
