import { bearerAuthorization, SIGN_IN_PATHS } from '@portal/contracts';
import { apiRequest } from '../../api/api-client';

/** `DELETE SIGN_IN_PATHS.session`: the server revokes the session of this bearer (sign out). */
export function endSession(bearer: string, signal?: AbortSignal): Promise<void> {
  return apiRequest<void>({
    method: 'DELETE',
    path: SIGN_IN_PATHS.session,
    authorization: bearerAuthorization(bearer),
    signal,
  });
}
