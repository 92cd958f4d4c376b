import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './sign-in';

describe('safeRedirectPath', () => {
  it('follows paths inside the site, query and fragment included', () => {
    expect(safeRedirectPath('/')).toBe('/');
    expect(safeRedirectPath('/service/cornerstone/releases')).toBe('/service/cornerstone/releases');
    expect(safeRedirectPath('/cornerstone/pibs?registrationId=AB-12#top')).toBe(
      '/cornerstone/pibs?registrationId=AB-12#top',
    );
  });

  it.each([
    ['protocol-relative', '//evil.example/service'],
    ['backslash host', '/\\evil.example'],
    ['backslash first', '\\\\evil.example'],
    ['encoded slash', '/%2Fevil.example'],
    ['encoded backslash', '/%5Cevil.example'],
    ['double-encoded slash', '/%252Fevil.example'],
    ['dot segment to //', '/.//evil.example'],
    ['tab inside //', '/\t/evil.example'],
    ['newline inside //', '/\n/evil.example'],
    ['javascript: URL', 'javascript:alert(1)'],
    ['encoded javascript: URL', 'javascript%3Aalert(1)'],
    ['absolute https URL', 'https://evil.example/'],
    ['absolute URL to a path', 'http:/evil.example'],
    ['relative path', 'service'],
    ['empty', ''],
    ['malformed encoding', '/%E0%A4%A'],
    ['the auth page itself', '/auth?bearer=x'],
  ])('refuses %s, falling back to /', (_name, value) => {
    expect(safeRedirectPath(value)).toBe('/');
  });

  it('falls back to / without a value', () => {
    expect(safeRedirectPath(null)).toBe('/');
    expect(safeRedirectPath(undefined)).toBe('/');
  });
});
