import { describe, expect, it } from 'vitest';
import { firmwareReleaseNotesPath, firmwareUpdatePath } from './firmware';

describe('firmwareUpdatePath (SPEC §7)', () => {
  it('is firmware/{version}/update.zip', () => {
    expect(firmwareUpdatePath('001.002.003')).toBe('/firmware/001.002.003/update.zip');
  });
});

describe('firmwareReleaseNotesPath', () => {
  it('is firmware/{version}/release-notes.txt', () => {
    expect(firmwareReleaseNotesPath('001.002.003')).toBe('/firmware/001.002.003/release-notes.txt');
  });
});
