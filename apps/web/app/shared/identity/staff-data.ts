import { ApiError, readBearer } from '../api/api-client';

/** SPEC §8: what a staff screen says when something other than an HTTP answer failed. */
export const INTERNAL_PROBLEM_MESSAGE = 'There was an internal problem. This issue has been reported automatically.';

/**
 * What a staff screen's clientLoader answers: nothing without a sign-in (the gate shows the
 * sign-in widget instead), the data, or what went wrong and how loudly to say it.
 */
export type StaffData<T> =
  | { state: 'signed-out' }
  | { state: 'loaded'; data: T }
  | { state: 'failed'; message: string; severity: 'warning' | 'error' };

/**
 * Loads a staff screen's data with the stored bearer (SPEC §4: only with an identity). A
 * 401 has already cleared the bearer (api-client), so the screen falls back to the sign-in
 * widget; another HTTP error is shown as a warning with the server's message; anything
 * else is a fault of ours: reported (`reportError`), and shown as the internal problem.
 */
export async function loadStaffData<T>(
  request: Request,
  load: (signal: AbortSignal) => Promise<T>,
): Promise<StaffData<T>> {
  if (readBearer() === null) return { state: 'signed-out' };
  try {
    return { state: 'loaded', data: await load(request.signal) };
  } catch (error) {
    if (request.signal.aborted) throw error;
    if (error instanceof ApiError) {
      return error.status === 401
        ? { state: 'signed-out' }
        : { state: 'failed', message: error.message, severity: 'warning' };
    }
    // The platform's report of an exception: logged, and seen by whoever listens for `error` on window.
    globalThis.reportError(error);
    return { state: 'failed', message: INTERNAL_PROBLEM_MESSAGE, severity: 'error' };
  }
}
