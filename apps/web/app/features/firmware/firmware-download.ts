import {
  FIRMWARE_UNRECOGNIZED_ERROR,
  firmwareFetchFailedMessage,
  firmwareUpdatePath,
  type FirmwareMetadata,
  type FirmwareReleaseListing,
} from '@portal/contracts';
import {
  FirmwareFetchError,
  firmwareMetadataUrl,
  getFirmwareMetadata,
  getFirmwareReleases,
} from './api/get-firmware-metadata';

/**
 * What the firmware page's metadata read found: the metadata file, or the text of SPEC §8 for
 * why not; and every published release, when the list could be read (the earlier versions).
 */
export type FirmwareLoad = (
  | { metadata: unknown; error?: undefined }
  | { metadata?: undefined; error: string; /** The HTTP status of a failed read (0: no answer). */ status?: number }
) & {
  releases?: FirmwareReleaseListing[];
};

export async function loadFirmwareMetadata(signal: AbortSignal): Promise<FirmwareLoad> {
  // The list is a page's extra: without it the latest link and the instructions still stand.
  const releases = getFirmwareReleases(signal).catch(() => undefined);
  try {
    return { metadata: await getFirmwareMetadata(signal), releases: await releases };
  } catch (error) {
    if (signal.aborted) throw error;
    return error instanceof FirmwareFetchError
      ? { error: firmwareFetchFailedMessage(error.status), status: error.status }
      : { error: FIRMWARE_UNRECOGNIZED_ERROR };
  }
}

export interface FirmwareDownloaderInputs {
  /** As the metadata names the instrument: 'MX', 'PX', 'CX'. */
  shortName?: string;
  longName?: string;
}

/**
 * Why there is no link, as data: a page in another language says it in its own words, never by
 * reading the English (docs/decisions/281-customer-pages-in-six-languages.md).
 */
export type FirmwareProblem =
  | { problem: 'configuration'; missing: string[] }
  | { problem: 'unknown-instrument'; shortName: string; valid: string[] }
  | { problem: 'unreachable'; status: number }
  | { problem: 'unrecognized' };

export type FirmwareDownloadView =
  | { kind: 'loading' }
  /** `message` is SPEC §8's English. */
  | ({ kind: 'error'; message: string } & FirmwareProblem)
  | {
      kind: 'download';
      /** The version exactly as the maker writes it: '002.002.010'; the page names it 'v010 (002.002.010)' (decision 137). */
      version: string;
      href: string;
      releaseDate?: string;
      sizeBytes?: number;
      sha256?: string;
      releaseNotes?: string;
    };

export const firmwareConfigurationError = (missing: string[]) =>
  `Configuration error: the firmware downloader needs the instrument's ${missing.join(' and ')}.`;

export const unknownInstrumentMessage = (shortName: string, valid: string[]) =>
  valid.length === 0
    ? `There is no firmware for ${shortName}: the firmware metadata names no instruments.`
    : `There is no firmware for ${shortName}. Firmware is available for: ${valid.join(', ')}.`;

const UNRECOGNIZED: FirmwareDownloadView = {
  kind: 'error',
  message: FIRMWARE_UNRECOGNIZED_ERROR,
  problem: 'unrecognized',
};

/**
 * What the downloader shows for its inputs and what the loader found (SPEC §2, §5, §8).
 * The metadata comes from outside the app, so its shape is checked, not trusted.
 */
export function firmwareDownloadView(
  { shortName, longName }: FirmwareDownloaderInputs,
  load: FirmwareLoad | undefined,
  /** Where the metadata was read from; its `url`s are relative to it. Default: this site's. */
  metadataUrl?: URL | string,
): FirmwareDownloadView {
  const missing = [!shortName && 'shortName', !longName && 'longName'].filter((name): name is string => !!name);
  if (missing.length > 0) {
    return { kind: 'error', message: firmwareConfigurationError(missing), problem: 'configuration', missing };
  }
  if (!load) return { kind: 'loading' };
  if (load.error !== undefined) {
    return load.status === undefined
      ? { kind: 'error', message: load.error, problem: 'unrecognized' }
      : { kind: 'error', message: load.error, problem: 'unreachable', status: load.status };
  }
  const metadata = load.metadata as Partial<FirmwareMetadata> | null;
  const latestVersions = metadata?.latestVersions;
  if (typeof latestVersions !== 'object' || latestVersions === null || Array.isArray(latestVersions)) {
    return UNRECOGNIZED;
  }
  const version = Object.hasOwn(latestVersions, shortName!) ? latestVersions[shortName!] : undefined;
  if (version === undefined) {
    const valid = Object.keys(latestVersions).sort();
    return {
      kind: 'error',
      message: unknownInstrumentMessage(shortName!, valid),
      problem: 'unknown-instrument',
      shortName: shortName!,
      valid,
    };
  }
  if (typeof version !== 'string' || version === '') return UNRECOGNIZED;
  // The details beside latestVersions are ours (docs/firmware.md); a bare SPEC §3 file still gives the link.
  const release = metadata?.releases?.[shortName!];
  const details = release?.version === version ? release : undefined;
  return {
    kind: 'download',
    version,
    href: new URL(details?.url ?? firmwareUpdatePath(version), metadataUrl ?? firmwareMetadataUrl()).href,
    releaseDate: details?.releaseDate,
    sizeBytes: details?.sizeBytes,
    sha256: details?.sha256,
    releaseNotes: details?.releaseNotes,
  };
}
