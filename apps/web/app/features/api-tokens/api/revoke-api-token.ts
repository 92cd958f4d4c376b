import { API_TOKEN_PATHS } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** Revokes an API token: refused at once on every portal. */
export function revokeApiToken(tokenId: string, signal: AbortSignal): Promise<void> {
  return apiRequest<void>({
    method: 'DELETE',
    path: API_TOKEN_PATHS.token.replace(':tokenId', encodeURIComponent(tokenId)),
    signal,
  });
}
