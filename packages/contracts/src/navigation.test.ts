import { describe, expect, it } from 'vitest';
import { REDIRECTS, redirectTarget } from './navigation';

describe('redirectTarget', () => {
  it('sends every old address of SPEC §2 to its new place', () => {
    expect(Object.fromEntries(REDIRECTS.map(({ from }) => [from, redirectTarget(from)]))).toEqual({
      '/cornerstone/service': '/service',
      '/cornerstone/service/releases': '/service/cornerstone/releases',
      '/cornerstone/service/products-options': '/service/cornerstone/products-options',
      '/cornerstone/service/service-mode': '/service/cornerstone/service-mode',
      '/cornerstone/service/password-reset': '/service/cornerstone/password-reset',
      '/mx': '/metallographics/mx',
      '/px': '/metallographics/px',
      '/px/firmware': '/metallographics/px/firmware',
    });
  });

  it('keeps the query string and the fragment', () => {
    expect(redirectTarget('/px/firmware?lang=de#step-2')).toBe('/metallographics/px/firmware?lang=de#step-2');
  });

  it('ignores a trailing slash and letter case, as people type them', () => {
    expect(redirectTarget('/MX/')).toBe('/metallographics/mx');
  });

  it('leaves current and unknown addresses alone', () => {
    expect(redirectTarget('/metallographics/px')).toBeUndefined();
    expect(redirectTarget('/cx')).toBeUndefined();
    expect(redirectTarget('/px/firmware/extra')).toBeUndefined();
  });
});
