import { parseReleaseReferenceKey } from '@portal/contracts';
import { DESTINATIONS } from '../../../shared/navigation/navigation';

/**
 * The lookup where a customer gets a release, for a remediation's "update to": the offline
 * installer lookup for Cornerstone, the ChromaTOF page, the series' firmware page.
 */
export function releaseLookupHref(key: string): string | undefined {
  const reference = parseReleaseReferenceKey(key);
  if (!reference) return undefined;
  switch (reference.kind) {
    case 'cornerstone':
      return DESTINATIONS.cornerstoneOffline.url;
    case 'chromatof':
      return DESTINATIONS.chromatof.url;
    case 'firmware':
      return { PX: DESTINATIONS.pxFirmware, MX: DESTINATIONS.mxFirmware, CX: DESTINATIONS.cxFirmware }[
        reference.instrument
      ].url;
  }
}
