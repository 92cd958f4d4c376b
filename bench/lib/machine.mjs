import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** The kernel's dirty and in-writeback page cache now, in MiB (Linux's /proc/meminfo; undefined elsewhere). */
export function dirtyMiB() {
  try {
    const meminfo = readFileSync('/proc/meminfo', 'utf8');
    const kib = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(meminfo)?.[1] ?? NaN);
    return Math.round((kib('Dirty') + kib('Writeback')) / 1024);
  } catch {
    return undefined;
  }
}

/**
 * Writes every dirty page out (`sync`) before a phase, so that each phase meets the disk as the
 * first did: gigabytes written by earlier phases would otherwise hold the next one to the disk's
 * own speed once the kernel's dirty limit (vm.dirty_ratio) is reached (docs/decisions/274).
 * Returns how long the flush took and what was dirty before it, for the report.
 */
export function settleDisk() {
  const before = dirtyMiB();
  const started = performance.now();
  execFileSync('sync');
  return { dirtyMiB: before, seconds: (performance.now() - started) / 1000 };
}

const TICKS_PER_SECOND = 100;

/** The whole machine's CPU seconds so far, by kind (Linux's /proc/stat: every core summed). */
export function machineCpu() {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = ticks.map((tick) => tick / TICKS_PER_SECOND);
  return { user: user + nice, system: system + irq, softirq, iowait, steal, idle };
}

/** The CPU seconds every process whose name starts with `name` has used so far (Chromium's many). */
export function cpuSecondsOfAll(name) {
  let seconds = 0;
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      if (!readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith(name)) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1).split(' ');
      seconds += (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
    } catch {
      // gone meanwhile
    }
  }
  return seconds;
}

/** What changed between two machineCpu() readings, as one line. */
export function machineCpuLine(before, after) {
  const spent = Object.fromEntries(Object.keys(after).map((kind) => [kind, after[kind] - before[kind]]));
  return Object.entries(spent)
    .map(([kind, seconds]) => `${kind} ${seconds.toFixed(1)} s`)
    .join(', ');
}

/** Each thread's CPU seconds so far (user and system apart), by name: where a process's time goes. */
export function threadCpu(pid) {
  const threads = new Map();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = `${stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))}${tid === String(pid) ? ' (main)' : ` ${tid}`}`;
      const fields = stat.split(') ').at(-1).split(' ');
      const was = threads.get(name) ?? { user: 0, system: 0 };
      threads.set(name, {
        user: was.user + Number(fields[11]) / TICKS_PER_SECOND,
        system: was.system + Number(fields[12]) / TICKS_PER_SECOND,
      });
    } catch {
      // gone meanwhile
    }
  }
  return threads;
}

/** What each thread spent between two threadCpu() readings, busiest first, as one line. */
export function threadCpuLine(before, after) {
  return [...after]
    .map(([name, now]) => {
      const was = before.get(name) ?? { user: 0, system: 0 };
      return { name, user: now.user - was.user, system: now.system - was.system };
    })
    .filter(({ user, system }) => user + system >= 0.1)
    .sort((a, b) => b.user + b.system - (a.user + a.system))
    .map(({ name, user, system }) => `${name} ${user.toFixed(1)}+${system.toFixed(1)}`)
    .join(', ');
}
