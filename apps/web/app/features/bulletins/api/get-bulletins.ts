import { BULLETINS_PATHS, type Pib } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** `authorization` is `Hasp id=…` (Cornerstone registration ID) or `Rainbow id=…` (ChromaTOF key ID). */
export function getBulletins(authorization: string, signal: AbortSignal): Promise<Pib[]> {
  return apiRequest<Pib[]>({ path: BULLETINS_PATHS.bulletins, authorization, signal });
}
