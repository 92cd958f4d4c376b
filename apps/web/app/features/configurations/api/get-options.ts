import { CONFIGURATIONS_PATHS, type Options } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** Every option code with its description (staff: the stored bearer goes). */
export function getOptions(signal: AbortSignal): Promise<Options> {
  return apiRequest<Options>({ path: CONFIGURATIONS_PATHS.options, signal });
}
