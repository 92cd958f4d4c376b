import { VALIDATION_DOCS_PATHS, registrationIdAuthorization, type DsvMap } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

export function getDsvs(registrationId: string, signal: AbortSignal): Promise<DsvMap> {
  return apiRequest<DsvMap>({
    path: VALIDATION_DOCS_PATHS.dsvs,
    authorization: registrationIdAuthorization(registrationId),
    signal,
  });
}
