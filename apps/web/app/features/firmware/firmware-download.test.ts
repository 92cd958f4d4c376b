import { FIRMWARE_UNRECOGNIZED_ERROR, firmwareFetchFailedMessage } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { firmwareDownloadView, type FirmwareLoad } from './firmware-download';

const METADATA_URL = 'https://software.example.com/firmware/metadata.json';
const MX = { shortName: 'MX', longName: 'MX mounting press' };
const sha256 = 'a'.repeat(64);
const metadata = {
  latestVersions: { MX: '001.005.002', CX: 'CX-2025-beta' },
  releases: {
    MX: {
      version: '001.005.002',
      releaseDate: '2025-02-18',
      sizeBytes: 354,
      sha256,
      releaseNotes: 'Fixes the lid sensor.',
      url: '/firmware/001.005.002/update.zip',
    },
  },
  sequence: 1,
};
const view = (load: FirmwareLoad | undefined, inputs: { shortName?: string; longName?: string } = MX) =>
  firmwareDownloadView(inputs, load, METADATA_URL);

describe('the firmware downloader', () => {
  it("offers the instrument's latest firmware, its version as the maker writes it, with date, size, SHA-256 and notes", () => {
    expect(view({ metadata })).toEqual({
      kind: 'download',
      version: '001.005.002',
      href: 'https://software.example.com/firmware/001.005.002/update.zip',
      releaseDate: '2025-02-18',
      sizeBytes: 354,
      sha256,
      releaseNotes: 'Fixes the lid sensor.',
    });
  });

  it('shows a name of another form as it is, linked at firmware/{version}/update.zip', () => {
    expect(view({ metadata }, { shortName: 'CX', longName: 'CX cutting-off machine' })).toEqual({
      kind: 'download',
      version: 'CX-2025-beta',
      href: 'https://software.example.com/firmware/CX-2025-beta/update.zip',
      releaseDate: undefined,
      sizeBytes: undefined,
      sha256: undefined,
      releaseNotes: undefined,
    });
  });

  it('lists the valid instruments when the metadata does not name this one', () => {
    expect(view({ metadata }, { shortName: 'PX', longName: 'PX grinder/polisher' })).toEqual({
      kind: 'error',
      message: 'There is no firmware for PX. Firmware is available for: CX, MX.',
      problem: 'unknown-instrument',
      shortName: 'PX',
      valid: ['CX', 'MX'],
    });
    expect(view({ metadata: { latestVersions: { toString: 'x' } } }).kind).toBe('error');
  });

  it('says which input is missing', () => {
    expect(view({ metadata }, { longName: 'MX mounting press' })).toEqual({
      kind: 'error',
      message: "Configuration error: the firmware downloader needs the instrument's shortName.",
      problem: 'configuration',
      missing: ['shortName'],
    });
    expect(view(undefined, {})).toEqual({
      kind: 'error',
      message: "Configuration error: the firmware downloader needs the instrument's shortName and longName.",
      problem: 'configuration',
      missing: ['shortName', 'longName'],
    });
  });

  it('passes on the failure the loader found, and calls anything unexpected unrecognized', () => {
    expect(view({ error: firmwareFetchFailedMessage(503), status: 503 })).toEqual({
      kind: 'error',
      message: "Couldn't contact the server. (HTTP status code 503)",
      problem: 'unreachable',
      status: 503,
    });
    expect(view({ error: FIRMWARE_UNRECOGNIZED_ERROR })).toEqual({
      kind: 'error',
      message: FIRMWARE_UNRECOGNIZED_ERROR,
      problem: 'unrecognized',
    });
    for (const odd of [null, [], { latestVersions: [] }, { latestVersions: { MX: 7 } }, 'text']) {
      expect(view({ metadata: odd })).toEqual({
        kind: 'error',
        message: FIRMWARE_UNRECOGNIZED_ERROR,
        problem: 'unrecognized',
      });
    }
  });

  it('is loading until the loader has answered', () => {
    expect(view(undefined)).toEqual({ kind: 'loading' });
  });
});
