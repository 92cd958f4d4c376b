import { SIGN_IN_PATHS, type SignInExchange, type StaffSession } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** `POST SIGN_IN_PATHS.sessions`: spend the one-time token of a sign-in link for a session bearer. */
export function exchangeSignInToken(body: SignInExchange, signal?: AbortSignal): Promise<StaffSession> {
  return apiRequest<StaffSession>({ method: 'POST', path: SIGN_IN_PATHS.sessions, body, signal });
}
