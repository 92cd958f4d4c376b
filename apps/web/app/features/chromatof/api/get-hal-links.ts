import type { HalLink, HalLinks } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/**
 * The entries of a HAL document's `_links`, in order, each href made absolute against the
 * URL it came from (so an endpoint on another host hands out links to itself).
 */
export async function getHalLinks(url: string, authorization: string, signal: AbortSignal): Promise<HalLink[]> {
  const document = await apiRequest<HalLinks>({ path: url, authorization, signal });
  return Object.values(document._links ?? {}).map((link) => ({ ...link, href: new URL(link.href, url).href }));
}
