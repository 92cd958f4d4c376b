import { useEffect, useState } from 'react';

/**
 * Runs `task` once the browser is idle, and at the latest after `timeoutMs`, so what a page
 * does not need for its first screen stays out of the tasks that load and hydrate it
 * (decision 165). Returns what cancels it (an effect's cleanup). Without requestIdleCallback
 * (older Safari) the task waits for the timeout.
 */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  if ('requestIdleCallback' in window) {
    const handle = requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, timeoutMs);
  return () => clearTimeout(timer);
}

/** False until the browser has been idle once after this component mounted (at the latest after `timeoutMs`). */
export function useAfterIdle(timeoutMs: number): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true), timeoutMs), [timeoutMs]);
  return idle;
}
