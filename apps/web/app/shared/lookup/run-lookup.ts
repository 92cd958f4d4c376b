import type { UsageEventName } from '@portal/contracts';
import { LOOKUP_PARAM } from '../navigation/navigation';
import { toldInPageLanguage } from '../outcome/in-page-language';
import { outcomeOf, type Outcome } from '../outcome/outcome';
import { emitTelemetry } from '../telemetry-bus';
import * as m from './lookup.messages';

/**
 * What a lookup that failed says on a page in another language, by the answer's error code,
 * else its status (never its English): no answer, the guessing brake, the database away. An
 * English page shows the server's own words (SPEC §8's where it has them). A refused ID (401)
 * is the screen's own text already (`rejected`).
 */
function inPageLanguage<T>(outcome: Outcome<T>): Outcome<T> {
  if (outcome.kind !== 'failed') return outcome;
  const byStatus: Partial<Record<number, string>> = { 0: m.noAnswer, 429: m.tooManyFailures, 503: m.databaseAway };
  return toldInPageLanguage(outcome, {
    byCode: { 'too-many-failures': m.tooManyFailures, 'database-unavailable': m.databaseAway },
    byStatus: (status) => byStatus[status],
  });
}

/** What a lookup screen shows: idle (no search yet), or the outcome of the search in the URL. */
export interface LookupState<T> {
  /** The ID as it is in the URL; the form is pre-filled with it. */
  registrationId: string;
  /** `rejected`: the server refused the ID (a 401), so the page shows the next step with the error. */
  outcome?: Outcome<T>;
  /** When the outcome came (an ISO time): a printed result says when it was looked up. */
  lookedUpAt?: string;
}

/**
 * The state a lookup page is prerendered in: no search yet. A lookup route exports it as its
 * build-time `loader`, so the page hydrates as its own component and the search in the URL
 * adds its results to that page, rather than a `HydrateFallback` being replaced by the
 * component (the whole main area mounted again in the results' task: decision 165).
 */
export function prerenderedLookup(): LookupState<never> {
  return { registrationId: '' };
}

/**
 * Runs a lookup from a route's clientLoader. The ID lives in the URL (`?registrationId=`),
 * so a reload, a shared link or Back repeats the search, and a new search is a new
 * navigation that aborts the one it supersedes. An empty ID is searched too: the spec does
 * not check it on the client, and the server answers it like any wrong ID.
 */
export async function runLookup<T>(
  request: Request,
  lookup: (registrationId: string, signal: AbortSignal) => Promise<T>,
  /** The text of SPEC §8 for a 401 on this screen. */
  invalidMessage: string,
  /** The anonymous usage event of this lookup: its outcome is counted, never its ID. */
  usageEvent?: UsageEventName,
): Promise<LookupState<T>> {
  const registrationId = new URL(request.url).searchParams.get(LOOKUP_PARAM);
  if (registrationId === null) return { registrationId: '' };
  const outcome = inPageLanguage(
    await outcomeOf(() => lookup(registrationId.trim(), request.signal), {
      signal: request.signal,
      rejected: invalidMessage,
    }),
  );
  // The anonymous usage event counts the outcome, never the ID.
  if (usageEvent) {
    const counted = outcome.kind === 'ok' ? 'found' : outcome.kind === 'rejected' ? 'invalid' : 'failed';
    emitTelemetry({ kind: 'event', name: usageEvent, outcome: counted });
  }
  return { registrationId, outcome, lookedUpAt: new Date().toISOString() };
}
