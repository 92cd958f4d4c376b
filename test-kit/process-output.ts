import type { ChildProcess } from 'node:child_process';

/**
 * Collects everything a child process prints (standard output and error together) from now
 * on. Read it with `text()`; `until(marker)` waits for a line that announces readiness.
 */
export function collectOutput(child: ChildProcess, name: string) {
  let output = '';
  const waiting = new Set<() => void>();
  const append = (chunk: Buffer | string) => {
    output += chunk;
    for (const check of waiting) check();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    text: () => output,
    exited,
    /** Resolves once `marker` has been printed; rejects when the process exits first or after `timeoutMs`. */
    until(marker: string, { timeoutMs = 60_000 }: { timeoutMs?: number } = {}): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        const done = () => {
          clearTimeout(timer);
          waiting.delete(check);
        };
        const check = () => {
          if (!output.includes(marker)) return;
          done();
          resolve();
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`${name} not ready within ${timeoutMs / 1000} s:\n${output}`));
        }, timeoutMs);
        waiting.add(check);
        void exited.then((code) => {
          if (!waiting.has(check)) return;
          done();
          reject(new Error(`${name} exited with ${code} before it was ready:\n${output}`));
        });
        check();
      });
    },
  };
}

/** Waits until `child` prints `marker` (it fails with everything printed when the process exits first or times out). */
export function waitForOutput(
  child: ChildProcess,
  marker: string,
  { name = 'the process', timeoutMs = 60_000 }: { name?: string; timeoutMs?: number } = {},
): Promise<void> {
  return collectOutput(child, name).until(marker, { timeoutMs });
}
