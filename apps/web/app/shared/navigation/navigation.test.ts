import { describe, expect, it } from 'vitest';
import {
  DESTINATIONS,
  NAVIGATION_GROUPS,
  activeGroup,
  breadcrumbTrail,
  href,
  isDropdown,
  menuItems,
} from './navigation';

const titles = (items: readonly { title: string }[]) => items.map((item) => item.title);

describe('the menu', () => {
  it('offers four groups; a group with one child is a plain link', () => {
    expect(NAVIGATION_GROUPS.map((group) => [group.title, isDropdown(group)])).toEqual([
      ['Cornerstone', true],
      ['ChromaTOF', true],
      ['Metallographics', true],
      ['Service', false],
    ]);
  });

  it('never shows the firmware pages as menu items, though they are in the registry', () => {
    const metallographics = NAVIGATION_GROUPS.find((group) => group.title === 'Metallographics')!;
    expect(titles(menuItems(metallographics))).toEqual(['Metallographics', 'PX Series', 'MX Series', 'CX Series']);
    expect(metallographics.children).toContain(DESTINATIONS.pxFirmware);
    const everyMenuUrl = NAVIGATION_GROUPS.flatMap((group) => menuItems(group).map((item) => item.url));
    expect(everyMenuUrl.filter((url) => url.endsWith('/firmware'))).toEqual([]);
  });

  it('lists each URL once in the registry', () => {
    const urls = Object.values(DESTINATIONS).map((destination) => destination.url);
    expect(new Set(urls).size).toBe(urls.length);
  });
});

describe('activeGroup', () => {
  const active = (location: string) => activeGroup(location)?.title;

  it('highlights the group whose URL prefixes the path, ignoring the query string', () => {
    expect(active('/cornerstone')).toBe('Cornerstone');
    expect(active('/cornerstone/pibs?registrationId=ABC-123')).toBe('Cornerstone');
    expect(active('/chromatof/pibs?registrationId=/metallographics')).toBe('ChromaTOF');
    expect(active('/metallographics/px/firmware')).toBe('Metallographics');
    expect(active('/service/cornerstone/releases')).toBe('Service');
  });

  it('matches whole path segments only', () => {
    expect(active('/cornerstones')).toBeUndefined();
    expect(active('/servicemode')).toBeUndefined();
  });

  it('highlights nothing on Home, the privacy page or an unknown path', () => {
    expect(active('/')).toBeUndefined();
    expect(active('/?registrationId=1')).toBeUndefined();
    expect(active('/privacy')).toBeUndefined();
    expect(active('/no/such/page')).toBeUndefined();
  });
});

describe('breadcrumbTrail', () => {
  it('is hidden on Home', () => {
    expect(breadcrumbTrail('/')).toEqual([]);
  });

  it('runs from Home to the current page', () => {
    expect(titles(breadcrumbTrail('/cornerstone/mobile'))).toEqual(['Home', 'Cornerstone', 'Cornerstone Mobile']);
    expect(titles(breadcrumbTrail('/service/cornerstone/service-mode'))).toEqual(['Home', 'Service', 'Service Mode']);
  });

  it('leads through the series page to a hidden firmware page', () => {
    expect(titles(breadcrumbTrail('/metallographics/mx/firmware/'))).toEqual([
      'Home',
      'Metallographics',
      'MX Series',
      'MX Firmware',
    ]);
  });

  it('ignores the query string and is empty for an unknown path', () => {
    expect(titles(breadcrumbTrail('/cornerstone/pibs?registrationId=1'))).toEqual(['Home', 'Cornerstone', 'PIBs']);
    expect(breadcrumbTrail('/no/such/page')).toEqual([]);
  });
});

describe('href', () => {
  it('gives a destination its registry URL, with the typed query when there is one', () => {
    expect(href('home')).toBe('/');
    expect(href('serviceReleases')).toBe('/service/cornerstone/releases');
    expect(href('cornerstonePibs')).toBe('/cornerstone/pibs');
    expect(href('chromatofPibs', { registrationId: 'A B&C' })).toBe('/chromatof/pibs?registrationId=A+B%26C');
  });

  it('leaves out the query keys that are not given', () => {
    expect(href('serviceProductsOptions', { family: 'ONH', filter: undefined })).toBe(
      '/service/cornerstone/products-options?family=ONH',
    );
    expect(href('serviceReleases', {})).toBe('/service/cornerstone/releases');
  });
});
