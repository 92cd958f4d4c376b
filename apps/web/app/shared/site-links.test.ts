import { describe, expect, it } from 'vitest';
import { siteLinks } from './site-links';

describe('site links', () => {
  it('takes an address from the build environment', () => {
    const links = siteLinks({ VITE_PX_SIMULATOR_URL: ' https://sim.maker.test/px ' });
    expect(links.series.px.simulator).toBe('https://sim.maker.test/px');
  });

  it('keeps the default for an unset, blank or non-https address', () => {
    const defaults = siteLinks({});
    for (const value of [undefined, '', '   ', 'http://insecure.test/x.exe', 'javascript:alert(1)']) {
      expect(siteLinks({ VITE_CORNERSTONE_WEB_INSTALLER_URL: value }).cornerstoneWebInstaller).toBe(
        defaults.cornerstoneWebInstaller,
      );
    }
    expect(defaults.cornerstoneWebInstaller).toMatch(/^https:\/\/.+\.exe$/);
  });

  it('gives the PX series its methods manager and product page, MX and CX a simulator only', () => {
    const { series } = siteLinks({});
    expect(Object.keys(series.px).sort()).toEqual(['methodsManager', 'productPage', 'simulator']);
    expect(Object.keys(series.mx)).toEqual(['simulator']);
    expect(Object.keys(series.cx)).toEqual(['simulator']);
  });
});
