import { PASSWORD_RESET_PATHS, type PasswordResetStatus, type PasswordResetUpdate } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

export function putAuthorizedAdmins(body: PasswordResetUpdate, signal: AbortSignal): Promise<PasswordResetStatus> {
  return apiRequest<PasswordResetStatus>({ method: 'PUT', path: PASSWORD_RESET_PATHS.reset, body, signal });
}
