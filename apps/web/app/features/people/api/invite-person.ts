import { PEOPLE_PATHS, type InvitePerson } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** Invites an address with the roles it will hold from its first sign-in. */
export function invitePerson(invite: InvitePerson, signal: AbortSignal): Promise<unknown> {
  return apiRequest<unknown>({ method: 'POST', path: PEOPLE_PATHS.people, body: invite, signal });
}
