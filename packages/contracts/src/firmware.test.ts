import { describe, expect, it } from 'vitest';
import { firmwareDisplayName, firmwareUpdatePath } from './firmware';

describe('firmwareDisplayName (SPEC §5)', () => {
  it("shows three digits.three digits.three digits as 'v' plus the last three digits", () => {
    expect(firmwareDisplayName('001.002.003')).toBe('v003');
    expect(firmwareDisplayName('002.010.120')).toBe('v120');
    expect(firmwareDisplayName('000.000.000')).toBe('v000');
  });

  it('shows any other name as it is', () => {
    for (const raw of [
      '1.2.3',
      '001.002.0034',
      '0001.002.003',
      '001.002',
      '001-002-003',
      'v003',
      '001.002.003-beta',
      ' 001.002.003',
      'a01.002.003',
    ]) {
      expect(firmwareDisplayName(raw)).toBe(raw);
    }
  });
});

describe('firmwareUpdatePath (SPEC §7)', () => {
  it('is firmware/{version}/update.zip', () => {
    expect(firmwareUpdatePath('001.002.003')).toBe('/firmware/001.002.003/update.zip');
  });
});
