import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { DEMO_CATALOGUE_DIR } from '../../paths';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../../cli.ts', import.meta.url));

let database: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-cli-'));
});
afterAll(async () => {
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

/** The command as a publisher runs it (from source here; `npm run portal` runs the same file's bundle). */
function portal(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', CLI, ...args], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, DATABASE_URL: database.url.toString() },
  }).then(
    ({ stdout }) => ({ code: 0, stdout, stderr: '' }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

describe('npm run portal -- import <folder>', () => {
  it('imports a folder, ends with a summary, and changes nothing the second time', async () => {
    const first = await portal('import', DEMO_CATALOGUE_DIR);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('versions: 6 added, 0 changed, 0 unchanged');
    expect(first.stdout).toContain('options: 22 added, 0 changed, 0 unchanged');
    expect(first.stdout).toContain('configurations: 10 added, 0 changed, 0 unchanged');
    expect(first.stdout).toContain('release notes: 4 added, 0 changed, 0 unchanged');
    expect(first.stdout).toContain('files: 39 stored, 0 already stored');

    const second = await portal('import', DEMO_CATALOGUE_DIR);
    expect(second.stdout).toContain('versions: 0 added, 0 changed, 6 unchanged');
    expect(second.stdout).toContain('files: 0 stored, 39 already stored');
  });

  it('says what is wrong and exits 1 when the folder has no manifest', async () => {
    const failed = await portal('import', dataDir);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('The catalogue was not imported');
    expect(failed.stderr).toContain('catalogue.json: not found');
  });

  it('shows its usage for an unknown command', async () => {
    const usage = await portal('export');
    expect(usage.code).toBe(2);
    expect(usage.stdout).toContain('Usage: npm run portal -- import <folder>');
  });
});
