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
export type FirmwareLoad = ({ metadata: unknown; error?: undefined } | { metadata?: undefined; error: string }) & {
  releases?: FirmwareReleaseListing[];
};

export async function loadFirmwareMetadata(signal: AbortSignal): Promise<FirmwareLoad> {
  // The list is a page's extra: without it the latest link and the instructions still stand.
  const releases = getFirmwareReleases(signal).catch(() => undefined);
  try {
    return { metadata: await getFirmwareMetadata(signal), releases: await releases };
  } catch (error) {
    if (signal.aborted) throw error;
    return {
      error:
        error instanceof FirmwareFetchError ? firmwareFetchFailedMessage(error.status) : FIRMWARE_UNRECOGNIZED_ERROR,
    };
  }
}

export interface FirmwareDownloaderInputs {
  /** As the metadata names the instrument: 'MX', 'PX', 'CX'. */
  shortName?: string;
  longName?: string;
}

export type FirmwareDownloadView =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
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
  if (missing.length > 0) return { kind: 'error', message: firmwareConfigurationError(missing) };
  if (!load) return { kind: 'loading' };
  if (load.error !== undefined) return { kind: 'error', message: load.error };
  const metadata = load.metadata as Partial<FirmwareMetadata> | null;
  const latestVersions = metadata?.latestVersions;
  if (typeof latestVersions !== 'object' || latestVersions === null || Array.isArray(latestVersions)) {
    return { kind: 'error', message: FIRMWARE_UNRECOGNIZED_ERROR };
  }
  const version = Object.hasOwn(latestVersions, shortName!) ? latestVersions[shortName!] : undefined;
  if (version === undefined) {
    return { kind: 'error', message: unknownInstrumentMessage(shortName!, Object.keys(latestVersions).sort()) };
  }
  if (typeof version !== 'string' || version === '') return { kind: 'error', message: FIRMWARE_UNRECOGNIZED_ERROR };
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
