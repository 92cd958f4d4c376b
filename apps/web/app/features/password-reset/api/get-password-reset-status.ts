import { passwordResetStatusPath, type PasswordResetStatus } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

export function getPasswordResetStatus(registrationId: string, signal: AbortSignal): Promise<PasswordResetStatus> {
  return apiRequest<PasswordResetStatus>({ path: passwordResetStatusPath(registrationId), signal });
}
