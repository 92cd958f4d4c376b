import { FIRMWARE_PATHS, type FirmwareMetadata, type FirmwareReleaseListing } from '@portal/contracts';

/** The metadata file could not be fetched: the HTTP status, or 0 when no answer came at all. */
export class FirmwareFetchError extends Error {
  constructor(readonly status: number) {
    super(`The firmware metadata could not be fetched (HTTP status code ${status}).`);
    this.name = 'FirmwareFetchError';
  }
}

export const firmwareMetadataUrl = () => new URL(FIRMWARE_PATHS.metadata, window.location.origin);

/**
 * The public firmware metadata file (docs/firmware.md). Not through the API client: it is a
 * public file, possibly on a content delivery host, fetched without any credential so every
 * cache may keep it, and its failures have texts of their own (SPEC §8).
 */
export async function getFirmwareMetadata(signal: AbortSignal): Promise<FirmwareMetadata> {
  let response: Response;
  try {
    response = await fetch(firmwareMetadataUrl(), { headers: { accept: 'application/json' }, signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new FirmwareFetchError(0);
  }
  if (!response.ok) throw new FirmwareFetchError(response.status);
  return (await response.json()) as FirmwareMetadata;
}

/**
 * Every published release (FIRMWARE_PATHS.releases), for the earlier versions a page lists.
 * Checked for the fields the page shows, since it comes from outside the app; anything else
 * is an error the loader treats as "no list".
 */
export async function getFirmwareReleases(signal: AbortSignal): Promise<FirmwareReleaseListing[]> {
  const response = await fetch(new URL(FIRMWARE_PATHS.releases, window.location.origin), {
    headers: { accept: 'application/json' },
    signal,
  });
  if (!response.ok) throw new FirmwareFetchError(response.status);
  const body = (await response.json()) as { releases?: unknown };
  if (!Array.isArray(body.releases)) throw new FirmwareFetchError(response.status);
  return body.releases.filter(
    (release): release is FirmwareReleaseListing =>
      typeof release === 'object' &&
      release !== null &&
      ['instrument', 'version', 'releaseDate', 'sha256', 'releaseNotes', 'url', 'releaseNotesUrl'].every(
        (field) => typeof (release as Record<string, unknown>)[field] === 'string',
      ) &&
      typeof (release as Record<string, unknown>).sizeBytes === 'number',
  );
}
