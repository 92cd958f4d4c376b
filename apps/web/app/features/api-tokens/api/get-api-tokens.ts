import { API_TOKEN_PATHS, type ApiTokenList } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** The caller's API tokens (an administrator's: everyone's), with their last use. */
export function getApiTokens(signal: AbortSignal): Promise<ApiTokenList> {
  return apiRequest<ApiTokenList>({ path: API_TOKEN_PATHS.tokens, signal });
}
