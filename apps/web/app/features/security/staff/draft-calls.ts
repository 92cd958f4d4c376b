import type { CsafProblem, PublishRefused } from '@portal/contracts';
import { ApiError } from '../../../shared/api/api-client';
import { failureOf, type Failure } from '../../../shared/outcome/outcome';
import { saveRefusalProblem } from './draft-problems';

/**
 * What a save, preview or publish came to. `refused`: the server named what is wrong (a 400
 * naming a field, a 422 PublishRefused listing the validator's problems); nothing was stored
 * or published, and each problem goes beside its field.
 */
export type DraftCall<T> =
  | { kind: 'ok'; data: T }
  | { kind: 'refused'; message: string; problems: CsafProblem[] }
  | { kind: 'failed'; failure: Failure };

function isPublishRefused(body: unknown): body is PublishRefused {
  return typeof body === 'object' && body !== null && Array.isArray((body as PublishRefused).problems);
}

export async function draftCall<T>(work: () => Promise<T>): Promise<DraftCall<T>> {
  try {
    return { kind: 'ok', data: await work() };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 422)) {
      const problems = isPublishRefused(error.body) ? error.body.problems : [saveRefusalProblem(error.message)];
      return { kind: 'refused', message: error.message, problems };
    }
    return { kind: 'failed', failure: failureOf(error) };
  }
}
