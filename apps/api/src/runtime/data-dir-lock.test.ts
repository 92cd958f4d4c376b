import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

describe('the DATA_DIR lock', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('claims a free folder and lets it go on release', () => {
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'portal.pid'), 'utf8').trim()).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(dir, 'portal.pid'))).toBe(false);
  });

  it('refuses a folder held by another running portal', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      writeFileSync(path.join(dir, 'portal.pid'), `${other.pid}\n`);
      expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
      expect(() => lockDataDir(dir)).toThrow(`Another portal (process ${other.pid}) is already running`);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that is gone (kill -9)', async () => {
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.once('exit', resolve));
    writeFileSync(path.join(dir, 'portal.pid'), `${gone.pid}\n`);
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'portal.pid'), 'utf8').trim()).toBe(String(process.pid));
    release();
  });
});
