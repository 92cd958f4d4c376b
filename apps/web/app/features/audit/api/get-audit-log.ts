import { AUDIT_PATHS, type AuditPage, type AuditQuery } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** One page of the log, newest first, as its filters select. */
export function getAuditLog({ before, limit, ...filters }: AuditQuery, signal: AbortSignal): Promise<AuditPage> {
  return apiRequest<AuditPage>({
    path: AUDIT_PATHS.log,
    query: { ...filters, before: before === undefined ? undefined : String(before), limit: String(limit) },
    signal,
  });
}
