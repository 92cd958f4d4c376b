import { describe, expect, it } from 'vitest';
import { offeredLanguage, shippedLanguageOf } from './offered-language';

describe('the language offered to a browser', () => {
  it('is the first of its languages the portal has, Simplified Chinese for zh-CN but not zh-TW', () => {
    expect(shippedLanguageOf('de-AT')).toBe('de');
    expect(shippedLanguageOf('zh-CN')).toBe('zh-Hans');
    expect(shippedLanguageOf('zh-Hans-SG')).toBe('zh-Hans');
    expect(shippedLanguageOf('zh')).toBe('zh-Hans');
    expect(shippedLanguageOf('zh-TW')).toBeUndefined();
    expect(shippedLanguageOf('zh-Hant')).toBeUndefined();
    expect(shippedLanguageOf('it')).toBeUndefined();
    expect(offeredLanguage('/', ['it-IT', 'it', 'fr-FR', 'de'])).toBe('fr');
  });

  it("is none when the page is already in the browser's first language, or is not translated", () => {
    expect(offeredLanguage('/de', ['de-DE', 'en'])).toBeUndefined();
    expect(offeredLanguage('/', ['en-GB', 'de'])).toBeUndefined();
    expect(offeredLanguage('/service/releases', ['ja'])).toBeUndefined();
    expect(offeredLanguage('/en-xa', ['de'])).toBeUndefined();
    expect(offeredLanguage('/de', ['ja-JP'])).toBe('ja');
  });
});
