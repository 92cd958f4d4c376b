import { DESTINATIONS as D, PUBLIC_ADVISORY, type Destination } from './navigation';
import * as m from './places.messages';

/**
 * A place's name in the page's language, as the menu and the breadcrumbs show it. Read when a
 * page renders (the prerendering switches the messages per page); the staff tools, which are
 * English only, keep the registry's title.
 */
export function placeName(destination: Destination): string {
  const names: [Destination, string][] = [
    [D.home, m.home],
    [D.cornerstone, m.cornerstone],
    [D.cornerstoneMobile, m.cornerstoneMobile],
    [D.cornerstoneOffline, m.offlineInstaller],
    [D.cornerstonePibs, m.pibs],
    [D.cornerstoneDsvs, m.softwareValidation],
    [D.chromatof, m.chromatof],
    [D.chromatofPibs, m.chromatofPibs],
    [D.metallographics, m.metallographics],
    [D.px, m.pxSeries],
    [D.mx, m.mxSeries],
    [D.cx, m.cxSeries],
    [D.pxFirmware, m.pxFirmware],
    [D.mxFirmware, m.mxFirmware],
    [D.cxFirmware, m.cxFirmware],
    [D.service, m.service],
    [D.privacy, m.privacy],
    [D.security, m.securityAdvisoriesPage],
    [D.securityPolicy, m.reportingVulnerability],
    [PUBLIC_ADVISORY, m.advisory],
  ];
  return names.find(([place]) => place === destination)?.[1] ?? destination.title;
}
