import { describe, expect, it } from 'vitest';
import { presentationHeaders } from '../file-delivery';
import type { FileRecord } from './catalogue-snapshot';
import { fileDetails } from './file-details';

const record = (name: string, contentType: string): FileRecord => ({
  id: '0b7c',
  blobKey: 'blob',
  name,
  contentType,
  sizeBytes: 1234,
  sha256: 'a'.repeat(64),
  publishedAt: '2026-01-01T00:00:00.000Z',
});

describe('fileDetails', () => {
  it('answers what the file is, and whether its link opens inline', () => {
    expect(fileDetails(record('DSV-Cornerstone-2.8.1.pdf', 'application/pdf'))).toEqual({
      fileName: 'DSV-Cornerstone-2.8.1.pdf',
      contentType: 'application/pdf',
      inline: true,
      sizeBytes: 1234,
      sha256: 'a'.repeat(64),
      publishedAt: '2026-01-01T00:00:00.000Z',
    });
  });

  it('says inline exactly when the file delivery sends it inline: by content type, never by name', () => {
    const cases = [
      record('Manual.pdf', 'Application/PDF; charset=binary'),
      record('Cornerstone-2.8.1-Offline.zip', 'application/zip'),
      record('notes.pdf', 'application/octet-stream'),
      record('scan', 'application/pdf'),
      record('page.html', 'text/html'),
      record('Release-Notes.txt', 'text/plain; charset=utf-8'),
    ];
    expect(cases.map((file) => fileDetails(file).inline)).toEqual([true, false, false, true, false, false]);
    for (const file of cases) {
      const disposition = presentationHeaders(file.contentType, file.name)['content-disposition']!;
      expect(disposition.startsWith('inline;')).toBe(fileDetails(file).inline);
    }
  });
});
