import { PEOPLE_PATHS } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { personPath } from './person-path';

/** Removes a person: their sessions end and their roles go. */
export function removePerson(email: string, signal: AbortSignal): Promise<void> {
  return apiRequest<void>({ method: 'DELETE', path: personPath(PEOPLE_PATHS.person, email), signal });
}
