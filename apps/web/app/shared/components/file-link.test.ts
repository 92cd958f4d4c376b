import { describe, expect, it } from 'vitest';
import { opensInBrowser } from './file-link';

describe('which files open in the browser', () => {
  it('is a PDF by the name the download link ends in, whatever its case or query', () => {
    expect(opensInBrowser('/v1/files/0b7c/DSV-Cornerstone-2.10.0.pdf?expires=1&grant=staff&signature=x')).toBe(true);
    expect(opensInBrowser('/v1/files/0b7c/Manual%20v2.PDF')).toBe(true);
    expect(opensInBrowser('/v1/files/0b7c/Cornerstone-2.8.1-Offline.zip?expires=1')).toBe(false);
    expect(opensInBrowser('/v1/files/0b7c/notes.pdf.zip')).toBe(false);
    expect(opensInBrowser('/v1/files/0b7c/%E0%A4%A.pdf')).toBe(true);
  });
});
