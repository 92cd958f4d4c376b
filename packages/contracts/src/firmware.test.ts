import { describe, expect, it } from 'vitest';
import {
  firmwareDisplayName,
  firmwareFullName,
  firmwareReleaseName,
  firmwareReleaseNotesPath,
  firmwareUpdatePath,
} from './firmware';

const NOT_THE_PATTERN = [
  '1.2.3',
  '002.002.01',
  'abc',
  '',
  '001.002.0034',
  '0001.002.003',
  '001.002',
  '001-002-003',
  'v003',
  '001.002.003-beta',
  ' 001.002.003',
  'a01.002.003',
];

describe('firmwareDisplayName (SPEC §5)', () => {
  it("shows three digits.three digits.three digits as 'v' plus the last three digits", () => {
    expect(firmwareDisplayName('001.002.003')).toBe('v003');
    expect(firmwareDisplayName('002.002.010')).toBe('v010');
    expect(firmwareDisplayName('002.010.120')).toBe('v120');
    expect(firmwareDisplayName('000.000.000')).toBe('v000');
  });

  it('shows any other name as it is', () => {
    for (const raw of NOT_THE_PATTERN) expect(firmwareDisplayName(raw)).toBe(raw);
  });
});

describe('firmwareFullName', () => {
  it("gives SPEC §5's name and the version as written", () => {
    expect(firmwareFullName('002.002.010')).toBe('v010 (002.002.010)');
  });

  it('gives any other name once, as written', () => {
    for (const raw of NOT_THE_PATTERN) expect(firmwareFullName(raw)).toBe(raw);
  });
});

describe('firmwareReleaseName', () => {
  it('names the series, then both names of a version of the pattern', () => {
    expect(firmwareReleaseName('PX', '002.002.010')).toBe('PX firmware v010 (002.002.010)');
  });

  it('names any other version once, as written', () => {
    for (const raw of NOT_THE_PATTERN) expect(firmwareReleaseName('MX', raw)).toBe(`MX firmware ${raw}`);
  });
});

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
