import { SERVICE_KEYS_PATHS, type ExpiringServiceKey } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

export function getExpiringKey(signal: AbortSignal): Promise<ExpiringServiceKey> {
  return apiRequest<ExpiringServiceKey>({ path: SERVICE_KEYS_PATHS.expiring, signal });
}
