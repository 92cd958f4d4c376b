import { describe, expect, it } from 'vitest';
import { isTranslatedPage, languageOfPath, pathInLanguage, pathWithoutLanguage } from './languages';

describe('the addresses of the languages', () => {
  it('read the language from the prefix, English without one', () => {
    expect(languageOfPath('/')).toBe('en');
    expect(languageOfPath('/cornerstone/offline')).toBe('en');
    expect(languageOfPath('/de')).toBe('de');
    expect(languageOfPath('/de/cornerstone/offline')).toBe('de');
    expect(languageOfPath('/zh-hans/404')).toBe('zh-Hans');
    expect(languageOfPath('/en-xa')).toBe('en-XA');
    // A first segment that only starts like a prefix is not one.
    expect(languageOfPath('/design')).toBe('en');
    expect(languageOfPath('/security/ACME-SA-1')).toBe('en');
  });

  it('put an English address in a language and back, its query kept', () => {
    expect(pathInLanguage('/', 'de')).toBe('/de');
    expect(pathInLanguage('/?from=mail', 'fr')).toBe('/fr?from=mail');
    expect(pathInLanguage('/cornerstone/offline?registrationId=X', 'ja')).toBe(
      '/ja/cornerstone/offline?registrationId=X',
    );
    expect(pathInLanguage('/cornerstone', 'en')).toBe('/cornerstone');
    expect(pathWithoutLanguage('/de')).toBe('/');
    expect(pathWithoutLanguage('/zh-hans/cornerstone/offline')).toBe('/cornerstone/offline');
    expect(pathWithoutLanguage('/cornerstone')).toBe('/cornerstone');
  });

  it('offer only the pages translated in every language', () => {
    expect(isTranslatedPage('/')).toBe(true);
    expect(isTranslatedPage('/404')).toBe(true);
    expect(isTranslatedPage('/cornerstone/offline')).toBe(true);
    expect(isTranslatedPage('/cornerstone/dsvs')).toBe(true);
    expect(isTranslatedPage('/cornerstone/pibs?registrationId=X'.split('?')[0]!)).toBe(true);
    expect(isTranslatedPage('/cornerstone/')).toBe(true);
    expect(isTranslatedPage('/privacy')).toBe(true);
    expect(isTranslatedPage('/service/releases')).toBe(false);
    // A page with a parameter, rendered in the browser: every address of its route.
    expect(isTranslatedPage('/security/ACME-SA-2026-0001')).toBe(true);
    expect(isTranslatedPage('/security/:advisoryId')).toBe(true);
    expect(isTranslatedPage('/security/ACME-SA-2026-0001/more')).toBe(false);
    // The pages a broken download link and a feed entry lead to, their words read from the query.
    expect(isTranslatedPage('/download-link')).toBe(true);
    expect(isTranslatedPage('/feed-file')).toBe(true);
    expect(isTranslatedPage('/download-link/more')).toBe(false);
  });
});
