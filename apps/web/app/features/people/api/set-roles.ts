import { PEOPLE_PATHS, type Person, type SetRoles } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { personPath } from './person-path';

/** Sets a person's roles: the whole set, replacing the old one. */
export function setRoles(email: string, body: SetRoles, signal: AbortSignal): Promise<Person> {
  return apiRequest<Person>({ method: 'PUT', path: personPath(PEOPLE_PATHS.roles, email), body, signal });
}
