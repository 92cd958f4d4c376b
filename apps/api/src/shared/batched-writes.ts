/**
 * What waits in memory to be written, written one write at a time and in order: at most
 * `intervalMs` after the first unwritten change (`soon`), at once (`flush`, also on close).
 * `write` takes what waits and must not reject: it decides what a failed write loses.
 */
export function batchedWrites(write: () => Promise<void>, intervalMs: number) {
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  const flush = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    writing = writing.then(write);
    return writing;
  };
  return {
    flush,
    soon() {
      timer ??= setTimeout(() => void flush(), intervalMs).unref();
    },
  };
}
