import { BULLETINS_PATHS, type Pib } from '@portal/contracts';
import { apiRequest } from './api-client';

/**
 * `authorization` is `Hasp id=…` (Cornerstone registration ID) or `Rainbow id=…` (ChromaTOF
 * key ID); without it the stored staff bearer goes (every PIB). Shared: the PIB lookups and
 * the release matrix both read this endpoint.
 */
export function getBulletins(authorization: string | undefined, signal: AbortSignal): Promise<Pib[]> {
  return apiRequest<Pib[]>({ path: BULLETINS_PATHS.bulletins, authorization, signal });
}
