import { ApiError } from '../api/api-client';
import { reportProblem } from '../report-errors';
import { internalProblem } from './outcome.messages';

/** SPEC §8: what a screen says when something other than an HTTP answer failed, in the page's language. */
export { internalProblem as INTERNAL_PROBLEM };

/**
 * What a call to the API came to, as every lookup and staff tool shows it (decision 111):
 * - `ok`: its data;
 * - `rejected`: the server refused the credential the person gave (a 401 on a lookup: the
 *   screen's own SPEC §8 text), or what they asked for;
 * - `failed`: any other failure. `status` is the HTTP status (0: no answer came), or null when
 *   no HTTP answer was at fault: a fault of ours, reported, shown as INTERNAL_PROBLEM. `code`
 *   is the answer's error code, where the API gives one (docs/api.md, "Error codes"): a
 *   customer page says the failure in its language by it (`in-page-language.ts`).
 */
export type Outcome<T> =
  | { kind: 'ok'; data: T }
  | { kind: 'rejected'; message: string }
  | { kind: 'failed'; message: string; status: number | null; code?: string };

/** An outcome that did not succeed: what `FailureAlert` shows. */
export type Failure = Exclude<Outcome<unknown>, { kind: 'ok' }>;

export interface OutcomeRules {
  /** The call's signal: an aborted call (a newer navigation superseded it) stays a rejection, never an outcome. */
  signal?: AbortSignal;
  /** The screen's text for a 401: the ID or key was refused. Without it a 401 is `failed` like any HTTP error. */
  rejected?: string;
  /**
   * What a failure that is no HTTP answer shows: `report` (default) reports it (`reportProblem`)
   * and says INTERNAL_PROBLEM; `own-message` shows the error's own message (SPEC §8, ChromaTOF download).
   */
  unexpected?: 'report' | 'own-message';
}

/** Runs a call and turns its answer, or what it threw, into an outcome. */
export async function outcomeOf<T>(work: () => Promise<T>, rules: OutcomeRules = {}): Promise<Outcome<T>> {
  try {
    return { kind: 'ok', data: await work() };
  } catch (error) {
    if (rules.signal?.aborted) throw error;
    return failureOf(error, rules);
  }
}

/** What went wrong, by the rules of `outcomeOf`. */
export function failureOf(error: unknown, { rejected, unexpected = 'report' }: OutcomeRules = {}): Failure {
  if (error instanceof ApiError) {
    if (error.status === 401 && rejected !== undefined) return { kind: 'rejected', message: rejected };
    return { kind: 'failed', message: error.message, status: error.status, code: error.code };
  }
  if (unexpected === 'own-message') {
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error), status: null };
  }
  reportProblem(error);
  return { kind: 'failed', message: internalProblem, status: null };
}
