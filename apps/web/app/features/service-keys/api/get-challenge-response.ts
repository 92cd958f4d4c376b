import { serviceKeyChallengePath, type ServiceKeyResponse } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

export function getChallengeResponse(challengeKey: string, signal: AbortSignal): Promise<ServiceKeyResponse> {
  return apiRequest<ServiceKeyResponse>({ path: serviceKeyChallengePath(challengeKey), signal });
}
