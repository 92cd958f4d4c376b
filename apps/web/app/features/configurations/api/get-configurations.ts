import { CONFIGURATIONS_PATHS, type Configurations } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** Every product configuration of every family and version (staff: the stored bearer goes). */
export function getConfigurations(signal: AbortSignal): Promise<Configurations> {
  return apiRequest<Configurations>({ path: CONFIGURATIONS_PATHS.configurations, signal });
}
