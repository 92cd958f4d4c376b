import { PEOPLE_PATHS } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { personPath } from './person-path';

/** Signs a person out everywhere: every session of theirs ends at once. */
export function signOutPerson(email: string, signal: AbortSignal): Promise<void> {
  return apiRequest<void>({ method: 'DELETE', path: personPath(PEOPLE_PATHS.sessions, email), signal });
}
