import { AUDIT_PATHS, type AuditVerification } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** The hash chain, checked by the server now: intact, or where it breaks. */
export function getAuditVerification(signal: AbortSignal): Promise<AuditVerification> {
  return apiRequest<AuditVerification>({ path: AUDIT_PATHS.verification, signal });
}
