import type { ChromatofDownload } from '@portal/contracts';
import { apiRequest } from '../../../shared/api/api-client';

/** One download; its `uri` made absolute against the URL it came from. */
export async function getChromatofDownload(
  url: string,
  authorization: string,
  signal: AbortSignal,
): Promise<ChromatofDownload> {
  const download = await apiRequest<ChromatofDownload>({ path: url, authorization, signal });
  return { ...download, uri: new URL(download.uri, url).href };
}
