import { SIGN_IN_PATHS, type SignInRequest, type SignInRequestAccepted } from '@portal/contracts';
import { apiRequest } from '../../api/api-client';

/** `PUT SIGN_IN_PATHS.linkRequests`: e-mail a sign-in link that returns to redirectPath. */
export function requestSignIn(body: SignInRequest, signal?: AbortSignal): Promise<SignInRequestAccepted> {
  return apiRequest<SignInRequestAccepted>({ method: 'PUT', path: SIGN_IN_PATHS.linkRequests, body, signal });
}
