import { PASSWORD_RESET_PATHS, type PasswordResetSend, type PasswordResetSent } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

export function postResponseKey(body: PasswordResetSend, signal: AbortSignal): Promise<PasswordResetSent> {
  return apiRequest<PasswordResetSent>({ method: 'POST', path: PASSWORD_RESET_PATHS.reset, body, signal });
}
