import { PEOPLE_PATHS, type PeopleList } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** Everyone who signed in or was invited, with roles, last sign-in and active sessions. */
export function getPeople(signal: AbortSignal): Promise<PeopleList> {
  return apiRequest<PeopleList>({ path: PEOPLE_PATHS.people, signal });
}
