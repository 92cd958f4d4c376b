import type { ComponentType } from 'react';
import { CxIcon, MxIcon, PxIcon, type IconProps } from '../../shared/components/icons';
import { DESTINATIONS, type Destination } from '../../shared/navigation/navigation';
import { SITE_LINKS, type SeriesLinks } from '../../shared/site-links';

export interface Series {
  shortName: string;
  destination: Destination;
  firmware: Destination;
  summary: string;
  links: SeriesLinks;
  /** Drawn on its tile and page header. */
  icon: ComponentType<IconProps>;
}

export const SERIES = {
  px: {
    shortName: 'PX',
    destination: DESTINATIONS.px,
    firmware: DESTINATIONS.pxFirmware,
    summary: 'Grinder/polishers, the PX400 and PX500.',
    links: SITE_LINKS.series.px,
    icon: PxIcon,
  },
  mx: {
    shortName: 'MX',
    destination: DESTINATIONS.mx,
    firmware: DESTINATIONS.mxFirmware,
    summary: 'Mounting presses.',
    links: SITE_LINKS.series.mx,
    icon: MxIcon,
  },
  cx: {
    shortName: 'CX',
    destination: DESTINATIONS.cx,
    firmware: DESTINATIONS.cxFirmware,
    summary: 'Cutting-off machines.',
    links: SITE_LINKS.series.cx,
    icon: CxIcon,
  },
} as const satisfies Record<string, Series>;
