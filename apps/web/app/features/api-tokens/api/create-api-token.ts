import { API_TOKEN_PATHS, type CreateApiToken, type CreatedApiToken } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** Creates an API token for publishing: the answer is the only place the token appears. */
export function createApiToken(body: CreateApiToken, signal: AbortSignal): Promise<CreatedApiToken> {
  return apiRequest<CreatedApiToken>({ method: 'POST', path: API_TOKEN_PATHS.tokens, body, signal });
}
