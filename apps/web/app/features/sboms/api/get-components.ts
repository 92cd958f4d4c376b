import { COMPONENTS_PATHS, type ComponentSearchResult } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** The published releases whose SBOM has a matching component (staff; the stored bearer goes with it). */
export function getComponents(
  search: { q: string; version: string },
  signal: AbortSignal,
): Promise<ComponentSearchResult> {
  const query = { q: search.q, version: search.version || undefined };
  return apiRequest<ComponentSearchResult>({ path: COMPONENTS_PATHS.search, query, signal });
}
