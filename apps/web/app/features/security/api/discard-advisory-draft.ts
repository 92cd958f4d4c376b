import { ADVISORY_PATHS } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';
import { advisoryApiPath } from './advisory-path';

export function discardAdvisoryDraft(id: string, signal?: AbortSignal): Promise<void> {
  return apiRequest<void>({ method: 'DELETE', path: advisoryApiPath(ADVISORY_PATHS.draft, { id }), signal });
}
