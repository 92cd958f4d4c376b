// What the machine and its processes spend while a bench runs, from Linux's /proc: CPU by
// process, thread and kind, and the page cache's dirty pages (docs/decisions/274). The one
// reader of these files for every bench.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Linux's USER_HZ, what /proc counts CPU time in (100 on every architecture Node runs on). */
const TICKS_PER_SECOND = 100;

type Cpu = { user: number; system: number };
/** A thread's CPU, and the seconds it was ready but waited for a core, and waited on the disk. */
type ThreadTime = Cpu & { queued: number; disk: number };

/**
 * The fields of a /proc/<pid>[/task/<tid>]/stat text after the command's name (which may hold
 * spaces), from the third on: `proc(5)`'s field n is at index n - 3.
 */
function statFields(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
}

/** User and system CPU seconds of a /proc/<pid>[/task/<tid>]/stat text (utime and stime, fields 14 and 15). */
function statCpu(stat: string): Cpu {
  const fields = statFields(stat);
  return { user: Number(fields[11]) / TICKS_PER_SECOND, system: Number(fields[12]) / TICKS_PER_SECOND };
}

/** Resident memory of a process in MiB, from /proc (NaN where there is none). */
export function residentMiB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Math.round((kb / 1024) * 10) / 10;
  } catch {
    return NaN;
  }
}

/** The CPU seconds (user and system, all its threads) a process has used so far (NaN where there is none). */
export function cpuSecondsOf(pid: number): number {
  try {
    const { user, system } = statCpu(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    return user + system;
  } catch {
    return NaN;
  }
}

/** The CPU seconds every process whose name starts with `name` has used so far (Chromium's many). */
export function cpuSecondsOfAll(name: string): number {
  let seconds = 0;
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith(name)) seconds += cpuSecondsOf(Number(pid)) || 0;
    } catch {
      // gone meanwhile
    }
  }
  return seconds;
}

/**
 * Each thread's CPU seconds so far (user and system apart), by name, with the seconds it spent
 * ready to run but waiting for a core (/proc/…/schedstat) and waiting on the disk (the
 * kernel's delay accounting, `stat`'s 42nd field: 0 unless `kernel.task_delayacct` is 1).
 * A thread whose CPU and waits add up to the whole run is what the others wait for.
 */
export function threadCpu(pid: number): Map<string, ThreadTime> {
  const threads = new Map<string, ThreadTime>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = `${stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))}${tid === String(pid) ? ' (main)' : ` ${tid}`}`;
      const { user, system } = statCpu(stat);
      const queuedNs = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[1]);
      // delayacct_blkio_ticks, field 42.
      const diskTicks = Number(statFields(stat)[39]);
      const was = threads.get(name) ?? { user: 0, system: 0, queued: 0, disk: 0 };
      threads.set(name, {
        user: was.user + user,
        system: was.system + system,
        queued: was.queued + (queuedNs || 0) / 1e9,
        disk: was.disk + (diskTicks || 0) / TICKS_PER_SECOND,
      });
    } catch {
      // gone meanwhile
    }
  }
  return threads;
}

/** Whether the kernel counts threads' waits on the disk (`sysctl kernel.task_delayacct=1` turns it on). */
export function diskWaitsCounted(): boolean {
  try {
    return readFileSync('/proc/sys/kernel/task_delayacct', 'utf8').trim() === '1';
  } catch {
    return false;
  }
}

/**
 * What each thread spent between two threadCpu() readings, busiest first, as one line:
 * `name user+system`, then what it waited for a core and on the disk where that was 0.1 s or more.
 */
export function threadCpuLine(before: Map<string, ThreadTime>, after: Map<string, ThreadTime>): string {
  return [...after]
    .map(([name, now]) => {
      const was = before.get(name) ?? { user: 0, system: 0, queued: 0, disk: 0 };
      const spent = (kind: keyof ThreadTime) => now[kind] - was[kind];
      return { name, user: spent('user'), system: spent('system'), queued: spent('queued'), disk: spent('disk') };
    })
    .filter(({ user, system }) => user + system >= 0.1)
    .sort((a, b) => b.user + b.system - (a.user + a.system))
    .map(({ name, user, system, queued, disk }) => {
      const waits = [
        queued >= 0.1 && `waited for a core ${queued.toFixed(1)}`,
        disk >= 0.1 && `on the disk ${disk.toFixed(1)}`,
      ];
      const waited = waits.filter(Boolean).join(', ');
      return `${name} ${user.toFixed(1)}+${system.toFixed(1)}${waited ? ` (${waited})` : ''}`;
    })
    .join(', ');
}

export type MachineCpu = { user: number; system: number; softirq: number; iowait: number; steal: number; idle: number };

/** The whole machine's CPU seconds so far, by kind (/proc/stat: every core summed). */
export function machineCpu(): MachineCpu {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = ticks.map(
    (tick) => tick / TICKS_PER_SECOND,
  ) as number[];
  return {
    user: user! + nice!,
    system: system! + irq!,
    softirq: softirq!,
    iowait: iowait!,
    steal: steal!,
    idle: idle!,
  };
}

/** The seconds of a machineCpu() reading the CPUs were busy (neither idle nor waiting on the disk). */
export const busySeconds = (cpu: MachineCpu) => cpu.user + cpu.system + cpu.softirq + cpu.steal;

/** What changed between two machineCpu() readings, as one line. */
export function machineCpuLine(before: MachineCpu, after: MachineCpu): string {
  return (Object.keys(after) as (keyof MachineCpu)[])
    .map((kind) => `${kind} ${(after[kind] - before[kind]).toFixed(1)} s`)
    .join(', ');
}

/** The kernel's dirty and in-writeback page cache now, in MiB (/proc/meminfo; undefined elsewhere). */
export function dirtyMiB(): number | undefined {
  try {
    const meminfo = readFileSync('/proc/meminfo', 'utf8');
    const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(meminfo)?.[1] ?? NaN);
    return Math.round((kib('Dirty') + kib('Writeback')) / 1024);
  } catch {
    return undefined;
  }
}

/**
 * The page cache around one phase of a bench. With `settle`, every dirty page is written out
 * (`sync`) first, so that each phase meets the disk as the first did: gigabytes written by
 * earlier phases would otherwise hold the next one to the disk's own speed once the kernel's
 * dirty limit (vm.dirty_ratio) is reached (docs/decisions/274). Then the dirty pages are
 * sampled until `end()`, which gives the report's line.
 */
export function watchPageCache(settle: boolean): { end(): string } {
  const before = dirtyMiB();
  const started = performance.now();
  if (settle) execFileSync('sync');
  const flushed = (performance.now() - started) / 1000;
  let most = 0;
  const sampling = setInterval(() => (most = Math.max(most, dirtyMiB() ?? 0)), 250);
  return {
    end() {
      clearInterval(sampling);
      const how = settle ? ` (written out in ${flushed.toFixed(1)} s)` : ', left as it was';
      return `page cache: ${before} MiB dirty before the run${how}, at most ${most} MiB during it`;
    },
  };
}
