import { AUDIT_PATHS, type AuditExportQuery } from '@portal/contracts';
import { apiDownload } from '../../../shared/api/api-client';

/** Every row the filters select, as CSV, oldest first. */
export function getAuditExport(filters: AuditExportQuery, signal: AbortSignal): Promise<Blob> {
  return apiDownload({ path: AUDIT_PATHS.export, query: { ...filters }, signal }, 'text/csv');
}
