import { RELEASES_PATHS, registrationIdAuthorization, type Families } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

export function getFamilies(registrationId: string, signal: AbortSignal): Promise<Families> {
  return apiRequest<Families>({
    path: RELEASES_PATHS.families,
    authorization: registrationIdAuthorization(registrationId),
    signal,
  });
}
