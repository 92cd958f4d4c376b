import type { PublishedFile } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { fileFilterOf, filesMatching, onlyFileFilterDiffers } from './published-files-filter';

const file = (name: string, sha256: string, uses: PublishedFile['uses'], withdrawn = false): PublishedFile => ({
  id: name,
  name,
  contentType: 'application/zip',
  sizeBytes: 1,
  sha256,
  publishedAt: '2026-11-01T00:00:00.000Z',
  uses,
  withdrawn: withdrawn ? { at: '2026-11-02T00:00:00.000Z', by: 'p@example.com', reason: 'Replaced' } : null,
});

const files = [
  file('Cornerstone-2.10.0-Setup.zip', 'ab12'.padEnd(64, '0'), [{ section: 'versions', key: 'Cornerstone 2.10.0' }]),
  file('PIB-2.10.0-std.pdf', 'cd34'.padEnd(64, '0'), [{ section: 'pibs', key: 'Cornerstone 2.10.0 std' }], true),
  file('Tile-2.0.0.zip', 'ef56'.padEnd(64, '0'), [
    { section: 'chromatofFiles', key: 'ChromaTOF Tile 2.0.0 Installer' },
  ]),
];
const names = (shown: PublishedFile[]) => shown.map((shownFile) => shownFile.name);

describe('the published files filter', () => {
  it('finds a file by its name, the start of its SHA-256, or where it is published, in any case', () => {
    expect(names(filesMatching(files, { text: 'setup', state: 'all' }))).toEqual(['Cornerstone-2.10.0-Setup.zip']);
    expect(names(filesMatching(files, { text: 'CD34', state: 'all' }))).toEqual(['PIB-2.10.0-std.pdf']);
    // Only a prefix of the SHA-256 counts: "0000" is inside every one of them.
    expect(names(filesMatching(files, { text: '0000', state: 'all' }))).toEqual([]);
    expect(names(filesMatching(files, { text: 'PIBs Cornerstone', state: 'all' }))).toEqual(['PIB-2.10.0-std.pdf']);
    expect(names(filesMatching(files, { text: 'chromatof files', state: 'all' }))).toEqual(['Tile-2.0.0.zip']);
    expect(names(filesMatching(files, { text: '2.10.0', state: 'all' }))).toHaveLength(2);
    expect(names(filesMatching(files, { text: '  ', state: 'all' }))).toHaveLength(3);
  });

  it('keeps only live or only withdrawn files, together with the text', () => {
    expect(names(filesMatching(files, { text: '', state: 'withdrawn' }))).toEqual(['PIB-2.10.0-std.pdf']);
    expect(names(filesMatching(files, { text: '2.10.0', state: 'live' }))).toEqual(['Cornerstone-2.10.0-Setup.zip']);
  });

  it('reads the filter from the URL, showing every file for a state it does not know', () => {
    expect(fileFilterOf(new URLSearchParams('file=pib&show=withdrawn'))).toEqual({ text: 'pib', state: 'withdrawn' });
    expect(fileFilterOf(new URLSearchParams('show=gone'))).toEqual({ text: '', state: 'all' });
  });

  it('tells a change of the filter alone from one that needs the data again', () => {
    const at = (search: string) => new URL(`https://portal.example/service/publishing${search}`);
    expect(onlyFileFilterDiffers(at(''), at('?file=pib&show=live'))).toBe(true);
    expect(onlyFileFilterDiffers(at('?file=pib'), at('?file=pib&change=3'))).toBe(false);
    expect(onlyFileFilterDiffers(at(''), new URL('https://portal.example/service'))).toBe(false);
  });
});
