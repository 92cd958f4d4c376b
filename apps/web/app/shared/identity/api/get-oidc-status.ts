import { OIDC_PATHS, type OidcStatus } from '@portal/contracts';
import { apiRequest } from '../../api/api-client';

/** `GET OIDC_PATHS.status`: whether the identity provider can be reached now. */
export function getOidcStatus(signal?: AbortSignal): Promise<OidcStatus> {
  return apiRequest<OidcStatus>({ path: OIDC_PATHS.status, signal });
}
