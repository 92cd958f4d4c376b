import { PEOPLE_PATHS, type InvitePerson, type Person } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** Invites an address with the roles it will hold from its first sign-in. */
export function invitePerson(invite: InvitePerson, signal: AbortSignal): Promise<Person> {
  return apiRequest<Person>({ method: 'POST', path: PEOPLE_PATHS.people, body: invite, signal });
}
