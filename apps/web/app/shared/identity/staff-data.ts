import { readBearer } from '../api/api-client';
import { outcomeOf, type Outcome } from '../outcome/outcome';

/**
 * What a staff screen's clientLoader answers: nothing without a sign-in (the gate shows the
 * sign-in widget instead), or the outcome of its calls (`shared/outcome`).
 */
export type StaffData<T> = { kind: 'signed-out' } | Outcome<T>;

/**
 * Loads a staff screen's data with the stored bearer (SPEC §4: only with an identity). A
 * 401 has already cleared the bearer (api-client), so the screen falls back to the sign-in
 * widget; another HTTP error is shown as a warning with the server's message; anything
 * else is a fault of ours: reported (`reportProblem`), and shown as the internal problem.
 */
export async function loadStaffData<T>(
  request: Request,
  load: (signal: AbortSignal) => Promise<T>,
): Promise<StaffData<T>> {
  if (readBearer() === null) return { kind: 'signed-out' };
  const outcome = await outcomeOf(() => load(request.signal), { signal: request.signal });
  return outcome.kind === 'failed' && outcome.status === 401 ? { kind: 'signed-out' } : outcome;
}
