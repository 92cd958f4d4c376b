import { readFileSync } from 'node:fs';
import { signalReaches } from '../shared/processes';
import type { EmbeddedServer } from './embedded-server';

/** How often the postmaster is looked at. */
const CHECK_EVERY_MS = 1_000;
/** The waits before each attempt to start it again; the last repeats. */
const BACKOFF_MS = [500, 1_000, 2_000, 4_000, 8_000];
/** How long the server may stay down before the portal gives up and exits for its service manager. */
export const RESTART_BOUND_MS = 60_000;

export interface SupervisorOptions {
  /** Told the server is gone, before the first attempt (the outage's one warning). */
  down(reason: string): void;
  /** Told after a restart that worked. */
  restarted(line: string): void;
  /** One line per failed attempt. */
  warn(line: string): void;
  /** The server did not come back within RESTART_BOUND_MS: the portal must exit non-zero. */
  gaveUp(line: string): void;
  /** For tests: whether a process lives, and the clock of the bound. */
  isAlive?: (pid: number) => boolean;
  boundMs?: number;
  backoffMs?: readonly number[];
  checkEveryMs?: number;
}

/**
 * Keeps the embedded PostgreSQL server running (docs/decisions/278-the-embedded-postgresql-server-is-supervised.md):
 * looks at its postmaster once a second (pg_ctl started it in a session of its own, so no
 * child-exit event reaches us) and, when it has died (the OOM killer, a kill -9), starts it
 * again with a backoff; past RESTART_BOUND_MS it gives up, so that systemd restarts the
 * portal whole. Only the server's own portal supervises it: a command beside it never does.
 */
export function superviseEmbeddedServer(
  server: Pick<EmbeddedServer, 'postmasterPid' | 'restart'>,
  options: SupervisorOptions,
) {
  const {
    isAlive = processIsAlive,
    boundMs = RESTART_BOUND_MS,
    backoffMs = BACKOFF_MS,
    checkEveryMs = CHECK_EVERY_MS,
  } = options;
  let stopped = false;
  let pid: number | undefined;
  let timer: NodeJS.Timeout | undefined;

  const schedule = (ms: number, step: () => Promise<void>) => {
    if (!stopped) timer = setTimeout(() => void step(), ms).unref();
  };

  const watch = async () => {
    pid ??= await server.postmasterPid();
    if (stopped) return;
    if (pid === undefined || isAlive(pid)) return schedule(checkEveryMs, watch);
    options.down(`the embedded PostgreSQL server, process ${pid}, stopped; starting it again`);
    const since = performance.now();
    const attempt = async (n: number): Promise<void> => {
      const left = boundMs - (performance.now() - since);
      if (stopped) return;
      try {
        await server.restart(Math.max(1, Math.ceil(left / 1000)));
      } catch (error) {
        const wait = backoffMs[Math.min(n + 1, backoffMs.length - 1)]!;
        const reason = (error as Error).message;
        if (performance.now() - since + wait >= boundMs) {
          return options.gaveUp(
            `The embedded PostgreSQL server did not come back within ${boundMs / 1000} s (${reason}): exiting so that the service manager starts the portal again`,
          );
        }
        options.warn(
          `Starting the embedded PostgreSQL server again failed (attempt ${n + 1}: ${reason}); next attempt in ${wait / 1000} s`,
        );
        return schedule(wait, () => attempt(n + 1));
      }
      pid = await server.postmasterPid();
      options.restarted(
        `Started the embedded PostgreSQL server again as process ${pid} after ${((performance.now() - since) / 1000).toFixed(1)} s (attempt ${n + 1}; its crash recovery is in pg/server.log)`,
      );
      schedule(checkEveryMs, watch);
    };
    schedule(backoffMs[0]!, () => attempt(0));
  };

  schedule(checkEveryMs, watch);
  return {
    /** Stops looking: before the portal stops the server itself. */
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** Alive: signal 0 reaches it and it is no zombie (a portal that is PID 1 of a container reaps nothing). */
function processIsAlive(pid: number): boolean {
  if (!signalReaches(pid)) return false;
  try {
    // The state follows the parenthesised name, which may itself hold spaces or parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}
