import { USAGE_PATHS, type UsageRangeDays, type UsageReport } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

export function getUsage(days: UsageRangeDays, signal: AbortSignal): Promise<UsageReport> {
  return apiRequest<UsageReport>({ path: USAGE_PATHS.usage, query: { days: String(days) }, signal });
}
