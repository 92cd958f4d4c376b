import { afterEach, describe, expect, it } from 'vitest';
import { renderIn } from '../i18n/server-language';
import { toldInPageLanguage, type FailureTexts } from './in-page-language';
import type { Failure } from './outcome';

const texts: FailureTexts = {
  byCode: { 'feed-replaced': 'Diese Feed-Adresse wurde ersetzt.' },
  byStatus: (status) => (status === 0 ? 'Keine Antwort.' : status === 503 ? 'Gleich wieder da.' : undefined),
};
const failed = (status: number | null, code?: string): Failure => ({
  kind: 'failed',
  message: 'The English of the server.',
  status,
  code,
});

describe('a failure on a customer page', () => {
  afterEach(() => renderIn('en'));

  it("is told in the page's language by its code first, then by its status, else in the server's English", () => {
    renderIn('de');
    expect(toldInPageLanguage(failed(410, 'feed-replaced'), texts).message).toBe('Diese Feed-Adresse wurde ersetzt.');
    // A code the page has no words for, or none at all (an older server): its status.
    expect(toldInPageLanguage(failed(503, 'database-unavailable'), texts).message).toBe('Gleich wieder da.');
    expect(toldInPageLanguage(failed(0), texts).message).toBe('Keine Antwort.');
    expect(toldInPageLanguage(failed(418), texts).message).toBe('The English of the server.');
  });

  it("keeps the server's words on an English page, and a fault of ours or a refusal as they are", () => {
    expect(toldInPageLanguage(failed(410, 'feed-replaced'), texts).message).toBe('The English of the server.');
    renderIn('de');
    expect(toldInPageLanguage(failed(null), texts).message).toBe('The English of the server.');
    const rejected: Failure = { kind: 'rejected', message: 'Ungültige Registrierungs-ID' };
    expect(toldInPageLanguage(rejected, texts)).toBe(rejected);
  });
});
