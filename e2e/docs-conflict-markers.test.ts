import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { conflictMarkers, trackedConflictMarkers } from '../scripts/check-conflict-markers.mjs';
import { REPO_ROOT } from '../test-kit/portal-process';

// `npm run lint` runs scripts/check-conflict-markers.mjs first: a merge's markers fail it,
// whatever Prettier made of them. Written apart here, so this file holds no marker itself.
const OURS = '<'.repeat(7);
const SEPARATOR = '='.repeat(7);
const THEIRS = '>'.repeat(7);
const BASE = '|'.repeat(7);
/** The end marker as Prettier rewrites it in Markdown: a seven-deep blockquote. */
const THEIRS_AS_QUOTE = '> '.repeat(7).trimEnd();

const SCRIPT = path.join(REPO_ROOT, 'scripts/check-conflict-markers.mjs');

describe('conflictMarkers', () => {
  test('finds the three markers of a conflict, and the base of a diff3 one', () => {
    const text = [
      'a',
      `${OURS} HEAD`,
      'ours',
      `${BASE} base`,
      'base',
      SEPARATOR,
      'theirs',
      `${THEIRS} s5-uploads`,
      'b',
    ];
    expect(conflictMarkers(text.join('\n')).map((marker) => marker.line)).toEqual([2, 4, 6, 8]);
  });

  test('finds the markers as Prettier left them in docs/operations.md', () => {
    const text = [`${OURS} HEAD`, '', '| x |', '| - |', `| ${SEPARATOR} |`, '', `${THEIRS_AS_QUOTE} s5-uploads`].join(
      '\r\n',
    );
    expect(conflictMarkers(text)).toEqual([
      { line: 1, text: `${OURS} HEAD` },
      { line: 7, text: `${THEIRS_AS_QUOTE} s5-uploads` },
    ]);
  });

  test('leaves a Markdown heading underlined with "=======" and markers inside a line alone', () => {
    expect(conflictMarkers(`Title\n${SEPARATOR}\n\nText about ${OURS} and ${THEIRS} markers.\n> a quote`)).toEqual([]);
    expect(conflictMarkers(`${OURS}x\n${THEIRS}x`)).toEqual([]);
  });
});

describe('scripts/check-conflict-markers.mjs', () => {
  let repo: string | undefined;
  afterEach(() => {
    if (repo) rmSync(repo, { recursive: true, force: true });
  });

  function gitRepo(files: Record<string, string | Buffer>) {
    repo = mkdtempSync(path.join(tmpdir(), 'conflict-markers-'));
    execFileSync('git', ['init', '--quiet'], { cwd: repo });
    for (const [name, content] of Object.entries(files)) writeFileSync(path.join(repo, name), content);
    execFileSync('git', ['add', '.'], { cwd: repo });
    return repo;
  }
  const run = (root: string) => spawnSync(process.execPath, [SCRIPT, root], { encoding: 'utf8' });

  test('fails on a tracked file with a marker, naming the file and line', () => {
    const root = gitRepo({
      'clean.md': `Title\n${SEPARATOR}\n`,
      'merged.md': `# Benchmarks\n\n${OURS} HEAD\none\n${SEPARATOR}\ntwo\n${THEIRS} s5-uploads\n`,
    });
    writeFileSync(path.join(root, 'untracked.md'), `${OURS} HEAD\n`);
    const result = run(root);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`merged.md:3: conflict marker "${OURS} HEAD"`);
    expect(result.stderr).toContain('merged.md:5:');
    expect(result.stderr).toContain(`merged.md:7: conflict marker "${THEIRS} s5-uploads"`);
    expect(result.stderr).not.toContain('clean.md');
    expect(result.stderr).not.toContain('untracked.md');
  });

  test('passes tracked text without markers, and skips binary files', () => {
    const root = gitRepo({
      'clean.md': `Title\n${SEPARATOR}\n`,
      'update.zip': Buffer.concat([Buffer.from([0x50, 0x4b, 0, 0]), Buffer.from(`\n${OURS} HEAD\n`)]),
    });
    const result = run(root);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  test('finds none in this repository', () => {
    expect(trackedConflictMarkers(REPO_ROOT)).toEqual([]);
  });
});
