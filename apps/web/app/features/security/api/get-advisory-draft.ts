import { ADVISORY_PATHS, type AdvisoryDraft } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { advisoryApiPath } from './advisory-path';

export function getAdvisoryDraft(id: string, signal: AbortSignal): Promise<AdvisoryDraft> {
  return apiRequest<AdvisoryDraft>({ path: advisoryApiPath(ADVISORY_PATHS.draft, { id }), signal });
}
