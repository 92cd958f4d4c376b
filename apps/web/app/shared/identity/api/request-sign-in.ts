import type { SignInRequest, SignInRequestAccepted } from '@portal/contracts';
import { apiRequest } from '../../api/api-client';

/** `PUT /v1/auth/redirects/requests`: e-mail a sign-in link that returns to redirectPath. */
export function requestSignIn(body: SignInRequest, signal?: AbortSignal): Promise<SignInRequestAccepted> {
  return apiRequest<SignInRequestAccepted>({ method: 'PUT', path: '/v1/auth/redirects/requests', body, signal });
}
