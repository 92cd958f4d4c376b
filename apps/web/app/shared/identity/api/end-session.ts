import { apiRequest } from '../../api/api-client';

/** `DELETE /v1/auth/session`: the server revokes the session of this bearer (sign out). */
export function endSession(bearer: string, signal?: AbortSignal): Promise<void> {
  return apiRequest<void>({ method: 'DELETE', path: '/v1/auth/session', authorization: `Bearer ${bearer}`, signal });
}
