import { readFileSync, writeFileSync, unlinkSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { signalReaches } from '../shared/processes';

const LOCK_FILE = 'portal.pid';

export class DataDirInUseError extends Error {}

/**
 * Claims DATA_DIR for this process, so that two portals never share one embedded
 * database or blob folder. A lock left by a process that no longer runs (kill -9, power
 * loss) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o644 });
      return () => {
        if (readPid(file) === process.pid) unlinkSync(file);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readPid(file);
    if (holder !== undefined && holder !== process.pid && isPortalProcess(holder)) {
      throw new DataDirInUseError(
        `Another portal (process ${holder}) is already running on DATA_DIR ${dataDir}; stop it or choose another DATA_DIR.`,
      );
    }
    unlinkSync(file);
  }
  throw new DataDirInUseError(`Could not claim DATA_DIR ${dataDir}: another portal is starting on it.`);
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Alive, and a Node process: a recycled PID that now belongs to something else does not count. */
function isPortalProcess(pid: number): boolean {
  if (!signalReaches(pid)) return false;
  try {
    const executable = readlinkSync(`/proc/${pid}/exe`);
    return executable === process.execPath || path.basename(executable).startsWith('node');
  } catch {
    return true; // no /proc (not Linux): alive is the best we know
  }
}
