/**
 * Whether a process with this PID exists: signal 0 reaches it, or it exists and belongs to
 * another user (EPERM). What the process is, its caller asks /proc.
 */
export function signalReaches(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
