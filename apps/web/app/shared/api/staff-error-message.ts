import { ApiError } from './api-client';

/** SPEC §8: what a staff screen shows for a failed call (status 0 is the API client's timeout text). */
export const INTERNAL_PROBLEM = 'There was an internal problem. This issue has been reported automatically.';

export function staffErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  console.warn(error);
  return INTERNAL_PROBLEM;
}
