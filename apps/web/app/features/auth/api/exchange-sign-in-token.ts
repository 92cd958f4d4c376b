import type { SignInExchange, StaffSession } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** `POST /v1/auth/sessions`: spend the one-time token of a sign-in link for a session bearer. */
export function exchangeSignInToken(body: SignInExchange, signal?: AbortSignal): Promise<StaffSession> {
  return apiRequest<StaffSession>({ method: 'POST', path: '/v1/auth/sessions', body, signal });
}
