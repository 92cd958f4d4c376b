import { PEOPLE_PATHS, type Me } from '@portal/contracts';
import { apiRequest } from '../../api/api-client';

/** The signed-in person's own roles, and who the administrators are. */
export function getMe(signal: AbortSignal): Promise<Me> {
  return apiRequest<Me>({ path: PEOPLE_PATHS.me, signal });
}
