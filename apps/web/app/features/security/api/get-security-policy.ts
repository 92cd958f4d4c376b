import { ADVISORY_PATHS, type SecurityPolicy } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** The contact for vulnerability reports and the machine-readable addresses the policy page shows. */
export function getSecurityPolicy(signal: AbortSignal): Promise<SecurityPolicy> {
  return apiRequest<SecurityPolicy>({ path: ADVISORY_PATHS.policy, signal });
}
