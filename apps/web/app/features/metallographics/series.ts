import type { ComponentType } from 'react';
import { CxIcon, MxIcon, PxIcon, type IconProps } from '../../shared/components/icons';
import { DESTINATIONS, type Destination } from '../../shared/navigation/navigation';
import { SITE_LINKS, type SeriesLinks } from '../../shared/site-links';
import * as m from './metallographics.messages';

export interface Series {
  shortName: string;
  destination: Destination;
  firmware: Destination;
  /** What the series is, in the page's language: read when a page renders, as every message is. */
  summary: () => string;
  links: SeriesLinks;
  /** Drawn on its tile and page header. */
  icon: ComponentType<IconProps>;
}

export const SERIES = {
  px: {
    shortName: 'PX',
    destination: DESTINATIONS.px,
    firmware: DESTINATIONS.pxFirmware,
    summary: () => m.pxSummary,
    links: SITE_LINKS.series.px,
    icon: PxIcon,
  },
  mx: {
    shortName: 'MX',
    destination: DESTINATIONS.mx,
    firmware: DESTINATIONS.mxFirmware,
    summary: () => m.mxSummary,
    links: SITE_LINKS.series.mx,
    icon: MxIcon,
  },
  cx: {
    shortName: 'CX',
    destination: DESTINATIONS.cx,
    firmware: DESTINATIONS.cxFirmware,
    summary: () => m.cxSummary,
    links: SITE_LINKS.series.cx,
    icon: CxIcon,
  },
} as const satisfies Record<string, Series>;
